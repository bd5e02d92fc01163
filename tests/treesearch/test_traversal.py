from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import treesearch as ts
from games.dict_tree import DictTreeIterator
from games.graph import Graph
from observers import RecordingObserver
from tests.strategies import graphs, reference_bfs, trees, undirected_graphs
from treesearch import BFS, DFS, Budget, Status, TreeIterator
from treesearch.errors import (
    InvalidGoalError,
    MissingCapabilityError,
    NotATreeIteratorError,
    UnreachableError,
)
from treesearch.events import Pruned

BFS_ORDER = [
    "Root",
    "Algorithms",
    "Breadth-First",
    "Depth-First",
    "Other",
    "Backtracking",
    "Beam Search",
    "Monte Carlo Tree Search",
]
DFS_ORDER = [
    "Root",
    "Algorithms",
    "Breadth-First",
    "Depth-First",
    "Backtracking",
    "Beam Search",
    "Other",
    "Monte Carlo Tree Search",
]


@pytest.mark.parametrize("graph", [True, False])
def test_bfs_golden_trace(seed_tree: DictTreeIterator, graph: bool) -> None:
    rec = RecordingObserver()
    result = BFS(rec, graph=graph).run(seed_tree)
    assert [n for _, _, n in rec.trace()] == BFS_ORDER
    assert [d for _, d, _ in rec.trace()] == [0, 1, 2, 2, 2, 3, 3, 3]
    assert result.status is Status.EXHAUSTED
    assert result.stats.expanded == 8 and result.stats.visited == 8
    assert result.stats.max_depth == 3


@pytest.mark.parametrize("graph", [True, False])
def test_dfs_golden_trace(seed_tree: DictTreeIterator, graph: bool) -> None:
    rec = RecordingObserver()
    DFS(rec, graph=graph).run(seed_tree)
    assert [n for _, _, n in rec.trace()] == DFS_ORDER
    assert [d for _, d, _ in rec.trace()] == [0, 1, 2, 2, 3, 3, 2, 3]


def test_traversal_results_on_seed_tree(seed_tree: DictTreeIterator) -> None:
    result = BFS().run(seed_tree)
    mcts = ("Root", "Algorithms", "Other", "Monte Carlo Tree Search")
    assert result.distances is not None and result.distances[mcts] == 3
    assert result.find_route(mcts) == [mcts[:1], mcts[:2], mcts[:3], mcts]
    with pytest.raises(UnreachableError, match="Nowhere"):
        result.find_route(("Nowhere",))
    with pytest.raises(KeyError):  # UnreachableError is also a KeyError
        result.find_route(("Nowhere",))


def test_tree_mode_has_no_routing_table(seed_tree: DictTreeIterator) -> None:
    result = BFS(graph=False).run(seed_tree)
    assert result.routing_table is None
    with pytest.raises(MissingCapabilityError, match="routing table"):
        result.find_route(("Root",))


@pytest.mark.parametrize("search", [BFS, DFS])
@pytest.mark.parametrize("graph", [True, False])
def test_goal_predicate_and_path(seed_tree: DictTreeIterator, search: Any, graph: bool) -> None:
    result = search(goal=lambda s: s.name == "Beam Search", graph=graph).run(seed_tree)
    assert result.solved and result.best.name == "Beam Search"
    assert [s.name for s in result.path] == ["Root", "Algorithms", "Depth-First", "Beam Search"]


def test_goal_as_key_set(seed_tree: DictTreeIterator) -> None:
    target = ("Root", "Algorithms", "Other")
    result = BFS(goal={target}).run(seed_tree)
    assert result.solved and result.best.key() == target
    assert result.find_route(target) == [target[:1], target[:2], target]


def test_goal_at_start(seed_tree: DictTreeIterator) -> None:
    result = BFS(goal=lambda s: s.name == "Root").run(seed_tree)
    assert result.solved and result.path == (seed_tree,)


@pytest.mark.parametrize("bad", [24, "abc", 3.5, object()])
def test_bad_goal_is_rejected(bad: Any) -> None:
    with pytest.raises(InvalidGoalError, match=repr(bad)[:10]):
        BFS(goal=bad)


def test_unhashable_goal_keys() -> None:
    with pytest.raises(InvalidGoalError, match="hashable"):
        BFS(goal=[[1, 2]])


def test_key_goal_needs_keys() -> None:
    class Keyless(TreeIterator):
        def get_children(self) -> list[Keyless]:
            return []

    with pytest.raises(MissingCapabilityError, match="key"):
        BFS(goal={1}).run(Keyless())
    with pytest.raises(MissingCapabilityError, match="graph=True"):
        DFS(graph=True).run(Keyless())


class _BadChildren(TreeIterator):
    def get_children(self) -> list[Any]:
        return ["not a state"]


@pytest.mark.parametrize("search", [BFS, DFS])
def test_child_that_is_not_an_iterator(search: Any) -> None:
    with pytest.raises(NotATreeIteratorError, match="'not a state'"):
        search(graph=False).run(_BadChildren())


def test_start_that_is_not_an_iterator() -> None:
    with pytest.raises(NotATreeIteratorError, match="42"):
        BFS().run(42)


@given(graphs())
def test_bfs_distances_equal_reference(adj: dict[int, list[int]]) -> None:
    result = BFS().run(Graph(adj).state(0))
    assert result.distances == reference_bfs(adj, 0)
    assert result.stats.visited == len(result.distances)


@given(undirected_graphs(), st.sampled_from([BFS, DFS]))
def test_routing_table_is_a_tree_with_closer_parents(
    adj: dict[int, list[int]], search: Any
) -> None:
    rec = RecordingObserver()
    result = search(rec).run(Graph(adj).state(0))
    dist, table = result.distances, result.routing_table
    assert table is not None and dist is not None
    assert set(table) == set(dist) == set(reference_bfs(adj, 0))
    assert [k for k, p in table.items() if p is None] == [0]
    for k, parent in table.items():
        if parent is not None:
            assert k in adj[parent]  # a real edge
            assert dist[parent] == dist[k] - 1  # strictly closer, by one move
            route = result.find_route(k)
            assert route[0] == 0 and route[-1] == k and len(route) == dist[k] + 1
    # Every reachable key is entered exactly once.
    entered = [e.state.key() for e in rec.visits()]
    assert sorted(entered) == sorted(table)


@given(graphs(), st.integers(0, 24))
def test_bfs_goal_is_a_nearest_one(adj: dict[int, list[int]], target: int) -> None:
    ref = reference_bfs(adj, 0)
    result = BFS(goal={target}).run(Graph(adj).state(0))
    if target in ref:
        assert result.solved and len(result.path) - 1 == ref[target]
        assert [s.key() for s in result.path] == result.find_route(target)
    else:
        assert result.status is Status.EXHAUSTED and result.best is None


@given(trees)
def test_bfs_and_dfs_visit_the_same_tree_nodes(tree: dict[str, Any]) -> None:
    root = DictTreeIterator("r", tree)
    a = BFS(graph=False).run(root).stats.visited
    b = DFS(graph=False).run(root).stats.visited
    c = BFS().run(root).stats.visited
    assert a == b == c


def test_duplicates_are_counted_and_reported() -> None:
    rec = RecordingObserver()
    result = BFS(rec).run(Graph({0: [1, 2], 1: [2], 2: [0]}).state(0))
    pruned = [e for e in rec.events if isinstance(e, Pruned)]
    assert result.stats.duplicates == len(pruned) == 2


@pytest.mark.parametrize("search", [BFS, DFS])
def test_node_budget_stops_with_partial_tables(search: Any) -> None:
    n = 50
    adj = {v: [(v + 1) % n, (v - 1) % n] for v in range(n)}
    result = search(budget=Budget(max_nodes=5)).run(Graph(adj).state(0))
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_nodes"
    assert result.stats.expanded == 5
    assert 0 < len(result.distances) < n


@pytest.mark.parametrize("search", [BFS, DFS])
@pytest.mark.parametrize("graph", [True, False])
def test_depth_budget(seed_tree: DictTreeIterator, search: Any, graph: bool) -> None:
    result = search(budget=Budget(max_depth=2), graph=graph).run(seed_tree)
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_depth"
    assert result.stats.max_depth == 2 and result.stats.visited == 5


def test_depth_budget_that_cuts_nothing(seed_tree: DictTreeIterator) -> None:
    assert BFS(budget=Budget(max_depth=3)).run(seed_tree).status is Status.EXHAUSTED


def test_tree_search_on_cycle_is_bounded_by_budget() -> None:
    cycle = Graph({0: [1], 1: [0]})
    result = DFS(graph=False, budget=Budget(max_nodes=100)).run(cycle.state(0))
    assert result.status is Status.BUDGET_REACHED and result.stats.expanded == 100


def test_seconds_budget_ends_an_infinite_tree() -> None:
    class Counter(TreeIterator):
        __slots__ = ("n",)

        def __init__(self, n: int) -> None:
            self.n = n

        def get_children(self) -> list[Counter]:
            return [Counter(self.n + 1)]

    result = BFS(budget=Budget(seconds=0.05)).run(Counter(0))
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "seconds"


@dataclass(frozen=True)
class _Slide:
    """A state whose key is its tuple of tiles (as an 8-puzzle's would be)."""

    tiles: tuple[int, ...]

    def get_children(self) -> list[_Slide]:
        t = self.tiles
        return [_Slide(t[1:] + t[:1])] if t != (3, 1, 2) else []

    def key(self) -> tuple[int, ...]:
        return self.tiles

    def is_terminal(self) -> bool:
        return self.tiles == (3, 1, 2)

    def step_cost(self, child: _Slide) -> float:
        return 1.0


@pytest.mark.parametrize(
    "make",
    [
        lambda g: ts.BFS(goal=g),
        lambda g: ts.DFS(goal=g),
        lambda g: ts.IDDFS(goal=g),
        lambda g: ts.Backtracking(goal=g),
        lambda g: ts.Dijkstra(goal=g),
        lambda g: ts.RandomWalk(goal=g),
    ],
)
def test_a_goal_of_states_instead_of_keys_is_refused_naming_the_key(make: Any) -> None:
    with pytest.raises(InvalidGoalError, match=r"goal=\{\(3, 1, 2\)\}"):
        make({_Slide((3, 1, 2))})
    assert make({(3, 1, 2)}).run(_Slide((1, 2, 3))).solved  # the key itself works
