"""What the harness's tests share: a deadline on every test, and the check of a refusal."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from tests.signal_guard import signal_guard

posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and fork")


@pytest.fixture(autouse=True)
def deadline() -> Iterator[None]:
    """A hang fails the test (a SIGALRM), a SIGTERM that leaks fails it (not pytest)."""

    with signal_guard("the harness", 30):
        yield


def clear(error: BaseException, *parts: str) -> None:
    """One line that holds every one of ``parts`` (the bad value, what was expected)."""
    text = str(error)
    assert "\n" not in text and "Traceback" not in text, text
    for part in parts:
        assert part in text, (part, text)


def ok(seed: int) -> float:
    return float(seed % 7)
