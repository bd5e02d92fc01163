"""Games that break the contract: one line naming the method, the state and the fix.

A game's or hook's *own* exception comes through as itself, with every observer closed.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from observers import RecordingObserver
from tests.treesearch.faulty import DUELS, PATH, SEARCHES, SOLO, Game, one_clear_line, start_for
from treesearch import TreeSearchError, check_iterator
from treesearch.checks import check_random_play
from treesearch.errors import (
    InvalidValueError,
    IteratorContractError,
    MissingCapabilityError,
    NotATreeIteratorError,
)

# fault -> (searches that ask the broken method, error class, texts the message names)
GAME_FAULTS: dict[str, tuple[list[str], type[Exception], list[str]]] = {
    "children None": (PATH + DUELS + SOLO, TreeSearchError, ["get_children()", "None", "Fix:"]),
    "children 5": (PATH + DUELS + SOLO, TreeSearchError, ["get_children()", "5", "Fix:"]),
    "child not a state": (
        PATH + DUELS + SOLO,
        NotATreeIteratorError,
        ["'a move'", "get_children()"],
    ),
    "key unhashable": (PATH, IteratorContractError, ["key()", "unhashable", "[1, 0]"]),
    "player 7": (["MCTS"], IteratorContractError, ["player()", "7"]),
    "player 'x'": (["MCTS", "AlphaBeta"], IteratorContractError, ["player()", "'x'"]),
    "returns NaN": (DUELS, IteratorContractError, ["returns()", "nan"]),
    "returns 'ab'": (DUELS, IteratorContractError, ["returns()", "'a'"]),
    "cost NaN": (["Dijkstra", "AStar", "GreedyBestFirst"], InvalidValueError, ["nan"]),
    "cost -1": (["Dijkstra", "AStar", "GreedyBestFirst"], InvalidValueError, ["-1"]),
    "cost 'x'": (["Dijkstra", "AStar", "GreedyBestFirst"], InvalidValueError, ["'x'"]),
}
BROKEN = [
    pytest.param(fault, search, id=f"{search}-{fault}")
    for fault, (searches, _, _) in GAME_FAULTS.items()
    for search in searches
]


@pytest.mark.parametrize(("fault", "search"), BROKEN)
def test_a_broken_game_is_named_with_its_method_and_fix(fault: str, search: str) -> None:
    _, error, named = GAME_FAULTS[fault]
    rec = RecordingObserver()
    knobs: dict[str, Any] = {"graph": True} if fault == "key unhashable" else {}
    with pytest.raises(error) as info:
        SEARCHES[search](**knobs).run(start_for(search, fault), observers=rec)
    one_clear_line(info.value, *named)
    assert "Game(" in str(info.value)  # the state at fault is named
    assert rec.closed == 1


@pytest.mark.parametrize("search", list(SEARCHES))
def test_a_game_s_own_exception_comes_through_as_itself(search: str) -> None:
    rec = RecordingObserver()
    with pytest.raises(LookupError, match="the game's own bug"):
        SEARCHES[search]().run(start_for(search, "children raise"), observers=rec)
    assert rec.closed == 1


HOOKS: list[tuple[str, str]] = [
    ("Backtracking", "value"),
    ("RandomWalk", "value"),
    ("BeamSearch", "value"),
    ("AStar", "heuristic"),
    ("GreedyBestFirst", "heuristic"),
    ("MCTS", "evaluate"),
    ("AlphaBeta", "value"),
    ("NRPA", "value"),
]


@pytest.mark.parametrize(("search", "hook"), HOOKS)
@pytest.mark.parametrize("returned", [math.nan, "high", None, [1, "x"]])
def test_a_hook_returning_a_non_number_is_named(search: str, hook: str, returned: Any) -> None:
    knobs: dict[str, Any] = {hook: lambda state: returned}
    if search == "AlphaBeta":
        knobs["depth"] = 1
    with pytest.raises(InvalidValueError) as info:
        SEARCHES[search](**knobs).run(start_for(search))
    shown = "NaN" if returned is math.nan and "NaN" in str(info.value) else repr(returned)
    one_clear_line(info.value, shown, "Game(")


def test_nrpa_refuses_a_two_player_game_naming_the_state() -> None:
    rec = RecordingObserver()
    with pytest.raises(MissingCapabilityError) as info:
        SEARCHES["NRPA"]().run(Game(), observers=rec)
    one_clear_line(info.value, "single-player", "player() is 1", "Game(")
    assert rec.closed == 1


def test_a_playout_returning_a_non_number_is_named() -> None:
    with pytest.raises(InvalidValueError) as info:
        SEARCHES["FlatMonteCarlo"](playout=lambda c, rng: "won").run(Game())
    one_clear_line(info.value, "'won'", "playout")


@pytest.mark.parametrize("fault", [*GAME_FAULTS, "children raise"])
def test_the_checkers_report_every_fault_as_a_contract_error(fault: str) -> None:
    # check_iterator and check_random_play name the method and the state, the game's own
    # exception included (a bare LookupError before); costs only check_iterator reads.
    if fault != "player 7":  # a valid index: only whole games show it has no reward
        with pytest.raises(TreeSearchError) as info:
            check_iterator(Game(fault))
        one_clear_line(info.value, "Game(")
    if not fault.startswith("cost"):
        with pytest.raises(TreeSearchError) as info:
            check_random_play(Game(fault), games=4)
        one_clear_line(info.value, "Game(")
