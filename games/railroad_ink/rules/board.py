"""The Railroad Ink board: an immutable 7x7 grid of tiles, a typed view of the engine's arrays.

A ``Board`` is a value: ``place`` returns a new board, so a search can keep every position it
visits without copying. It keeps the squares' tiles (``tiles``, indexed ``row * 7 + col``) and
the order they were placed in (for ``to_moves``), plus the engine's arrays of the same board:
each square's tile number and each empty square's *slot* (what its sides would meet), kept up
to date by the engine's ``place``. A new board makes its arrays when first asked (from the
nearest board before it that has them), so boards built and never queried cost no arrays.

Legality is the engine's (``engine.tables.LEGAL``, one lookup per tile and slot): the square is
empty; every route side that faces an exit or a neighbour's route side must meet the same type
there; and at least one route side must meet a matching exit or route. Blank sides, empty
squares and plain board edges accept anything. ``why_illegal`` names the broken rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from games.railroad_ink.engine.placements import empty_board, place
from games.railroad_ink.engine.tables import (
    LEGAL,
    MOVE_BASE,
    OPEN_SLOT,
    ORIENTED,
    TILE_ID,
    slot_digits,
)
from games.railroad_ink.pieces.geometry import CENTRE, EXITS, NEIGHBOURS, SIZE, notation
from games.railroad_ink.pieces.tiles import SIDE_NAMES, TYPE_NAMES, Tile
from games.railroad_ink.rules.score import Score, score_ids
from treesearch.errors import InvalidArgumentError

__all__ = ["CENTRE", "EXITS", "SIZE", "Board", "Placement", "placement_of"]

_CELLS = SIZE * SIZE
_FITS: dict[Tile, dict[int, tuple[Tile, ...]]] = {}  # tile -> slot -> orientations that fit
_set = object.__setattr__  # Board forbids setting attributes; its own constructors use this


def _unpickle(moves: list[str]) -> Board:
    """A pickled board: its placements replayed in order (each was on the board already)."""
    return Board.from_moves(moves, strict=False)


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


def placement_of(move: int) -> Placement:
    """The ``Placement`` of an engine move (``square * 64 + oriented tile``)."""
    square, ot = divmod(int(move), MOVE_BASE)
    return Placement(square // SIZE, square % SIZE, ORIENTED[ot])


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

    __slots__ = ("_ids", "_opens", "_parent", "_slots", "order", "tiles")

    tiles: tuple[Tile | None, ...]
    order: tuple[int, ...]
    _ids: np.ndarray | None  # the engine's tile number on each square, -1 where empty
    _slots: np.ndarray | None  # the engine's slot of each empty square
    _parent: Board | None  # the board before the last placement, until the arrays are made
    _opens: tuple[tuple[int, int], ...] | None  # open squares and their slots, once asked

    def __init__(self) -> None:
        ids, slots = empty_board()
        _set(self, "tiles", (None,) * _CELLS)
        _set(self, "order", ())
        _set(self, "_ids", ids)
        _set(self, "_slots", slots)
        _set(self, "_parent", None)
        _set(self, "_opens", None)

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
        _set(child, "_ids", None)
        _set(child, "_slots", None)
        _set(child, "_parent", self)
        _set(child, "_opens", None)
        return child

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """The engine's ``(tiles, slots)``, made on first use: the board's own, not to change."""
        ids, slots = self._ids, self._slots
        if ids is None or slots is None:
            pending, board = [], self
            while board._ids is None and board._parent is not None:
                pending.append(board.order[-1])
                board = board._parent
            ids, slots = board.arrays()
            for index in reversed(pending):
                tile = self.tiles[index]
                if tile is not None:  # always: a placed square
                    place(ids, slots, index, TILE_ID[tile])
            _set(self, "_ids", ids)
            _set(self, "_slots", slots)
            _set(self, "_parent", None)
        return ids, slots

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """The engine's ``(tiles, slots)`` of this board, as new arrays a play-out may change."""
        ids, slots = self._arrays()
        return ids.copy(), slots.copy()

    def _open_slots(self) -> tuple[tuple[int, int], ...]:
        """The open squares with their slots: empty, facing an exit or a route side."""
        opens = self._opens
        if opens is None:  # one board is asked for several tiles (a face, then the specials)
            ids, slots = self._arrays()
            squares = np.flatnonzero((ids < 0) & OPEN_SLOT[slots]).tolist()
            opens = tuple(zip(squares, slots[squares].tolist(), strict=True))
            _set(self, "_opens", opens)
        return opens

    def why_illegal(self, row: int, col: int, tile: Tile) -> str | None:
        """None if ``tile`` may be placed on ``(row, col)``, else the rule it breaks, in words."""
        p = Placement(row, col, tile)
        index = p.index
        taken = self._taken(index)
        if taken is not None:
            return taken
        slot = int(self._arrays()[1][index])
        if LEGAL[TILE_ID[tile], slot]:
            return None
        for side, met in enumerate(slot_digits(slot)):
            route = tile.sides[side]
            if route and met in (1, 2) and route != met:
                j = NEIGHBOURS[index][side]
                where = (
                    f"a {TYPE_NAMES[met]} exit"
                    if j < 0
                    else f"the {TYPE_NAMES[met]} of {self.tiles[j]} at ({j // SIZE}, {j % SIZE})"
                )
                return f"its {SIDE_NAMES[side]} side ({TYPE_NAMES[route]}) meets {where}"
        return "no route side meets a matching exit or route (it would not connect)"

    def is_legal(self, row: int, col: int, tile: Tile) -> bool:
        """Whether ``tile``, in this orientation, may be placed on ``(row, col)``."""
        return self.why_illegal(row, col, tile) is None

    def open_squares(self) -> list[tuple[int, int]]:
        """The empty squares a placement could connect to: beside an exit or a route side."""
        return [divmod(i, SIZE) for i, _ in self._open_slots()]

    def legal_placements(self, tile: Tile) -> list[Placement]:
        """Every legal placement of ``tile`` in any orientation, by square then orientation.

        Orientations are those of ``tile.orientations()`` (deduplicated), so no placement
        appears twice. Only open squares are tried: elsewhere nothing can connect.
        """
        if not isinstance(tile, Tile):
            raise InvalidArgumentError(
                f"tile must be a Tile (Tile.parse('L_L_') reads one), got {tile!r}"
            )
        fits = _FITS.get(tile)
        if fits is None:
            fits = _FITS[tile] = {}
        found: list[Placement] = []
        for index, slot in self._open_slots():
            fitting = fits.get(slot)
            if fitting is None:
                fitting = fits[slot] = tuple(
                    o for o in tile.orientations() if LEGAL[TILE_ID[o], slot]
                )
            if fitting:
                row, col = divmod(index, SIZE)
                found.extend(_placement(row, col, o) for o in fitting)
        return found

    def has_open_square(self) -> bool:
        """Whether some empty square could still take a connecting tile."""
        return bool(self._open_slots())

    def score(self) -> Score:
        """The board's score (``score_tiles`` of its tiles)."""
        return score_ids(self.tiles, self._arrays()[0])

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
