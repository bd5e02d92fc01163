"""Whole rounds by the learned value: the round player is the bot without play-outs, and TD(0)
along the placements it plays is seeded, exact and the same in plain Python."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from games.railroad_ink import RailroadInk
from games.railroad_ink.bots.learned_rounds import LearnedRoundsBot
from games.railroad_ink.bots.learned_value import (
    _rolls,
    round_keys,
    round_scores,
    shipped_value,
    train_value,
)
from games.railroad_ink.bots.montecarlo import move_code
from games.railroad_ink.engine.ntuple import evaluate, update
from games.railroad_ink.engine.playout import seed_stream
from games.railroad_ink.engine.round_beam import new_ends
from games.railroad_ink.engine.round_td import ENDS, round_game
from games.railroad_ink.records import play
from tests.helpers import plain_python_digest
from treesearch import CHANCE
from treesearch.errors import InvalidArgumentError

WEIGHTS = np.array(shipped_value()[0], np.float64)


def _bot_score(seed: int, width: int) -> int:
    """The final score of ``LearnedRoundsBot`` without play-outs, beams of ``width``."""
    bot = LearnedRoundsBot(WEIGHTS, width=width, last_width=width, playouts=0)
    return play(seed, "revealed", lambda _: bot).score.total


@pytest.mark.parametrize("seed", [100, 101])
def test_the_round_player_is_the_bot_without_playouts(seed: int) -> None:
    assert round_scores(WEIGHTS, [seed], 4) == [_bot_score(seed, 4)]


def _replayed(weights: np.ndarray, seed: int, record: np.ndarray, n: int, score: int):
    """``weights`` after TD(0) (step 0.01) along the placements ``record[:n]`` of game ``seed``.

    The placements are replayed on the game's own states, each afterstate read by
    ``encoding()``; a placement not among a state's children means its round ended before.
    """
    game, plan, prev = RailroadInk(seed, dice="revealed"), list(record[:n]), None
    state = game.start()
    while plan:
        if state.player() == CHANCE:
            state = state.rolled(game.rolls[state.round - 1])
            continue
        children = {move_code(child): child for child in state.get_children()}
        if plan[0] not in children:
            state = children[-1]  # the round ends here
            continue
        state = children[plan.pop(0)]
        cells = state.encoding()
        if prev is not None:
            update(weights, prev, evaluate(weights, cells), 0.01)
        prev = cells
    update(weights, prev, float(score), 0.01)
    return weights


def test_learning_moves_each_afterstate_towards_the_next_and_the_last_to_the_score() -> None:
    rolls, record = _rolls(100), np.zeros(49, np.int64)
    weights = WEIGHTS.copy()
    args = (seed_stream(0), 4, 0.0, 0.01, True, new_ends(ENDS), round_keys(0), record)
    score, n = round_game(weights, rolls.copy(), *args)
    played = round_game(WEIGHTS.copy(), rolls.copy(), *args[:4], False, *args[5:])
    assert played == (score, n)  # a small step leaves the choices of this game as they were
    assert np.allclose(weights, _replayed(WEIGHTS.copy(), 100, record, n, score))
    assert not np.array_equal(weights, WEIGHTS)


def test_training_by_rounds_is_seeded_and_its_curve_measures_the_round_player() -> None:
    knobs = {"games": 6, "every": 3, "eval_seeds": [100], "rounds": 2, "weights": WEIGHTS}
    first, again = train_value(seed=5, **knobs), train_value(seed=5, **knobs)
    greedy = train_value(games=6, seed=5, every=3, eval_seeds=[100], weights=WEIGHTS)
    assert np.array_equal(first.weights, again.weights) and first.curve == again.curve
    assert not np.array_equal(first.weights, greedy.weights)
    assert first.settings["rounds"] == 2 and "rounds" not in greedy.settings
    assert [g for g, _ in first.curve] == [0, 3, 6]  # from the weights given
    assert first.curve[0] == (0, float(round_scores(WEIGHTS, [100], 2)[0]))
    assert first.curve[-1] == (6, float(round_scores(first.weights, [100], 2)[0]))


@pytest.mark.parametrize(
    ("knobs", "message"),
    [
        ({"rounds": -1}, "rounds"),
        ({"rounds": 4, "reward": "delta"}, "rounds learns the final score by TD"),
        ({"rounds": 4, "lam": 0.5}, "rounds learns the final score by TD"),
    ],
)
def test_bad_round_training_is_refused(knobs: dict, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        train_value(games=1, **knobs)


def _digest() -> str:
    """A fingerprint of two training games by rounds and of the round player's curve."""
    run = train_value(games=2, seed=9, every=2, eval_seeds=[100], rounds=2, weights=WEIGHTS)
    return hashlib.sha256(repr([run.weights.round(9).tolist(), run.curve]).encode()).hexdigest()


def test_plain_python_trains_by_rounds_the_very_same_weights() -> None:
    engine, digest = plain_python_digest("tests.games.railroad_ink.test_round_td")
    assert engine == "python"
    assert digest == _digest()
