"""The rules' constants as numpy arrays, built once at import from ``rules``.

Pieces are the nine die faces (``DIE_FACES`` order, 0..8) then the six specials (9..14). Each
piece has its orientations (``Tile.orientations()`` order) as *oriented tiles*, numbered
0..49; a placement is the integer ``square * 64 + oriented tile``.

An empty square's *slot* says what each of its sides would meet, one base-5 digit per side
(N, E, S, W, lowest first): 0 an empty square, 1 a highway, 2 a railway (a neighbour's route
side or an exit), 3 a neighbour's blank side, 4 the board's edge. With 625 slots, which
orientations of a piece fit a slot is a table lookup (``FIT``), and so is the pruning to
*meaningful* orientations (``MEANINGFUL``: the most sides matched, then the fewest errors).
"""

from __future__ import annotations

import numpy as np

from games.railroad_ink.rules.geometry import CENTRE, EXIT_AT, EXITS, NEIGHBOURS, SIZE, SQUARES
from games.railroad_ink.rules.score import exit_points
from games.railroad_ink.rules.tiles import DIE_FACES, OPPOSITE, SPECIALS, E, S, Tile

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
OT_SIDES = np.array([t.sides for t in ORIENTED], dtype=np.int64)
OT_PIECE = np.array(
    [p for p, piece in enumerate(PIECES) for _ in piece.orientations()], dtype=np.int64
)


def _groups(tile: Tile) -> tuple[int, int, int, int]:
    group = [-1, -1, -1, -1]
    for g, sides in enumerate(tile.groups):
        for side in sides:
            group[side] = g
    return group[0], group[1], group[2], group[3]


OT_GROUP = np.array([_groups(t) for t in ORIENTED], dtype=np.int64)
"""Per oriented tile and side: the side's node in the tile (0, or 1 on an overpass), -1 blank."""
PIECE_FIRST = np.array(
    np.cumsum([0] + [len(p.orientations()) for p in PIECES[:-1]]), dtype=np.int64
)
PIECE_COUNT = np.array([len(p.orientations()) for p in PIECES], dtype=np.int64)

NEIGH = np.array(NEIGHBOURS, dtype=np.int64)
OPP = np.array(OPPOSITE, dtype=np.int64)
CENTRE_AT = np.array([i in CENTRE for i in range(SQUARES)], dtype=np.bool_)
EXIT_POINTS = np.array([exit_points(k) for k in range(len(EXITS) + 1)], dtype=np.int64)
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


def _fit_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    fit = np.full((len(PIECES), SLOTS, MAX_ORIENTATIONS), -1, dtype=np.int64)
    fit_n = np.zeros((len(PIECES), SLOTS), dtype=np.int64)
    mean = np.full((len(PIECES), SLOTS, MAX_ORIENTATIONS), -1, dtype=np.int64)
    mean_n = np.zeros((len(PIECES), SLOTS), dtype=np.int64)
    for p in range(len(PIECES)):
        first, count = int(PIECE_FIRST[p]), int(PIECE_COUNT[p])
        for code in range(SLOTS):
            slot = slot_digits(code)
            rated = []
            for ot in range(first, first + count):
                matches = errors = 0
                legal = True
                for side in range(4):
                    t, s = int(OT_SIDES[ot, side]), slot[side]
                    if t and s in (1, 2):
                        if t != s:
                            legal = False
                        matches += 1
                    elif (not t and s in (1, 2)) or (t and s == BLANK_SIDE):
                        errors += 1
                if legal and matches:
                    rated.append((ot, matches, errors))
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

for _name in ("FIT", "FIT_COUNT", "MEANINGFUL", "MEANINGFUL_COUNT", "OT_SIDES", "OT_GROUP"):
    globals()[_name].setflags(write=False)
