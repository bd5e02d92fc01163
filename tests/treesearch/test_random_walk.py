from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.dict_tree import DictTreeIterator
from games.graph import Graph
from observers import RecordingObserver
from tests.strategies import trees, undirected_graphs
from treesearch import Budget, RandomWalk, Status, VisitKind
from treesearch.errors import InvalidArgumentError


def _trace(search: RandomWalk, start: Any) -> list[Any]:
    rec = RecordingObserver()
    search.run(start, observers=[rec])
    return [(e.kind, e.state.key()) for e in rec.visits()]


@given(trees, st.integers(0, 2**32))
def test_same_seed_same_walks(tree: dict[str, Any], seed: int) -> None:
    root = DictTreeIterator("r", tree)
    walk = RandomWalk(rng=seed, episodes=3)
    assert _trace(walk, root) == _trace(walk, root)  # an int seed replays each run
    assert _trace(RandomWalk(rng=seed, episodes=3), root) == _trace(walk, root)


def test_different_seeds_differ() -> None:
    wide = DictTreeIterator("r", {str(i): {} for i in range(50)})
    traces = {tuple(_trace(RandomWalk(rng=s, episodes=5), wide)) for s in range(10)}
    assert len(traces) > 1


def test_generator_is_consumed() -> None:
    wide = DictTreeIterator("r", {str(i): {} for i in range(1000)})
    walk = RandomWalk(rng=np.random.default_rng(1))
    first, second = walk.run(wide).best, walk.run(wide).best
    assert first != second
    walk_again = RandomWalk(rng=np.random.default_rng(1))
    assert walk_again.run(wide).best == first


def test_does_not_touch_global_random_state() -> None:
    import random

    random.seed(5)
    np.random.seed(5)
    a, b = random.random(), np.random.random()
    random.seed(5)
    np.random.seed(5)
    RandomWalk(rng=3, episodes=10).run(DictTreeIterator("r", {"a": {}, "b": {}}))
    assert (random.random(), np.random.random()) == (a, b)


def test_episodes_restart_and_end_at_leaves(seed_tree: DictTreeIterator) -> None:
    rec = RecordingObserver()
    result = RandomWalk(rec, rng=0, episodes=4).run(seed_tree)
    assert len(rec.visits(VisitKind.RESTART)) == 3
    assert result.status is Status.EXHAUSTED and result.stats.iterations == 4
    assert result.best.is_terminal()
    assert result.path[0] is seed_tree and result.path[-1] is result.best


def test_value_keeps_the_best_episode(seed_tree: DictTreeIterator) -> None:
    result = RandomWalk(rng=0, episodes=50, value=lambda s: len(s.name)).run(seed_tree)
    assert result.best.name == "Monte Carlo Tree Search" and result.value == 23
    assert [s.name for s in result.path] == [
        "Root",
        "Algorithms",
        "Other",
        "Monte Carlo Tree Search",
    ]


@given(undirected_graphs())
def test_self_avoiding_walk_ends_on_cyclic_graphs(adj: dict[int, list[int]]) -> None:
    result = RandomWalk(rng=0, episodes=5).run(Graph(adj).state(0))
    keys = [s.key() for s in result.path]
    assert len(keys) == len(set(keys))
    for a, b in itertools.pairwise(keys):
        assert b in adj[a]


def test_plain_walk_on_a_cycle_needs_a_budget() -> None:
    cycle = Graph({0: [1], 1: [0]}).state(0)
    result = RandomWalk(rng=0, graph=False, budget=Budget(max_depth=7)).run(cycle)
    assert len(result.path) == 8
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_depth"


def test_iteration_budget() -> None:
    result = RandomWalk(rng=0, episodes=None, budget=Budget(max_iterations=6)).run(
        DictTreeIterator("r", {"a": {}})
    )
    assert result.stats.iterations == 6
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_iterations"


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "3"])
def test_bad_episodes(bad: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="episodes"):
        RandomWalk(episodes=bad)


def test_unbounded_episodes_need_a_budget() -> None:
    with pytest.raises(InvalidArgumentError, match="budget"):
        RandomWalk(episodes=None)


@pytest.mark.parametrize("bad", [-1, 1.5, "seed", True])
def test_bad_rng(bad: Any) -> None:
    with pytest.raises(InvalidArgumentError, match="rng"):
        RandomWalk(rng=bad)


def test_nan_value_is_an_error() -> None:
    from treesearch.errors import InvalidValueError

    with pytest.raises(InvalidValueError, match="NaN"):
        RandomWalk(rng=0, value=lambda s: float("nan")).run(DictTreeIterator("r", {}))


def test_golden_trace_on_the_seed_tree(seed_tree: DictTreeIterator) -> None:
    rec = RecordingObserver()
    RandomWalk(rec, rng=0, episodes=3).run(seed_tree)
    assert rec.trace() == [
        ("enter", 0, "Root"),
        ("enter", 1, "Algorithms"),
        ("enter", 2, "Breadth-First"),
        ("restart", 0, "Root"),
        ("enter", 1, "Algorithms"),
        ("enter", 2, "Breadth-First"),
        ("restart", 0, "Root"),
        ("enter", 1, "Algorithms"),
        ("enter", 2, "Depth-First"),
        ("enter", 3, "Beam Search"),
    ]
