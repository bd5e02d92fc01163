"""The rules as numpy arrays, built once at import from the pieces: the one home of legality.

Pieces are the nine die faces (``DIE_FACES`` order, 0..8) then the six specials (9..14). Each
piece has its orientations (``Tile.orientations()`` order) as *oriented tiles*, numbered
0..49; a placement is the integer ``square * 64 + oriented tile``. Every other tile the
notation can write (a dead end, a highway overpass...) follows, numbered 50..84 (``TILES``),
so a board of any tiles can be scored and checked; play-outs place pieces only.

An empty square's *slot* says what each of its sides would meet, one base-5 digit per side
(N, E, S, W, lowest first): 0 an empty square, 1 a highway, 2 a railway (a neighbour's route
side or an exit), 3 a neighbour's blank side, 4 the board's edge. With 625 slots, which
orientations of a piece fit a slot is a table lookup (``FIT``), and so is the pruning to
*meaningful* orientations (``MEANINGFUL``: the most sides matched, then the fewest errors).
Both come from ``LEGAL``, the placement rule for every tile and slot: no route side meets
the other route type, and at least one meets its own type.
"""

from __future__ import annotations

import numpy as np

from games.railroad_ink.pieces.geometry import CENTRE, EXIT_AT, EXITS, NEIGHBOURS, SIZE, SQUARES
from games.railroad_ink.pieces.tiles import DIE_FACES, OPPOSITE, SPECIALS, E, S, Tile

__all__ = [
    "BLANK_SIDE",
    "CENTRE_AT",
    "CONTACTS",
    "EDGE",
    "EXIT_POINTS",
    "EXIT_TABLE",
    "FACES",
    "FIT",
    "FIT_COUNT",
    "LEGAL",
    "MAX_ORIENTATIONS",
    "MEANINGFUL",
    "MEANINGFUL_COUNT",
    "MOVE_BASE",
    "NEIGH",
    "OPEN_SLOT",
    "OPP",
    "ORIENTED",
    "OT_GROUP",
    "OT_ID",
    "OT_PIECE",
    "OT_SIDES",
    "PIECES",
    "PIECE_COUNT",
    "PIECE_FIRST",
    "POSITION_CLASS",
    "POW5",
    "SLOTS",
    "SLOT_INIT",
    "TILES",
    "TILE_ID",
    "UNFILLED",
    "slot_digits",
]

PIECES: tuple[Tile, ...] = DIE_FACES + SPECIALS
"""The 15 pieces: die faces 0..8, specials 9..14."""
FACES = len(DIE_FACES)
"""Number of die faces (9); piece ``FACES + i`` is ``SPECIALS[i]``."""
MOVE_BASE = 64
"""A placement is ``square * MOVE_BASE + oriented tile``."""
MAX_ORIENTATIONS = 8

UNFILLED, BLANK_SIDE, EDGE = 0, 3, 4
"""Slot digits besides the route types 1 (highway) and 2 (railway)."""
SLOTS = 5**4
POW5 = np.array([1, 5, 25, 125], dtype=np.int64)

ORIENTED: tuple[Tile, ...] = tuple(o for piece in PIECES for o in piece.orientations())
"""Every oriented tile of every piece, grouped by piece."""
OT_ID: dict[Tile, int] = {}
for _i, _t in enumerate(ORIENTED):
    OT_ID.setdefault(_t, _i)


def _every_tile() -> tuple[Tile, ...]:
    """``ORIENTED``, then every other tile: 81 side patterns and 4 overpasses, 85 in all."""
    found = dict.fromkeys(ORIENTED)
    for code in range(81):
        sides = (code % 3, code // 3 % 3, code // 9 % 3, code // 27)
        found.setdefault(Tile(sides), None)
        if sides[0] == sides[2] != 0 and sides[1] == sides[3] != 0:
            found.setdefault(Tile(sides, True), None)
    return tuple(found)


TILES: tuple[Tile, ...] = _every_tile()
"""Every tile, numbered: the pieces' orientations first (``ORIENTED``), then the rest."""
TILE_ID: dict[Tile, int] = {**{t: i for i, t in enumerate(TILES)}, **OT_ID}
"""Each tile's number in the engine's ``tiles`` arrays (a piece's orientation first)."""
OT_SIDES = np.array([t.sides for t in TILES], dtype=np.int64)
"""Per tile number and side N, E, S, W: its route type (0 blank, 1 highway, 2 railway)."""
OT_PIECE = np.array(
    [p for p, piece in enumerate(PIECES) for _ in piece.orientations()], dtype=np.int64
)


def _groups(tile: Tile) -> tuple[int, int, int, int]:
    group = [-1, -1, -1, -1]
    for g, sides in enumerate(tile.groups):
        for side in sides:
            group[side] = g
    return group[0], group[1], group[2], group[3]


OT_GROUP = np.array([_groups(t) for t in TILES], dtype=np.int64)
"""Per oriented tile and side: the side's node in the tile (0, or 1 on an overpass), -1 blank."""
PIECE_FIRST = np.array(
    np.cumsum([0] + [len(p.orientations()) for p in PIECES[:-1]]), dtype=np.int64
)
PIECE_COUNT = np.array([len(p.orientations()) for p in PIECES], dtype=np.int64)

NEIGH = np.array(NEIGHBOURS, dtype=np.int64)
OPP = np.array(OPPOSITE, dtype=np.int64)
CENTRE_AT = np.array([i in CENTRE for i in range(SQUARES)], dtype=np.bool_)
EXIT_POINTS = np.array(
    [4 * (k - 1) if k >= 2 else 0 for k in range(len(EXITS))] + [45], dtype=np.int64
)
"""Points of a network by the exits it joins: 0 below 2, 4 per exit after the first up to 11
(4, 8, ..., 40), and 45 for all 12."""
EXIT_TABLE = np.array(
    [(row * SIZE + col, side, kind) for (row, col, side), kind in EXITS.items()], dtype=np.int64
)
"""The 12 exits: square, the square's side facing the exit, the exit's type."""
CONTACTS = np.array(
    [
        (i, side, NEIGHBOURS[i][side], OPPOSITE[side])
        for i in range(SQUARES)
        for side in (E, S)
        if NEIGHBOURS[i][side] >= 0
    ],
    dtype=np.int64,
)
"""The 84 pairs of neighbouring squares: square, its side, the neighbour, the neighbour's side."""


def slot_digits(code: int) -> tuple[int, int, int, int]:
    """The four digits (N, E, S, W) of a slot code."""
    return code % 5, code // 5 % 5, code // 25 % 5, code // 125 % 5


def _initial_slot(square: int) -> int:
    code = 0
    for side in range(4):
        beyond = NEIGHBOURS[square][side] < 0
        digit = (EXIT_AT[square][side] or EDGE) if beyond else UNFILLED
        code += digit * 5**side
    return code


SLOT_INIT = np.array([_initial_slot(i) for i in range(SQUARES)], dtype=np.int64)
"""Each square's slot on the empty board."""
OPEN_SLOT = np.array(
    [any(d in (1, 2) for d in slot_digits(code)) for code in range(SLOTS)], dtype=np.bool_
)
"""Whether a slot faces a route side or an exit: an open square (a placement can connect)."""


def _rated() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per tile and slot: legal, sides matched, errors (route facing no route and the reverse).

    The placement rule: no route side meets the other route type (a neighbour's side or an
    exit), and at least one route side meets its own type. Blank sides, empty squares and
    plain board edges accept anything.
    """
    digits = np.array([slot_digits(code) for code in range(SLOTS)], dtype=np.int64)
    sides = OT_SIDES[:, None, :]
    route, met = sides != 0, ((digits == 1) | (digits == 2))[None]
    clash = (route & met & (sides != digits[None])).any(axis=2)
    matches = (route & met).sum(axis=2)
    errors = ((~route & met) | (route & (digits == BLANK_SIDE)[None])).sum(axis=2)
    return ~clash & (matches > 0), matches, errors


LEGAL, _MATCHES, _ERRORS = _rated()
"""``LEGAL[tile, slot]``: whether tile number ``tile`` may be placed on a square of ``slot``."""


def _fit_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    fit = np.full((len(PIECES), SLOTS, MAX_ORIENTATIONS), -1, dtype=np.int64)
    fit_n = np.zeros((len(PIECES), SLOTS), dtype=np.int64)
    mean = np.full((len(PIECES), SLOTS, MAX_ORIENTATIONS), -1, dtype=np.int64)
    mean_n = np.zeros((len(PIECES), SLOTS), dtype=np.int64)
    for p in range(len(PIECES)):
        first, count = int(PIECE_FIRST[p]), int(PIECE_COUNT[p])
        for code in range(SLOTS):
            rated = [
                (ot, int(_MATCHES[ot, code]), int(_ERRORS[ot, code]))
                for ot in range(first, first + count)
                if LEGAL[ot, code]
            ]
            for k, (ot, _, _) in enumerate(rated):
                fit[p, code, k] = ot
            fit_n[p, code] = len(rated)
            if rated:
                most = max(m for _, m, _ in rated)
                fewest = min(e for _, m, e in rated if m == most)
                kept = [ot for ot, m, e in rated if m == most and e == fewest]
                mean[p, code, : len(kept)] = kept
                mean_n[p, code] = len(kept)
    return fit, fit_n, mean, mean_n


FIT, FIT_COUNT, MEANINGFUL, MEANINGFUL_COUNT = _fit_tables()
"""Per piece and slot: the oriented tiles that fit (legal), and the meaningful ones among them."""


def _position_class(square: int) -> int:
    """The square folded by the board's 8 symmetries: one of 10 classes (0 the corners)."""
    row, col = divmod(square, SIZE)
    a, b = sorted((min(row, SIZE - 1 - row), min(col, SIZE - 1 - col)))
    return [(0, 0), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (2, 2), (2, 3), (3, 3)].index(
        (a, b)
    )


POSITION_CLASS = np.array([_position_class(i) for i in range(SQUARES)], dtype=np.int64)
"""Per square, its class under the board's symmetries (0..9), a feature of the play-out policy."""

for _name in (
    "FIT",
    "FIT_COUNT",
    "LEGAL",
    "MEANINGFUL",
    "MEANINGFUL_COUNT",
    "OT_SIDES",
    "OT_GROUP",
):
    globals()[_name].setflags(write=False)
