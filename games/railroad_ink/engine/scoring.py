"""The exact score of an array board, the one home of the scoring rules, and play-out helpers.

``score_parts`` returns exits, longest highway, longest railway, centre and errors, the five
parts of ``Score``, plus the *unfixable* errors (route sides facing a tile's blank side).
``score_details`` is the same score with what produced it, for ``rules.score``: the networks
(union-find roots), the error sides and one longest trail of each type, node by node; the
play-outs call ``score_parts``, which records nothing. ``clash`` finds a highway facing a
railway, which no legal board has. ``open_exit_points`` is the exit score the board could
still reach if every empty square a route can get to held a tile joining all its sides.

Networks are a union-find over nodes ``2 * square + group``. The longest trail folds chains of
two-sided nodes into weighted edges, then searches trails over them depth first with an
explicit stack (no recursion), pruning a branch once even every unused edge, less one for each
pair of odd nodes past the trail's two ends, cannot beat the best trail found.
"""

from __future__ import annotations

import numpy as np

from games._compile import jit
from games.railroad_ink.engine.tables import (
    CENTRE_AT,
    CONTACTS,
    EXIT_POINTS,
    EXIT_TABLE,
    OT_GROUP,
    OT_SIDES,
)

__all__ = [
    "clash",
    "longest_trail",
    "open_exit_points",
    "score_details",
    "score_parts",
    "total",
    "unfixable_errors",
]

_NODES = 98
_WALK = 86  # room for a trail's nodes: 84 contacts + 1, and one spare


@jit
def _find(parent: np.ndarray, node: int) -> int:
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node


@jit
def _union(parent: np.ndarray, a: int, b: int) -> None:
    ra, rb = _find(parent, a), _find(parent, b)
    if ra != rb:
        parent[ra] = rb


@jit
def _exit_node(tiles: np.ndarray, k: int, fill: bool) -> int:
    """The node exit ``k`` joins: a side of its type (or, with ``fill``, an empty square), or -1."""
    square, side = EXIT_TABLE[k, 0], EXIT_TABLE[k, 1]
    ot = tiles[square]
    if ot >= 0:
        return 2 * square + OT_GROUP[ot, side] if OT_SIDES[ot, side] == EXIT_TABLE[k, 2] else -1
    return 2 * square if fill else -1


@jit
def _exit_score(parent: np.ndarray, tiles: np.ndarray, fill: bool) -> int:
    """Exit points of the networks in ``parent``; with ``fill`` empty exit squares count too."""
    counts = np.zeros(_NODES, dtype=np.int64)
    for k in range(12):
        node = _exit_node(tiles, k, fill)
        if node >= 0:
            counts[_find(parent, node)] += 1
    points = 0
    for node in range(_NODES):
        points += EXIT_POINTS[counts[node]]
    return points


@jit
def score_parts(tiles: np.ndarray) -> tuple[int, int, int, int, int, int]:
    """``(exits, highway, railway, centre, errors, unfixable errors)`` of a board."""
    parent = np.arange(_NODES, dtype=np.int64)
    nothing = parent[:0]  # records nothing, allocates nothing
    return _score(tiles, parent, nothing, nothing, nothing)


@jit
def score_details(
    tiles: np.ndarray,
) -> tuple[
    tuple[int, int, int, int, int, int],
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
    np.ndarray,
]:
    """``score_parts`` with what produced it: ``(parts, roots, exits, errors, highway, railway)``.

    ``roots[node]`` is the network of node ``2 * square + group``; ``exits[k]`` the network
    exit ``k`` (a row of ``EXIT_TABLE``) joins, -1 if none; the error sides are codes
    ``4 * square + side`` in increasing order; ``highway`` and ``railway`` are the nodes of
    one longest trail of each type in walking order (a node once per visit).
    """
    parent = np.arange(_NODES, dtype=np.int64)
    sides = np.zeros(84, dtype=np.int64)
    highway = np.zeros(3 * _WALK, dtype=np.int64)  # the trail, then room for the search
    railway = np.zeros(3 * _WALK, dtype=np.int64)
    parts = _score(tiles, parent, sides, highway, railway)
    for node in range(_NODES):
        parent[node] = _find(parent, node)
    exits = np.full(12, -1, dtype=np.int64)
    for k in range(12):
        node = _exit_node(tiles, k, False)
        if node >= 0:
            exits[k] = parent[node]
    errors = np.sort(sides[: parts[4]])
    return parts, parent, exits, errors, highway[: parts[1]], railway[: parts[2]]


@jit
def clash(tiles: np.ndarray) -> int:
    """The first contact (a row of ``CONTACTS``) where a highway side meets a railway, or -1."""
    for c in range(CONTACTS.shape[0]):
        a, b = tiles[CONTACTS[c, 0]], tiles[CONTACTS[c, 2]]
        if a >= 0 and b >= 0:
            va, vb = OT_SIDES[a, CONTACTS[c, 1]], OT_SIDES[b, CONTACTS[c, 3]]
            if va != 0 and vb != 0 and va != vb:
                return c
    return -1


@jit
def _score(
    tiles: np.ndarray, parent: np.ndarray, sides: np.ndarray, hw: np.ndarray, rw: np.ndarray
) -> tuple[int, int, int, int, int, int]:
    """The score parts; records the error sides and the trails where their arrays are not empty."""
    edge_u = np.zeros((2, 84), dtype=np.int64)
    edge_v = np.zeros((2, 84), dtype=np.int64)
    edges = np.zeros(2, dtype=np.int64)
    errors = 0
    unfixable = 0
    record = sides.shape[0] > 0
    for c in range(CONTACTS.shape[0]):
        i, si, j, sj = CONTACTS[c, 0], CONTACTS[c, 1], CONTACTS[c, 2], CONTACTS[c, 3]
        a, b = tiles[i], tiles[j]
        va = OT_SIDES[a, si] if a >= 0 else 0
        vb = OT_SIDES[b, sj] if b >= 0 else 0
        if va != 0 and vb != 0:
            na, nb = 2 * i + OT_GROUP[a, si], 2 * j + OT_GROUP[b, sj]
            _union(parent, na, nb)
            t = va - 1
            edge_u[t, edges[t]] = na
            edge_v[t, edges[t]] = nb
            edges[t] += 1
        elif va != 0 or vb != 0:
            if record:
                sides[errors] = 4 * i + si if va != 0 else 4 * j + sj
            errors += 1
            if a >= 0 and b >= 0:
                unfixable += 1
    exits = _exit_score(parent, tiles, False)
    typed = np.zeros((2, _NODES), dtype=np.bool_)
    centre = 0
    for square in range(49):
        ot = tiles[square]
        if ot < 0:
            continue
        if CENTRE_AT[square]:
            centre += 1
        for side in range(4):
            v = OT_SIDES[ot, side]
            if v != 0:
                typed[v - 1, 2 * square + OT_GROUP[ot, side]] = True
    highway = _trail(typed[0], edge_u[0], edge_v[0], edges[0], hw)
    railway = _trail(typed[1], edge_u[1], edge_v[1], edges[1], rw)
    return exits, highway, railway, centre, errors, unfixable


@jit
def total(tiles: np.ndarray) -> int:
    """The total score: exits + highway + railway + centre - errors."""
    exits, highway, railway, centre, errors, _ = score_parts(tiles)
    return exits + highway + railway + centre - errors


@jit
def unfixable_errors(tiles: np.ndarray) -> int:
    """Route sides that face a neighbouring tile's blank side: errors no later tile can fix."""
    count = 0
    for c in range(CONTACTS.shape[0]):
        a, b = tiles[CONTACTS[c, 0]], tiles[CONTACTS[c, 2]]
        if (
            a >= 0
            and b >= 0
            and (OT_SIDES[a, CONTACTS[c, 1]] == 0) != (OT_SIDES[b, CONTACTS[c, 3]] == 0)
        ):
            count += 1
    return count


@jit
def open_exit_points(tiles: np.ndarray) -> int:
    """The exit score if every empty square reachable by a route joined all its sides.

    Empty squares join their empty neighbours and the route sides facing them, so each region
    of empty squares merges the networks around it; an empty exit square reaches its exit.
    """
    parent = np.arange(_NODES, dtype=np.int64)
    for c in range(CONTACTS.shape[0]):
        i, si, j, sj = CONTACTS[c, 0], CONTACTS[c, 1], CONTACTS[c, 2], CONTACTS[c, 3]
        a, b = tiles[i], tiles[j]
        if a >= 0 and b >= 0:
            if OT_SIDES[a, si] != 0 and OT_SIDES[b, sj] != 0:
                _union(parent, 2 * i + OT_GROUP[a, si], 2 * j + OT_GROUP[b, sj])
        elif a >= 0:
            if OT_SIDES[a, si] != 0:
                _union(parent, 2 * i + OT_GROUP[a, si], 2 * j)
        elif b >= 0:
            if OT_SIDES[b, sj] != 0:
                _union(parent, 2 * j + OT_GROUP[b, sj], 2 * i)
        else:
            _union(parent, 2 * i, 2 * j)
    return _exit_score(parent, tiles, True)


@jit
def longest_trail(typed: np.ndarray, eu: np.ndarray, ev: np.ndarray, ne: int) -> int:
    """The longest trail's value (contacts + 1) over edges ``eu[k], ev[k]`` (k < ``ne``).

    ``typed`` marks the nodes that carry the route type: with no edge a trail is one of them
    (1), or nothing (0).
    """
    return _trail(typed, eu, ev, ne, eu[:0])


@jit
def _trail(typed: np.ndarray, eu: np.ndarray, ev: np.ndarray, ne: int, walk: np.ndarray) -> int:
    """``longest_trail``, writing the trail's nodes in walking order into ``walk`` if not empty.

    A recording ``walk`` holds ``3 * 86`` entries: the trail, then room for the search.

    Hot loop: a compiled kernel kept in one function, since a call per step costs speed; the
    recording costs a test per better trail found and per chain folded.
    """
    record = walk.shape[0] > 0
    if ne == 0:
        for node in range(_NODES):
            if typed[node]:
                if record:
                    walk[0] = node
                return 1
        return 0
    degree = np.zeros(_NODES, dtype=np.int64)
    incident = np.zeros((_NODES, 4), dtype=np.int64)
    for e in range(ne):
        u, v = eu[e], ev[e]
        incident[u, degree[u]] = e
        degree[u] += 1
        incident[v, degree[v]] = e
        degree[v] += 1
    # Fold chains through two-edge nodes into weighted edges fa[k] - fb[k] of weight fw[k].
    fa = np.zeros(ne, dtype=np.int64)
    fb = np.zeros(ne, dtype=np.int64)
    fw = np.zeros(ne, dtype=np.int64)
    ffirst = walk[_WALK : 2 * _WALK]  # each chain's first edge, when recording
    nf = 0
    done = np.zeros(ne, dtype=np.bool_)
    for rings in range(2):  # first from nodes of other degrees, then the rings left over
        for first in range(ne):
            if done[first]:
                continue
            if rings == 0:
                u, v = eu[first], ev[first]
                start = u if degree[u] != 2 else (v if degree[v] != 2 else -1)
                if start < 0:
                    continue
            else:
                start = eu[first]
            e, node, weight = first, start, 0
            while True:
                done[e] = True
                weight += 1
                node = ev[e] if eu[e] == node else eu[e]
                if degree[node] != 2 or node == start:
                    break
                e = incident[node, 1] if incident[node, 0] == e else incident[node, 0]
            fa[nf], fb[nf], fw[nf] = start, node, weight
            if record:
                ffirst[nf] = first
            nf += 1
    # The folded graph: adjacency, parities, components with their total weight.
    fdeg = np.zeros(_NODES, dtype=np.int64)
    fadj = np.zeros((_NODES, 4), dtype=np.int64)
    parity = np.zeros(_NODES, dtype=np.int64)
    comp = np.arange(_NODES, dtype=np.int64)
    for k in range(nf):
        a, b = fa[k], fb[k]
        fadj[a, fdeg[a]] = k
        fdeg[a] += 1
        if b != a:
            fadj[b, fdeg[b]] = k
            fdeg[b] += 1
            parity[a] ^= 1
            parity[b] ^= 1
            _union(comp, a, b)
    weight_of = np.zeros(_NODES, dtype=np.int64)
    for k in range(nf):
        weight_of[_find(comp, fa[k])] += fw[k]
    best = 0
    used = np.zeros(nf, dtype=np.bool_)
    stack_node = np.zeros(nf + 1, dtype=np.int64)
    stack_next = np.zeros(nf + 1, dtype=np.int64)
    stack_edge = np.zeros(nf + 1, dtype=np.int64)
    best_edges = walk[2 * _WALK :]  # the best trail's chains, when recording
    best_depth, best_start = 0, -1
    tried = np.zeros(_NODES, dtype=np.bool_)
    # the components by weight, heaviest first (the first of equals), while one can beat best
    while True:
        r, target = -1, best
        for node in range(_NODES):
            if weight_of[node] > target and not tried[node]:
                r, target = node, weight_of[node]
        if r < 0:
            break
        tried[r] = True
        odd = 0
        for node in range(_NODES):
            if fdeg[node] > 0 and _find(comp, node) == r:
                odd += parity[node]
        for start in range(_NODES):
            if fdeg[start] == 0 or _find(comp, start) != r:
                continue
            depth, length, left = 0, 0, target
            stack_node[0], stack_next[0] = start, 0
            entering = True
            while depth >= 0 and best != target:
                node = stack_node[depth]
                go = -1
                if entering:
                    entering = False
                    if length > best:
                        best = length
                        if record:
                            best_depth, best_start = depth, stack_node[0]
                            best_edges[:depth] = stack_edge[1 : depth + 1]
                    if best == target or length + left - (odd >> 1) + parity[node] <= best:
                        stack_next[depth] = fdeg[node]  # nothing more from here
                k = stack_next[depth]
                while k < fdeg[node]:
                    fe = fadj[node, k]
                    k += 1
                    if not used[fe]:
                        go = fe
                        break
                stack_next[depth] = k
                if go >= 0:
                    other = fa[go] + fb[go] - node
                    used[go] = True
                    if other != node:
                        odd += 2 - 2 * (parity[node] + parity[other])
                        parity[node] ^= 1
                        parity[other] ^= 1
                    length += fw[go]
                    left -= fw[go]
                    depth += 1
                    stack_node[depth], stack_next[depth], stack_edge[depth] = other, 0, go
                    entering = True
                else:
                    if depth > 0:
                        back = stack_edge[depth]
                        prev = stack_node[depth - 1]
                        used[back] = False
                        length -= fw[back]
                        left += fw[back]
                        if prev != node:
                            parity[prev] ^= 1
                            parity[node] ^= 1
                            odd -= 2 - 2 * (parity[prev] + parity[node])
                    depth -= 1
            if best == target:
                break
    if record:
        _unfold(walk, best_start, best_edges[:best_depth], fa, fb, ffirst, eu, ev, degree, incident)
    return best + 1


@jit
def _unfold(
    walk: np.ndarray,
    start: int,
    chains: np.ndarray,
    fa: np.ndarray,
    fb: np.ndarray,
    ffirst: np.ndarray,
    eu: np.ndarray,
    ev: np.ndarray,
    degree: np.ndarray,
    incident: np.ndarray,
) -> None:
    """Write into ``walk`` the nodes of the trail that walks ``chains`` (folded) from ``start``."""
    walk[0] = start
    n, node = 1, start
    for fe in chains:
        e, at, first = ffirst[fe], fa[fe], n
        while True:  # the chain from its end fa, as folded
            at = ev[e] if eu[e] == at else eu[e]
            walk[n] = at
            n += 1
            if degree[at] != 2 or at == fa[fe]:
                break
            e = incident[at, 1] if incident[at, 0] == e else incident[at, 0]
        if node != fa[fe]:  # walked from its other end: reverse, ending at fa
            walk[first : n - 1] = walk[first : n - 1][::-1].copy()
            walk[n - 1] = fa[fe]
        node = walk[n - 1]
