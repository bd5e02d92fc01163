"""Hexatron contest interop, both ways (the UGent 2018 contest's agent interface).

The contest calls an agent as ``generate_move(board, positions, orientations) -> int``:
``board`` is an ``N x N x 2`` numpy array indexed ``[y, x, player]`` (1 where that player's
trail is, heads included), ``positions`` two ``(x, y)`` tuples, ``orientations`` two ints
0..5, the agent always player 0 (the simulator swaps channels and order for the second
player), and the answer a move in ``-2..2``.

``to_contest_agent(bot)`` wraps any of our bots as such a function, so a student can submit a
treesearch bot; ``from_contest_agent(generate_move)`` makes a contest agent a bot, so it can
play a match through ``games.tron.TronAgent``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from games.tron.grid import Grid, hex_grid
from games.tron.moves import Bot, check_turn_start
from games.tron.state import HEX_MOVES, TronState, move_words
from treesearch.errors import InvalidArgumentError

__all__ = [
    "ContestAgent",
    "contest_view",
    "from_contest_agent",
    "state_from_contest",
    "to_contest_agent",
]

ContestAgent = Callable[[Any, list[tuple[int, int]], list[int]], int]
"""``generate_move(board, positions, orientations) -> move`` as the contest calls it."""


@functools.lru_cache(maxsize=8)
def _grid(n: int) -> Grid:
    return hex_grid(n)


def state_from_contest(board: Any, positions: Any, orientations: Any) -> TronState:
    """The position the contest describes, its agent as player 0 (validated).

    Errors speak the contest's terms: positions ``(x, y)``, cells ``board[y, x, p]``,
    facings 0..5 (0 NW, 1 NE, 2 E, 3 SE, 4 SW, 5 W), never our cell numbers or bitmasks.
    """
    array = _contest_board(board)
    n = int(array.shape[0])
    grid = _grid(n)
    heads, facings = _contest_heads(grid, positions, orientations)
    trails = []
    for p in (0, 1):
        mask = 0
        for y, x in zip(*np.nonzero(array[:, :, p]), strict=True):
            cell = int(y) * n + int(x)
            if grid.blocked >> cell & 1:
                raise InvalidArgumentError(
                    f"board[{y}, {x}, {p}] is 1, but (x={x}, y={y}) is off the hexagon"
                )
            mask |= 1 << cell
        trails.append(mask)
    for p, head in enumerate(heads):
        y, x = divmod(head, n)
        if not trails[p] >> head & 1:
            raise InvalidArgumentError(
                f"player {p}'s position (x={x}, y={y}) must be on its own trail, but "
                f"board[{y}, {x}, {p}] is 0"
            )
    both = trails[0] & trails[1]
    if both:
        y, x = divmod((both & -both).bit_length() - 1, n)
        raise InvalidArgumentError(
            f"both players' trails hold (x={x}, y={y}): board[{y}, {x}, 0] and "
            f"board[{y}, {x}, 1] are both 1"
        )
    turn = max(trails[0].bit_count() - 1, 0)
    return TronState(grid, heads, facings, (trails[0], trails[1]), turn=turn)


def _contest_board(board: Any) -> np.ndarray:
    """The contest's ``N x N x 2`` board of 0s and 1s, N odd, as a numpy array."""
    try:
        array = np.asarray(board)
    except (TypeError, ValueError):
        array = np.asarray(None)
    if (
        array.ndim != 3
        or array.shape[0] != array.shape[1]
        or array.shape[2] != 2
        or (array.shape[0] % 2 == 0 or array.shape[0] < 3)
    ):
        raise InvalidArgumentError(
            f"board must be an N x N x 2 array with N odd, got shape {array.shape!r}"
        )
    if array.dtype.kind not in "biuf" or not np.isin(array, (0, 1)).all():
        raise InvalidArgumentError(
            "board must hold 0 (free) or 1 (a trail) in each board[y, x, player], got "
            f"values {sorted({str(v) for v in np.unique(array)})[:5]}"
        )
    return array


def _contest_heads(
    grid: Grid, positions: Any, orientations: Any
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The heads (cells) and facings of the contest's ``positions`` and ``orientations``."""
    try:
        (x0, y0), (x1, y1) = ((_integer(x), _integer(y)) for x, y in positions)
        o0, o1 = (_integer(o) for o in orientations)
    except (TypeError, ValueError):
        raise InvalidArgumentError(
            f"positions must be two (x, y) pairs of ints and orientations two ints, got "
            f"{positions!r} and {orientations!r}"
        ) from None
    if not (0 <= o0 < 6 and 0 <= o1 < 6):
        raise InvalidArgumentError(
            f"orientations must be two facings 0..5 (0 NW, 1 NE, 2 E, 3 SE, 4 SW, 5 W), got "
            f"{orientations!r}"
        )
    n = grid.width
    heads = []
    for p, (x, y) in enumerate(((x0, y0), (x1, y1))):
        if not (0 <= x < n and 0 <= y < n) or grid.blocked >> (y * n + x) & 1:
            raise InvalidArgumentError(
                f"player {p}'s position (x={x}, y={y}) is off the hexagon of the {n}x{n} board"
            )
        heads.append(y * n + x)
    return (heads[0], heads[1]), (o0, o1)


def _integer(value: Any) -> int:
    """An int of an integer value (numpy integers too); bools and floats are refused."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise TypeError(value)
    return int(value)


def contest_view(
    state: TronState, player: int
) -> tuple[np.ndarray, list[tuple[int, int]], list[int]]:
    """``(board, positions, orientations)`` as the contest shows them to ``player``."""
    grid = state.grid
    if not grid.hex:
        raise InvalidArgumentError(
            f"contest agents play the hex board, got a square {grid.width}x{grid.height} state"
        )
    order = (player, 1 - player)
    board = np.zeros((grid.height, grid.width, 2), dtype=np.int64)
    for channel, p in enumerate(order):
        trail = state.trails[p]
        while trail:
            low = trail & -trail
            y, x = divmod(low.bit_length() - 1, grid.width)
            board[y, x, channel] = 1
            trail ^= low
    positions = []
    for p in order:
        y, x = grid.coords(state.heads[p])
        positions.append((x, y))
    return board, positions, [state.orientations[p] for p in order]


def to_contest_agent(bot: Bot) -> ContestAgent:
    """Wrap a bot as the contest's ``generate_move(board, positions, orientations) -> int``.

    Examples:
        >>> from games.tron.bots import heuristic_bot
        >>> from games.tron.state import hex_start
        >>> agent = to_contest_agent(heuristic_bot())
        >>> agent(*contest_view(hex_start(3), 0)) in (-2, -1, 0, 1, 2)
        True
    """
    if not callable(bot):
        raise InvalidArgumentError(f"bot must be a callable (state, player) -> move, got {bot!r}")

    def generate_move(board: Any, positions: Any, orientations: Any) -> int:
        state = state_from_contest(board, positions, orientations)
        move = bot(state, 0)
        if (
            isinstance(move, bool)
            or not isinstance(move, int | np.integer)
            or move not in HEX_MOVES
        ):
            raise InvalidArgumentError(
                f"bot {getattr(bot, 'name', bot)!r} answered {move!r}; a contest move is one "
                f"of {move_words(state.grid, HEX_MOVES)}"
            )
        return int(move)

    generate_move.__qualname__ = f"to_contest_agent({getattr(bot, 'name', bot)!s})"
    return generate_move


class _ContestBot:
    """A contest agent as a bot: it is shown the position from its own side, as player 0."""

    __slots__ = ("agent", "name")

    def __init__(self, agent: ContestAgent, name: str) -> None:
        self.agent, self.name = agent, name

    def __call__(self, state: TronState, player: int) -> int:
        check_turn_start(state, player)
        move = self.agent(*contest_view(state, player))
        if (
            isinstance(move, bool)
            or not isinstance(move, (int, np.integer))
            or (int(move) not in HEX_MOVES)
        ):
            raise InvalidArgumentError(
                f"contest agent {self.name!r} answered {move!r}; a contest move is one of "
                f"{move_words(state.grid, HEX_MOVES)}"
            )
        return int(move)

    def for_game(self, seed: int) -> _ContestBot:
        return self

    def __repr__(self) -> str:
        return f"from_contest_agent({self.agent!r})"


def from_contest_agent(generate_move: ContestAgent, *, name: str | None = None) -> _ContestBot:
    """Make a contest agent a bot ``(state, player) -> move`` for ``play_match`` (hex only)."""
    if not callable(generate_move):
        raise InvalidArgumentError(
            f"generate_move must be a callable (board, positions, orientations) -> int, "
            f"got {generate_move!r}"
        )
    if name is not None and (not isinstance(name, str) or not name):
        raise InvalidArgumentError(f"name must be a non-empty string, got {name!r}")
    label = name or str(getattr(generate_move, "__qualname__", "contest agent"))
    return _ContestBot(generate_move, label)
