from __future__ import annotations

import pytest

from games.graph import Graph
from treesearch import BFS, check_iterator
from treesearch.errors import InvalidArgumentError


def test_states_are_shared_and_children_cached() -> None:
    g = Graph({0: [1, 2], 1: [0], 2: []})
    s = g.state(0)
    assert g.state(0) is s
    assert s.get_children() is s.get_children()
    assert [c.key() for c in s.get_children()] == [1, 2]
    assert g.state(2).is_terminal() and not s.is_terminal()
    check_iterator(s)


def test_weighted_graph_costs() -> None:
    g = Graph({"a": {"b": 3}, "b": {"a": 3}})
    a = g.state("a")
    (b,) = a.get_children()
    assert a.step_cost(b) == 3 and Graph({0: [0]}).state(0).step_cost(Graph({0: []}).state(0)) == 1


def test_bfs_on_graph() -> None:
    g = Graph({0: [1], 1: [2], 2: [0], 3: []})
    assert BFS().run(g.state(0)).distances == {0: 0, 1: 1, 2: 2}


def test_unknown_neighbour_and_vertex() -> None:
    with pytest.raises(InvalidArgumentError, match="neighbour 9"):
        Graph({0: [9]})
    with pytest.raises(InvalidArgumentError, match="'x' is not a vertex"):
        Graph({0: []}).state("x")
    with pytest.raises(InvalidArgumentError, match="mapping"):
        Graph([[1]])  # type: ignore[arg-type]
