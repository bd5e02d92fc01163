"""Tron positions as game trees: two plies per turn (the alternating approximation).

Both cycles move at once in Tron. A search sees a turn as two plies: player 0
picks (the child keeps it in ``pending``; walls unchanged; ``player()`` is 1), then player 1
picks and the turn resolves with both moves applied together. Player 1 therefore "sees"
player 0's choice inside the tree, which is slightly pessimistic for player 0 and the usual
choice (a1k0n's alpha-beta); a match driver never shows it to a bot: it hands out
``turn_start()``, the position before player 0's choice. ``simultaneous()`` marks the pending
states, so a decoupled MCTS keeps player 1 from using the pending move.

Resolution (on both grids): a player whose new cell is off the rectangle or in
``walls`` (map walls, the clipped hex corners, any trail, the opponent's current head
included, so swapping places kills both) crashes; both heads on one cell crash both. One
crash: the other player wins; two: a draw. ``returns()`` is ``(1, -1)``, ``(-1, 1)`` or
``(0, 0)`` (a draw, or a game not over). Moves that crash are legal, so a boxed-in player
still has children, and loses.

Moves: on squares the direction 0 N, 1 E, 2 S, 3 W, all but the reverse of the last step
(all four before the first move); on hex ``-2..2``: turn by that many sixths, then step.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import numpy as np

from games.tron.grid import Grid, check_int, hex_grid
from games.tron.maps import TronMap, check_seed, load_map
from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError
from treesearch.values import TERMINAL

__all__ = ["HEX_MOVES", "TronState", "hex_start", "move_words", "square_start", "where"]

HEX_MOVES: tuple[int, ...] = (-2, -1, 0, 1, 2)
"""Hex moves: big left, small left, straight, small right, big right."""
_MOVE_NAMES = {
    False: {0: "north", 1: "east", 2: "south", 3: "west"},
    True: {-2: "big left", -1: "small left", 0: "straight", 1: "small right", 2: "big right"},
}
_SQUARE_MOVES: tuple[tuple[int, ...], ...] = (
    (0, 1, 2, 3),  # before the first move (orientation -1)
    (0, 1, 3),
    (0, 1, 2),
    (1, 2, 3),
    (0, 2, 3),  # after N, E, S, W: no reversal
)
_RETURNS: dict[int, tuple[float, float]] = {1: (-1.0, 1.0), 2: (1.0, -1.0), 3: (0.0, 0.0)}
_NO_CRASH = (None, None)


def move_words(grid: Grid, moves: tuple[int, ...]) -> str:
    """Moves in words for messages: ``"0 (north), 1 (east)"``, ``"-2 (big left), ..."``."""
    names = _MOVE_NAMES[grid.hex]
    return ", ".join(f"{m} ({names[m]})" if m in names else repr(m) for m in moves)


def where(grid: Grid, cell: int) -> str:
    """A cell in words for messages: ``"(row 9, col 0)"``, never a bitmask."""
    row, col = divmod(cell, grid.width)
    return f"(row {row}, col {col})"


def _lowest(mask: int) -> int:
    """The lowest cell of a non-empty bitmask."""
    return (mask & -mask).bit_length() - 1


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
        >>> s.legal_moves()
        (0, 1, 2)
        >>> s.child(7)  # the message names the legal moves in words: 0 (north), 1 (east)...
        Traceback (most recent call last):
        ...
        treesearch.errors.InvalidArgumentError: move 7 is not legal for player 0; legal: ...
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
        heads = _check_heads(grid, heads)
        orientations = _check_orientations(grid, orientations)
        turn = check_int("turn", turn, 0)
        trails = _check_trails(grid, heads, trails)
        self.grid = grid
        self.heads = heads
        self.orientations = orientations
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
        elif player not in (0, 1) or isinstance(player, bool):
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
        """The child for one move of ``player()``; an error names the legal ones in words."""
        legal = self.legal_moves()
        if move not in legal or isinstance(move, bool):
            raise InvalidArgumentError(
                f"move {move!r} is not legal for player {self.player()}; legal: "
                f"{move_words(self.grid, legal) or 'none, the game is over'}"
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


def _pair(value: object) -> tuple[object, ...] | None:
    """``value`` as a tuple if it is a sequence of two items (not text), else None."""
    if isinstance(value, str | bytes):
        return None
    if not isinstance(value, Iterable):
        return None
    pair = tuple(value)
    return pair if len(pair) == 2 else None


def _check_heads(grid: Grid, heads: object) -> tuple[int, int]:
    """Two distinct playable cells of ``grid``, as ints (numpy integers too)."""
    pair = _pair(heads)
    if pair is None or any(
        isinstance(h, bool) or not isinstance(h, int | np.integer) or not 0 <= h < grid.cells
        for h in pair
    ):
        raise InvalidArgumentError(
            f"heads must be two cells of the {grid.width}x{grid.height} grid (ints in "
            f"0..{grid.cells - 1}), got {heads!r}"
        )
    h0, h1 = (int(h) for h in pair)  # type: ignore[call-overload]
    if h0 == h1:
        raise InvalidArgumentError(f"heads must be two distinct cells, got {heads!r}")
    for player, head in enumerate((h0, h1)):
        if grid.blocked >> head & 1:
            raise InvalidArgumentError(
                f"player {player}'s head {where(grid, head)} is a wall (or off the hexagon); "
                "heads must be on playable cells"
            )
    return h0, h1


def _check_orientations(grid: Grid, orientations: object) -> tuple[int, int]:
    """Two directions of ``grid`` (-1 allowed on squares: no step made yet)."""
    low = 0 if grid.hex else -1
    pair = _pair(orientations)
    if pair is None or any(
        isinstance(o, bool) or not isinstance(o, int | np.integer) or not low <= o < grid.directions
        for o in pair
    ):
        names = move_words(grid, tuple(range(grid.directions))) if not grid.hex else "0 NW .. 5 W"
        raise InvalidArgumentError(
            f"orientations must be two ints in {low}..{grid.directions - 1} ({names}), "
            f"got {orientations!r}"
        )
    o0, o1 = (int(o) for o in pair)  # type: ignore[call-overload]
    return o0, o1


def _check_trails(
    grid: Grid, heads: tuple[int, int], trails: tuple[int, int] | None
) -> tuple[int, int]:
    """Two trail bitmasks, each holding its player's head, disjoint and off the walls.

    None gives the trails of a start (the heads alone). Errors name a cell at fault by its
    row and column, never the bitmask.
    """
    if trails is None:
        return 1 << heads[0], 1 << heads[1]
    pair = _pair(trails)
    if pair is None or any(
        isinstance(t, bool) or not isinstance(t, int | np.integer) or t < 0 for t in pair
    ):
        raise InvalidArgumentError(
            f"trails must be two bitmasks of cells (ints >= 0), one per player, got {trails!r}"
        )
    t0, t1 = (int(t) for t in pair)  # type: ignore[call-overload]
    for player, (trail, head) in enumerate(zip((t0, t1), heads, strict=True)):
        if not trail >> head & 1:
            raise InvalidArgumentError(
                f"player {player}'s trail must hold its head {where(grid, head)}, but does not"
            )
    if t0 & t1:
        raise InvalidArgumentError(
            f"the trails must be disjoint, but both hold {where(grid, _lowest(t0 & t1))}"
        )
    for player, trail in enumerate((t0, t1)):
        if trail >> grid.cells:
            raise InvalidArgumentError(
                f"player {player}'s trail holds cells past the {grid.width}x{grid.height} grid"
            )
        wall = trail & grid.blocked
        if wall:
            raise InvalidArgumentError(
                f"player {player}'s trail crosses the wall {where(grid, _lowest(wall))}"
            )
    return t0, t1


def square_start(board: TronMap | str) -> TronState:
    """The start of a square game: a ``TronMap``, a name in ``MAPS`` or a map's text."""
    tron_map = board if isinstance(board, TronMap) else load_map(board)
    return TronState(tron_map.grid, tron_map.starts)


def hex_start(seed: int | np.random.Generator | None, n: int = 13) -> TronState:
    """A seeded Hexatron start: P1 at ``(y, x) = (n-1-v, h)`` facing NE or E.

    P2 is its point-symmetric image ``(v, n-1-h)``, facing SW or W. ``v`` and ``h`` are drawn
    in ``0..3`` (``0..n//2-1`` on boards smaller than 9), then the two facings independently,
    as the contest's simulator does, all from ``numpy.random.default_rng(seed)``.
    """
    grid = hex_grid(n)
    rng = np.random.default_rng(check_seed(seed))
    top = min(3, n // 2 - 1)
    v, h = (int(x) for x in rng.integers(0, top + 1, size=2))
    facings = (int(rng.integers(1, 3)), int(rng.integers(4, 6)))  # NE or E; SW or W
    heads = (grid.cell(n - 1 - v, h), grid.cell(v, n - 1 - h))
    return TronState(grid, heads, facings)
