from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.dict_tree import DictTreeIterator
from observers import RecordingObserver
from tests.conftest import SEED_TREE
from tests.strategies import trees
from treesearch import Backtracking, Budget, Observer, Status, TreeIterator, VisitKind
from treesearch.errors import MissingCapabilityError


class MockObserver(Observer):
    def __init__(self) -> None:
        self.states: list[TreeIterator] = []

    def observe(self, state: TreeIterator) -> None:
        self.states.append(state)


def test_backtracking() -> None:
    """The seed article's test, as written there."""
    tree = {
        "Algorithms": {
            "Breadth-First": {},
            "Depth-First": {"Backtracking": {}, "Beam Search": {}},
            "Other": {"Monte Carlo Tree Search": {}},
        }
    }
    iterator = DictTreeIterator("Root", tree)
    observer = MockObserver()
    tree_search = Backtracking(observer)
    tree_search.run(iterator)
    assert [it.name for it in observer.states] == [  # type: ignore[attr-defined]
        "Root",
        "Algorithms",
        "Breadth-First",
        "Algorithms",
        "Depth-First",
        "Backtracking",
        "Depth-First",
        "Beam Search",
        "Depth-First",
        "Algorithms",
        "Other",
        "Monte Carlo Tree Search",
        "Other",
        "Algorithms",
        "Root",
    ]


def test_golden_trace_marks_returns(seed_tree: DictTreeIterator) -> None:
    rec = RecordingObserver()
    result = Backtracking(rec).run(seed_tree)
    assert rec.trace() == [
        ("enter", 0, "Root"),
        ("enter", 1, "Algorithms"),
        ("enter", 2, "Breadth-First"),
        ("return", 1, "Algorithms"),
        ("enter", 2, "Depth-First"),
        ("enter", 3, "Backtracking"),
        ("return", 2, "Depth-First"),
        ("enter", 3, "Beam Search"),
        ("return", 2, "Depth-First"),
        ("return", 1, "Algorithms"),
        ("enter", 2, "Other"),
        ("enter", 3, "Monte Carlo Tree Search"),
        ("return", 2, "Other"),
        ("return", 1, "Algorithms"),
        ("return", 0, "Root"),
    ]
    assert result.status is Status.EXHAUSTED
    assert result.stats.visited == 8 and result.stats.expanded == 8
    assert result.stats.max_depth == 3
    assert rec.closed == 1


def test_goal_stops_with_path(seed_tree: DictTreeIterator) -> None:
    result = Backtracking(goal=lambda s: s.name == "Beam Search").run(seed_tree)
    assert result.status is Status.SOLVED
    assert [s.name for s in result.path] == ["Root", "Algorithms", "Depth-First", "Beam Search"]


def test_value_keeps_best_leaf(seed_tree: DictTreeIterator) -> None:
    result = Backtracking(value=lambda s: len(s.name)).run(seed_tree)
    assert result.best.name == "Monte Carlo Tree Search"
    assert result.value == len("Monte Carlo Tree Search")
    assert [s.name for s in result.path][-2] == "Other"


def test_depth_budget(seed_tree: DictTreeIterator) -> None:
    rec = RecordingObserver()
    result = Backtracking(rec, budget=Budget(max_depth=1)).run(seed_tree)
    assert [n for _, _, n in rec.trace()] == ["Root", "Algorithms", "Root"]
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_depth"


def test_node_budget_returns_best_so_far(seed_tree: DictTreeIterator) -> None:
    result = Backtracking(value=lambda s: len(s.name), budget=Budget(max_nodes=4)).run(seed_tree)
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_nodes"
    assert result.stats.expanded == 4
    assert result.best.name == "Breadth-First"  # the only leaf reached so far


def test_graph_mode_visits_each_key_once() -> None:
    from games.graph import Graph

    g = Graph({0: [1, 2], 1: [0, 2], 2: [0, 1]})
    rec = RecordingObserver()
    result = Backtracking(rec, graph=True).run(g.state(0))
    assert [e.state.key() for e in rec.visits(VisitKind.ENTER)] == [0, 1, 2]
    assert result.stats.duplicates > 0


def test_graph_mode_needs_keys(seed_tree: Any) -> None:
    class Keyless(TreeIterator):
        def get_children(self) -> list[Keyless]:
            return []

    with pytest.raises(MissingCapabilityError, match="key"):
        Backtracking(graph=True).run(Keyless())


@given(trees)
def test_enter_and_return_counts(tree: dict[str, Any]) -> None:
    """Every node is entered once and every non-root node returns once to its parent."""
    rec = RecordingObserver()
    Backtracking(rec).run(DictTreeIterator("r", tree))
    n = 1 + _count(tree)
    assert len(rec.visits(VisitKind.ENTER)) == n
    assert len(rec.visits(VisitKind.RETURN)) == n - 1


def _count(tree: dict[str, Any]) -> int:
    return sum(1 + _count(sub) for sub in tree.values())


def test_seed_tree_constant_is_the_fixture(seed_tree: DictTreeIterator) -> None:
    assert seed_tree.children is SEED_TREE


@given(trees, st.integers(1, 40))
def test_node_budget_keeps_the_best_leaf_seen_so_far(tree: dict[str, Any], k: int) -> None:
    root = DictTreeIterator("r", tree)
    rec = RecordingObserver()
    score = lambda s: hash(s.key()) % 1000  # noqa: E731 - any deterministic score
    result = Backtracking(rec, value=score, budget=Budget(max_nodes=k)).run(root)
    total = 1 + _count(tree)
    entered = [e.state for e in rec.visits(VisitKind.ENTER)]
    # A budget stops the run when it tries to expand the state it entered last.
    expanded = entered if result.status is Status.EXHAUSTED else entered[:-1]
    leaves = [s for s in expanded if s.is_terminal()]
    if total <= k:
        assert result.status is Status.EXHAUSTED and len(entered) == total
    else:
        assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_nodes"
        assert result.stats.expanded == k
    if leaves:
        assert result.value == max(score(s) for s in leaves)
        assert result.path[-1] is result.best and result.path[0] is root
    else:
        assert result.best is None
