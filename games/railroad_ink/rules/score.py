"""Railroad Ink scoring of a board: exits, longest routes, centre squares, less errors.

``score_tiles(tiles)`` scores 49 squares (``Tile | None``, index ``row * 7 + col``) and returns a
frozen ``Score``: the five parts, the total, and what produced them (the networks with their
exits, one longest highway and one longest railway, the route sides counted as errors), so a
renderer can draw them without scoring again.

Everything is one pass over the 84 contacts between neighbouring squares. A node is a square's
connectivity group (an overpass has two, any other tile one): facing route sides of the same type
join their nodes into networks and are the edges the longest trails walk. The longest trail is
NP-hard in general but small here: chains of two-sided nodes are first folded into single
weighted edges, then a depth-first search over edges (a bitmask of the used ones) runs from the
nodes where chains meet. It never looks at a state (node, used edges) twice, since the rest of
the trail depends on nothing else, and it stops a branch once even the best case, every unused
edge minus one for each pair of odd nodes a trail must leave out, cannot beat the best so far.
A figure-eight of crossings therefore costs a few dozen steps, not an enumeration of paths.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.railroad_ink.rules.geometry import CENTRE, EXITS, SIZE, notation
from games.railroad_ink.rules.tiles import HIGHWAY, OPPOSITE, RAILWAY, E, S, Tile
from treesearch.errors import InvalidArgumentError

__all__ = ["Network", "Score", "exit_points", "score_tiles"]

_SQUARES = SIZE * SIZE
# Every pair of neighbouring squares once: (square, its side, neighbour, the neighbour's side).
_CONTACTS: tuple[tuple[int, int, int, int], ...] = tuple(
    (r * SIZE + c, side, (r + dr) * SIZE + c + dc, OPPOSITE[side])
    for r in range(SIZE)
    for c in range(SIZE)
    for side, dr, dc in ((E, 0, 1), (S, 1, 0))
    if r + dr < SIZE and c + dc < SIZE
)
_EXITS: tuple[tuple[int, int, int, tuple[int, int, int]], ...] = tuple(
    (r * SIZE + c, side, kind, (r, c, side)) for (r, c, side), kind in EXITS.items()
)
# Per tile: its sides, and the node (0 or 1: index in ``tile.groups``) of each side, -1 if blank.
_INFO: dict[Tile, tuple[tuple[int, int, int, int], tuple[int, ...]]] = {}


def exit_points(connected: int) -> int:
    """Points of one network that joins ``connected`` exits.

    0 below 2 exits, 4 per exit after the first up to 11 (4, 8, ..., 40), and 45 for all 12.

    Raises:
        InvalidArgumentError: ``connected`` is not a count from 0 to 12.
    """
    if type(connected) is not int or not 0 <= connected <= len(EXITS):
        raise InvalidArgumentError(f"connected exits must be 0..12, got {connected!r}")
    return 45 if connected == len(EXITS) else 4 * (connected - 1) if connected >= 2 else 0


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


# A tile's route type per side and its connectivity group per side.
_Info = tuple[tuple[int, int, int, int], tuple[int, ...]]


def _info(tile: Tile) -> _Info:
    info = _INFO.get(tile)
    if info is None:
        group_of = [-1, -1, -1, -1]
        for g, sides in enumerate(tile.groups):
            for side in sides:
                group_of[side] = g
        info = _INFO[tile] = (tile.sides, tuple(group_of))
    return info


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
    infos = [None if t is None else _info(t) for t in board]
    parent, edges, error_sides = _join_contacts(board, infos)

    def root(node: int) -> int:
        while parent[node] != node:
            parent[node] = node = parent[parent[node]]
        return node

    members: dict[int, list[tuple[int, int]]] = {}
    typed: tuple[list[int], list[int]] = ([], [])  # nodes carrying highway, railway
    for i, tile in enumerate(board):
        if tile is not None:
            for g, sides in enumerate(tile.groups):
                members.setdefault(root(2 * i + g), []).append((i, g))
                kinds = {tile.sides[side] for side in sides}
                for kind in (HIGHWAY, RAILWAY):
                    if kind in kinds:
                        typed[kind - 1].append(2 * i + g)
    reached: dict[int, list[tuple[int, int, int]]] = {}
    for i, side, kind, key in _EXITS:
        info = infos[i]
        if info is not None and info[0][side] == kind:
            reached.setdefault(root(2 * i + info[1][side]), []).append(key)
    networks = tuple(
        Network(tuple(parts), tuple(reached.get(r, ()))) for r, parts in members.items()
    )
    highway = _longest_trail(typed[0], edges[0])
    railway = _longest_trail(typed[1], edges[1])
    return Score(
        exits=sum(exit_points(len(keys)) for keys in reached.values()),
        highway=len(highway),
        railway=len(railway),
        center=sum(board[i] is not None for i in CENTRE),
        errors=len(error_sides),
        networks=networks,
        highway_trail=tuple(node >> 1 for node in highway),
        railway_trail=tuple(node >> 1 for node in railway),
        error_sides=tuple(error_sides),
    )


def _join_contacts(
    board: Sequence[Tile | None], infos: list[_Info | None]
) -> tuple[list[int], tuple[list[tuple[int, int]], list[tuple[int, int]]], list[tuple[int, int]]]:
    """Join facing route sides into networks: the union-find parents, the edges, the errors.

    Raises:
        InvalidArgumentError: a highway side faces a railway side on neighbouring squares.
    """
    parent = list(range(2 * _SQUARES))  # union-find over nodes ``2 * square + group``
    edges: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
    error_sides: list[tuple[int, int]] = []
    for i, si, j, sj in _CONTACTS:
        a, b = infos[i], infos[j]
        va = a[0][si] if a is not None else 0
        vb = b[0][sj] if b is not None else 0
        if va and vb and a is not None and b is not None:
            if va != vb:
                raise InvalidArgumentError(
                    f"highway meets railway between squares {notation(i, board[i])!r} (side"
                    f" {'NESW'[si]}) and {notation(j, board[j])!r} (side {'NESW'[sj]}): only"
                    " a station joins them, so no legal board has this"
                )
            na, nb = 2 * i + a[1][si], 2 * j + b[1][sj]
            edges[va - 1].append((na, nb))
            while parent[na] != na:
                parent[na] = na = parent[parent[na]]
            while parent[nb] != nb:
                parent[nb] = nb = parent[parent[nb]]
            parent[na] = nb
        elif va:
            error_sides.append((i, si))
        elif vb:
            error_sides.append((j, sj))
    error_sides.sort()
    return parent, edges, error_sides


def _longest_trail(nodes: list[int], edges: list[tuple[int, int]]) -> list[int]:
    """The nodes of one longest trail over ``edges`` (pairs of nodes), in walking order.

    With no edge, a trail is one node (or none when ``nodes`` is empty).
    """
    if not edges:
        return nodes[:1]
    incident: dict[int, list[int]] = {}
    for e, (u, v) in enumerate(edges):
        incident.setdefault(u, []).append(e)
        incident.setdefault(v, []).append(e)
    chains = _fold_chains(edges, incident)
    steps, component, weights = _chain_components(chains)
    parity = {node: len(through) & 1 for node, through in incident.items()}
    best_walk = _best_walk(chains, steps, component, weights, parity)
    trail = [best_walk[0][1]]
    for c, start in best_walk:
        path = chains[c][2]
        trail.extend(path[1:] if path[0] == start else path[-2::-1])
    return trail


def _fold_chains(
    edges: list[tuple[int, int]], incident: dict[int, list[int]]
) -> list[tuple[int, int, list[int]]]:
    """Fold every chain through two-edge nodes into one edge (start, end, nodes from start)."""
    chains: list[tuple[int, int, list[int]]] = []
    done = bytearray(len(edges))

    def fold(start: int, e: int) -> None:
        path, node = [start], start
        while True:
            done[e] = 1
            u, v = edges[e]
            node = v if u == node else u
            path.append(node)
            through = incident[node]
            if len(through) != 2 or node == start:
                break
            e = through[0] if through[1] == e else through[1]
        chains.append((start, node, path))

    for node, through in incident.items():
        if len(through) != 2:
            for e in through:
                if not done[e]:
                    fold(node, e)
    for e, (u, _) in enumerate(edges):
        if not done[e]:  # a ring of two-edge nodes becomes a loop at one of them
            fold(u, e)
    return chains


def _chain_components(
    chains: list[tuple[int, int, list[int]]],
) -> tuple[dict[int, list[tuple[int, int, int]]], dict[int, int], list[int]]:
    """The chains at each node (chain, other end, length), each node's component, its edges."""
    steps: dict[int, list[tuple[int, int, int]]] = {}
    component: dict[int, int] = {}
    for c, (u, v, path) in enumerate(chains):
        steps.setdefault(u, []).append((c, v, len(path) - 1))
        if v != u:
            steps.setdefault(v, []).append((c, u, len(path) - 1))
    weights: list[int] = []  # edges per component
    for node in steps:
        if node not in component:
            component[node], todo = len(weights), [node]
            while todo:
                for _, other, _ in steps[todo.pop()]:
                    if other not in component:
                        component[other] = len(weights)
                        todo.append(other)
            weights.append(0)
    for u, _, path in chains:
        weights[component[u]] += len(path) - 1
    return steps, component, weights


def _best_walk(
    chains: list[tuple[int, int, list[int]]],
    steps: dict[int, list[tuple[int, int, int]]],
    component: dict[int, int],
    weights: list[int],
    parity: dict[int, int],
) -> list[tuple[int, int]]:
    """The chains of one longest trail, each with its start (``parity`` is left as it came)."""
    best, best_walk = 0, [(0, chains[0][0])]
    walk: list[tuple[int, int]] = []  # (chain, the end it is walked from)
    seen: set[tuple[int, int]] = set()
    target = 0

    def search(node: int, used: int, length: int, left: int, odd: int) -> bool:
        """Extend the trail at ``node``; True once it uses every edge of the component.

        ``odd`` counts nodes with an odd number of unused edges: each but the two ends of the
        rest of the trail must leave out one, and one left-out edge covers at most two.
        """
        nonlocal best, best_walk
        if length > best:
            best, best_walk = length, walk.copy()
            if length == target:
                return True
        here = parity[node]
        if length + left - (odd >> 1) + here <= best or (node, used) in seen:
            return False
        seen.add((node, used))
        for c, other, step in steps[node]:
            bit = 1 << c
            if used & bit:
                continue
            walk.append((c, node))
            if other == node:
                stop = search(node, used | bit, length + step, left - step, odd)
            else:
                there = parity[other]
                parity[node], parity[other] = here ^ 1, there ^ 1
                stop = search(
                    other, used | bit, length + step, left - step, odd + 2 - 2 * (here + there)
                )
                parity[node], parity[other] = here, there
            walk.pop()
            if stop:
                return True
        return False

    for index in sorted(range(len(weights)), key=weights.__getitem__, reverse=True):
        target = weights[index]
        if target <= best:
            break
        starts = [node for node in steps if component[node] == index]
        odd = sum(parity[node] for node in starts)
        for start in starts:
            if search(start, 0, 0, target, odd):
                break
    return best_walk
