"""Budgets hold in every loop of every non-adversarial search; observers do not eat the time.

Issue 8, §4: a game that never ends (an endless chain, with and without keys) must not keep
any search running past its node, depth, iteration or time limit. Time is faked (a counter
per clock reading), never measured.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from treesearch import (
    BFS,
    DFS,
    IDDFS,
    NRPA,
    AStar,
    Backtracking,
    BeamSearch,
    Budget,
    Dijkstra,
    GreedyBestFirst,
    RandomWalk,
    Status,
    TreeIterator,
)
from treesearch.core import Observer
from treesearch.events import Event


class Endless(TreeIterator):
    """A chain that never ends: every state has exactly one child."""

    __slots__ = ("keyed", "n")

    def __init__(self, keyed: bool, n: int = 0) -> None:
        self.keyed, self.n = keyed, n

    def get_children(self) -> list[Endless]:
        return [Endless(self.keyed, self.n + 1)]

    def key(self) -> int | None:
        return self.n if self.keyed else None


SEARCHES: dict[str, Any] = {
    "BFS": BFS,
    "DFS": DFS,
    "Dijkstra": Dijkstra,
    "AStar": lambda *a, **k: AStar(*a, heuristic=lambda s: 0, **k),
    "GreedyBestFirst": lambda *a, **k: GreedyBestFirst(*a, heuristic=lambda s: 0, **k),
    "BeamSearch": lambda *a, **k: BeamSearch(*a, width=3, value=lambda s: 0, **k),
    "Backtracking": Backtracking,
    "IDDFS": IDDFS,
    "RandomWalk": lambda *a, **k: RandomWalk(*a, rng=0, episodes=None, **k),
    "RandomWalk-1-episode": lambda *a, **k: RandomWalk(*a, rng=0, episodes=1, **k),
    "NRPA": lambda *a, **k: NRPA(
        *a, level=1, iterations=8, code=lambda s, c: 0, value=lambda s: 0, rng=0, **k
    ),
}


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Every reading of the clock advances it by 1 ms; observers may advance it further."""
    now, step = [0.0], [0.001]

    def clock() -> float:
        now[0] += step[0]
        return now[0]

    monkeypatch.setattr(time, "perf_counter", clock)  # what treesearch._run reads
    return now


@pytest.mark.parametrize("keyed", [True, False])
@pytest.mark.parametrize("name", SEARCHES)
def test_node_budget_stops_an_endless_game(name: str, keyed: bool) -> None:
    search = SEARCHES[name](budget=Budget(max_nodes=50))
    result = search.run(Endless(keyed))
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_nodes"
    assert result.stats.expanded == 50


@pytest.mark.parametrize("keyed", [True, False])
@pytest.mark.parametrize("name", [n for n in SEARCHES if n != "RandomWalk"])
def test_depth_budget_stops_an_endless_game(name: str, keyed: bool) -> None:
    result = SEARCHES[name](budget=Budget(max_depth=7)).run(Endless(keyed))
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_depth"
    assert result.stats.max_depth == 7 and result.stats.expanded <= 7 * 8


@pytest.mark.parametrize("keyed", [True, False])
@pytest.mark.parametrize("name", SEARCHES)
def test_time_budget_stops_an_endless_game(name: str, keyed: bool, fake_clock: list[float]) -> None:
    result = SEARCHES[name](budget=Budget(seconds=0.05)).run(Endless(keyed))
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "seconds"
    assert result.stats.expanded <= 128 * 50  # the clock is read every 128 expansions


@pytest.mark.parametrize("keyed", [True, False])
@pytest.mark.parametrize(("name", "depth"), [("IDDFS", None), ("RandomWalk", 3), ("NRPA", 3)])
def test_iteration_budget_stops_rounds_and_episodes(
    name: str, depth: int | None, keyed: bool
) -> None:
    search = SEARCHES[name](budget=Budget(max_iterations=5, max_depth=depth))
    result = search.run(Endless(keyed))
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_iterations"
    assert result.stats.iterations == 5


def test_endless_random_walk_without_a_limit_is_refused() -> None:
    from treesearch.errors import InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match="episodes=None"):
        RandomWalk(episodes=None, budget=Budget(max_depth=3))


# -- observers do not eat the time budget (issue 8, §1 and §4) --------------------------------
class Tree(TreeIterator):
    """A binary tree of depth 3 (15 states)."""

    __slots__ = ("path",)

    def __init__(self, path: tuple[int, ...] = ()) -> None:
        self.path = path

    def get_children(self) -> list[Tree]:
        return [Tree((*self.path, i)) for i in range(2)] if len(self.path) < 3 else []

    def key(self) -> tuple[int, ...]:
        return self.path


def _slow_observer(clock: list[float], seconds: float, events: list[Event]) -> Any:
    def render(event: Event) -> None:
        events.append(event)
        clock[0] += seconds  # a frame that takes ``seconds`` to draw

    return render


@pytest.mark.parametrize("name", [n for n in SEARCHES if not n.startswith("RandomWalk")])
def test_render_time_does_not_count_against_the_budget(name: str, fake_clock: list[float]) -> None:
    events: list[Event] = []
    observer = _slow_observer(fake_clock, 10.0, events)
    result = SEARCHES[name](observer, budget=Budget(seconds=1)).run(Tree())
    assert result.status is Status.EXHAUSTED, result.stop_reason
    # Every event but SearchFinished, which comes after the result is made.
    assert result.stats.observer_seconds == pytest.approx(10.0 * (len(events) - 1), abs=0.1)
    assert result.stats.seconds >= result.stats.observer_seconds  # total wall time


def test_search_time_still_counts_with_a_slow_observer(fake_clock: list[float]) -> None:
    events: list[Event] = []
    result = BFS(_slow_observer(fake_clock, 10.0, events), budget=Budget(seconds=0.05)).run(
        Endless(True)
    )
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "seconds"
    assert result.stats.observer_seconds >= 10.0 * (len(events) - 1)


class _SlowDrawing(Observer):
    """A drawing observer (``timed``): every event costs ``seconds`` on the fake clock."""

    timed = True

    def __init__(self, clock: list[float], seconds: float, events: list[Event]) -> None:
        self.render = _slow_observer(clock, seconds, events)

    def notify(self, event: Event) -> None:
        self.render(event)


def test_observer_time_is_measured_apart_without_a_time_budget_too(
    fake_clock: list[float],
) -> None:
    events: list[Event] = []
    result = BFS(_SlowDrawing(fake_clock, 10.0, events)).run(Tree())
    assert result.stats.observer_seconds == pytest.approx(10.0 * (len(events) - 1), abs=0.1)
    assert result.stats.seconds >= 10.0 * (len(events) - 1)
    assert result.stats.search_seconds < 0.1  # drawing is not the search's time


def test_an_untimed_observer_without_a_time_budget_costs_no_clock_reads(
    fake_clock: list[float],
) -> None:
    events: list[Event] = []
    result = BFS(_slow_observer(fake_clock, 10.0, events)).run(Tree())
    assert result.stats.observer_seconds == 0.0  # a cheap observer: no clock per event
    assert result.stats.seconds >= 10.0 * (len(events) - 1)


# -- a loop of runs can tell Ctrl-C (issue 8, §4) ---------------------------------------------
def test_a_loop_of_runs_stops_on_ctrl_c() -> None:
    seen: list[Event] = []

    def ctrl_c_on_the_third_event(event: Event) -> None:
        seen.append(event)
        if len(seen) == 3:
            raise KeyboardInterrupt

    search = BFS(ctrl_c_on_the_third_event)
    finished = []
    with pytest.raises(KeyboardInterrupt):
        for _ in range(3):
            finished.append(search.run(Tree()).raise_if_interrupted())
    assert finished == []
    result = BFS().run(Tree())
    assert result.raise_if_interrupted() is result and result.status is Status.EXHAUSTED
