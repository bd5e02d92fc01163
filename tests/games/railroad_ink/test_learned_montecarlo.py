"""The ``learned-mc`` bot: play-outs for the value's best candidates only, legal and seeded."""

from __future__ import annotations

import numpy as np
import pytest

from games.railroad_ink import RailroadInk, RailroadInkState
from games.railroad_ink.bots.learned_montecarlo import MODEL, LearnedMonteCarloBot
from games.railroad_ink.bots.learned_value import LearnedBot, load_value, train_value
from games.railroad_ink.bots.montecarlo import candidates, move_code
from games.railroad_ink.records import play
from tests.games.railroad_ink.test_bots import assert_uses_rolled_faces
from treesearch import CHANCE
from treesearch.errors import InvalidArgumentError


@pytest.fixture(scope="module")
def weights() -> np.ndarray:
    """A value trained on a few games: enough to rank candidates unevenly."""
    return train_value(games=60, seed=2, every=60, eval_seeds=[]).weights


def _rolled(seed: int) -> RailroadInkState:
    game = RailroadInk(seed, "revealed")
    return game.start().rolled(game.rolls[0])


def _game(bot: LearnedMonteCarloBot, seed: int, placements: int) -> list[str]:
    game = RailroadInk(seed, "revealed")
    state = game.start()
    while not state.is_terminal() and len(state.board.order) < placements:
        if state.player() == CHANCE:
            state = state.rolled(game.rolls[state.round - 1])
        else:
            state = bot.choose(state)
    return state.board.to_moves()


def test_only_the_values_top_candidates_get_playouts(weights: np.ndarray) -> None:
    state = _rolled(3)
    bot = LearnedMonteCarloBot(weights, top=3, playouts=30, seed=1)
    chosen = bot.choose(state)
    found = candidates(state)
    values = [LearnedBot(weights).value(c) for c in found]
    assert len(found) > 3 and len(set(values)) > 3
    ranked = sorted(range(len(found)), key=lambda k: -values[k])
    top = {move_code(found[k]) for k in ranked[:3]}
    searched = {c.label for c in bot.last_decision}
    assert searched == top and move_code(chosen) in top


def test_a_large_prior_plays_the_values_best_candidate(weights: np.ndarray) -> None:
    state = _rolled(4)
    bot = LearnedMonteCarloBot(weights, top=4, prior=1e6, sampled=0.0, playouts=20, seed=1)
    chosen = bot.choose(state)
    value = LearnedBot(weights).value
    assert value(chosen) == max(value(c) for c in candidates(state))


def test_the_prior_only_chooses_among_well_sampled_candidates(weights: np.ndarray) -> None:
    state = _rolled(4)
    bot = LearnedMonteCarloBot(weights, prior=1e6, sampled=1.0, playouts=200, seed=1)
    chosen = bot.choose(state)
    most = max(c.count for c in bot.last_decision)
    assert move_code(chosen) in {c.label for c in bot.last_decision if c.count == most}
    value = LearnedBot(weights).value
    assert value(chosen) < max(value(c) for c in candidates(state))


def test_the_bot_is_deterministic_by_seed(weights: np.ndarray) -> None:
    def moves() -> list[str]:
        return _game(LearnedMonteCarloBot(weights, top=4, playouts=20, seed=5), 6, 6)

    first = moves()
    assert len(first) == 6 and moves() == first


def test_the_shipped_model_plays_a_legal_game_on_a_tiny_budget() -> None:
    load_value(MODEL)  # the file is a model of this game's value
    record = play(5, "revealed", "learned-mc", 0.6)
    assert_uses_rolled_faces(record)
    assert record.score == record.board.score()


@pytest.mark.parametrize(
    ("knobs", "named"),
    [
        ({"top": -1}, "top"),
        ({"prior": -1.0}, "prior"),
        ({"sampled": -0.5}, "sampled"),
        ({"last_width": 0}, "last_width"),
    ],
)
def test_bad_knobs_are_refused_by_name(knobs: dict[str, float], named: str) -> None:
    with pytest.raises(InvalidArgumentError, match=named):
        LearnedMonteCarloBot(**knobs)


def test_weights_of_the_wrong_shape_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="weights must have shape"):
        LearnedMonteCarloBot(np.zeros(5))
