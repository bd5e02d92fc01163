"""Railroad Ink scoring of a board as typed values: ``score_tiles`` -> ``Score``.

``score_tiles(tiles)`` scores 49 squares (``Tile | None``, index ``row * 7 + col``) and returns a
frozen ``Score``: the five parts, the total, and what produced them (the networks with their
exits, one longest highway and one longest railway, the route sides counted as errors), so a
renderer can draw them without scoring again.

The rules themselves are the engine's (``engine.scoring.score_details``, compiled when numba
is installed): this module checks the input, hands the engine the tiles' numbers and reads its
arrays back as ``Network``s, squares and sides.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from games.railroad_ink.engine.scoring import clash, score_details
from games.railroad_ink.engine.tables import CONTACTS, EXIT_POINTS, TILE_ID
from games.railroad_ink.pieces.geometry import EXITS, SIZE, notation
from games.railroad_ink.pieces.tiles import SIDE_NAMES, Tile
from treesearch.errors import InvalidArgumentError

__all__ = ["Network", "Score", "exit_points", "score_ids", "score_tiles"]

_SQUARES = SIZE * SIZE
_EXIT_KEYS: tuple[tuple[int, int, int], ...] = tuple(EXITS)
_GROUPS = {tile: len(tile.groups) for tile in TILE_ID}  # nodes per tile: 2 on an overpass


def exit_points(connected: int) -> int:
    """Points of one network that joins ``connected`` exits.

    0 below 2 exits, 4 per exit after the first up to 11 (4, 8, ..., 40), and 45 for all 12.

    Raises:
        InvalidArgumentError: ``connected`` is not a count from 0 to 12.
    """
    if type(connected) is not int or not 0 <= connected <= len(EXITS):
        raise InvalidArgumentError(f"connected exits must be 0..12, got {connected!r}")
    return int(EXIT_POINTS[connected])


@dataclass(frozen=True, slots=True)
class Network:
    """One network: nodes joined by routes, and the exits it reaches.

    ``parts`` are ``(square, group)`` pairs, ``group`` indexing ``tile.groups`` (only an overpass
    has a group 1), in square order. ``exits`` are keys of ``EXITS`` the network is connected to.
    """

    parts: tuple[tuple[int, int], ...]
    exits: tuple[tuple[int, int, int], ...]

    @property
    def points(self) -> int:
        """What the network scores for its exits (``exit_points``)."""
        return exit_points(len(self.exits))


@dataclass(frozen=True, slots=True)
class Score:
    """The score of a board, part by part, with what produced each part.

    ``errors`` is a positive count, subtracted in ``total``. ``networks`` lists every network
    (exits or not) by its first square. ``highway_trail`` and ``railway_trail`` are the squares of
    one longest trail, in walking order, a square once per visit (a closed loop ends where it
    began): their lengths are ``highway`` and ``railway``. ``error_sides`` are the
    ``(square, side)`` route sides counted in ``errors``.
    """

    exits: int
    highway: int
    railway: int
    center: int
    errors: int
    networks: tuple[Network, ...] = ()
    highway_trail: tuple[int, ...] = ()
    railway_trail: tuple[int, ...] = ()
    error_sides: tuple[tuple[int, int], ...] = ()

    @property
    def total(self) -> int:
        """Exits + longest highway + longest railway + centre - errors."""
        return self.exits + self.highway + self.railway + self.center - self.errors


def _check(tiles: Sequence[Tile | None]) -> tuple[Tile | None, ...]:
    if isinstance(tiles, (str, bytes)) or not isinstance(tiles, Sequence):
        raise InvalidArgumentError(f"tiles must be a sequence of 49 Tile or None, got {tiles!r}")
    tiles = tuple(tiles)
    if len(tiles) != _SQUARES:
        raise InvalidArgumentError(f"tiles must hold 49 squares (7x7), got {len(tiles)!r}")
    for i, tile in enumerate(tiles):
        if tile is not None and not isinstance(tile, Tile):
            raise InvalidArgumentError(f"square {i} must be a Tile or None, got {tile!r}")
    return tiles


def score_tiles(tiles: Sequence[Tile | None]) -> Score:
    """Score 49 squares (``row * 7 + col``, None for empty) by the game's scoring rules.

    A tile side facing an exit of the other type connects nothing and is no error (it points
    off the board); legal play never places one.

    Raises:
        InvalidArgumentError: ``tiles`` is not 49 ``Tile | None``, or a highway side faces a
            railway side on neighbouring squares (named as placements, e.g. ``'23D_D_'``).
    """
    board = _check(tiles)
    ids = np.array([-1 if t is None else TILE_ID[t] for t in board], dtype=np.int64)
    return score_ids(board, ids)


def score_ids(board: Sequence[Tile | None], ids: np.ndarray) -> Score:
    """The ``Score`` of ``board`` whose tiles have the engine's numbers ``ids`` (checked ones).

    Raises:
        InvalidArgumentError: a highway side faces a railway side on neighbouring squares.
    """
    c = int(clash(ids))
    if c >= 0:
        i, si, j, sj = (int(v) for v in CONTACTS[c])
        raise InvalidArgumentError(
            f"highway meets railway between squares {notation(i, board[i])!r} (side"
            f" {SIDE_NAMES[si]}) and {notation(j, board[j])!r} (side {SIDE_NAMES[sj]}): only"
            " a station joins them, so no legal board has this"
        )
    parts, roots, exits, errors, highway, railway = score_details(ids)
    members: dict[int, list[tuple[int, int]]] = {}
    root = roots.tolist()
    for i, tile in enumerate(board):
        if tile is not None:
            for g in range(_GROUPS[tile]):
                members.setdefault(root[2 * i + g], []).append((i, g))
    reached: dict[int, list[tuple[int, int, int]]] = {}
    for k, r in enumerate(exits.tolist()):
        if r >= 0:
            reached.setdefault(r, []).append(_EXIT_KEYS[k])
    return Score(
        exits=int(parts[0]),
        highway=int(parts[1]),
        railway=int(parts[2]),
        center=int(parts[3]),
        errors=int(parts[4]),
        networks=tuple(
            Network(tuple(parts), tuple(reached.get(r, ()))) for r, parts in members.items()
        ),
        highway_trail=tuple(node >> 1 for node in highway.tolist()),
        railway_trail=tuple(node >> 1 for node in railway.tolist()),
        error_sides=tuple(divmod(code, 4) for code in errors.tolist()),
    )
