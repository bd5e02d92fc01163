"""Faults in a comparison lose nothing finished (issue 21, items 1-3).

A worker that dies or an entrant that raises KeyboardInterrupt or SystemExit loses one job
(a failed row, named); Ctrl-C or SIGTERM stops the comparison at once, even inside a search
that would swallow KeyboardInterrupt, and ``ComparisonInterrupted`` carries the rows that
had finished. Each test runs under an alarm so that a hang fails instead of waiting forever.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.signal_guard import signal_guard
from tests.treesearch.compare.faulty import dies_on, exit3, interrupt, sys_exit, value
from treesearch import BFS, Status
from treesearch.compare import (
    ComparisonInterrupted,
    JobError,
    JobLostError,
    compare,
    instance_seed,
    run_jobs,
    table,
    write,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and fork")

SEED = 5
SEEDS = [instance_seed(SEED, i) for i in range(6)]


@pytest.fixture(autouse=True)
def deadline() -> Iterator[None]:
    """Fail a test that hangs (the harness used to wait forever for a dead worker).

    A SIGTERM that the harness does not take fails the test instead of ending pytest.
    """

    with signal_guard("the comparison", 20, reap=True):
        yield


@pytest.mark.parametrize(
    ("how", "why"),
    [
        (exit3, "its worker died with exit code 3"),
        (lambda: os.kill(os.getpid(), signal.SIGKILL), "its worker was killed by SIGKILL"),
        (interrupt, "it raised KeyboardInterrupt in its worker"),
        (sys_exit, "it raised SystemExit(4) in its worker"),
    ],
    ids=["os._exit", "SIGKILL", "KeyboardInterrupt", "sys.exit"],
)
def test_a_lost_worker_is_named_and_the_other_jobs_kept(
    how: Callable[[], object], why: str
) -> None:
    c = compare({"d": dies_on(SEEDS[2], how), "ok": value}, instances=6, seed=SEED, jobs=2)
    assert not c.partial and len(c.rows) == 12
    assert [(f.entrant, f.instance, f.seed, f.reason) for f in c.failed] == [
        ("d", 2, SEEDS[2], why)
    ]
    assert c.values("d") == [value(s) for i, s in enumerate(SEEDS) if i != 2]
    assert c.values("ok") == [value(s) for s in SEEDS]
    assert c.failures("d") == 1 and c.failures("ok") == 0
    assert f"d on instance 2 (seed {SEEDS[2]}): {why}" in table(c)


@pytest.mark.parametrize("how", [interrupt, sys_exit], ids=["KeyboardInterrupt", "sys.exit"])
def test_in_this_process_an_entrants_own_interrupt_is_a_failed_job(
    how: Callable[[], object],
) -> None:
    c = compare({"d": dies_on(SEEDS[1], how), "ok": value}, instances=3, seed=SEED, jobs=1)
    assert len(c.rows) == 6 and [(f.entrant, f.instance) for f in c.failed] == [("d", 1)]
    assert c.failed[0].reason.startswith("it raised ")


def test_run_jobs_without_lost_names_the_lost_job() -> None:
    def job(x: int) -> int:
        if x == 3:
            os._exit(7)
        return x

    with pytest.raises(JobLostError, match=r"job 3 \(3\) gave no result: .*exit code 7"):
        run_jobs(job, range(6), jobs=2)


def _signal_parent_on(index: int, signum: int, parent: int) -> Callable[[int], float]:
    """An entrant that sends ``signum`` to ``parent`` on instance ``index``, then waits."""

    def entrant(seed: int) -> float:
        if seed == SEEDS[index]:
            os.kill(parent, signum)
            time.sleep(30)  # ended by the harness long before
        return value(seed)

    return entrant


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize(
    ("signum", "name"), [(signal.SIGINT, "SIGINT (Ctrl-C)"), (signal.SIGTERM, "SIGTERM")]
)
def test_a_signal_stops_at_once_and_keeps_the_finished_rows(
    jobs: int, signum: int, name: str, tmp_path: Path
) -> None:
    entrants = {"a": value, "b": _signal_parent_on(3, signum, os.getpid())}
    with pytest.raises(ComparisonInterrupted) as caught:
        compare(entrants, instances=6, seed=SEED, jobs=jobs)
    stop = caught.value
    assert isinstance(stop, KeyboardInterrupt) and stop.signum == signum
    c = stop.comparison
    assert c.partial and c.stopped_by == name and c.planned == 12
    done = [(r.entrant, r.instance) for r in c.rows]
    # Jobs go out in order (a0 b0 a1 b1 ...): b3 is the 8th; at least the 6 before the
    # job before it had finished when it began, and b3 itself never finishes.
    assert len(done) >= 6 and ("b", 3) not in done
    assert all(r.value == value(r.seed) for r in c.rows)
    assert multiprocessing.active_children() == []  # the workers are gone
    text = table(c)
    assert text.startswith(f"partial: {len(done)} of 12 jobs finished: {name} stopped it\n")
    write(c, tmp_path)
    document = json.loads((tmp_path / "results.json").read_text())
    assert document["partial"] is True and document["stopped_by"] == name
    assert (document["jobs"], document["finished"], len(document["rows"])) == (
        12,
        len(done),
        len(done),
    )
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # handlers restored


class Endless:
    """A game without end: every state has one child."""

    def __init__(self, depth: int = 0) -> None:
        self.depth = depth

    def get_children(self) -> list[Endless]:
        return [Endless(self.depth + 1)]


def test_ctrl_c_is_not_swallowed_by_a_search_inside_an_entrant() -> None:
    # The issue: a bot's search turned Ctrl-C into Status.INTERRUPTED, the bot played on,
    # and the comparison ran every job and returned as if nothing had happened.
    statuses: list[Status] = []

    def searching(seed: int) -> float:
        def goal(state: Endless) -> bool:
            if seed == SEEDS[1] and state.depth == 50:
                os.kill(os.getpid(), signal.SIGINT)
            return state.depth == 100

        statuses.append(BFS(goal=goal).run(Endless()).status)
        return value(seed)

    with pytest.raises(ComparisonInterrupted) as caught:
        compare({"s": searching}, instances=4, seed=SEED, jobs=1)
    assert [r.instance for r in caught.value.comparison.rows] == [0]
    assert statuses == [Status.SOLVED]  # the interrupted search never returned


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_entrants_error_carries_the_finished_rows(jobs: int) -> None:
    def broken(seed: int) -> float:
        if seed == SEEDS[4]:
            raise ZeroDivisionError("oops")
        return value(seed)

    with pytest.raises(
        JobError, match=r"entrant 'x' failed on the instance seeded \d+: "
    ) as caught:
        compare({"x": broken}, instances=6, seed=SEED, jobs=jobs)
    partial = caught.value.comparison
    assert partial is not None and partial.planned == 6
    done = [r.instance for r in partial.rows]
    assert len(done) >= 3 and 4 not in done  # job 4 went out after 3 others had finished
    assert all(r.value == value(r.seed) for r in partial.rows)


def test_a_partial_comparison_without_rows_is_still_written(tmp_path: Path) -> None:
    entrants = {"b": _signal_parent_on(0, signal.SIGINT, os.getpid())}
    with pytest.raises(ComparisonInterrupted) as caught:
        compare(entrants, instances=2, seed=SEED, jobs=1)
    c = caught.value.comparison
    assert c.rows == () and c.partial
    assert write(c, tmp_path) == []
    assert (tmp_path / "results.csv").read_text().splitlines() == [
        "entrant,instance,seed,score,seconds,nodes,status"
    ]
    assert "partial: 0 of 2 jobs finished" in (tmp_path / "summary.txt").read_text()


def test_failed_jobs_are_in_the_json(tmp_path: Path) -> None:
    c = compare({"d": dies_on(SEEDS[0], exit3)}, instances=2, seed=SEED, jobs=2)
    write(c, tmp_path)
    document = json.loads((tmp_path / "results.json").read_text())
    assert document["failed"] == [
        {
            "entrant": "d",
            "instance": 0,
            "seed": SEEDS[0],
            "reason": "its worker died with exit code 3",
        }
    ]
    assert document["rows"][0]["status"] == "failed" and document["rows"][0]["score"] is None
    assert document["partial"] is False
    assert math.isnan(c.rows[0].value)


def test_a_signal_while_held_waits_until_the_block_is_done() -> None:
    from treesearch.compare.interrupts import Stopped, held, stopping

    reached = []
    with pytest.raises(Stopped) as caught, stopping(), held():
        os.kill(os.getpid(), signal.SIGTERM)
        reached.append("after the signal")  # a result being recorded is not cut off
    assert reached == ["after the signal"] and caught.value.signum == signal.SIGTERM


def test_an_ignored_sigint_stays_ignored() -> None:
    # A background job's SIGINT is ignored by its shell: the harness must not take it back.
    from treesearch.compare.interrupts import stopping

    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with stopping():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    finally:
        signal.signal(signal.SIGINT, old)


def test_a_second_signal_while_the_workers_end_loses_nothing() -> None:
    # Ctrl-C pressed twice: the second came while the harness ended its workers and was
    # raised from there, past the handling of the first: the finished rows were lost.
    parent = os.getpid()

    def entrant(seed: int) -> float:
        if seed == SEEDS[2]:

            def second(signum: int, frame: Any) -> None:  # the parent ends this worker
                os.kill(parent, signal.SIGINT)
                os._exit(1)

            signal.signal(signal.SIGTERM, second)
            os.kill(parent, signal.SIGTERM)
            time.sleep(30)
        return value(seed)

    with pytest.raises(ComparisonInterrupted) as caught:
        compare({"x": entrant}, instances=6, seed=SEED, jobs=2)
    assert caught.value.signum == signal.SIGTERM  # the first signal's
    assert len(caught.value.comparison.rows) >= 1
