"""The perspective convention, tested once for all searches (sign errors are the usual bug)."""

from __future__ import annotations

import math

import pytest

from games.dict_tree import DictTreeIterator
from games.tictactoe import TicTacToe
from treesearch import MCTS, AlphaBeta
from treesearch.errors import InvalidArgumentError, InvalidValueError, MissingCapabilityError
from treesearch.values import evaluate, negated, normalised, player_of, returns_of, terminal_value

X_WON = TicTacToe((1, 1, 1, 2, 2, 0, 0, 0, 0))


def test_terminal_value_is_per_player() -> None:
    assert terminal_value(0)(X_WON) == 1.0 and terminal_value(1)(X_WON) == -1.0
    assert negated(terminal_value(0))(X_WON) == terminal_value(1)(X_WON)


def test_normalised_maps_onto_unit_interval() -> None:
    norm = normalised(terminal_value(0), -1.0, 1.0)
    assert norm(X_WON) == 1.0 and normalised(terminal_value(1), -1, 1)(X_WON) == 0.0
    with pytest.raises(InvalidArgumentError, match="low=1"):
        normalised(terminal_value(0), 1, 1)


def test_every_adversarial_search_reports_the_movers_view() -> None:
    """O to move and O can win at once: both searches say +1 for O, not -1."""
    o_wins_next = TicTacToe((1, 1, 0, 2, 2, 0, 1, 0, 0))
    ab = AlphaBeta().run(o_wins_next)
    mc = MCTS(iterations=400, rng=0).run(o_wins_next)
    assert o_wins_next.player() == 1
    assert ab.best.move == mc.best.move == 5
    assert ab.value == 1.0 and mc.value == pytest.approx(1.0)


def test_evaluate_rejects_nan_and_non_numbers() -> None:
    assert evaluate(lambda s: 3, None) == 3.0
    with pytest.raises(InvalidValueError, match="NaN"):
        evaluate(lambda s: math.nan, "state")
    with pytest.raises(InvalidValueError, match="'high'"):
        evaluate(lambda s: "high", "state")


def test_missing_player_contract_is_explained() -> None:
    leaf = DictTreeIterator("leaf", {})
    with pytest.raises(MissingCapabilityError, match=r"player\(\)"):
        player_of(leaf)
    with pytest.raises(MissingCapabilityError, match=r"returns\(\)"):
        returns_of(leaf)


def test_player_returns_and_chance_contract_breaches_are_named() -> None:
    """player() 7 used to act as player 1, NaN returns as a number, p=(0.9, 0.9) as fine."""
    from tests.games_util import Gamble
    from treesearch.errors import IteratorContractError
    from treesearch.values import chance_outcomes_of

    class Bad(Gamble):
        def player(self) -> int:
            return "X"  # type: ignore[return-value]

        def returns(self) -> tuple[float, float]:
            return (math.nan, 0.0)

        def chance_outcomes(self) -> list[tuple[Gamble, float]]:
            return [(Gamble("won"), 0.9), (Gamble("lost"), 0.9)]

    with pytest.raises(IteratorContractError, match=r"player\(\) of Gamble\('start'\): .*'X'"):
        player_of(Bad())
    with pytest.raises(IteratorContractError, match=r"returns\(\) of .*nan"):
        returns_of(Bad())
    with pytest.raises(IteratorContractError, match=r"chance_outcomes\(\) of .*0\.9, 0\.9.*1\.8"):
        chance_outcomes_of(Bad("gamble"))
    assert [p for _, p in chance_outcomes_of(Gamble("gamble"))] == [0.3, 0.7]
