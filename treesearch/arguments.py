"""The checks of numeric and flag arguments that every entry point shares.

One home for "an int >= 1", "a finite number of seconds > 0" and "True or False", so every
search, budget and observer judges a value alike and names it alike: numpy integers count as
ints and numpy floats as numbers (``np.int64(100)`` is a fine budget), bools are refused
where a number is asked for (``True`` is not 1 node), NaN and the infinities are refused
where a finite number is (an infinite budget would never end a run). Each check returns the
value as a plain Python ``int``/``float``, so nothing numpy-typed is kept, and raises an
``InvalidArgumentError`` (or the subclass it is given) naming the argument and the value.

    >>> import numpy as np
    >>> check_count("max_nodes", np.int64(100), 1)
    100
    >>> check_count("max_nodes", True, 1)
    Traceback (most recent call last):
    ...
    treesearch.errors.InvalidArgumentError: max_nodes must be an int >= 1, got True

``treesearch.budget``, the searches and ``observers`` import it; it imports only the errors.
"""

from __future__ import annotations

import math
from numbers import Integral, Real
from typing import Any

import numpy as np

from treesearch.errors import InvalidArgumentError

__all__ = [
    "check_count",
    "check_flag",
    "check_number",
    "check_seconds",
    "check_shape",
    "is_count",
]


def is_count(value: Any) -> bool:
    """True for an int or numpy integer, False for a bool (numpy's too) or anything else."""
    return isinstance(value, Integral) and not isinstance(value, bool)


def check_count(
    name: str,
    value: Any,
    minimum: int = 0,
    *,
    optional: bool = False,
    error: type[InvalidArgumentError] = InvalidArgumentError,
) -> Any:
    """``value`` as a plain int ``>= minimum``; None stays None when ``optional``.

    Raises:
        InvalidArgumentError: (or ``error``) a non-integer, a bool, or a value below
            ``minimum``, naming ``name`` and the value.
    """
    if value is None and optional:
        return None
    if not is_count(value) or value < minimum:
        none = " or None" if optional else ""
        raise error(f"{name} must be an int >= {minimum}{none}, got {value!r}")
    return int(value)


def check_number(
    name: str,
    value: Any,
    *,
    minimum: float = -math.inf,
    above: bool = False,
    what: str = "a finite number",
    note: str = "",
    error: type[InvalidArgumentError] = InvalidArgumentError,
) -> float:
    """``value`` as a finite float ``>= minimum`` (``> minimum`` when ``above``).

    Raises:
        InvalidArgumentError: (or ``error``) a non-number, a bool, NaN, an infinity, a
            number too large for a float, or one below the bound, naming ``name``.
    """
    bound = "" if minimum == -math.inf else f" {'>' if above else '>='} {minimum:g}"
    message = f"{name} must be {what}{bound}{note}, got {value!r}"
    if isinstance(value, bool) or not isinstance(value, Real):
        raise error(message)
    try:
        f = float(value)
    except (OverflowError, ValueError):
        raise error(message) from None
    if not math.isfinite(f) or f < minimum or (above and f == minimum):
        raise error(message)
    return f


def check_seconds(
    name: str,
    value: Any,
    *,
    optional: bool = True,
    error: type[InvalidArgumentError] = InvalidArgumentError,
) -> Any:
    """A time limit: a finite number of seconds > 0 as a float; None (no limit) if optional.

    An infinite limit is refused rather than taken as "no limit": None says that, and a
    search that needs some limit (MCTS) must not run forever on ``inf``.
    """
    if value is None and optional:
        return None
    note = " or None (no time limit)" if optional else ""
    return check_number(name, value, minimum=0, above=True, note=note, error=error)


def check_flag(name: str, value: Any) -> bool:
    """``value`` if it is True or False (numpy's bool too, as a plain bool)."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise InvalidArgumentError(f"{name} must be True or False, got {value!r}")


def check_shape(name: str, value: Any, axes: str) -> tuple[int, int]:
    """``value`` as two plain ints >= 1 (numpy ints too), e.g. a grid's ``(rows, cols)``.

    Raises:
        InvalidArgumentError: not a pair of such ints; the message names ``name``, what the
            two numbers are (``axes``, e.g. ``"rows, cols"``) and the value.
    """
    try:
        first, second = value
        ok = is_count(first) and is_count(second) and min(first, second) >= 1
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise InvalidArgumentError(f"{name} must be ({axes}), two ints >= 1, got {value!r}")
    return int(first), int(second)
