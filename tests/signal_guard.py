"""A guard for tests that send signals: a hang fails the test, a leaked SIGTERM fails it too.

A test of Ctrl-C or SIGTERM handling must not hang the suite (a harness used to wait forever
for a dead worker) nor end pytest (a SIGTERM the code under test did not take).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
from collections.abc import Iterator
from typing import Any

__all__ = ["signal_guard"]


@contextlib.contextmanager
def signal_guard(what: str, seconds: int = 20, *, reap: bool = False) -> Iterator[None]:
    """Within the block, SIGALRM after ``seconds`` and a SIGTERM reaching it fail the test.

    Args:
        what: what is tested, for the messages ("the harness", "the command").
        seconds: how long the block may take before it counts as hung.
        reap: kill child processes left behind (none should be).
    """

    def expire(signum: int, frame: Any) -> None:
        raise TimeoutError(f"{what} hung")

    def leaked(signum: int, frame: Any) -> None:
        raise AssertionError(f"SIGTERM reached the test: {what} did not take it")

    old = signal.signal(signal.SIGALRM, expire), signal.signal(signal.SIGTERM, leaked)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old[0])
        signal.signal(signal.SIGTERM, old[1])
        if reap:
            for child in multiprocessing.active_children():
                child.kill()
