"""Summaries of a sample of scores: mean, median, a 95% interval, and a rank test between two.

Kept free of heavy dependencies: the interval is Student's t on the mean (its quantiles come
from a short table, exact to 3 decimals, then the normal value), so a table is the same on every
machine. The Mann-Whitney U test needs scipy, imported only when asked for.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from treesearch.compare.input_checks import count, real
from treesearch.errors import InvalidArgumentError

__all__ = ["SCIPY_HINT", "Summary", "mann_whitney", "summarize", "t_quantile"]

SCIPY_HINT = 'p-values need scipy: pip install scipy (or pip install "treesearch[stats]")'
"""What to tell a user whose Python has no scipy."""

# Student's t 0.975 quantiles for 1..30 degrees of freedom, then the normal quantile.
_T975 = (
    12.706,
    4.303,
    3.182,
    2.776,
    2.571,
    2.447,
    2.365,
    2.306,
    2.262,
    2.228,
    2.201,
    2.179,
    2.160,
    2.145,
    2.131,
    2.120,
    2.110,
    2.101,
    2.093,
    2.086,
    2.080,
    2.074,
    2.069,
    2.064,
    2.060,
    2.056,
    2.052,
    2.048,
    2.045,
    2.042,
)
_Z975 = 1.959964


def t_quantile(df: int) -> float:
    """Student's t 0.975 quantile for ``df`` >= 1 degrees of freedom (two-sided 95%).

    Beyond 30 degrees of freedom, the normal quantile plus the first two terms of its
    expansion in ``1/df`` (Cornish-Fisher; within 0.001 of the exact value).
    """
    df = count("degrees of freedom", df, 1)
    if df <= len(_T975):
        return _T975[df - 1]
    z = _Z975
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df * df)


@dataclass(frozen=True, slots=True)
class Summary:
    """A sample's size, mean, median, extremes and the 95% interval of its mean."""

    n: int
    mean: float
    median: float
    low: float
    """Lower end of the 95% interval of the mean (the mean itself when n == 1)."""
    high: float
    """Upper end of the 95% interval of the mean."""
    worst: float
    """The smallest value."""
    best: float
    """The largest value."""


def _sample(values: object, what: str) -> list[float]:
    """``values`` as a list of finite floats; NaN, infinities and non-numbers refused by name."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise InvalidArgumentError(f"{what} needs a sequence of numbers, got {values!r}")
    data = []
    for v in values:
        number = real(v)
        if number is None:
            raise InvalidArgumentError(f"{what} needs numbers; the sample holds {v!r}")
        data.append(number)
    if any(math.isnan(v) for v in data):
        raise InvalidArgumentError(
            f"a sample to {what} holds NaN (a failure, leave it out): {data!r}"
        )
    if any(math.isinf(v) for v in data):
        raise InvalidArgumentError(f"a sample to {what} holds an infinite value: {data!r}")
    return data


def summarize(values: Sequence[float]) -> Summary:
    """The ``Summary`` of a non-empty sample (NaN values are refused: they hide failures)."""
    data = _sample(values, "summarise")
    if not data:
        raise InvalidArgumentError("cannot summarise an empty sample")
    mean = statistics.fmean(data)
    half = 0.0
    if len(data) > 1:
        half = t_quantile(len(data) - 1) * statistics.stdev(data) / math.sqrt(len(data))
    return Summary(
        len(data), mean, statistics.median(data), mean - half, mean + half, min(data), max(data)
    )


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-sided Mann-Whitney U p-value of samples ``a`` and ``b`` (needs scipy).

    Raises:
        ImportError: scipy is not installed (the message says which pip install fixes it).
        InvalidArgumentError: a sample is empty, or holds NaN, an infinity or a non-number.
    """
    a, b = _sample(a, "rank-test"), _sample(b, "rank-test")
    if not a or not b:
        raise InvalidArgumentError("the Mann-Whitney U test needs two non-empty samples")
    try:
        from scipy.stats import mannwhitneyu
    except ImportError as err:
        raise ImportError(SCIPY_HINT) from err
    if len(set(a) | set(b)) == 1:
        return 1.0  # identical constant samples: scipy warns and returns NaN
    return float(mannwhitneyu(list(a), list(b), alternative="two-sided").pvalue)
