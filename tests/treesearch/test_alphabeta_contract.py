"""AlphaBeta against broken games, deep chains, endless games and every budget (issue 8)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.treesearch.test_mcts_contract import Endless, Toy
from treesearch import AlphaBeta, Budget, Status, TreeIterator
from treesearch.errors import (
    InvalidArgumentError,
    IteratorContractError,
    NotATreeIteratorError,
)


@pytest.mark.parametrize(
    ("fault", "error", "match"),
    [
        ("nan", IteratorContractError, r"returns\(\) of Toy\('nan', \(\d, \d\)\): returned \(nan"),
        ("inf", IteratorContractError, r"returns\(\) of Toy.*inf"),
        ("text", IteratorContractError, r"returns\(\) of Toy.*'win'"),
        ("empty", IteratorContractError, r"returns\(\) of Toy.*returned \(\)"),
        ("player7", IteratorContractError, r"player\(\) of Toy\('player7', \(\d,\)\): .*7"),
        ("player_text", IteratorContractError, r"player\(\) of Toy.*returned 'X'"),
        ("chance", IteratorContractError, r"chance_outcomes\(\) of Toy.*0\.9, 0\.9"),
        ("children_none", IteratorContractError, r"get_children\(\) of Toy.*returned None"),
        ("children_5", IteratorContractError, r"get_children\(\) of Toy.*returned 5"),
        ("int_children", NotATreeIteratorError, r"get_children\(\) of Toy.*yielded 1"),
        ("unhashable", IteratorContractError, r"key\(\) of Toy.*unhashable \["),
    ],
)
def test_contract_breaches_are_named(fault: str, error: type[Exception], match: str) -> None:
    """Each used to give inf/-inf, or a bare TypeError/IndexError from deep inside."""
    with pytest.raises(error, match=match):
        AlphaBeta().run(Toy(fault))


def test_the_good_toy_is_searched() -> None:
    result = AlphaBeta().run(Toy())
    assert result.value == -0.5 and result.best.path in ((0,), (1,))


def test_a_start_with_a_third_player_is_refused() -> None:
    class Third(Toy):
        def player(self) -> int:
            return 2

    with pytest.raises(IteratorContractError, match=r"player\(\) of Toy.*returned 2.*two-player"):
        AlphaBeta().run(Third())


class Chain(TreeIterator):
    """A line of ``length`` moves with one child each; player 0 wins at the end."""

    __slots__ = ("at", "length")

    def __init__(self, length: int, at: int = 0) -> None:
        self.length, self.at = length, at

    def player(self) -> int:
        return self.at % 2

    def get_children(self) -> list[Chain]:
        return [] if self.at == self.length else [Chain(self.length, self.at + 1)]

    def returns(self) -> tuple[float, float]:
        return (1.0, -1.0)

    def key(self) -> int:
        return self.at

    def __repr__(self) -> str:
        return f"Chain({self.length}, at={self.at})"


def test_a_chain_deeper_than_the_recursion_limit_is_explained() -> None:
    """Used to die with a bare RecursionError."""
    with pytest.raises(
        InvalidArgumentError,
        match=r"plies deep from Chain\(1000, at=0\).*"
        r"recursion limit.*depth=N.*Budget\(max_depth=N\)",
    ):
        AlphaBeta().run(Chain(1000))


def test_a_chain_is_searched_within_max_depth() -> None:
    result = AlphaBeta(value=lambda s: 0.5, budget=Budget(max_depth=300)).run(Chain(1000))
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_depth"
    assert result.info["depth"] == 300 and result.value == 0.5
    assert AlphaBeta().run(Chain(300)).value == 1.0


def test_max_depth_caps_deepening_on_an_endless_game() -> None:
    result = AlphaBeta(value=lambda s: 0.0, budget=Budget(max_depth=6)).run(Endless())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_depth"
    assert result.info["depth"] == 6 and result.stats.max_depth == 6
    assert result.stats.iterations == 6


def test_max_depth_with_a_game_that_fits_is_exhausted() -> None:
    result = AlphaBeta(budget=Budget(max_depth=5)).run(Chain(4))
    assert result.status is Status.EXHAUSTED and result.value == 1.0


def test_max_iterations_caps_the_deepening_rounds() -> None:
    result = AlphaBeta(value=lambda s: 0.0, budget=Budget(max_iterations=3)).run(Endless())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_iterations"
    assert result.stats.iterations == 3 and result.info["depth"] == 3


def test_max_nodes_ends_an_endless_game() -> None:
    result = AlphaBeta(value=lambda s: 0.0, budget=Budget(max_nodes=500)).run(Endless())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_nodes"
    assert result.stats.expanded <= 500 and result.best is not None


def test_seconds_end_an_endless_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    ticks = iter(range(10**9))
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks) / 1000)
    result = AlphaBeta(value=lambda s: 0.0, budget=Budget(seconds=0.05)).run(Endless())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "seconds"
    assert result.best is not None


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"pruning": "no"}, "pruning must be True or False, got 'no'"),
        ({"pruning": 0}, "got 0"),
        ({"transposition": "yes"}, "transposition must be True, False or None, got 'yes'"),
        ({"perspective": 5}, "perspective must be player 0 or 1, got 5"),
        ({"perspective": True}, "got True"),
        ({"perspective": 1.0}, "got 1.0"),
        ({"budget": Budget(max_depth=0)}, r"max_depth=0"),
    ],
)
def test_every_knob_is_validated(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        AlphaBeta(**kwargs)
