"""``run_jobs``: its arguments, results that cannot come back, threads, and signals.

A signal at any entry point that runs jobs ends the call (no hang) and keeps what had
finished.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from typing import Any

import pytest

from games.tictactoe import TicTacToe
from tests.treesearch.compare.checks import (
    clear,
    deadline,  # noqa: F401  (autouse: a hang fails the test)
    posix,
)
from treesearch import InvalidArgumentError
from treesearch.compare import Interrupted, JobLostError, run_jobs
from treesearch.match import RandomAgent, play_match

# -- run_jobs --------------------------------------------------------------------------------

BAD_RUN_JOBS: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("fn None", {"fn": None}, ("fn must be a function", "got None")),
    ("tasks an int", {"tasks": 3}, ("tasks must be a sequence", "got 3")),
    ("tasks a generator", {"tasks": (x for x in [1])}, ("tasks must be a sequence",)),
    ("done not callable", {"done": 3}, ("done must be None or a function", "got 3")),
    ("lost not callable", {"lost": "x"}, ("lost must be None or a function", "got 'x'")),
    ("jobs negative", {"jobs": -1}, ("jobs must be an int >= 1 or None", "got -1")),
    ("backend", {"backend": "local "}, ("got 'local '",)),
]


@pytest.mark.parametrize(
    ("case", "kwargs", "parts"), BAD_RUN_JOBS, ids=[c[0] for c in BAD_RUN_JOBS]
)
def test_run_jobs_refuses_bad_arguments_in_one_line(
    case: str, kwargs: dict[str, Any], parts: tuple[str, ...]
) -> None:
    call = {"fn": abs, "tasks": [1, -2], "jobs": 1, **kwargs}
    with pytest.raises(InvalidArgumentError) as caught:
        run_jobs(**call)
    clear(caught.value, *parts)


@posix
def test_run_jobs_names_a_result_that_cannot_come_back() -> None:
    with pytest.raises(JobLostError) as caught:
        run_jobs(lambda x: threading.Lock(), [1, 2], jobs=2)
    clear(caught.value, "its result could not be sent back", "pickle")


@posix
def test_run_jobs_in_a_thread_runs_without_signal_handlers() -> None:
    found: list[Any] = []
    worker = threading.Thread(target=lambda: found.append(run_jobs(abs, [-1, -2], jobs=2)))
    worker.start()
    worker.join(20)
    assert found == [[1, 2]]


# -- signals at every entry point that runs jobs ---------------------------------------------


def _signal_self(signum: int) -> Callable[[int], int]:
    parent = os.getpid()

    def job(x: int) -> int:
        if x == 2:
            os.kill(parent, signum)
            threading.Event().wait(30)  # ended long before
        return x

    return job


@posix
@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_run_jobs_stops_on_a_signal_after_the_finished_jobs(jobs: int, signum: int) -> None:
    seen: list[int] = []
    with pytest.raises(Interrupted) as caught:
        run_jobs(_signal_self(signum), range(6), jobs=jobs, done=lambda i, r: seen.append(i))
    assert caught.value.signum == signum and isinstance(caught.value, KeyboardInterrupt)
    # Job 2 goes out once 2 - (workers - 1) jobs are done; it never finishes.
    assert len(seen) >= 3 - jobs and set(seen) <= {0, 1, 3, 4, 5} and 2 not in seen


@posix
def test_a_signal_while_a_worker_is_made_ends_that_worker_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import multiprocessing

    from treesearch.compare import jobs as jobs_module

    real_mask, made = jobs_module._mask, []

    def mask(how: int, signals: Any = jobs_module.SIGNALS) -> set[int]:
        if how == signal.SIG_SETMASK:  # the second worker has just been started
            made.append(how)
            if len(made) == 2:
                os.kill(os.getpid(), signal.SIGINT)  # it comes as the signals unblock
        return real_mask(how, signals)

    monkeypatch.setattr(jobs_module, "_mask", mask)
    with pytest.raises(Interrupted):
        run_jobs(lambda x: threading.Event().wait(30), range(4), jobs=2)
    assert len(made) == 2 and multiprocessing.active_children() == []


class _SignalOnThirdMove:
    """A tic-tac-toe agent that signals the match's process on its third move, once."""

    name = "signaller"
    target = 0
    signum = signal.SIGINT

    def __init__(self, seed: int) -> None:
        self.moves = 0

    def choose(self, state: Any) -> Any:
        self.moves += 1
        if self.moves == 3 and not getattr(_SignalOnThirdMove, "sent", False):
            _SignalOnThirdMove.sent = True  # type: ignore[attr-defined]
            os.kill(_SignalOnThirdMove.target, _SignalOnThirdMove.signum)
            threading.Event().wait(30)
        return state.get_children()[0]


@posix
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_match_on_run_jobs_stops_on_a_signal(signum: int) -> None:
    _SignalOnThirdMove.target, _SignalOnThirdMove.signum = os.getpid(), signum
    _SignalOnThirdMove.sent = False  # type: ignore[attr-defined]
    result = play_match(_SignalOnThirdMove, RandomAgent(), TicTacToe(), games=4, jobs=1)
    assert result.interrupted and len(result.records) < 4
