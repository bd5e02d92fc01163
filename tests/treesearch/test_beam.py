from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.dict_tree import DictTreeIterator
from games.graph import Graph
from observers import RecordingObserver
from tests.helpers import Boom, transcript
from tests.strategies import graphs, trees, undirected_graphs
from treesearch import BFS, Budget, Status, StopSearch, TreeIterator
from treesearch.beam import BeamSearch
from treesearch.errors import InvalidArgumentError, InvalidGoalError, InvalidValueError
from treesearch.events import Evaluated, Pruned


def name_value(s: Any) -> float:
    """A deterministic, tie-prone value of a dict-tree node."""
    return float(sum(map(ord, s.name)) * 7 % 5)


def name_len(s: Any) -> float:
    return len(s.name)


def greedy_descent(root: Any, value: Callable[[Any], float]) -> list[Any]:
    """Follow the first best child until a leaf."""
    path = [root]
    while children := list(path[-1].get_children()):
        best = children[0]
        for c in children[1:]:
            if value(c) > value(best):
                best = c
        path.append(best)
    return path


def assert_valid_path(path: tuple[Any, ...], start: Any, end: Any) -> None:
    assert path[0] is start and path[-1] is end
    for parent, child in itertools.pairwise(path):
        assert child in tuple(parent.get_children())


class Counter(TreeIterator):
    """An infinite tree: n -> n + 1, n + 2."""

    def __init__(self, n: int) -> None:
        self.n = n

    def get_children(self) -> list[Counter]:
        return [Counter(self.n + 1), Counter(self.n + 2)]


# -- golden traces ----------------------------------------------------------------------------
def test_golden_trace(seed_tree: DictTreeIterator) -> None:
    rec = RecordingObserver()
    result = BeamSearch(rec, width=2, value=lambda s: len(s.name)).run(seed_tree)
    assert transcript(rec) == [
        ("eval", "Root", 4.0),
        ("visit", "Root", 0),
        ("expand", "Root", 1),
        ("eval", "Algorithms", 10.0),
        ("visit", "Algorithms", 1),
        ("expand", "Algorithms", 3),
        ("eval", "Breadth-First", 13.0),
        ("eval", "Depth-First", 11.0),
        ("eval", "Other", 5.0),
        ("visit", "Breadth-First", 2),
        ("visit", "Depth-First", 2),
        ("prune", "Other", "beam"),
        ("expand", "Breadth-First", 0),
        ("solved", "Breadth-First", 13.0),
        ("expand", "Depth-First", 2),
        ("eval", "Backtracking", 12.0),
        ("eval", "Beam Search", 11.0),
        ("visit", "Backtracking", 3),
        ("visit", "Beam Search", 3),
        ("expand", "Backtracking", 0),
        ("expand", "Beam Search", 0),
    ]
    assert result.status is Status.EXHAUSTED and result.best.name == "Breadth-First"
    assert result.value == 13.0 and [s.name for s in result.path] == [
        "Root",
        "Algorithms",
        "Breadth-First",
    ]
    assert (result.stats.expanded, result.stats.visited, result.stats.max_depth) == (6, 6, 3)


def test_width_one_on_seed_tree(seed_tree: DictTreeIterator) -> None:
    result = BeamSearch(width=1, value=lambda s: -len(s.name)).run(seed_tree)
    assert [s.name for s in result.path] == [
        "Root",
        "Algorithms",
        "Other",
        "Monte Carlo Tree Search",
    ]
    assert result.value == -23.0 and result.stats.visited == 4


def test_ties_keep_generation_order() -> None:
    root = DictTreeIterator("r", {"a": {}, "b": {}, "c": {}, "d": {}})
    scores = {"r": 0, "a": 1, "b": 3, "c": 2, "d": 3}
    rec = RecordingObserver()
    result = BeamSearch(rec, width=2, value=lambda s: scores[s.name]).run(root)
    assert [s.name for s in rec.states] == ["r", "b", "d"]
    assert [e.state.name for e in rec.events if isinstance(e, Pruned)] == ["a", "c"]
    assert result.best.name == "b"  # the first of two equally good terminals
    deeper = DictTreeIterator("r", {"a": {}, "b": {"x": {}}, "c": {"y": {}}, "d": {"z": {}}})
    rec = RecordingObserver()
    BeamSearch(rec, width=3, value=lambda s: scores.get(s.name, 0)).run(deeper)
    # Survivors stay in generation order, so their children are generated in that order too.
    assert [s.name for s in rec.states] == ["r", "b", "c", "d", "x", "y", "z"]


def test_goal_is_found_before_the_beam_drops_it(seed_tree: DictTreeIterator) -> None:
    rec = RecordingObserver()
    result = BeamSearch(
        rec, width=1, value=lambda s: len(s.name), goal=lambda s: s.name == "Other"
    ).run(seed_tree)
    assert result.solved and result.value == 5.0
    assert [s.name for s in result.path] == ["Root", "Algorithms", "Other"]
    assert rec.trace()[-1] == ("enter", 2, "Other")
    key = ("Root", "Algorithms", "Depth-First")
    assert BeamSearch(width=1, value=name_value, goal={key}).run(seed_tree).best.key() == key
    assert BeamSearch(width=1, value=name_len, goal=lambda s: True).run(seed_tree).path == (
        seed_tree,
    )


# -- properties -------------------------------------------------------------------------------
@given(trees)
def test_width_one_is_greedy_descent(tree: dict[str, Any]) -> None:
    root = DictTreeIterator("r", tree)
    expected = greedy_descent(root, name_value)
    for graph in (True, False):
        result = BeamSearch(width=1, value=name_value, graph=graph).run(root)
        assert [s.key() for s in result.path] == [s.key() for s in expected]
        assert result.value == name_value(expected[-1]) and result.status is Status.EXHAUSTED


@given(graphs(), st.data())
def test_width_one_on_graphs_is_descent_without_revisits(
    adj: dict[int, list[int]], data: st.DataObject
) -> None:
    values = {v: data.draw(st.integers(0, 3)) for v in adj}
    start = Graph(adj).state(0)
    seen, path = {0}, [start]
    while True:  # descend to the first best neighbour never generated before
        raw = list(path[-1].get_children())
        fresh = [c for c in raw if c.id not in seen]
        seen.update(c.id for c in fresh)
        if not fresh:
            break
        path.append(max(fresh, key=lambda c: values[c.id]))  # max keeps the first best
    result = BeamSearch(width=1, value=lambda s: values[s.id]).run(start)
    best = path[-1] if not raw else max(path, key=lambda s: values[s.id])
    assert result.best is best and result.value == values[best.id]
    assert list(result.path) == path[: path.index(best) + 1]


@given(trees)
def test_unbounded_beam_is_bfs_level_order(tree: dict[str, Any]) -> None:
    root = DictTreeIterator("r", tree)
    for graph in (True, False):
        bfs, beam = RecordingObserver(), RecordingObserver()
        BFS(bfs, graph=graph).run(root)
        result = BeamSearch(beam, width=None, value=name_value, graph=graph).run(root)
        assert beam.trace() == bfs.trace()
        assert result.best.is_terminal() and result.value == max(
            name_value(s) for s in beam.states if s.is_terminal()
        )


@given(undirected_graphs(), st.integers(1, 4), st.data())
def test_beam_returns_valid_paths(
    adj: dict[int, list[int]], width: int, data: st.DataObject
) -> None:
    values = {v: data.draw(st.floats(-5, 5)) for v in adj}
    start = Graph(adj).state(0)
    rec = RecordingObserver()
    result = BeamSearch(rec, width=width, value=lambda s: values[s.id]).run(start)
    assert_valid_path(result.path, start, result.best)
    assert result.value == values[result.best.id]
    kept = [s.id for s in rec.states]
    assert len(kept) == len(set(kept)) == result.stats.visited  # each key once
    assert result.best.id in kept and result.value == max(values[k] for k in kept)
    dups = [e for e in rec.events if isinstance(e, Pruned) and e.reason == "duplicate"]
    assert len(dups) == result.stats.duplicates
    scored = [e.state.id for e in rec.events if isinstance(e, Evaluated)]
    assert len(scored) == len(set(scored))


# -- bad input --------------------------------------------------------------------------------
@pytest.mark.parametrize("width", [0, -1, 1.5, True, "3"])
def test_bad_width(width: Any) -> None:
    with pytest.raises(InvalidArgumentError, match=rf"width.*{re.escape(repr(width))}"):
        BeamSearch(width=width, value=name_len)


@pytest.mark.parametrize("value", [42, "score", None])
def test_value_must_be_callable(value: Any) -> None:
    with pytest.raises(InvalidArgumentError, match=repr(value)):
        BeamSearch(width=2, value=value)


def test_other_bad_arguments(seed_tree: DictTreeIterator) -> None:
    with pytest.raises(InvalidGoalError, match="'Root'"):
        BeamSearch(width=2, value=name_len, goal="Root")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"graph.*1"):
        BeamSearch(width=2, value=name_len, graph=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="NaN"):
        BeamSearch(width=2, value=lambda s: math.nan if s.name == "Other" else 1).run(seed_tree)


# -- budgets and stops ------------------------------------------------------------------------
def test_node_budget_returns_best_so_far() -> None:
    rec = RecordingObserver()
    result = BeamSearch(rec, width=2, value=lambda s: s.n, budget=Budget(max_nodes=5)).run(
        Counter(0)
    )
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_nodes"
    assert result.stats.expanded == 5
    assert [s.n for s in result.path] == [0, 2, 4, 6] and result.value == 6.0
    assert [s.n for s in rec.states] == [0, 1, 2, 3, 4, 5, 6]


def test_depth_budget(seed_tree: DictTreeIterator) -> None:
    result = BeamSearch(width=None, value=lambda s: -len(s.name), budget=Budget(max_depth=2)).run(
        seed_tree
    )
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_depth"
    assert result.best.name == "Root" and result.value == -4.0  # best seen, not terminal
    assert result.stats.max_depth == 2 and result.stats.expanded == 2
    full = BeamSearch(width=None, value=name_len, budget=Budget(max_depth=3)).run(seed_tree)
    assert full.status is Status.EXHAUSTED and full.best.name == "Monte Carlo Tree Search"


def test_tree_mode_on_a_cycle_is_bounded() -> None:
    cycle = Graph({0: [1], 1: [0, 2], 2: [0]})
    result = BeamSearch(
        width=1, value=lambda s: s.id, graph=False, budget=Budget(max_nodes=50)
    ).run(cycle.state(0))
    assert result.status is Status.BUDGET_REACHED and result.best.id == 2
    assert BeamSearch(width=1, value=lambda s: s.id).run(cycle.state(0)).best.id == 2


def test_seconds_budget() -> None:
    result = BeamSearch(width=3, value=lambda s: -s.n, budget=Budget(seconds=0.05)).run(Counter(0))
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "seconds"
    assert result.best.n == 0


def test_observers_closed_after_errors_and_stops(seed_tree: DictTreeIterator) -> None:
    first, last = RecordingObserver(), RecordingObserver()
    with pytest.raises(RuntimeError, match="observer failed"):
        BeamSearch(
            [first, Boom(3, RuntimeError("observer failed")), last], width=2, value=name_len
        ).run(seed_tree)
    assert first.closed == last.closed == 1
    rec = RecordingObserver()
    result = BeamSearch(
        [Boom(2, StopSearch("enough")), rec], width=2, value=lambda s: len(s.name)
    ).run(seed_tree)
    assert result.status is Status.STOPPED and rec.closed == 1 and len(rec.visits()) == 2
    assert result.best.name == "Algorithms"
    result = BeamSearch(Boom(1, StopSearch("now")), width=2, value=name_len).run(seed_tree)
    assert result.status is Status.STOPPED and result.path == (seed_tree,)
