"""Hypothesis strategies: random nested-dict trees and random graphs with cycles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

names = st.text(alphabet="abcdefgh", min_size=1, max_size=3)

trees: st.SearchStrategy[dict[str, Any]] = st.recursive(
    st.just({}),
    lambda children: st.dictionaries(names, children, max_size=4),
    max_leaves=30,
)


@st.composite
def graphs(draw: st.DrawFn, max_vertices: int = 25, weighted: bool = False) -> dict[int, Any]:
    """A directed graph {v: [neighbours]} (or {v: {n: w}}), cycles and self-loops allowed."""
    n = draw(st.integers(1, max_vertices))
    adj: dict[int, Any] = {}
    for v in range(n):
        nbrs = draw(st.lists(st.integers(0, n - 1), max_size=4, unique=True))
        if weighted:
            adj[v] = {u: draw(st.integers(1, 9)) for u in nbrs}
        else:
            adj[v] = nbrs
    return adj


@st.composite
def undirected_graphs(draw: st.DrawFn, max_vertices: int = 25) -> dict[int, list[int]]:
    """A symmetric graph: every edge listed both ways (lots of cycles)."""
    n = draw(st.integers(1, max_vertices))
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n))
    adj: dict[int, set[int]] = {v: set() for v in range(n)}
    for a, b in edges:
        if a != b:
            adj[a].add(b)
            adj[b].add(a)
    return {v: sorted(ns) for v, ns in adj.items()}


def bellman_ford(adj: Mapping[Any, Any], source: Any) -> dict[Any, Any]:
    """Independent shortest costs by repeated relaxation of every edge (slow, obviously right).

    ``adj`` maps a vertex to its neighbours: a list (every edge costs 1) or a dict
    ``{neighbour: weight}``.
    """
    dist: dict[Any, Any] = {source: 0}
    changed = True
    while changed:
        changed = False
        for v, nbrs in adj.items():
            if v not in dist:
                continue
            weighted = nbrs.items() if isinstance(nbrs, Mapping) else ((u, 1) for u in nbrs)
            for u, w in weighted:
                if u not in dist or dist[v] + w < dist[u]:
                    dist[u] = dist[v] + w
                    changed = True
    return dist


def reference_bfs(adj: dict[int, Any], source: int) -> dict[int, int]:
    """Independent shortest hop counts (Bellman-Ford with unit weights)."""
    unit = {v: list(nbrs) for v, nbrs in adj.items()}
    return bellman_ford(unit, source)
