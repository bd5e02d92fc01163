"""Search any explicit graph: adjacency lists (optionally weighted) as a game.

States are shared, immutable vertex objects created on first use, and each vertex's
children tuple is built once, so traversals pay no allocation per edge. This is what makes
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
        self._children: tuple[Vertex[V], ...] | None = None

    def get_children(self) -> tuple[Vertex[V], ...]:
        """The neighbour vertices, in the order of the adjacency list."""
        children = self._children
        if children is None:
            state = self.graph.state
            children = self._children = tuple(state(n) for n in self.graph.adjacency[self.id])
        return children

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
        self._states: dict[V, Vertex[V]] = {}

    def state(self, vertex: V) -> Vertex[V]:
        """The (shared) state standing on ``vertex``."""
        s = self._states.get(vertex)
        if s is None:
            if vertex not in self.adjacency:
                raise InvalidArgumentError(f"{vertex!r} is not a vertex of this graph")
            s = self._states[vertex] = Vertex(self, vertex)
        return s

    def __len__(self) -> int:
        return len(self.adjacency)

    def __repr__(self) -> str:
        kind = "weighted " if self.weights is not None else ""
        return f"<{kind}Graph with {len(self.adjacency)} vertices>"
