"""Hexatron contest interop, both ways (seed 004's UGent 2018 contest, GAMES.md 3.2).

The contest calls an agent as ``generate_move(board, positions, orientations) -> int``:
``board`` is an ``N x N x 2`` numpy array indexed ``[y, x, player]`` (1 where that player's
trail is, heads included), ``positions`` two ``(x, y)`` tuples, ``orientations`` two ints
0..5, the agent always player 0 (the simulator swaps channels and order for the second
player), and the answer a move in ``-2..2``.

``to_contest_agent(bot)`` wraps any of our bots as such a function, so a student can submit a
treesearch bot; ``from_contest_agent(generate_move)`` makes a contest agent a bot, so it can
play in ``games.tron.play_match``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from games.tron.grid import Grid, hex_grid
from games.tron.moves import Bot, check_turn_start
from games.tron.state import HEX_MOVES, TronState
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
    """The position the contest describes, its agent as player 0 (validated)."""
    array = np.asarray(board)
    if (
        array.ndim != 3
        or array.shape[0] != array.shape[1]
        or array.shape[2] != 2
        or (array.shape[0] % 2 == 0 or array.shape[0] < 3)
    ):
        raise InvalidArgumentError(
            f"board must be an N x N x 2 array with N odd, got shape {array.shape!r}"
        )
    n = int(array.shape[0])
    grid = _grid(n)
    try:
        (x0, y0), (x1, y1) = ((int(x), int(y)) for x, y in positions)
        o0, o1 = (int(o) for o in orientations)
    except (TypeError, ValueError):
        raise InvalidArgumentError(
            f"positions must be two (x, y) pairs and orientations two ints, got "
            f"{positions!r} and {orientations!r}"
        ) from None
    if not (0 <= o0 < 6 and 0 <= o1 < 6):
        raise InvalidArgumentError(f"orientations must be two ints in 0..5, got {orientations!r}")
    trails = []
    for p in (0, 1):
        mask = 0
        for y, x in zip(*np.nonzero(array[:, :, p]), strict=True):
            mask |= 1 << (int(y) * n + int(x))
        trails.append(mask)
    heads = (grid.cell(y0, x0), grid.cell(y1, x1))
    turn = max(trails[0].bit_count() - 1, 0)
    return TronState(grid, heads, (o0, o1), (trails[0], trails[1]), turn=turn)


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
        return int(bot(state_from_contest(board, positions, orientations), 0))

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
                f"contest agent {self.name!r} answered {move!r}; expected an int in -2..2"
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
