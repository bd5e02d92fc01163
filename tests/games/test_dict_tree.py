from __future__ import annotations

import pytest

from games.dict_tree import DictTreeIterator
from tests.conftest import SEED_TREE
from treesearch import check_iterator


def test_is_terminal_is_not_inverted() -> None:
    root = DictTreeIterator("Root", SEED_TREE)
    assert not root.is_terminal()
    leaf = DictTreeIterator("leaf", {})
    assert leaf.is_terminal() and list(leaf.get_children()) == []


def test_children_sorted_with_path_keys() -> None:
    root = DictTreeIterator("Root", {"b": {}, "a": {}})
    assert [(c.name, c.key()) for c in root.get_children()] == [
        ("a", ("Root", "a")),
        ("b", ("Root", "b")),
    ]


def test_contract() -> None:
    check_iterator(DictTreeIterator("Root", SEED_TREE))


def test_rejects_non_mapping_children() -> None:
    with pytest.raises(TypeError, match=r"\['x'\]"):
        DictTreeIterator("Root", ["x"])  # type: ignore[arg-type]
