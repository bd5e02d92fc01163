"""Searches explain a broken game as check_iterator does, at the point of failure (issue 8, §3).

``Faulty`` is a keyed binary tree of depth 3 that breaks one rule two moves deep, so the fault
surfaces deep inside each search loop, not at the start.
"""

from __future__ import annotations

import ast
import math
import re
from pathlib import Path
from typing import Any

import pytest

import treesearch
from treesearch import (
    BFS,
    DFS,
    IDDFS,
    AStar,
    Backtracking,
    BeamSearch,
    Dijkstra,
    GreedyBestFirst,
    RandomWalk,
    TreeIterator,
    check_iterator,
)
from treesearch._contract import explain_failure
from treesearch.errors import (
    InvalidArgumentError,
    InvalidValueError,
    IteratorContractError,
    MissingCapabilityError,
    NotATreeIteratorError,
    TreeSearchError,
)


class Faulty(TreeIterator):
    """Breaks the contract in the way ``fault`` names, at the states two moves deep."""

    __slots__ = ("fault", "path")

    def __init__(self, fault: str, path: tuple[int, ...] = ()) -> None:
        self.fault, self.path = fault, path

    def get_children(self) -> Any:
        if len(self.path) == 2:
            bad = {"none": None, "five": 5, "ints": [0, 1]}.get(self.fault, ...)
            if bad is not ...:
                return bad
        if len(self.path) == 3:
            return []
        return [Faulty(self.fault, (*self.path, i)) for i in range(2)]

    def key(self) -> Any:
        if self.fault == "unhashable" and len(self.path) == 2:
            return list(self.path)
        if self.fault == "nokey" and self.path:
            return None
        return self.path

    def step_cost(self, child: Any) -> Any:
        if len(self.path) == 2:
            return {"nan": math.nan, "negative": -1, "word": "far"}.get(self.fault, 1)
        return 1

    def __repr__(self) -> str:
        return f"Faulty({self.path})"


SEARCHES: dict[str, Any] = {
    "BFS": BFS,
    "DFS": DFS,
    "Dijkstra": Dijkstra,
    "AStar": lambda **k: AStar(heuristic=lambda s: 0, **k),
    "GreedyBestFirst": lambda **k: GreedyBestFirst(heuristic=lambda s: 0, **k),
    "BeamSearch": lambda **k: BeamSearch(width=2, value=lambda s: 0, **k),
    "Backtracking": Backtracking,
    "IDDFS": IDDFS,
    "RandomWalk": lambda **k: RandomWalk(rng=0, episodes=4, **k),
}
BEST_FIRST = ("Dijkstra", "AStar", "GreedyBestFirst")
STATE = r"Faulty\(\(\d, \d\)\)"


def _check_message(fault: str) -> str:
    with pytest.raises(TreeSearchError) as info:
        check_iterator(Faulty(fault))
    return str(info.value)


@pytest.mark.parametrize("graph", [True, False])
@pytest.mark.parametrize("name", SEARCHES)
@pytest.mark.parametrize(
    ("fault", "error", "message"),
    [
        (
            "none",
            IteratorContractError,
            rf"get_children\(\) of {STATE}: returned None, which "
            r"is not iterable\. Fix: return a list",
        ),
        ("five", IteratorContractError, rf"get_children\(\) of {STATE}: returned 5, which is"),
        (
            "ints",
            NotATreeIteratorError,
            rf"get_children\(\) of {STATE}: yielded 0, which has "
            r"no get_children\(\)\. Fix: yield states",
        ),
    ],
)
def test_broken_children_are_explained(
    name: str, graph: bool, fault: str, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=f"^{message}") as info:
        SEARCHES[name](graph=graph).run(Faulty(fault))
    assert isinstance(info.value.__cause__, (TypeError, AttributeError))  # translated, kept
    assert re.match(message, _check_message(fault))  # check_iterator says the same


@pytest.mark.parametrize("name", SEARCHES)
def test_unhashable_key_is_explained(name: str) -> None:
    message = r"key\(\) of Faulty\(\(\d, \d\)\): returned the unhashable \[\d, \d\]\. Fix:"
    with pytest.raises(IteratorContractError, match=f"^{message}"):
        SEARCHES[name](graph=True).run(Faulty("unhashable"))
    assert re.match(message, _check_message("unhashable"))


@pytest.mark.parametrize("name", SEARCHES)
def test_child_without_key_under_a_keyed_start_raises(name: str) -> None:
    """The silently wrong answer: None was one shared key, so BFS visited 2 of 15 states."""
    message = (
        r"key\(\) of Faulty\(\(\d,\)\): returned None on this child of Faulty\(\(\)\), "
        r"though the start state has keys\. Fix: either every state has a key or none"
    )
    with pytest.raises(IteratorContractError, match=f"^{message}"):
        SEARCHES[name]().run(Faulty("nokey"))
    assert re.match(message, _check_message("nokey"))
    SEARCHES[name](graph=False).run(Faulty("nokey"))  # without keys the tree is fine


def test_same_words_as_check_iterator_for_the_same_state() -> None:
    for fault in ("none", "five", "unhashable", "nokey"):
        with pytest.raises(TreeSearchError) as info:
            BFS().run(Faulty(fault))
        assert str(info.value) == _check_message(fault)


@pytest.mark.parametrize("graph", [True, False])
@pytest.mark.parametrize("name", BEST_FIRST)
@pytest.mark.parametrize(
    ("fault", "shown"), [("nan", "nan"), ("negative", "-1"), ("word", "'far'")]
)
def test_bad_step_costs_use_check_iterator_words(
    name: str, graph: bool, fault: str, shown: str
) -> None:
    message = rf"step_cost\(\) of {STATE}: returned {shown} for Faulty\(\(\d, \d, \d\)\)\. Fix:"
    with pytest.raises(InvalidValueError, match=f"^{message}"):
        SEARCHES[name](graph=graph).run(Faulty(fault))
    assert re.match(message, _check_message(fault))


def test_observer_faults_are_not_blamed_on_the_game() -> None:
    def clumsy(event: Any) -> None:
        raise TypeError("an observer bug")

    with pytest.raises(TypeError, match="an observer bug") as info:
        BFS(clumsy).run(Faulty("fine"))
    assert not isinstance(info.value, TreeSearchError)


def test_explain_failure_for_other_searches() -> None:
    state = Faulty("none", (0, 0))
    try:
        list(state.get_children())
    except TypeError as exc:
        err = explain_failure(state, exc, "get_children()")
    assert isinstance(err, IteratorContractError) and "returned None" in str(err)

    class NoPlayer(TreeIterator):
        def get_children(self) -> list[Any]:
            return []

        def player(self) -> Any:
            return "white"

    err = explain_failure(NoPlayer(), TypeError("x"), "player()")
    assert isinstance(err, IteratorContractError) and "returned 'white'" in str(err)
    err = explain_failure(
        NoPlayer(), AttributeError("x", name="returns", obj=NoPlayer()), "returns()"
    )
    assert isinstance(err, MissingCapabilityError) and "returns()" in str(err)
    err = explain_failure(Faulty("fine"), IndexError("tuple index out of range"), "returns()")
    assert isinstance(err, IteratorContractError)
    assert "returns() of Faulty(()): raised IndexError: tuple index out of range" in str(err)


# -- uniform knobs (issue 8, §6) ---------------------------------------------------------------
@pytest.mark.parametrize("name", SEARCHES)
@pytest.mark.parametrize("bad", ["no", 1, 0.0])
def test_graph_flag_must_be_a_bool(name: str, bad: Any) -> None:
    with pytest.raises(
        InvalidArgumentError, match=f"graph must be True, False or None, got {re.escape(repr(bad))}"
    ):
        SEARCHES[name](graph=bad)


@pytest.mark.parametrize("search", [Backtracking, RandomWalk])
def test_value_must_be_callable(search: Any) -> None:
    with pytest.raises(InvalidArgumentError, match=r"value must be a callable.*got 3"):
        search(value=3)


def test_every_search_takes_goal_and_graph() -> None:
    for name, make in SEARCHES.items():
        search = make(goal={(1, 0)}, graph=False)
        assert search.goal == frozenset({(1, 0)}), name


def test_errors_never_name_private_classes() -> None:
    for make in (AStar, GreedyBestFirst):
        with pytest.raises(TreeSearchError) as info:
            make()
        assert "_" not in str(info.value).split()[0]


def test_run_does_not_import_search() -> None:
    """Issue 8, §7: imports go one way, search -> _run (TYPE_CHECKING imports included)."""
    source = Path(treesearch.__file__).with_name("_run.py").read_text()
    imported = {
        node.module for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)
    }
    assert "treesearch.search" not in imported
