"""The Railroad Ink board: an immutable 7x7 grid of tiles, placement legality and the notation.

A ``Board`` is a value: ``place`` returns a new board, so a search can keep every position it
visits without copying. It keeps the squares' tiles (``tiles``, indexed ``row * 7 + col``) and
the order they were placed in (for ``to_moves``), plus a bitmask of the open squares, updated in
O(1) per placement because a square, once open, stays open until filled.

Legality: the square is empty; every route side that faces an exit or a
neighbour's route side must meet the same type there; and at least one route side must meet a
matching exit or route. Blank sides, empty squares and plain board edges accept anything.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games.railroad_ink.rules.geometry import CENTRE, EXIT_AT, EXITS, NEIGHBOURS, SIZE, notation
from games.railroad_ink.rules.score import Score, score_tiles
from games.railroad_ink.rules.tiles import OPPOSITE, SIDE_NAMES, TYPE_NAMES, Tile
from treesearch.errors import InvalidArgumentError

__all__ = ["CENTRE", "EXITS", "SIZE", "Board", "Placement"]

_CELLS = SIZE * SIZE
_NEIGHBOURS, _EXIT_AT = NEIGHBOURS, EXIT_AT
_EXIT_MASK = sum(1 << (row * SIZE + col) for row, col, _ in EXITS)
_FITS: dict[Tile, dict[tuple[int, ...], tuple[Tile, ...]]] = {}  # tile -> need -> orientations
_set = object.__setattr__  # Board forbids setting attributes; its own constructors use this


def _unpickle(moves: list[str]) -> Board:
    """A pickled board: its placements replayed in order (each was on the board already)."""
    return Board.from_moves(moves, strict=False)


def _fits(sides: tuple[int, ...], need: tuple[int, ...]) -> bool:
    """Whether a tile with ``sides`` may sit where its sides meet ``need`` (0 = anything)."""
    connected = False
    for route, met in zip(sides, need, strict=True):
        if route and met:
            if route != met:
                return False
            connected = True
    return connected


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile on a square, written ``RC`` + the tile: ``"10__LL"`` is ``__LL`` at row 1, col 0.

    Examples:
        >>> p = Placement.parse("50DLDLo")
        >>> p.row, p.col, str(p.tile), str(p)
        (5, 0, 'DLDLo', '50DLDLo')
    """

    row: int
    col: int
    tile: Tile

    def __post_init__(self) -> None:
        for name, value in (("row", self.row), ("col", self.col)):
            if type(value) is not int or not 0 <= value < SIZE:
                raise InvalidArgumentError(f"{name} must be an int in 0..{SIZE - 1}, got {value!r}")
        if not isinstance(self.tile, Tile):
            raise InvalidArgumentError(f"tile must be a Tile, got {self.tile!r}")

    @classmethod
    def parse(cls, text: str) -> Placement:
        """The placement written ``text``: row digit, column digit, then the tile notation.

        Raises:
            InvalidArgumentError: ``text`` is not of that form, naming it.
        """
        if (
            not isinstance(text, str)
            or len(text) not in (6, 7)
            or not (text[0] in "0123456" and text[1] in "0123456")
        ):
            raise InvalidArgumentError(
                f"bad placement {text!r}: expected row and column digits 0-6, then four sides "
                "N, E, S, W each '_', 'D' or 'L' and an optional 'o' (e.g. '10__LL', '50DLDLo')"
            )
        try:
            tile = Tile.parse(text[2:])
        except InvalidArgumentError as error:
            raise InvalidArgumentError(f"bad placement {text!r}: {error}") from None
        return cls(int(text[0]), int(text[1]), tile)

    @property
    def index(self) -> int:
        """The square's index, ``row * 7 + col``."""
        return self.row * SIZE + self.col

    def __str__(self) -> str:
        return notation(self.index, self.tile)


def _placement(row: int, col: int, tile: Tile) -> Placement:
    """A ``Placement`` of values known to be valid, without re-checking them (move generation)."""
    p = object.__new__(Placement)
    _set(p, "row", row)
    _set(p, "col", col)
    _set(p, "tile", tile)
    return p


class Board:
    """A 7x7 Railroad Ink board; ``Board()`` is empty, ``place`` returns a new board.

    Immutable: setting an attribute raises. Boards are equal when they hold the same tiles on
    the same squares (placement order is history, not position), so they can key
    transposition tables.

    Examples:
        >>> b = Board.from_moves(["01D_D_", "11DL__"])
        >>> b.to_moves()
        ['01D_D_', '11DL__']
        >>> [str(p) for p in b.legal_placements(Tile.parse("L_L_"))][:3]
        ['03L_L_', '10_L_L', '12_L_L']
        >>> print(str(b).replace(" ", "~").splitlines()[5])
        L~~.~~+L~.~~.~~.~~.~~.~~L
        >>> b.open_squares()[:4]
        [(0, 3), (0, 5), (1, 0), (1, 2)]
    """

    __slots__ = ("_needs", "_open", "order", "tiles")

    tiles: tuple[Tile | None, ...]
    order: tuple[int, ...]
    _open: int
    _needs: tuple[tuple[int, tuple[int, ...]], ...] | None  # open squares' needs, once asked

    def __init__(self) -> None:
        _set(self, "tiles", (None,) * _CELLS)
        _set(self, "order", ())
        _set(self, "_open", _EXIT_MASK)
        _set(self, "_needs", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Board is immutable (cannot set {name!r}); use place()")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Board is immutable (cannot delete {name!r})")

    def __reduce__(self) -> tuple[Any, tuple[list[str]]]:
        """Pickle as the placements in order (boards cross process boundaries in matches)."""
        return _unpickle, (self.to_moves(),)

    @classmethod
    def from_moves(cls, moves: Iterable[str | Placement], strict: bool = True) -> Board:
        """The board after placing ``moves`` (notation strings or ``Placement``) in order.

        With ``strict`` each placement must be legal on the board before it; without, any tile
        may go on any empty square (free play, as for videos of unconstrained search).

        Raises:
            InvalidArgumentError: a move is badly written, its square is taken, or (strict) it
                breaks a placement rule; the message names the move and the rule.
        """
        if isinstance(moves, str) or not isinstance(moves, Iterable):
            raise InvalidArgumentError(
                f"moves must be a list of placements such as ['01D_D_', '11DL__'], got {moves!r}"
            )
        board = cls()
        for number, move in enumerate(moves, 1):
            p = Placement.parse(move) if isinstance(move, str) else move
            if not isinstance(p, Placement):
                raise InvalidArgumentError(
                    f"move {number} must be a notation string or a Placement, got {move!r}"
                )
            reason = board.why_illegal(p.row, p.col, p.tile) if strict else board._taken(p.index)
            if reason is not None:
                raise InvalidArgumentError(f"move {number} {str(p)!r} is illegal: {reason}")
            board = board._put(p.index, p.tile)
        return board

    def to_moves(self) -> list[str]:
        """The placements in the order they were made, in notation (``from_moves`` reads them)."""
        tiles = self.tiles
        return [notation(i, tiles[i]) for i in self.order]

    def place(self, row: int, col: int, tile: Tile) -> Board:
        """A new board with ``tile`` on ``(row, col)``; legality is not checked (``why_illegal``).

        Raises:
            InvalidArgumentError: the square is off the board or already taken.
        """
        p = Placement(row, col, tile)
        reason = self._taken(p.index)
        if reason is not None:
            raise InvalidArgumentError(f"cannot place {str(p)!r}: {reason}")
        return self._put(p.index, tile)

    def _taken(self, index: int) -> str | None:
        held = self.tiles[index]
        if held is None:
            return None
        return f"square ({index // SIZE}, {index % SIZE}) already holds {held}"

    def _put(self, index: int, tile: Tile) -> Board:
        child = Board.__new__(Board)
        tiles = list(self.tiles)
        tiles[index] = tile
        _set(child, "tiles", tuple(tiles))
        _set(child, "order", (*self.order, index))
        opened = self._open & ~(1 << index)
        for side, route in enumerate(tile.sides):
            j = _NEIGHBOURS[index][side]
            if route and j >= 0 and tiles[j] is None:
                opened |= 1 << j
        _set(child, "_open", opened)
        _set(child, "_needs", None)
        return child

    def _need(self, index: int) -> tuple[int, ...]:
        """Per side, the route type a tile's side on ``index`` would meet there (0 = none)."""
        tiles = self.tiles
        need = []
        for side, j in enumerate(_NEIGHBOURS[index]):
            if j < 0:
                need.append(_EXIT_AT[index][side])
            else:
                held = tiles[j]
                need.append(held.sides[OPPOSITE[side]] if held is not None else 0)
        return tuple(need)

    def why_illegal(self, row: int, col: int, tile: Tile) -> str | None:
        """None if ``tile`` may be placed on ``(row, col)``, else the rule it breaks, in words."""
        p = Placement(row, col, tile)
        index = p.index
        taken = self._taken(index)
        if taken is not None:
            return taken
        need = self._need(index)
        for side, route in enumerate(tile.sides):
            met = need[side]
            if route and met and route != met:
                j = _NEIGHBOURS[index][side]
                where = (
                    f"a {TYPE_NAMES[met]} exit"
                    if j < 0
                    else f"the {TYPE_NAMES[met]} of {self.tiles[j]} at ({j // SIZE}, {j % SIZE})"
                )
                return f"its {SIDE_NAMES[side]} side ({TYPE_NAMES[route]}) meets {where}"
        if not _fits(tile.sides, need):
            return "no route side meets a matching exit or route (it would not connect)"
        return None

    def is_legal(self, row: int, col: int, tile: Tile) -> bool:
        """Whether ``tile``, in this orientation, may be placed on ``(row, col)``."""
        return self.why_illegal(row, col, tile) is None

    def open_squares(self) -> list[tuple[int, int]]:
        """The empty squares a placement could connect to: beside an exit or a route side."""
        mask = self._open
        return [divmod(i, SIZE) for i in range(_CELLS) if mask >> i & 1]

    def legal_placements(self, tile: Tile) -> list[Placement]:
        """Every legal placement of ``tile`` in any orientation, by square then orientation.

        Orientations are those of ``tile.orientations()`` (deduplicated), so no placement
        appears twice. Only open squares are tried: elsewhere nothing can connect.
        """
        if not isinstance(tile, Tile):
            raise InvalidArgumentError(
                f"tile must be a Tile (Tile.parse('L_L_') reads one), got {tile!r}"
            )
        needs = self._needs
        if needs is None:  # one board is asked for several tiles (a face, then the specials)
            mask = self._open
            needs = tuple((i, self._need(i)) for i in range(_CELLS) if mask >> i & 1)
            _set(self, "_needs", needs)
        fits = _FITS.get(tile)
        if fits is None:
            fits = _FITS[tile] = {}
        orientations = tile.orientations()
        found: list[Placement] = []
        for index, need in needs:
            fitting = fits.get(need)
            if fitting is None:
                fitting = fits[need] = tuple(o for o in orientations if _fits(o.sides, need))
            if fitting:
                row, col = divmod(index, SIZE)
                found.extend(_placement(row, col, o) for o in fitting)
        return found

    def has_open_square(self) -> bool:
        """Whether some empty square could still take a connecting tile."""
        return self._open != 0

    def score(self) -> Score:
        """The board's score (``score_tiles`` of its tiles)."""
        return score_tiles(self.tiles)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.tiles == other.tiles

    def __hash__(self) -> int:
        return hash(self.tiles)

    def __repr__(self) -> str:
        return f"Board.from_moves({self.to_moves()!r}, strict=False)"

    def __str__(self) -> str:
        """The board as text, three lines per row of squares.

        Each tile shows its side letters around ``+`` (``o`` for an overpass), an empty square
        a ``.``, and each exit its letter outside the frame.
        """

        def mark(row: int, col: int, side: int) -> str:
            return " DL"[EXITS.get((row, col, side), 0)]

        def glyph(tile: Tile | None) -> tuple[str, str, str]:
            if tile is None:
                return ("   ", " . ", "   ")
            n, e, s, w = (" DL"[v] for v in tile.sides)
            return (f" {n} ", f"{w}{'o' if tile.overpass else '+'}{e}", f" {s} ")

        lines = ["  " + "".join(f" {mark(0, c, 0)} " for c in range(SIZE))]
        for row in range(SIZE):
            glyphs = [glyph(self.tiles[row * SIZE + col]) for col in range(SIZE)]
            for k in range(3):
                left, right = (mark(row, 0, 3), mark(row, SIZE - 1, 1)) if k == 1 else (" ", " ")
                lines.append(f"{left} {''.join(g[k] for g in glyphs)} {right}")
        lines.append("  " + "".join(f" {mark(SIZE - 1, c, 2)} " for c in range(SIZE)))
        return "\n".join(line.rstrip() for line in lines)
