"""Search any explicit graph: adjacency lists (optionally weighted) as a game.

States are shared, immutable vertex objects (one per vertex) whose children tuples are built
once with the graph, so traversals pay no allocation per edge. This is what makes
framework BFS competitive with a hand-written one over the same adjacency.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Generic, TypeVar

from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError

__all__ = ["Graph", "Vertex"]

V = TypeVar("V", bound=Hashable)


class Vertex(TreeIterator, Generic[V]):
    """A state standing on vertex ``id`` of a ``Graph``; its children are the neighbours."""

    __slots__ = ("_children", "graph", "id")

    def __init__(self, graph: Graph[V], vertex: V) -> None:
        self.graph = graph
        self.id = vertex
        self._children: tuple[Vertex[V], ...] = ()

    def get_children(self) -> tuple[Vertex[V], ...]:
        """The neighbour vertices, in the order of the adjacency list."""
        return self._children

    def is_terminal(self) -> bool:
        """A vertex with no outgoing edge is terminal."""
        return not self.graph.adjacency[self.id]

    def key(self) -> V:
        """The vertex itself."""
        return self.id

    def step_cost(self, child: Vertex[V]) -> float:
        """Edge weight to ``child`` (1 for unweighted graphs)."""
        weights = self.graph.weights
        return 1 if weights is None else weights[self.id][child.id]

    def __repr__(self) -> str:
        return f"Vertex({self.id!r})"


class Graph(Generic[V]):
    """A directed graph given as ``{vertex: neighbours}``; undirected graphs list both ways.

    Args:
        adjacency: neighbours of each vertex, in the order searches should see them.
            A mapping ``{v: {neighbour: weight}}`` makes a weighted graph.

    Examples:
        >>> g = Graph({0: [1, 2], 1: [2], 2: []})
        >>> [c.key() for c in g.state(0).get_children()]
        [1, 2]
    """

    def __init__(self, adjacency: Mapping[V, Iterable[V]] | Mapping[V, Mapping[V, float]]):
        if not isinstance(adjacency, Mapping):
            raise InvalidArgumentError(
                f"adjacency must be a mapping vertex -> neighbours, got {adjacency!r}"
            )
        adj: dict[V, Sequence[V]] = {}
        weights: dict[V, dict[V, float]] | None = None
        for v, nbrs in adjacency.items():
            if isinstance(nbrs, Mapping):
                weights = {} if weights is None else weights
                weights[v] = dict(nbrs)
                adj[v] = tuple(nbrs)
            else:
                adj[v] = tuple(nbrs)
        for v, nbrs in adj.items():
            for n in nbrs:
                if n not in adj:
                    raise InvalidArgumentError(
                        f"vertex {v!r} lists neighbour {n!r}, which is not a vertex of the "
                        "graph (every neighbour needs its own entry, even with no edges)"
                    )
        if weights is not None and len(weights) != len(adj):
            raise InvalidArgumentError("either every vertex has weighted edges or none has")
        self.adjacency = adj
        self.weights = weights
        states = self._states = {v: Vertex(self, v) for v in adj}
        lookup = states.__getitem__
        for v, state in states.items():
            state._children = tuple(map(lookup, adj[v]))

    @staticmethod
    def grid(width: int, height: int, *, wall_fraction: float = 0.0, seed: int = 0) -> Graph[int]:
        """A four-connected grid (cells ``row * width + col``) with random walls.

        Each edge between neighbouring cells is a wall with probability ``wall_fraction``,
        drawn from ``numpy.random.default_rng(seed)``; same seed, same grid.
        """
        import numpy as np

        for name, n in (("width", width), ("height", height)):
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise InvalidArgumentError(f"{name} must be an int >= 1, got {n!r}")
        if not 0.0 <= wall_fraction <= 1.0:
            raise InvalidArgumentError(f"wall_fraction must be in [0, 1], got {wall_fraction!r}")
        rng = np.random.default_rng(seed)
        right = rng.random((height, width - 1)) >= wall_fraction
        down = rng.random((height - 1, width)) >= wall_fraction
        adj: dict[int, list[int]] = {v: [] for v in range(width * height)}
        for r, c in zip(*np.nonzero(right), strict=True):
            a = int(r) * width + int(c)
            adj[a].append(a + 1)
            adj[a + 1].append(a)
        for r, c in zip(*np.nonzero(down), strict=True):
            a = int(r) * width + int(c)
            adj[a].append(a + width)
            adj[a + width].append(a)
        for nbrs in adj.values():
            nbrs.sort()
        return Graph(adj)

    def state(self, vertex: V) -> Vertex[V]:
        """The (shared) state standing on ``vertex``."""
        try:
            return self._states[vertex]
        except (KeyError, TypeError):
            raise InvalidArgumentError(f"{vertex!r} is not a vertex of this graph") from None

    def __len__(self) -> int:
        return len(self.adjacency)

    def __repr__(self) -> str:
        kind = "weighted " if self.weights is not None else ""
        return f"<{kind}Graph with {len(self.adjacency)} vertices>"
