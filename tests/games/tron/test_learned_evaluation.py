"""The learned evaluation: ``evaluate``'s scale and ends, the shipped model, its bot."""

from __future__ import annotations

import numpy as np
import pytest

from games.tron.bots import alphabeta_bot, random_bot
from games.tron.features import FEATURES
from games.tron.learned_evaluation import MODEL, LearnedEvaluation, learned_evaluation
from games.tron.state import hex_start, square_start
from games.tron.value import CONNECTED_SCALE, evaluate
from treesearch.errors import InvalidArgumentError, ModelFileError


def test_the_voronoi_weight_alone_is_evaluate() -> None:
    weights = np.zeros(len(FEATURES))
    weights[FEATURES.index("owned")] = 1.0
    value = LearnedEvaluation(weights)
    checked = 0
    for seed in range(4):
        state, bot = hex_start(seed), random_bot(seed)
        while not state.is_terminal():
            for s in (state, *state.get_children()):
                assert value(s) == pytest.approx(evaluate(s), abs=1e-12)
                assert value(s, 1) == pytest.approx(evaluate(s, 1), abs=1e-12)
                checked += 1
            state = state.play(bot(state, 0), bot(state, 1))
    assert checked > 100


def test_the_shipped_model_stays_inside_the_territory_scale() -> None:
    value = learned_evaluation()
    assert value.weights.shape == (len(FEATURES),)
    state, bot = hex_start(3), random_bot(3)
    while not state.is_terminal():
        v = value(state)
        assert -1.0 <= v <= 1.0
        if not value.features(state).any():
            assert v == 0.0
        state = state.play(bot(state, 0), bot(state, 1))
    assert value(hex_start(5)) == 0.0  # a point-symmetric start is even
    assert abs(value(hex_start(5).play(0, 1))) < CONNECTED_SCALE


def test_an_alpha_beta_bot_plays_on_it() -> None:
    bot = alphabeta_bot(None, depth=2, value=learned_evaluation())
    state = hex_start(2)
    assert bot(state, 0) in state.legal_moves(0)
    assert "value=learned_evaluation" in repr(bot)


def test_bad_weights_models_and_boards_are_refused(tmp_path: object) -> None:
    with pytest.raises(InvalidArgumentError, match="9 finite numbers"):
        LearnedEvaluation(np.ones(3))
    with pytest.raises(InvalidArgumentError, match="hex board"):
        learned_evaluation()(square_start("box15"))
    with pytest.raises(ModelFileError):
        learned_evaluation(MODEL.with_name("missing.npz"))
    with pytest.raises(InvalidArgumentError, match="value must be a callable"):
        alphabeta_bot(0.1, value=3)  # type: ignore[arg-type]
