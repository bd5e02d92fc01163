import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from treesearch.compare import mann_whitney, summarize, t_quantile
from treesearch.errors import InvalidArgumentError

scipy_stats = pytest.importorskip("scipy.stats")


def test_summary_by_hand() -> None:
    s = summarize([1.0, 2.0, 3.0, 4.0])
    assert (s.n, s.mean, s.median, s.worst, s.best) == (4, 2.5, 2.5, 1.0, 4.0)
    # sd = sqrt(5/3); t(3) = 3.182; half-width = 3.182 * sd / 2
    half = 3.182 * math.sqrt(5 / 3) / 2
    assert s.low == pytest.approx(2.5 - half) and s.high == pytest.approx(2.5 + half)


def test_single_value_has_no_width() -> None:
    s = summarize([7])
    assert (s.low, s.high) == (7.0, 7.0)


@pytest.mark.parametrize("bad", [[], [1.0, math.nan], [1.0, math.inf], [-math.inf]])
def test_bad_samples_refused(bad: list[float]) -> None:
    with pytest.raises(InvalidArgumentError):
        summarize(bad)


@pytest.mark.parametrize("df", [1, 2, 5, 10, 30, 31, 45, 100, 1000])
def test_t_quantile_matches_scipy(df: int) -> None:
    assert t_quantile(df) == pytest.approx(scipy_stats.t.ppf(0.975, df), abs=1e-3)


def test_t_quantile_refuses_zero() -> None:
    with pytest.raises(InvalidArgumentError, match="degrees of freedom"):
        t_quantile(0)


@given(st.lists(st.floats(-1e6, 1e6), min_size=2, max_size=30))
def test_interval_contains_mean(data: list[float]) -> None:
    s = summarize(data)
    assert s.low <= s.mean + 1e-6 and s.mean <= s.high + 1e-6
    assert s.worst <= s.median <= s.best


def test_mann_whitney() -> None:
    assert mann_whitney([1, 2, 3, 4, 5], [11, 12, 13, 14, 15]) == pytest.approx(0.0079, abs=1e-3)
    assert mann_whitney([1, 1], [1, 1]) == 1.0
    with pytest.raises(InvalidArgumentError):
        mann_whitney([], [1.0])
