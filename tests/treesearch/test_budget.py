from __future__ import annotations

import math
from typing import Any

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
        ({"seconds": -1.0}, "seconds must be > 0, got -1.0"),
        ({"seconds": math.nan}, "got nan"),
        ({"seconds": "1"}, "seconds must be a number"),
        ({"max_nodes": True}, "got True"),
    ],
)
def test_bad_limits_are_named(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidBudgetError, match=message):
        Budget(**kwargs)
    with pytest.raises(ValueError):  # also a ValueError
        Budget(**kwargs)


def test_combining_takes_the_tighter_limit() -> None:
    b = Budget(max_nodes=100, seconds=2.0) | Budget(max_nodes=50, max_depth=3)
    assert b == Budget(max_nodes=50, max_depth=3, seconds=2.0)
    assert Budget().unlimited and not b.unlimited


def test_search_rejects_a_non_budget() -> None:
    with pytest.raises(InvalidBudgetError, match="100"):
        BFS(budget=100)  # type: ignore[arg-type]
