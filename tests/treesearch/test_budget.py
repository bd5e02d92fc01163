from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from treesearch import BFS, Budget
from treesearch.errors import InvalidBudgetError


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"max_nodes": -1}, "max_nodes must be >= 1, got -1"),
        ({"max_nodes": 0}, "max_nodes must be >= 1, got 0"),
        ({"max_nodes": 2.5}, "max_nodes must be an int"),
        ({"max_nodes": "10"}, "got '10'"),
        ({"max_depth": -3}, "max_depth must be >= 0, got -3"),
        ({"max_iterations": 0}, "max_iterations must be >= 1, got 0"),
        ({"seconds": -1.0}, "seconds must be > 0, got -1.0"),  # the command line quotes it
        ({"seconds": 0}, "seconds must be > 0, got 0$"),
        ({"seconds": math.nan}, "got nan"),
        (
            {"seconds": math.inf},
            r"seconds must be a finite number > 0 or None \(no time limit\), got inf",
        ),
        ({"seconds": -math.inf}, "got -inf"),
        ({"seconds": 10**400}, "seconds must be a finite number"),
        ({"seconds": "1"}, "seconds must be a finite number"),
        ({"seconds": True}, "got True"),
        ({"max_nodes": True}, "got True"),
        ({"max_nodes": np.bool_(True)}, "got np.True_"),
        ({"max_nodes": np.float64(3.0)}, "max_nodes must be an int >= 1 or None, got np.float64"),
        ({"max_depth": math.inf}, "max_depth must be an int >= 0 or None, got inf"),
        ({"max_iterations": np.int64(0)}, "max_iterations must be >= 1, got np.int64"),
    ],
)
def test_bad_limits_are_named(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidBudgetError, match=message):
        Budget(**kwargs)
    with pytest.raises(ValueError):  # also a ValueError
        Budget(**kwargs)


def test_numpy_numbers_are_taken_as_plain_numbers() -> None:
    # Before: np.int64(100) was refused as "must be an int".
    b = Budget(max_nodes=np.int64(100), max_depth=np.uint8(3), seconds=np.float32(0.5))
    assert b == Budget(max_nodes=100, max_depth=3, seconds=0.5)
    assert type(b.max_nodes) is int and type(b.seconds) is float
    assert BFS(budget=Budget(max_iterations=np.int32(2))).budget.max_iterations == 2


def test_combining_takes_the_tighter_limit() -> None:
    b = Budget(max_nodes=100, seconds=2.0) | Budget(max_nodes=50, max_depth=3)
    assert b == Budget(max_nodes=50, max_depth=3, seconds=2.0)
    assert Budget().unlimited and not b.unlimited


def test_search_rejects_a_non_budget() -> None:
    with pytest.raises(InvalidBudgetError, match="100"):
        BFS(budget=100)  # type: ignore[arg-type]
