"""Tron positions as game trees: two plies per turn (the alternating approximation).

Both cycles move at once in Tron. A search sees a turn as two plies (GAMES.md 3.3): player 0
picks (the child keeps it in ``pending``; walls unchanged; ``player()`` is 1), then player 1
picks and the turn resolves with both moves applied together. Player 1 therefore "sees"
player 0's choice inside the tree, which is slightly pessimistic for player 0 and the usual
choice (a1k0n's alpha-beta); a match driver never shows it to a bot: it hands out
``turn_start()``, the position before player 0's choice. ``simultaneous()`` marks the pending
states, so a decoupled MCTS keeps player 1 from using the pending move.

Resolution (GAMES.md 3.2, on both grids): a player whose new cell is off the rectangle or in
``walls`` (map walls, the clipped hex corners, any trail, the opponent's current head
included, so swapping places kills both) crashes; both heads on one cell crash both. One
crash: the other player wins; two: a draw. ``returns()`` is ``(1, -1)``, ``(-1, 1)`` or
``(0, 0)`` (a draw, or a game not over). Moves that crash are legal, so a boxed-in player
still has children, and loses.

Moves: on squares the direction 0 N, 1 E, 2 S, 3 W, all but the reverse of the last step
(all four before the first move); on hex ``-2..2``: turn by that many sixths, then step.
"""

from __future__ import annotations

from collections.abc import Hashable

import numpy as np

from games.tron.grid import Grid, hex_grid
from games.tron.maps import TronMap, load_map
from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError
from treesearch.values import TERMINAL

__all__ = ["HEX_MOVES", "TronState", "hex_start", "square_start"]

HEX_MOVES: tuple[int, ...] = (-2, -1, 0, 1, 2)
"""Hex moves: big left, small left, straight, small right, big right."""
_SQUARE_MOVES: tuple[tuple[int, ...], ...] = (
    (0, 1, 2, 3),  # before the first move (orientation -1)
    (0, 1, 3),
    (0, 1, 2),
    (1, 2, 3),
    (0, 2, 3),  # after N, E, S, W: no reversal
)
_RETURNS: dict[int, tuple[float, float]] = {1: (-1.0, 1.0), 2: (1.0, -1.0), 3: (0.0, 0.0)}
_NO_CRASH = (None, None)


class TronState(TreeIterator):
    """A Tron position on a square or hex ``Grid``; see the module docstring for the rules.

    Attributes:
        grid: The board's geometry.
        walls: Every cell a cycle cannot enter: ``grid.blocked`` and both trails.
        trails: Each player's trail bitmask, heads included.
        heads: Each player's head cell.
        orientations: Direction of each player's last step (hex: its facing 0..5; square:
            0..3, or -1 before the first move).
        pending: Player 0's move this turn, not yet applied (None at a turn start).
        turn: Whole turns played.
        move: The move that produced this state (None at a start or a ``turn_start()``).
        crashes: Per player, None, or the cell it crashed into (-1: off the rectangle).

    Examples:
        >>> s = square_start("box15").play(1, 3)
        >>> s.heads == (s.grid.cell(7, 4), s.grid.cell(7, 10)), s.player(), s.turn
        (True, 0, 1)
        >>> str(s).splitlines()[7]
        '# . . a A . . . . . B b . . #'
        >>> s.child(2).child(0).returns(), s.child(7)
        Traceback (most recent call last):
        ...
        treesearch.errors.InvalidArgumentError: move 7 is not legal for player 0; legal: [0, 1, 2]
    """

    __slots__ = (
        "crashes",
        "grid",
        "heads",
        "move",
        "orientations",
        "pending",
        "trails",
        "turn",
        "walls",
    )

    def __init__(
        self,
        grid: Grid,
        heads: tuple[int, int],
        orientations: tuple[int, int] = (-1, -1),
        trails: tuple[int, int] | None = None,
        *,
        turn: int = 0,
    ) -> None:
        if not isinstance(grid, Grid):
            raise InvalidArgumentError(f"grid must be a games.tron.Grid, got {grid!r}")
        heads = tuple(heads)  # type: ignore[assignment]
        if (
            len(heads) != 2
            or any(
                isinstance(h, bool) or not isinstance(h, int) or not 0 <= h < grid.cells
                for h in heads
            )
            or heads[0] == heads[1]
        ):
            raise InvalidArgumentError(
                f"heads must be two distinct cells of the grid, got {heads!r}"
            )
        if any(grid.blocked >> h & 1 for h in heads):
            raise InvalidArgumentError(f"heads {heads!r} must be on playable cells")
        low = 0 if grid.hex else -1
        if len(orientations) != 2 or any(
            not isinstance(o, int) or not low <= o < grid.directions for o in orientations
        ):
            raise InvalidArgumentError(
                f"orientations must be two ints in {low}..{grid.directions - 1}, "
                f"got {orientations!r}"
            )
        if trails is None:
            trails = (1 << heads[0], 1 << heads[1])
        if len(trails) != 2 or any(not t >> h & 1 for t, h in zip(trails, heads, strict=True)):
            raise InvalidArgumentError(f"trails {trails!r} must be two bitmasks holding the heads")
        if trails[0] & trails[1] or (trails[0] | trails[1]) & grid.blocked:
            raise InvalidArgumentError(f"trails {trails!r} must be disjoint and off the walls")
        self.grid = grid
        self.heads = heads
        self.orientations = (orientations[0], orientations[1])
        self.trails = (trails[0], trails[1])
        self.walls = grid.blocked | trails[0] | trails[1]
        self.pending: int | None = None
        self.turn = turn
        self.move: int | None = None
        self.crashes: tuple[int | None, int | None] = _NO_CRASH

    # ----------------------------------------------------------------- players and outcome
    def player(self) -> int:
        """0 at a turn start, 1 once player 0 has picked, ``TERMINAL`` after a crash."""
        if self.crashes is not _NO_CRASH:
            return TERMINAL
        return 0 if self.pending is None else 1

    def is_terminal(self) -> bool:
        """True once a player has crashed."""
        return self.crashes is not _NO_CRASH

    def simultaneous(self) -> bool:
        """True at a pending state: player 1's move is the second half of a simultaneous turn.

        The hook of ``treesearch.MCTS(simultaneous="decoupled")``: player 1 then selects
        without knowing ``pending`` (the siblings list player 1's moves alike).
        """
        return self.pending is not None

    def _crashed(self) -> int:
        c0, c1 = self.crashes
        return (c0 is not None) | (c1 is not None) << 1

    def winner(self) -> int | None:
        """0 or 1; None for a draw or a game not over."""
        crashed = self._crashed()
        return 1 if crashed == 1 else 0 if crashed == 2 else None

    def returns(self) -> tuple[float, float]:
        """``(1, -1)`` or ``(-1, 1)`` for a win, ``(0, 0)`` for a draw or a game not over."""
        return _RETURNS.get(self._crashed(), (0.0, 0.0))

    # ----------------------------------------------------------------------------- moves
    def legal_moves(self, player: int | None = None) -> tuple[int, ...]:
        """The moves of ``player`` (default: the one to move); none once the game is over."""
        if self.crashes is not _NO_CRASH:
            return ()
        if player is None:
            player = 0 if self.pending is None else 1
        elif player not in (0, 1):
            raise InvalidArgumentError(f"player must be 0 or 1, got {player!r}")
        if self.grid.hex:
            return HEX_MOVES
        return _SQUARE_MOVES[self.orientations[player] + 1]

    def get_children(self) -> list[TronState]:
        """One child per legal move of ``player()``, in ``legal_moves()`` order."""
        if self.crashes is not _NO_CRASH:
            return []
        if self.pending is None:
            moves = HEX_MOVES if self.grid.hex else _SQUARE_MOVES[self.orientations[0] + 1]
            return [self._pick(m) for m in moves]
        moves = HEX_MOVES if self.grid.hex else _SQUARE_MOVES[self.orientations[1] + 1]
        pending = self.pending
        return [self._resolve(pending, m) for m in moves]

    def child(self, move: int) -> TronState:
        """The child for one move of ``player()``; an error names the legal ones."""
        legal = self.legal_moves()
        if move not in legal or isinstance(move, bool):
            raise InvalidArgumentError(
                f"move {move!r} is not legal for player {self.player()}; legal: {list(legal)}"
            )
        if self.pending is None:
            return self._pick(move)
        return self._resolve(self.pending, move)

    def play(self, move0: int, move1: int) -> TronState:
        """A whole turn from a turn start: player 0 plays ``move0``, player 1 ``move1``."""
        if self.pending is not None:
            raise InvalidArgumentError(
                f"play() needs a turn start, but player 0 already picked {self.pending!r}; "
                "use child() or turn_start()"
            )
        return self.child(move0).child(move1)

    def turn_start(self) -> TronState:
        """This position with ``pending=None``: what player 1 may see (the turn's start)."""
        if self.pending is None:
            return self
        s = self._copy()
        s.pending = None
        s.move = None
        return s

    def _copy(self) -> TronState:
        s = TronState.__new__(TronState)
        s.grid = self.grid
        s.walls = self.walls
        s.trails = self.trails
        s.heads = self.heads
        s.orientations = self.orientations
        s.pending = self.pending
        s.turn = self.turn
        s.move = self.move
        s.crashes = self.crashes
        return s

    def _pick(self, move: int) -> TronState:
        s = self._copy()
        s.pending = move
        s.move = move
        return s

    def _resolve(self, move0: int, move1: int) -> TronState:
        grid = self.grid
        steps = grid.steps
        h0, h1 = self.heads
        o0, o1 = self.orientations
        if grid.hex:
            o0 = (o0 + move0) % 6
            o1 = (o1 + move1) % 6
        else:
            o0, o1 = move0, move1
        n0 = steps[h0][o0]
        n1 = steps[h1][o1]
        walls = self.walls
        crash0 = n0 < 0 or walls >> n0 & 1
        crash1 = n1 < 0 or walls >> n1 & 1
        if n0 == n1:
            crash0 = crash1 = True
        s = TronState.__new__(TronState)
        s.grid = grid
        s.orientations = (o0, o1)
        s.pending = None
        s.turn = self.turn + 1
        s.move = move1
        t0, t1 = self.trails
        if crash0 or crash1:
            s.crashes = (n0 if crash0 else None, n1 if crash1 else None)
            if not crash0:
                t0 |= 1 << n0
                h0 = n0
            if not crash1:
                t1 |= 1 << n1
                h1 = n1
            s.trails = (t0, t1)
            s.heads = (h0, h1)
            s.walls = grid.blocked | t0 | t1
            return s
        b0 = 1 << n0
        b1 = 1 << n1
        s.crashes = _NO_CRASH
        s.trails = (t0 | b0, t1 | b1)
        s.heads = (n0, n1)
        s.walls = walls | b0 | b1
        return s

    # -------------------------------------------------------------------------- identity
    def key(self) -> Hashable:
        """Trails, heads, orientations, the pending move and the crashes: the whole position."""
        return (self.trails, self.heads, self.orientations, self.pending, self.crashes)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TronState):
            return NotImplemented
        return self.grid == other.grid and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __str__(self) -> str:
        """The board as text: ``#`` walls, ``a``/``b`` trails, ``A``/``B`` heads, ``X`` crashes.

        Hex rows are indented by half a cell per row, so the text shows the hexagon.
        """
        grid = self.grid
        marks = {c: "X" for c in self.crashes if c is not None and c >= 0}
        t0, t1 = self.trails
        rows = []
        for r in range(grid.height):
            chars = []
            for c in range(grid.width):
                cell = r * grid.width + c
                bit = 1 << cell
                if cell in marks:
                    ch = marks[cell]
                elif grid.hex and grid.blocked & bit:
                    ch = " "
                elif grid.blocked & bit:
                    ch = "#"
                elif t0 & bit:
                    ch = "A" if cell == self.heads[0] else "a"
                elif t1 & bit:
                    ch = "B" if cell == self.heads[1] else "b"
                else:
                    ch = "."
                chars.append(ch)
            rows.append((" " * r if grid.hex else "") + " ".join(chars))
        return "\n".join(row.rstrip() for row in rows)

    def __repr__(self) -> str:
        side = "hex" if self.grid.hex else "square"
        return (
            f"TronState({side} {self.grid.width}x{self.grid.height}, turn={self.turn}, "
            f"heads={self.heads}, orientations={self.orientations}, pending={self.pending}, "
            f"player={self.player()})"
        )


def square_start(board: TronMap | str) -> TronState:
    """The start of a square game: a ``TronMap``, a name in ``MAPS`` or a map's text."""
    tron_map = board if isinstance(board, TronMap) else load_map(board)
    return TronState(tron_map.grid, tron_map.starts)


def hex_start(seed: int | np.random.Generator | None, n: int = 13) -> TronState:
    """A seeded Hexatron start (GAMES.md 3.2): P1 at ``(y, x) = (n-1-v, h)`` facing NE or E.

    P2 is its point-symmetric image ``(v, n-1-h)``, facing SW or W. ``v`` and ``h`` are drawn
    in ``0..3`` (``0..n//2-1`` on boards smaller than 9), then the two facings independently,
    as the contest's simulator does, all from ``numpy.random.default_rng(seed)``.
    """
    grid = hex_grid(n)
    if isinstance(seed, bool) or not isinstance(seed, int | np.random.Generator | None):
        raise InvalidArgumentError(f"seed must be an int, a numpy Generator or None, got {seed!r}")
    rng = np.random.default_rng(seed)
    top = min(3, n // 2 - 1)
    v, h = (int(x) for x in rng.integers(0, top + 1, size=2))
    facings = (int(rng.integers(1, 3)), int(rng.integers(4, 6)))  # NE or E; SW or W
    heads = (grid.cell(n - 1 - v, h), grid.cell(v, n - 1 - h))
    return TronState(grid, heads, facings)
