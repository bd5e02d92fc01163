from __future__ import annotations

import tracemalloc
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from games.dict_tree import DictTreeIterator
from games.graph import Graph
from observers import RecordingObserver
from tests.strategies import reference_bfs, trees, undirected_graphs
from treesearch import BFS, IDDFS, Budget, Status, TreeIterator, VisitKind


def test_golden_trace(seed_tree: DictTreeIterator) -> None:
    rec = RecordingObserver()
    result = IDDFS(rec, goal=lambda s: s.name == "Beam Search").run(seed_tree)
    assert rec.trace() == [
        ("enter", 0, "Root"),
        ("restart", 0, "Root"),
        ("enter", 1, "Algorithms"),
        ("restart", 0, "Root"),
        ("enter", 1, "Algorithms"),
        ("enter", 2, "Breadth-First"),
        ("enter", 2, "Depth-First"),
        ("enter", 2, "Other"),
        ("restart", 0, "Root"),
        ("enter", 1, "Algorithms"),
        ("enter", 2, "Breadth-First"),
        ("enter", 2, "Depth-First"),
        ("enter", 3, "Backtracking"),
        ("enter", 3, "Beam Search"),
    ]
    assert result.solved and [s.name for s in result.path][-1] == "Beam Search"
    assert result.stats.iterations == 4


def test_exhausts_a_finite_tree(seed_tree: DictTreeIterator) -> None:
    result = IDDFS().run(seed_tree)
    assert result.status is Status.EXHAUSTED and result.best is None
    assert result.stats.iterations == 4


def _names_at_min_depth(tree: dict[str, Any], name: str, depth: int = 1) -> int | None:
    found = [depth for k in tree if k == name]
    deeper = [
        d for sub in tree.values() if (d := _names_at_min_depth(sub, name, depth + 1)) is not None
    ]
    return min(found + deeper) if found or deeper else None


@given(trees, st.sampled_from(["a", "b", "ab", "h"]))
def test_finds_a_shallowest_goal(tree: dict[str, Any], name: str) -> None:
    root = DictTreeIterator("root", tree)
    result = IDDFS(goal=lambda s: s.name == name).run(root)
    expected = _names_at_min_depth(tree, name)
    if expected is None:
        assert result.status is Status.EXHAUSTED
    else:
        assert result.solved and len(result.path) - 1 == expected
        assert len(BFS(goal=lambda s: s.name == name).run(root).path) == len(result.path)


@given(undirected_graphs(), st.integers(0, 24))
def test_terminates_on_cyclic_graphs_and_matches_bfs_depth(
    adj: dict[int, list[int]], target: int
) -> None:
    ref = reference_bfs(adj, 0)
    result = IDDFS(goal={target}, budget=Budget(max_depth=len(adj))).run(Graph(adj).state(0))
    if target in ref:
        assert result.solved and len(result.path) - 1 == ref[target]
    else:
        assert not result.solved


class _Ternary(TreeIterator):
    """A lazily generated complete ternary tree; nothing is stored between states."""

    __slots__ = ("depth", "label")

    def __init__(self, label: int, depth: int) -> None:
        self.label, self.depth = label, depth

    def get_children(self) -> list[_Ternary]:
        if self.depth == 9:
            return []
        return [_Ternary(self.label * 3 + i, self.depth + 1) for i in range(3)]


def _peak_bytes(search: Any) -> int:
    tracemalloc.start()
    try:
        result = search.run(_Ternary(0, 0))
        assert result.solved
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_grows_with_depth_not_width() -> None:
    """The last leaf of a 3^9 tree: BFS holds a whole level, IDDFS one path."""
    last = 3**9 - 1
    goal = lambda s: s.depth == 9 and s.label == last  # noqa: E731
    bfs = _peak_bytes(BFS(goal=goal, graph=False))
    iddfs = _peak_bytes(IDDFS(goal=goal))
    assert iddfs * 20 < bfs


def test_deep_chain() -> None:
    chain: dict[str, Any] = {}
    node = chain
    for i in range(200):
        node[f"n{i}"] = {}
        node = node[f"n{i}"]
    result = IDDFS(goal=lambda s: s.name == "n199", budget=Budget(max_iterations=300)).run(
        DictTreeIterator("root", chain)
    )
    assert result.solved and len(result.path) == 201
    assert result.stats.iterations == 201


def test_round_budget(seed_tree: DictTreeIterator) -> None:
    rec = RecordingObserver()
    result = IDDFS(rec, budget=Budget(max_iterations=2)).run(seed_tree)
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_iterations"
    assert len(rec.visits(VisitKind.RESTART)) == 1
