"""Time budgets hold when expansions are slow: the clock is checked about every 10 ms."""

import itertools

import pytest

import treesearch._run as run_module
from games.dict_tree import DictTreeIterator
from treesearch import BeamSearch, Budget, Status
from treesearch.core import TreeIterator


class Clock:
    """A fake perf_counter that the search's value function advances."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Wide(TreeIterator):
    """An endless tree: every state has 4 children."""

    __slots__ = ("depth",)

    def __init__(self, depth: int = 0) -> None:
        self.depth = depth

    def get_children(self) -> list["Wide"]:
        return [Wide(self.depth + 1) for _ in range(4)]


@pytest.mark.parametrize("cost", [0.002, 0.02])
def test_slow_expansions_stop_soon_after_the_deadline(
    monkeypatch: pytest.MonkeyPatch, cost: float
) -> None:
    clock = Clock()
    monkeypatch.setattr(run_module.time, "perf_counter", clock)
    calls = itertools.count()

    def value(state: Wide) -> float:
        next(calls)
        clock.now += cost  # each evaluation costs `cost` seconds
        return float(state.depth)

    result = BeamSearch(width=8, value=value, budget=Budget(seconds=1.0)).run(Wide())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "seconds"
    spent = clock.now - 1000.0
    # One expansion evaluates 4 children; a check every 128 expansions would overshoot by
    # up to 128 * 4 * cost (1 s at 2 ms, 10 s at 20 ms). Now: at most a few expansions.
    assert spent < 1.0 + 12 * 4 * cost + 0.05


def test_fast_expansions_keep_the_long_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    monkeypatch.setattr(run_module.time, "perf_counter", clock)
    reads = itertools.count()

    def counting_clock() -> float:
        next(reads)
        return clock.now

    monkeypatch.setattr(run_module.time, "perf_counter", counting_clock)
    tree = DictTreeIterator("r", {f"n{i}": {} for i in range(2000)})
    BeamSearch(width=None, value=lambda s: 0.0, budget=Budget(seconds=10.0)).run(tree)
    # Free expansions (the clock does not move): the interval stays at 128.
    assert next(reads) < 50
