"""The harness's checks of what a user hands it: counts, flags, names, entrants' outcomes.

Each check raises ``InvalidArgumentError`` with the bad value (``!r``) and what was
expected, at the entry point that received it. Integers may be numpy integers (they come
from numpy code as often as not); bools are refused where a count is meant.
"""

from __future__ import annotations

import math
import numbers
import operator
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from treesearch.errors import InvalidArgumentError

__all__ = [
    "MAX_JOBS",
    "check_callable",
    "check_flag",
    "check_names",
    "count",
    "outcome_problem",
    "real",
]

MAX_JOBS = 1_000_000
"""The most jobs (entrants x instances) one comparison keeps rows for (about 200 MB)."""


def count(what: str, value: Any, least: int, also: str = "") -> int:
    """``value`` as a plain int >= ``least`` (numpy integers too); ``also``: other choices."""
    if not isinstance(value, bool) and isinstance(value, numbers.Integral):
        number = operator.index(value)
        if number >= least:
            return number
    raise InvalidArgumentError(f"{what} must be an int >= {least}{also}, got {value!r}")


def check_flag(what: str, value: Any) -> bool:
    """``value`` as a bool (numpy's too); anything else (a string "no", 0, None) is refused."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise InvalidArgumentError(f"{what} must be True or False, got {value!r}")


def check_callable(what: str, value: Any, expected: str, *, none: bool = False) -> None:
    """Refuse a ``value`` that cannot be called (None allowed if ``none``)."""
    if not (callable(value) or (none and value is None)):
        raise InvalidArgumentError(f"{what} must be {expected}, got {value!r}")


def check_names(entrants: Any) -> dict[str, Callable[[int], Any]]:
    """``entrants`` as a dict of non-empty names to callables, checked one by one."""
    if not isinstance(entrants, Mapping):
        raise InvalidArgumentError(
            f"entrants must be a dict of names to functions seed -> Outcome, got {entrants!r}"
        )
    if not entrants:
        raise InvalidArgumentError("compare needs at least one entrant, got an empty dict")
    for name, entrant in entrants.items():
        if not isinstance(name, str) or not name.strip():
            raise InvalidArgumentError(
                f"entrant names must be non-empty strings, got {name!r} (for {entrant!r})"
            )
        check_callable(f"entrant {name!r}", entrant, "a callable seed -> Outcome or number")
    return dict(entrants)


def real(value: Any) -> float | None:
    """``value`` as a float if it is a real number (numpy ones too, not a bool), else None."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    return float(value)


def outcome_problem(value: Any, seconds: Any, nodes: Any, status: Any) -> str | None:
    """What is wrong with an outcome's fields (its field, the value, the fix), or None.

    The value must be a finite real number or NaN (no result: no mean, interval or JSON
    file can hold an infinity), the seconds a finite number >= 0, the nodes an int >= 0,
    the status a string.
    """
    number = real(value)
    if number is None or math.isinf(number):
        return f"the value {value!r}; expected a finite number (or NaN for no result)"
    time = real(seconds)
    if time is None or not math.isfinite(time) or time < 0:
        return f"seconds={seconds!r}; expected a finite number of seconds >= 0"
    if isinstance(nodes, bool) or not isinstance(nodes, numbers.Integral) or nodes < 0:
        return f"nodes={nodes!r}; expected an int >= 0"
    if not isinstance(status, str):
        return f"status={status!r}; expected a string"
    return None
