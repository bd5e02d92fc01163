"""Entrants that raise or die: each failed job is named, the finished rows are kept."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

import pytest

from tests.treesearch.compare.checks import (
    clear,
    deadline,  # noqa: F401  (autouse: a hang fails the test)
    ok,
    posix,
)
from treesearch.compare import JobError, compare, instance_seed, table


class UnpicklableError(Exception):
    def __reduce__(self) -> Any:
        raise TypeError("no pickling")


BROKEN: list[tuple[str, Callable[[int], Any], tuple[str, ...]]] = [
    ("raises", lambda s: 1 / 0, ("ZeroDivisionError('division by zero')",)),
    ("wrong arity", lambda: 1.0, ("takes 0 positional arguments",)),  # type: ignore[misc]
    (
        "unpicklable error",
        lambda s: (_ for _ in ()).throw(UnpicklableError("u")),
        ("UnpicklableError",),
    ),
]


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize(("case", "entrant", "parts"), BROKEN, ids=[c[0] for c in BROKEN])
def test_an_entrants_error_names_it_and_keeps_the_finished_rows(
    case: str, entrant: Callable[[int], Any], parts: tuple[str, ...], jobs: int
) -> None:
    with pytest.raises(JobError) as caught:
        compare({"ok": ok, "bad": entrant}, instances=3, seed=2, jobs=jobs)
    clear(caught.value, "entrant 'bad' failed on the instance seeded", *parts)
    partial = caught.value.comparison
    assert partial is not None and partial.planned == 6 and partial.rows[0].entrant == "ok"


def _die(seed: int) -> float:
    os._exit(9)


def _interrupt(seed: int) -> float:
    raise KeyboardInterrupt


def _exit(seed: int) -> float:
    sys.exit("bye")


LOST: list[tuple[str, Callable[[int], float], str]] = [
    ("os._exit", _die, "its worker died with exit code 9"),
    ("KeyboardInterrupt", _interrupt, "it raised KeyboardInterrupt in its worker"),
    ("sys.exit", _exit, "it raised SystemExit(bye) in its worker"),
]


@posix
@pytest.mark.parametrize(("case", "entrant", "why"), LOST, ids=[c[0] for c in LOST])
def test_every_job_of_a_dying_entrant_is_a_named_failure(
    case: str, entrant: Callable[[int], float], why: str
) -> None:
    c = compare({"ok": ok, "bad": entrant}, instances=3, seed=2, jobs=2)
    assert [f.reason for f in c.failed] == [why] * 3
    assert c.failures("bad") == 3 and c.summary("bad") is None
    assert len(c.values("ok")) == 3
    text = table(c)
    assert "3 failed job(s)" in text and f"bad on instance 0 (seed {instance_seed(2, 0)})" in text
