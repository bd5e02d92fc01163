"""``compare()``, its entrants' results, reports and statistics: bad values in one line.

Each refusal is one line naming the bad value (its ``repr``) and what was expected.
"""

from __future__ import annotations

import math
import pickle
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.treesearch.compare.checks import (
    clear,
    deadline,  # noqa: F401  (autouse: a hang fails the test)
    ok,
)
from treesearch import InvalidArgumentError
from treesearch.compare import (
    Comparison,
    ComparisonInterrupted,
    Outcome,
    compare,
    instance_seed,
    mann_whitney,
    plot_cdf,
    summarize,
    t_quantile,
    table,
    write,
)

# -- compare(): its arguments ----------------------------------------------------------------

BAD_COMPARE: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("entrants a list", {"entrants": [("a", ok)]}, ("[('a',", "a dict of names")),
    ("entrants None", {"entrants": None}, ("None", "a dict of names")),
    ("entrants empty", {"entrants": {}}, ("at least one entrant",)),
    ("name not a str", {"entrants": {1: ok}}, ("got 1", "non-empty strings")),
    ("name empty", {"entrants": {" ": ok}}, ("got ' '", "non-empty strings")),
    ("entrant not callable", {"entrants": {"a": 3}}, ("entrant 'a'", "got 3", "callable")),
    ("instances 0", {"instances": 0}, ("instances", "got 0", ">= 1")),
    ("instances float", {"instances": 2.0}, ("got 2.0", "an int")),
    ("instances bool", {"instances": True}, ("got True", "an int")),
    ("instances str", {"instances": "3"}, ("got '3'", "an int")),
    ("instances too many", {"instances": 10**9}, ("instances=1000000000", "at most")),
    ("seed negative", {"seed": -1}, ("seed", "got -1", ">= 0")),
    ("seed float", {"seed": 1.5}, ("got 1.5", "an int")),
    ("seed nan", {"seed": math.nan}, ("got nan",)),
    ("jobs 0", {"jobs": 0}, ("jobs", "got 0", ">= 1 or None")),
    ("jobs bool", {"jobs": False}, ("got False",)),
    ("jobs float", {"jobs": 2.0}, ("got 2.0",)),
    ("backend unknown", {"backend": "mpi"}, ("'mpi'", "'local', 'ray'")),
    ("backend None", {"backend": None}, ("got None", "'local', 'ray'")),
    ("measure empty", {"measure": ""}, ("got ''", "non-empty name")),
    ("measure a column", {"measure": "seconds"}, ("got 'seconds'", "other than")),
    ("measure not a str", {"measure": 3}, ("got 3",)),
    ("higher_is_better str", {"higher_is_better": "no"}, ("got 'no'", "True or False")),
    ("higher_is_better int", {"higher_is_better": 0}, ("got 0", "True or False")),
    ("progress str", {"progress": "yes"}, ("got 'yes'", "True or False")),
]


@pytest.mark.parametrize(("case", "kwargs", "parts"), BAD_COMPARE, ids=[c[0] for c in BAD_COMPARE])
def test_compare_refuses_bad_arguments_in_one_line(
    case: str, kwargs: dict[str, Any], parts: tuple[str, ...]
) -> None:
    call = {"entrants": {"a": ok}, "instances": 2, "jobs": 1, **kwargs}
    with pytest.raises(InvalidArgumentError) as caught:
        compare(**call)
    clear(caught.value, *parts)


def test_numpy_integers_count_as_ints() -> None:
    c = compare({"a": ok}, instances=np.int64(3), seed=np.uint32(4), jobs=np.int8(1))
    assert len(c.rows) == 3 and c.rows[0].seed == instance_seed(4, 0)
    assert compare({"a": ok}, instances=2, higher_is_better=np.bool_(False), jobs=1).rows


# -- compare(): what entrants return ---------------------------------------------------------

BAD_RETURNS: list[tuple[str, Any, tuple[str, ...]]] = [
    ("None", None, ("returned None", "an Outcome or a number")),
    ("a str", "2", ("returned '2'", "an Outcome or a number")),
    ("a bool", True, ("returned True",)),
    ("a list", [1.0], ("returned [1.0]",)),
    ("inf", math.inf, ("the value inf", "finite number (or NaN for no result)")),
    ("-inf", -math.inf, ("the value -inf",)),
    ("value str", Outcome("x", 0.0), ("the value 'x'", "finite number")),  # type: ignore[arg-type]
    ("value inf", Outcome(math.inf, 0.0), ("the value inf",)),
    ("seconds nan", Outcome(1.0, math.nan), ("seconds=nan", "finite number of seconds >= 0")),
    ("seconds inf", Outcome(1.0, math.inf), ("seconds=inf",)),
    ("seconds negative", Outcome(1.0, -1.0), ("seconds=-1.0",)),
    ("seconds str", Outcome(1.0, "1"), ("seconds='1'",)),  # type: ignore[arg-type]
    ("nodes float", Outcome(1.0, 0.0, 1.5), ("nodes=1.5", "an int >= 0")),  # type: ignore[arg-type]
    ("nodes negative", Outcome(1.0, 0.0, -2), ("nodes=-2",)),
    ("nodes bool", Outcome(1.0, 0.0, True), ("nodes=True",)),
    ("status int", Outcome(1.0, 0.0, 0, 3), ("status=3", "a string")),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize(("case", "out", "parts"), BAD_RETURNS, ids=[c[0] for c in BAD_RETURNS])
def test_a_bad_result_is_refused_naming_the_entrant_and_seed(
    case: str, out: Any, parts: tuple[str, ...], jobs: int
) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        compare({"e": lambda seed: out, "f": ok}, instances=2, seed=1, jobs=jobs)
    clear(caught.value, "entrant 'e'", *parts)
    assert any(f"seed {instance_seed(1, i)}" in str(caught.value) for i in range(2))


@pytest.mark.parametrize(
    "out", [np.float32(2.5), np.int64(3), 4, Outcome(np.float64(1.0), 0, np.int64(5), "x")]
)
def test_numpy_and_int_results_are_taken_as_numbers(out: Any) -> None:
    row = compare({"e": lambda seed: out}, instances=1, jobs=1).rows[0]
    assert isinstance(row.value, float) and isinstance(row.nodes, int)
    assert isinstance(row.seconds, float)


# -- reports and statistics -------------------------------------------------------------------


def _comparison() -> Comparison:
    return compare({"a": ok, "b": lambda s: float(s % 5)}, instances=3, jobs=1)


REPORTS: list[tuple[str, Callable[[], Any], tuple[str, ...]]] = [
    ("table(3)", lambda: table(3), ("table() needs a Comparison", "got 3")),  # type: ignore[arg-type]
    ("write(None)", lambda: write(None, "x"), ("write() needs a Comparison", "got None")),  # type: ignore[arg-type]
    ("plot_cdf(str)", lambda: plot_cdf("c", Path("x.png")), ("plot_cdf() needs", "got 'c'")),  # type: ignore[arg-type]
    ("write to an int", lambda: write(_comparison(), 3), ("out must be a folder path", "got 3")),  # type: ignore[arg-type]
    ("write to ''", lambda: write(_comparison(), ""), ("got ''",)),
    ("summary field", lambda: _comparison().summary("a", "time"), ("got 'time'", "'seconds'")),
    ("summary name", lambda: _comparison().summary("zz"), ("no entrant 'zz'", "a, b")),
    ("instance_seed -1", lambda: instance_seed(-1, 0), ("seed must be an int >= 0", "got -1")),
    ("instance_seed 1.5", lambda: instance_seed(1.5, 0), ("got 1.5",)),  # type: ignore[arg-type]
    ("instance_seed index", lambda: instance_seed(0, -3), ("index must be", "got -3")),
    ("summarize []", lambda: summarize([]), ("empty sample",)),
    ("summarize str", lambda: summarize("abc"), ("a sequence of numbers", "got 'abc'")),
    ("summarize None", lambda: summarize(None), ("got None",)),  # type: ignore[arg-type]
    ("summarize nan", lambda: summarize([1, math.nan]), ("holds NaN", "[1.0, nan]")),
    ("summarize inf", lambda: summarize([math.inf]), ("infinite value", "[inf]")),
    ("summarize a word", lambda: summarize([1, "x"]), ("holds 'x'",)),  # type: ignore[list-item]
    ("mann_whitney nan", lambda: mann_whitney([math.nan], [1]), ("holds NaN",)),
    ("mann_whitney str", lambda: mann_whitney("ab", [1]), ("got 'ab'",)),  # type: ignore[arg-type]
    ("mann_whitney empty", lambda: mann_whitney([], [1]), ("two non-empty samples",)),
    ("t_quantile 0", lambda: t_quantile(0), ("degrees of freedom must be an int >= 1", "got 0")),
    ("t_quantile 2.5", lambda: t_quantile(2.5), ("got 2.5",)),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("case", "call", "parts"), REPORTS, ids=[c[0] for c in REPORTS])
def test_reports_and_statistics_refuse_bad_values_in_one_line(
    case: str, call: Callable[[], Any], parts: tuple[str, ...]
) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    clear(caught.value, *parts)


def test_write_refuses_a_file_before_writing(tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.write_text("mine")
    with pytest.raises(InvalidArgumentError) as caught:
        write(_comparison(), target)
    clear(caught.value, repr(str(target)), "must be a folder")
    assert target.read_text() == "mine"


def test_an_interrupted_comparison_pickles_with_its_rows() -> None:
    # ComparisonInterrupted crosses processes (a harness inside a job) with what it holds.
    stop = ComparisonInterrupted(signal.SIGTERM, _comparison())
    again = pickle.loads(pickle.dumps(stop))
    assert again.signum == signal.SIGTERM and again.comparison == stop.comparison
