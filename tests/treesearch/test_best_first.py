from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.dict_tree import DictTreeIterator
from games.graph import Graph
from observers import RecordingObserver
from tests.helpers import transcript
from tests.strategies import bellman_ford, graphs, reference_bfs
from treesearch import BFS, Budget, Status, TreeIterator
from treesearch.best_first import AStar, Dijkstra, GreedyBestFirst
from treesearch.errors import (
    InvalidArgumentError,
    InvalidGoalError,
    InvalidValueError,
    MissingCapabilityError,
)
from treesearch.events import Pruned

Weighted = dict[int, dict[int, int]]
SEARCHES: list[Callable[..., Any]] = [
    Dijkstra,
    lambda *a, **k: AStar(*a, heuristic=lambda s: 0, **k),
    lambda *a, **k: GreedyBestFirst(*a, heuristic=lambda s: 0, **k),
]


# -- independent references -----------------------------------------------------------------
def reversed_graph(adj: Weighted) -> Weighted:
    rev: Weighted = {v: {} for v in adj}
    for v, nbrs in adj.items():
        for u, w in nbrs.items():
            rev[u][v] = w
    return rev


def assert_valid_path(path: tuple[Any, ...], start: Any, end: Any) -> float:
    """Consecutive states are parent and child; return the path's cost."""
    assert path[0] is start and path[-1] is end
    cost: float = 0
    for parent, child in itertools.pairwise(path):
        assert child in tuple(parent.get_children())
        cost += parent.step_cost(child)
    return cost


# -- the PyRat reference maze (GAMES.md 1.6) ----------------------------------------------
MAZE_EDGES = (
    "0-5 2-3 2-7 5-6 5-10 6-7 6-11:8 7-8:6 8-9:9 8-13 10-11 10-15:9 11-16 13-18:6 14-19 "
    "15-16:4 15-20 16-17 16-21 17-18:5 17-22 18-19 18-23 19-24 21-22"
)


def pyrat_maze() -> Graph[int]:
    adj: Weighted = {v: {} for v in range(25) if v not in (1, 4, 12)}
    for edge in MAZE_EDGES.split():
        ends, _, weight = edge.partition(":")
        a, b = map(int, ends.split("-"))
        adj[a][b] = adj[b][a] = int(weight or 1)
    return Graph({v: dict(sorted(nbrs.items())) for v, nbrs in adj.items()})


def test_dijkstra_on_the_pyrat_reference_maze() -> None:
    result = Dijkstra().run(pyrat_maze().state(0))
    d = result.distances
    assert d is not None and (d[11], d[22], d[24]) == (3, 6, 12)
    assert result.find_route(22) == [0, 5, 10, 11, 16, 17, 22]
    assert d == bellman_ford(pyrat_maze().weights or {}, 0)
    assert result.status is Status.EXHAUSTED and result.best is None


def test_dijkstra_goal_on_the_pyrat_maze() -> None:
    maze = pyrat_maze()
    result = Dijkstra(goal={22}).run(maze.state(0))
    assert result.solved and result.value == 6 and result.best is maze.state(22)
    assert [s.key() for s in result.path] == [0, 5, 10, 11, 16, 17, 22]
    assert assert_valid_path(result.path, maze.state(0), maze.state(22)) == 6


# -- random weighted graphs -----------------------------------------------------------------
@given(graphs(weighted=True))
def test_dijkstra_distances_equal_bellman_ford(adj: Weighted) -> None:
    result = Dijkstra().run(Graph(adj).state(0))
    ref = bellman_ford(adj, 0)
    assert result.distances == ref
    table = result.routing_table
    assert table is not None and set(table) == set(ref) and table[0] is None
    for k, parent in table.items():
        if parent is not None:
            assert ref[parent] + adj[parent][k] == ref[k]  # a tight edge of a cheapest route
    assert result.stats.visited == len(ref)


@given(graphs(weighted=True), st.integers(0, 24))
def test_zero_heuristic_astar_equals_dijkstra(adj: Weighted, target: int) -> None:
    start = Graph(adj).state(0)
    rec_d, rec_a = RecordingObserver(), RecordingObserver()
    d = Dijkstra(rec_d, goal={target}).run(start)
    a = AStar(rec_a, heuristic=lambda s: 0, goal={target}).run(start)
    assert a.distances == d.distances and a.value == d.value and a.status is d.status
    assert [e.state for e in rec_a.visits()] == [e.state for e in rec_d.visits()]
    full = AStar(heuristic=lambda s: 0).run(start)
    assert full.distances == bellman_ford(adj, 0)


@settings(max_examples=60)
@given(graphs(weighted=True), st.integers(0, 24), st.data())
def test_astar_with_admissible_heuristics_is_optimal(
    adj: Weighted, target: int, data: st.DataObject
) -> None:
    if target not in adj:
        target = len(adj) - 1
    to_goal = bellman_ford(reversed_graph(adj), target)  # exact cost to the goal
    # Any value in [0, exact] is admissible; random fractions make it inconsistent too.
    scale = {v: data.draw(st.sampled_from([0, 0.25, 0.5, 1])) for v in adj}

    def h(s: Any) -> float:
        return scale[s.id] * to_goal.get(s.id, 0)

    start = Graph(adj).state(0)
    ref = bellman_ford(adj, 0)
    for heuristic in (h, lambda s: 0.5 * to_goal.get(s.id, 0)):
        result = AStar(heuristic=heuristic, goal={target}).run(start)
        if target in ref:
            assert result.solved and result.value == ref[target]
            assert assert_valid_path(result.path, start, result.best) == ref[target]
            assert [s.key() for s in result.path] == result.find_route(target)
        else:
            assert result.status is Status.EXHAUSTED and result.best is None


def test_astar_reopens_a_key_for_an_inconsistent_heuristic() -> None:
    # S=0, A=1, B=2, C=3, G=4. h(B)=4 is admissible (B->C->G costs 4) but not consistent,
    # so C is first settled through A at cost 4, then reopened at cost 3 through B.
    g = Graph({0: {1: 1, 2: 2}, 1: {3: 3}, 2: {3: 1}, 3: {4: 3}, 4: {}})
    h = {0: 0, 1: 0, 2: 4, 3: 0, 4: 0}
    rec = RecordingObserver()
    result = AStar(rec, heuristic=lambda s: h[s.id], goal={4}).run(g.state(0))
    assert result.solved and result.value == 6
    assert result.find_route(4) == [0, 2, 3, 4]
    assert [e.state.id for e in rec.visits()] == [0, 1, 3, 2, 3, 4]
    assert result.distances == {0: 0, 1: 1, 2: 2, 3: 3, 4: 6}


@settings(max_examples=30)
@given(st.integers(2, 12), st.integers(2, 12), st.integers(0, 10**6), st.data())
def test_astar_on_grids_with_manhattan_settles_each_cell_once(
    width: int, height: int, seed: int, data: st.DataObject
) -> None:
    grid = Graph.grid(width, height, wall_fraction=0.3, seed=seed)
    target = data.draw(st.integers(0, width * height - 1))
    tr, tc = divmod(target, width)

    def manhattan(s: Any) -> int:
        r, c = divmod(s.id, width)
        return abs(r - tr) + abs(c - tc)

    rec = RecordingObserver()
    result = AStar(rec, heuristic=manhattan, goal={target}).run(grid.state(0))
    ref = reference_bfs(grid.adjacency, 0)
    settled = [e.state.id for e in rec.visits()]
    assert len(settled) == len(set(settled)) == result.stats.visited
    if target in ref:
        assert result.solved and result.value == ref[target]
        assert result.stats.expanded <= Dijkstra(goal={target}).run(grid.state(0)).stats.expanded
    else:
        assert not result.solved and set(settled) == set(ref)


@given(graphs(weighted=True), st.integers(0, 24), st.data())
def test_greedy_returns_a_valid_path(adj: Weighted, target: int, data: st.DataObject) -> None:
    h = {v: data.draw(st.integers(0, 20)) for v in adj}
    start = Graph(adj).state(0)
    result = GreedyBestFirst(heuristic=lambda s: h[s.id], goal={target}).run(start)
    if target in bellman_ford(adj, 0):
        assert result.solved and result.best.key() == target
        cost = assert_valid_path(result.path, start, result.best)
        assert result.value == cost == result.distances[target]
        assert [s.key() for s in result.path] == result.find_route(target)
    else:
        assert result.status is Status.EXHAUSTED and result.best is None
        assert set(result.distances) == set(bellman_ford(adj, 0))  # each key once


@settings(max_examples=40)
@given(graphs(max_vertices=7, weighted=True), st.integers(0, 6))
def test_tree_mode_finds_the_same_cost(adj: Weighted, target: int) -> None:
    start = Graph(adj).state(0)
    ref = bellman_ford(adj, 0)
    result = Dijkstra(
        goal=lambda s: s.id == target, graph=False, budget=Budget(max_nodes=3000)
    ).run(start)
    assert result.distances is None and result.routing_table is None
    if target in ref:  # costs >= 1 bound the tree search before the goal
        assert result.solved and result.value == ref[target]
        assert assert_valid_path(result.path, start, result.best) == ref[target]
    else:  # the tree is infinite when there is a cycle, else exhausted
        assert not result.solved


# -- golden traces on the seed tree ---------------------------------------------------------
def test_dijkstra_golden_trace(seed_tree: DictTreeIterator) -> None:
    rec = RecordingObserver()
    result = Dijkstra(rec, goal=lambda s: s.name == "Beam Search").run(seed_tree)
    assert transcript(rec) == [
        ("visit", "Root", 0),
        ("expand", "Root", 1),
        ("visit", "Algorithms", 1),
        ("expand", "Algorithms", 3),
        ("visit", "Breadth-First", 2),
        ("expand", "Breadth-First", 0),
        ("visit", "Depth-First", 2),
        ("expand", "Depth-First", 2),
        ("visit", "Other", 2),
        ("expand", "Other", 1),
        ("visit", "Backtracking", 3),
        ("expand", "Backtracking", 0),
        ("visit", "Beam Search", 3),
        ("solved", "Beam Search", 3),
    ]
    assert [s.name for s in result.path] == ["Root", "Algorithms", "Depth-First", "Beam Search"]
    assert result.stats.expanded == 6 and result.stats.visited == 7


@pytest.mark.parametrize("graph", [True, False])
def test_greedy_golden_trace(seed_tree: DictTreeIterator, graph: bool) -> None:
    rec = RecordingObserver()
    result = GreedyBestFirst(rec, heuristic=lambda s: len(s.name), graph=graph).run(seed_tree)
    assert [(n, d) for _, d, n in rec.trace()] == [
        ("Root", 0),
        ("Algorithms", 1),
        ("Other", 2),
        ("Depth-First", 2),
        ("Beam Search", 3),
        ("Backtracking", 3),
        ("Breadth-First", 2),
        ("Monte Carlo Tree Search", 3),
    ]
    parents = [e.parent.name if e.parent else None for e in rec.visits()]
    assert parents == [
        None,
        "Root",
        "Algorithms",
        "Algorithms",
        "Depth-First",
        "Depth-First",
        "Algorithms",
        "Other",
    ]
    assert result.status is Status.EXHAUSTED and result.stats.expanded == 8


def test_duplicates_and_stale_entries_are_pruned_and_counted() -> None:
    # 0 -> 2 directly costs 5, through 1 costs 2: the first push of 2 becomes stale.
    g = Graph({0: {2: 5, 1: 1}, 1: {2: 1, 0: 1}, 2: {0: 1}})
    rec = RecordingObserver()
    result = Dijkstra(rec).run(g.state(0))
    pruned = [(e.state.id, e.depth) for e in rec.events if isinstance(e, Pruned)]
    # 1 -> 0 and 2 -> 0 at generation, the stale (2, cost 5) entry when popped.
    assert sorted(pruned) == [(0, 2), (0, 3), (2, 1)]
    assert result.stats.duplicates == 3 and result.distances == {0: 0, 1: 1, 2: 2}


def test_float_costs_sum_as_floats() -> None:
    g = Graph({"a": {"b": 0.5}, "b": {"c": 0.25}, "c": {}})
    result = Dijkstra().run(g.state("a"))
    assert result.distances == {"a": 0, "b": 0.5, "c": 0.75}
    assert isinstance(result.distances["a"], int)


# -- bad input --------------------------------------------------------------------------------
@pytest.mark.parametrize("search", [AStar, GreedyBestFirst])
@pytest.mark.parametrize("bad", [42, "manhattan", None])
def test_heuristic_must_be_callable(search: Any, bad: Any) -> None:
    with pytest.raises(InvalidArgumentError, match=repr(bad)):
        search(heuristic=bad)


def test_other_bad_arguments() -> None:
    with pytest.raises(InvalidArgumentError, match="'yes'"):
        Dijkstra(graph="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidGoalError, match="24"):
        Dijkstra(goal=24)  # type: ignore[arg-type]
    for search in (AStar, GreedyBestFirst):  # the public class and the fix, not _Informed
        with pytest.raises(InvalidArgumentError, match=rf"^{search.__name__} needs heuristic="):
            search()
        with pytest.raises(InvalidArgumentError, match=rf"^{search.__name__}: heuristic .* 3"):
            search(heuristic=3)  # type: ignore[arg-type]


@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("cost", [-1, -0.5, math.nan, "far"])
def test_bad_step_costs_are_rejected(search: Any, cost: Any) -> None:
    class Bad(TreeIterator):
        def get_children(self) -> list[DictTreeIterator]:
            return [DictTreeIterator("child", {})]

        def step_cost(self, child: Any) -> Any:
            return cost

        def __repr__(self) -> str:
            return "Bad()"

    with pytest.raises(InvalidValueError, match=rf"Bad\(\).*{re.escape(repr(cost))}"):
        search(graph=False).run(Bad())


def test_negative_weight_in_a_graph() -> None:
    g = Graph({0: {1: 2}, 1: {2: -3}, 2: {}})
    with pytest.raises(InvalidValueError, match=r"Vertex\(1\).*-3"):
        Dijkstra().run(g.state(0))


@pytest.mark.parametrize("search", [AStar, GreedyBestFirst])
@pytest.mark.parametrize("bad", [math.nan, "near", None])
def test_bad_heuristic_values_are_rejected(search: Any, bad: Any) -> None:
    g = Graph({0: [1], 1: []})
    with pytest.raises(InvalidValueError, match=r"NaN|'near'|None"):
        search(heuristic=lambda s: bad if s.id == 1 else 0).run(g.state(0))


def test_key_goal_needs_keys() -> None:
    class Keyless(TreeIterator):
        def get_children(self) -> list[Keyless]:
            return []

    with pytest.raises(MissingCapabilityError, match="key"):
        Dijkstra(goal={1}, graph=False).run(Keyless())


def test_key_goal_in_a_tree_search_of_keyed_states() -> None:
    """graph=False only turns duplicate detection off: a goal given as keys still works."""
    g = Graph({0: {1: 4, 2: 1}, 1: {3: 1}, 2: {1: 1}, 3: {}})
    result = Dijkstra(goal={3}, graph=False).run(g.state(0))
    assert result.solved and result.value == 3 and result.routing_table is None


# -- budgets and stops -----------------------------------------------------------------------
def _ring(n: int) -> Graph[int]:
    return Graph({v: {(v + 1) % n: 1, (v - 1) % n: 2} for v in range(n)})


@pytest.mark.parametrize("search", SEARCHES)
def test_node_budget_keeps_partial_tables(search: Any) -> None:
    result = search(budget=Budget(max_nodes=5), goal={25}).run(_ring(50).state(0))
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_nodes"
    assert result.stats.expanded == 5
    assert result.distances is not None and 5 <= len(result.distances) < 50


def test_astar_budget_returns_the_most_promising_state() -> None:
    ring = _ring(50)
    result = AStar(heuristic=lambda s: abs(25 - s.id), goal={25}, budget=Budget(max_nodes=10)).run(
        ring.state(0)
    )
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_nodes"
    assert result.best is ring.state(10) and result.value == 10
    assert [s.id for s in result.path] == list(range(11))


@pytest.mark.parametrize("graph", [True, False])
def test_depth_budget(seed_tree: DictTreeIterator, graph: bool) -> None:
    result = GreedyBestFirst(
        heuristic=lambda s: -len(s.name), graph=graph, budget=Budget(max_depth=2)
    ).run(seed_tree)
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_depth"
    assert result.stats.max_depth == 2 and result.stats.visited == 5
    assert result.best.name == "Breadth-First" and len(result.path) == 3
    assert Dijkstra(budget=Budget(max_depth=3)).run(seed_tree).status is Status.EXHAUSTED


def test_tree_search_on_a_cycle_is_bounded() -> None:
    result = Dijkstra(graph=False, budget=Budget(max_nodes=100)).run(_ring(3).state(0))
    assert result.status is Status.BUDGET_REACHED and result.stats.expanded == 100


def test_seconds_budget_ends_an_infinite_tree() -> None:
    class Counter(TreeIterator):
        def __init__(self, n: int) -> None:
            self.n = n

        def get_children(self) -> list[Counter]:
            return [Counter(self.n + 1), Counter(self.n + 2)]

    result = AStar(heuristic=lambda s: 1, budget=Budget(seconds=0.05)).run(Counter(0))
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "seconds"
    assert result.best is not None and result.path[0].n == 0


def test_unit_costs_match_bfs_on_trees(seed_tree: DictTreeIterator) -> None:
    assert Dijkstra().run(seed_tree).distances == BFS().run(seed_tree).distances


@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("graph", [True, False])
def test_goal_at_start(seed_tree: DictTreeIterator, search: Any, graph: bool) -> None:
    result = search(goal=lambda s: s.name == "Root", graph=graph).run(seed_tree)
    assert result.solved and result.path == (seed_tree,) and result.value == 0
    assert result.stats.expanded == 0
