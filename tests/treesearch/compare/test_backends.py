"""The Ray backend: its missing-extra message always; a real local Ray instance when installed.

CI installs the ``distributed`` extra and runs this module (``.ci/run``); elsewhere:
``pip install "treesearch[distributed]"`` then ``pytest tests/treesearch/compare/test_backends.py``.
One local Ray instance (2 CPUs) is started for the module and stopped after it. On Ray, as
with local processes, a task whose worker dies or that raises KeyboardInterrupt is a failed
job named in the result, an entrant's error is raised as itself, and Ctrl-C or SIGTERM stops
the comparison with the finished rows.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.signal_guard import signal_guard
from tests.treesearch.compare.faulty import dies_on, exit3, interrupt, value
from tests.treesearch.compare.test_harness import better, noisy, square
from treesearch.compare import ComparisonInterrupted, JobError, compare, instance_seed, run_jobs

SEED = 3
SEEDS = [instance_seed(SEED, i) for i in range(6)]

needs_ray = pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason='ray is not installed (pip install "treesearch[distributed]")',
)


def test_missing_ray_names_the_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    with pytest.raises(ImportError, match=r"pip install \"treesearch\[distributed\]\""):
        run_jobs(square, [1, 2], backend="ray")


@pytest.fixture
def guard(local_ray: Any) -> Iterator[None]:
    """A hang fails by an alarm; a SIGTERM the harness does not take fails the test."""

    with signal_guard("the comparison", 60):
        yield


@needs_ray
@pytest.mark.slow
def test_ray_matches_local(guard: None) -> None:
    local = compare({"a": noisy, "b": better}, instances=4, seed=3, jobs=1)
    remote = compare({"a": noisy, "b": better}, instances=4, seed=3, jobs=3, backend="ray")
    assert [(r.entrant, r.seed, r.value) for r in remote.rows] == [
        (r.entrant, r.seed, r.value) for r in local.rows
    ]


@needs_ray
@pytest.mark.slow
@pytest.mark.parametrize(
    ("how", "why"),
    [
        (exit3, "its Ray worker died (WorkerCrashedError)"),
        (interrupt, "it raised KeyboardInterrupt in its worker"),
    ],
    ids=["os._exit", "KeyboardInterrupt"],
)
def test_a_lost_ray_task_is_named_and_the_rest_kept(
    how: Callable[[], object], why: str, guard: None
) -> None:
    c = compare(
        {"d": dies_on(SEEDS[1], how), "ok": value}, instances=4, seed=SEED, jobs=2, backend="ray"
    )
    assert len(c.rows) == 8 and not c.partial
    assert [(f.entrant, f.instance, f.reason) for f in c.failed] == [("d", 1, why)]
    assert c.values("ok") == [value(s) for s in SEEDS[:4]]


@needs_ray
@pytest.mark.slow
def test_an_entrants_error_on_ray_is_raised_as_itself(guard: None) -> None:
    def broken(seed: int) -> float:
        raise ZeroDivisionError("oops")

    with pytest.raises(JobError) as caught:
        compare({"x": broken}, instances=2, seed=SEED, jobs=1, backend="ray")
    assert str(caught.value).startswith("entrant 'x' failed on the instance seeded ")
    assert "\n" not in str(caught.value)  # its own line, not Ray's traceback
    assert caught.value.comparison is not None and caught.value.comparison.rows == ()


@needs_ray
@pytest.mark.slow
@pytest.mark.parametrize(
    ("signum", "name"), [(signal.SIGINT, "SIGINT (Ctrl-C)"), (signal.SIGTERM, "SIGTERM")]
)
def test_a_signal_stops_a_ray_comparison_with_its_rows(signum: int, name: str, guard: None) -> None:
    driver = os.getpid()

    def signalling(seed: int) -> float:
        if seed == SEEDS[2]:
            os.kill(driver, signum)
            time.sleep(30)  # cancelled long before
        return value(seed)

    with pytest.raises(ComparisonInterrupted) as caught:
        compare({"a": value, "b": signalling}, instances=4, seed=SEED, jobs=1, backend="ray")
    c = caught.value.comparison
    assert caught.value.signum == signum and c.stopped_by == name
    # One job in flight at a time: a0 b0 a1 b1 a2 finished, b2 was cancelled.
    assert [(r.entrant, r.instance) for r in c.rows] == [
        ("a", 0), ("b", 0), ("a", 1), ("b", 1), ("a", 2)
    ]  # fmt: skip
