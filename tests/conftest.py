from __future__ import annotations

from typing import Any

import pytest

from games.dict_tree import DictTreeIterator

SEED_TREE: dict[str, Any] = {
    "Algorithms": {
        "Breadth-First": {},
        "Depth-First": {"Backtracking": {}, "Beam Search": {}},
        "Other": {"Monte Carlo Tree Search": {}},
    }
}


@pytest.fixture
def seed_tree() -> DictTreeIterator:
    """The seed article's tree, rooted at "Root"."""
    return DictTreeIterator("Root", SEED_TREE)
