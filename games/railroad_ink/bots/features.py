"""Fast features of a partial Railroad Ink board, for value functions that search calls often.

``board.score()`` is exact but costs about 0.15 ms, mostly the longest-trail search, and a
search ranks tens of thousands of boards a game. ``features(board)`` makes one pass over the
placed tiles with union-find and returns ``Features``: the exit points, centre and error sides
exactly as ``score()`` counts them, and for the longest highway and railway a cheap *bound*: per
connected group of one route type, its contacts minus one for every pair of odd-degree nodes
past the first (a trail must leave one edge out for each), plus one. The bound is exact on
chains, loops and figure-eights, and too high only on branching groups, which late rounds
score exactly (``Heuristic``). It also counts the exits any route already reaches.
"""

from __future__ import annotations

from typing import NamedTuple

from games.railroad_ink.pieces.geometry import CENTRE, EXIT_AT, EXITS, NEIGHBOURS, SIZE
from games.railroad_ink.pieces.tiles import DIE_FACES, OPPOSITE, Tile
from games.railroad_ink.rules.board import Board
from games.railroad_ink.rules.score import exit_points
from treesearch.errors import InvalidArgumentError

__all__ = ["COVER", "Features", "features"]

_CELLS = SIZE * SIZE
_NEIGHBOURS, _EXIT_AT = NEIGHBOURS, EXIT_AT
_CENTRE_MASK = sum(1 << i for i in CENTRE)
_POINTS = tuple(exit_points(k) for k in range(len(EXITS) + 1))


def _best_cover(need: tuple[int, int, int, int]) -> int:
    """How many of the route sides ``need`` (per side: 0, 1 or 2) one die face can meet.

    A face may go there when it meets at least one need and no route of it faces another
    type; its blank sides may face anything (the placement rule of ``rules.board``).
    """
    best = 0
    for face in DIE_FACES:
        for o in face.orientations():
            met = 0
            for route, want in zip(o.sides, need, strict=True):
                if route and want:
                    if route != want:
                        break
                    met += 1
            else:
                best = max(best, met)
    return best


COVER: dict[tuple[int, ...], int] = {
    (n, e, s, w): _best_cover((n, e, s, w))
    for n in range(3)
    for e in range(3)
    for s in range(3)
    for w in range(3)
}
"""Per need of an empty square (the route type each side must meet, 0 for none): how many
of those sides the best die face placed there could meet."""

# Per tile: its sides, the node (0/1, index in tile.groups) of each side, and per node its types.
_Info = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
_INFO: dict[Tile, _Info] = {}


def _info(tile: Tile) -> _Info:
    info = _INFO.get(tile)
    if info is None:
        group_of = [0, 0, 0, 0]
        kinds = []
        for g, sides in enumerate(tile.groups):
            bits = 0
            for side in sides:
                group_of[side] = g
                bits |= tile.sides[side]  # HIGHWAY 1, RAILWAY 2
            kinds.append(bits)
        info = _INFO[tile] = (tile.sides, tuple(group_of), tuple(kinds))
    return info


class Features(NamedTuple):
    """What ``features`` reads off a board (module docstring); exact unless said otherwise."""

    exits: int
    """Exit points, as ``score().exits``."""
    center: int
    """Filled centre squares, as ``score().center``."""
    dead: int
    """Error sides that can never be closed (``value.dead_sides``)."""
    open: int
    """Error sides that one die face could still close; ``dead + open == score().errors``."""
    highway: int
    """An upper bound of ``score().highway``, exact on chains and loops."""
    railway: int
    """An upper bound of ``score().railway``, exact on chains and loops."""
    reached: int
    """Exits connected to a route, whatever their network."""


def _arms(i: int, tile: Tile) -> tuple[tuple[int, int, int, int, bool], ...]:
    """Per route side of ``tile`` on square ``i``: route, node, neighbour, its side, exit met."""
    key = (i, tile)
    arms = _ARMS.get(key)
    if arms is None:
        sides, group_of, _ = _info(tile)
        arms = _ARMS[key] = tuple(
            (
                route,
                2 * i + group_of[side],
                _NEIGHBOURS[i][side],
                OPPOSITE[side],
                _EXIT_AT[i][side] == route,
            )
            for side, route in enumerate(sides)
            if route
        )
    return arms


_ARMS: dict[tuple[int, Tile], tuple[tuple[int, int, int, int, bool], ...]] = {}


def features(board: Board) -> Features:
    """The ``Features`` of ``board`` in one pass over its tiles (module docstring).

    Examples:
        >>> f = features(Board.from_moves(["01D_D_", "11D_D_"]))
        >>> f.exits, f.highway, f.railway, f.dead, f.open, f.reached
        (0, 2, 0, 0, 1, 1)

    Hot loop: kept in one function, since it runs once per board a search ranks.
    """
    try:
        tiles, order = board.tiles, board.order
    except AttributeError:  # free when it succeeds: no check on the hot path
        raise InvalidArgumentError(f"features needs a railroad_ink Board, got {board!r}") from None
    parent: dict[int, int] = {}  # networks over nodes ``2 * square + group``
    typed: tuple[dict[int, int], ...] = ({}, {}, {})  # per route type
    degree: tuple[dict[int, int], ...] = ({}, {}, {})
    has = 0
    reached: list[int] = []
    needs: dict[int, list[int]] = {}
    dead = 0
    centre = 0
    for i in order:
        tile = tiles[i]
        assert tile is not None
        if (_CENTRE_MASK >> i) & 1:
            centre += 1
        for route, node, j, back, exit_met in _arms(i, tile):
            has |= route
            if j < 0:
                if exit_met:
                    reached.append(node)
                continue
            other = tiles[j]
            if other is None:
                need = needs.get(j)
                if need is None:
                    need = needs[j] = [0, 0, 0, 0]
                need[back] = route
                continue
            o_sides, o_group, _ = _info(other)
            if not o_sides[back]:
                dead += 1
            elif j > i:  # each contact once
                there = 2 * j + o_group[back]
                a, b = _find(parent, node), _find(parent, there)
                if a != b:
                    parent[a] = b
                p = typed[route]
                a, b = _find(p, node), _find(p, there)
                if a != b:
                    p[a] = b
                deg = degree[route]
                deg[node] = deg.get(node, 0) + 1
                deg[there] = deg.get(there, 0) + 1
    opened = 0
    for need in needs.values():
        cover = COVER[need[0], need[1], need[2], need[3]]
        opened += cover
        dead += 4 - need.count(0) - cover
    trails = [0, 0, 0]
    for kind in (1, 2):
        if not has & kind:
            continue
        p = typed[kind]
        edges: dict[int, int] = {}
        odd: dict[int, int] = {}
        for node, d in degree[kind].items():
            r = _find(p, node)
            edges[r] = edges.get(r, 0) + d
            if d & 1:
                odd[r] = odd.get(r, 0) + 1
        best = 1
        for r, twice in edges.items():
            bound = twice // 2 - max(0, odd.get(r, 0) // 2 - 1) + 1
            if bound > best:
                best = bound
        trails[kind] = best
    per_network: dict[int, int] = {}
    for node in reached:
        r = _find(parent, node)
        per_network[r] = per_network.get(r, 0) + 1
    return Features(
        exits=sum(_POINTS[k] for k in per_network.values()),
        center=centre,
        dead=dead,
        open=opened,
        highway=trails[1],
        railway=trails[2],
        reached=len(reached),
    )


def _find(parent: dict[int, int], node: int) -> int:
    """The root of ``node`` in a sparse union-find (a node never seen is its own root)."""
    up = parent.get(node, node)
    while up != node:
        top = parent.get(up, up)
        parent[node] = top
        node, up = up, top
    return node
