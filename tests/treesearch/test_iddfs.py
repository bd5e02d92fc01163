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
from treesearch.events import SolutionImproved


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
    assert result.stats.iterations < 40  # deeper rounds jump several plies on a chain


class _Chain(TreeIterator):
    """A keyless chain of ``n`` moves (its end is terminal)."""

    __slots__ = ("i", "n")

    def __init__(self, i: int, n: int) -> None:
        self.i, self.n = i, n

    def get_children(self) -> list[_Chain]:
        return [_Chain(self.i + 1, self.n)] if self.i < self.n else []


def test_a_100000_deep_chain_takes_linear_work() -> None:
    # Before: one ply per round, ~5e9 visits (about an hour); now about 3 visits per state.
    result = IDDFS(goal=lambda s: s.i == 100_000).run(_Chain(0, 100_000))
    assert result.solved and result.best.i == 100_000 and len(result.path) == 100_001
    assert result.stats.visited < 4 * 100_000 and result.stats.iterations < 60


class _Fork(TreeIterator):
    """A chain to depth 30, then two chains: goals at depth 52 (left) and 50 (right)."""

    __slots__ = ("depth", "side")

    def __init__(self, depth: int = 0, side: str = "") -> None:
        self.depth, self.side = depth, side

    def get_children(self) -> list[_Fork]:
        if self.depth == 30:
            return [_Fork(31, "left"), _Fork(31, "right")]
        return [_Fork(self.depth + 1, self.side)] if self.depth < 80 else []

    def is_goal(self) -> bool:
        return (self.side, self.depth) in (("left", 52), ("right", 50))


def test_a_round_that_jumps_still_finds_a_shallowest_goal() -> None:
    rec = RecordingObserver()
    result = IDDFS(rec, goal=lambda s: s.is_goal()).run(_Fork())
    assert result.solved and (result.best.side, result.best.depth) == ("right", 50)
    assert result.stats.iterations < 50  # some round went several plies deeper
    improved = [e.state.depth for e in rec.events if isinstance(e, SolutionImproved)]
    assert improved == [52, 50]  # the deeper goal came first in that round, then the right one


class _Widening(TreeIterator):
    """A chain to depth 40, then a complete binary tree; the goal is at depth 52, rightmost."""

    __slots__ = ("bits", "depth")

    def __init__(self, depth: int = 0, bits: int = 0) -> None:
        self.depth, self.bits = depth, bits

    def get_children(self) -> list[_Widening]:
        if self.depth < 40:
            return [_Widening(self.depth + 1)]
        return [_Widening(self.depth + 1, 2 * self.bits + b) for b in (0, 1)]


def test_a_jump_into_a_widening_tree_is_abandoned_not_explored() -> None:
    goal = (1 << 12) - 1
    result = IDDFS(goal=lambda s: s.depth == 52 and s.bits == goal).run(_Widening())
    assert result.solved and len(result.path) == 53
    # A jump from 40 plies to 60 would expand ~2^20 states; abandoned rounds cap the waste.
    assert result.stats.expanded < 40_000


def test_round_budget(seed_tree: DictTreeIterator) -> None:
    rec = RecordingObserver()
    result = IDDFS(rec, budget=Budget(max_iterations=2)).run(seed_tree)
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_iterations"
    assert len(rec.visits(VisitKind.RESTART)) == 1
