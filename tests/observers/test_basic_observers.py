from __future__ import annotations

import io
from typing import Any

import numpy as np
import pytest

from observers import ProgressObserver, RecordingObserver, StatsObserver
from treesearch import BFS, Backtracking, Budget, InvalidArgumentError, RandomWalk, Status


def test_stats_observer_counts(seed_tree: Any) -> None:
    stats = StatsObserver()
    Backtracking(stats).run(seed_tree)
    s = stats.summary()
    assert s["visits_by_kind"] == {"enter": 8, "return": 7}
    assert s["max_depth"] == 3
    assert s["events"]["SearchStarted"] == s["events"]["SearchFinished"] == 1


def test_stats_branching_factor(seed_tree: Any) -> None:
    stats = StatsObserver()
    BFS(stats).run(seed_tree)
    assert stats.expansions == 8 and stats.branching_factor == pytest.approx(7 / 8)
    assert stats.visits_by_depth == {0: 1, 1: 1, 2: 3, 3: 3}


def test_progress_bar_counts_visits(seed_tree: Any) -> None:
    out = io.StringIO()
    bar = ProgressObserver(desc="bfs", refresh_every=3, file=out)
    BFS(bar).run(seed_tree)
    assert bar.visits == 8
    text = out.getvalue()
    assert "bfs" in text and "8" in text and "exhausted" in text


def test_progress_shows_best_value(seed_tree: Any) -> None:
    out = io.StringIO()
    bar = ProgressObserver(file=out, refresh_every=1)
    RandomWalk(bar, rng=0, episodes=5, value=lambda s: len(s.name)).run(seed_tree)
    assert "best=" in out.getvalue()


def test_progress_closes_when_stopped(seed_tree: Any) -> None:
    out = io.StringIO()
    bar = ProgressObserver(file=out)
    result = BFS(bar, budget=Budget(max_nodes=2)).run(seed_tree)
    assert result.status is Status.BUDGET_REACHED and bar._bar is None


@pytest.mark.parametrize("bad", [0, -2, 1.5])
def test_progress_bad_refresh(bad: Any) -> None:
    with pytest.raises(InvalidArgumentError, match=f"refresh_every must be an int >= 1, got {bad}"):
        ProgressObserver(refresh_every=bad)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        # Before: a plain TypeError at the first flush, after the search had run.
        ({"total": "10"}, "total must be an int >= 0 or None, got '10'"),
        ({"total": -1}, "total must be an int >= 0 or None, got -1"),
        ({"total": float("nan")}, "total must be an int >= 0 or None, got nan"),
        ({"desc": 3}, "desc must be a str, got 3"),
        # Before: tqdm's TqdmKeyError at the first visits, inside the run.
        ({"colour_": "red"}, "tqdm, which has no option 'colour_' \\(did you mean 'colour'\\?\\)"),
        ({"total_": 3}, "no option 'total_'"),
    ],
)
def test_progress_bad_arguments_are_refused_at_once(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        ProgressObserver(**kwargs)


def test_progress_takes_numpy_counts() -> None:
    bar = ProgressObserver(total=np.int64(5), refresh_every=np.int32(2), disable=True)
    assert (bar.total, bar.refresh_every) == (5, 2) and type(bar.total) is int


def test_recording_observer_trace(seed_tree: Any) -> None:
    rec = RecordingObserver()
    BFS(rec).run(seed_tree)
    assert rec.trace()[:2] == [("enter", 0, "Root"), ("enter", 1, "Algorithms")]
    assert rec.closed == 1 and rec.result is not None


def test_stats_distinct_states_and_report(seed_tree: Any) -> None:
    from games.graph import Graph

    stats = StatsObserver()
    Backtracking(stats, graph=False, budget=Budget(max_nodes=20)).run(
        Graph({0: [1], 1: [0]}).state(0)
    )
    assert stats.distinct_states == 2 and stats.summary()["visits"] > 2
    text = stats.report()
    assert "distinct states: 2" in text and "21 enter" in text and "max depth: 20" in text


def _bar_text(out: io.StringIO) -> str:
    """The bar as last drawn (tqdm redraws with carriage returns)."""
    return out.getvalue().replace("\n", "\r").rstrip("\r").split("\r")[-1]


def test_progress_total_from_the_budget(seed_tree: Any) -> None:
    totals: list[Any] = []

    class Spy(ProgressObserver):
        def notify(self, event: Any) -> None:
            super().notify(event)
            if self._bar is not None:
                totals.append(self._bar.total)

    out = io.StringIO()
    bar = Spy(file=out, refresh_every=1)
    result = BFS(bar, budget=Budget(max_nodes=50)).run(seed_tree)
    assert result.status is Status.EXHAUSTED
    assert bar.total == 50 and totals[0] == 50  # the budget while running...
    assert totals[-1] == 8  # ...and the real count once the search finished its work
    assert "100%" in _bar_text(out) and "8/8" in _bar_text(out)


def test_progress_solved_run_ends_at_100_percent(seed_tree: Any) -> None:
    # The issue: a solved run ended at "0% 1586/1000000".
    out = io.StringIO()
    bar = ProgressObserver(file=out, refresh_every=1000)
    goal = {("Root", "Algorithms", "Other")}
    result = BFS(bar, goal=goal, budget=Budget(max_nodes=1_000_000)).run(seed_tree)
    assert result.status is Status.SOLVED
    last = _bar_text(out)
    assert "100%" in last and f"{bar.visits}/{bar.visits}" in last and "1000000" not in last


def test_progress_budget_reached_keeps_the_budget_total() -> None:
    from games.graph import Graph

    out = io.StringIO()
    bar = ProgressObserver(file=out, refresh_every=1)
    state = Graph.grid(30, 30).state(0)
    result = BFS(bar, budget=Budget(max_nodes=100, max_depth=5)).run(state)
    assert result.status is Status.BUDGET_REACHED and bar.visits < 100
    last = _bar_text(out)
    assert f"{bar.visits}/100" in last and "100%" not in last


def test_progress_total_raised_when_visits_outgrow_it() -> None:
    from games.graph import Graph

    out = io.StringIO()
    bar = ProgressObserver(file=out, refresh_every=1)
    result = BFS(bar, budget=Budget(max_nodes=100)).run(Graph.grid(30, 30).state(0))
    assert result.status is Status.BUDGET_REACHED and bar.visits > 100  # BFS visits children
    assert f"{bar.visits}/{bar.visits}" in _bar_text(out)


def test_progress_without_node_budget_has_no_total(seed_tree: Any) -> None:
    out = io.StringIO()
    bar = ProgressObserver(file=out, refresh_every=1)
    BFS(bar, budget=Budget(seconds=60)).run(seed_tree)
    last = _bar_text(out)
    assert bar.total is None and "8node" in last.replace(" ", "") and "%" not in last
