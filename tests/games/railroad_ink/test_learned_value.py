"""The learned afterstate value: the encoding, the compiled network against the generic one,
the trainer's determinism, the model file, and the bot that plays by it."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import numpy as np
import pytest

from games.railroad_ink import Board, RailroadInk
from games.railroad_ink.bots.learned_value import (
    GAME,
    LearnedBot,
    load_value,
    network,
    resume_value,
    save_value,
    train_value,
)
from games.railroad_ink.engine.ntuple import (
    CELL_VALUES,
    CELLS,
    DELTA,
    FINAL,
    SIDE_CODE,
    TABLE,
    TUPLES,
    _learn_returns,
    evaluate,
    montecarlo_game,
    play_game,
    update,
)
from games.railroad_ink.engine.playout import seed_stream
from games.railroad_ink.engine.tables import MOVE_BASE, ORIENTED
from tests.helpers import plain_python_digest
from treesearch import CHANCE, check_iterator
from treesearch.errors import InvalidArgumentError, ModelFileError
from treesearch.learn import Model, TableValue, load_model, save_model


def _walk(seed: int, plies: int) -> list:
    """The states of a random revealed-dice game from its start, ``plies`` decisions long."""
    game = RailroadInk(seed, dice="revealed")
    state, rng, seen = game.start(), random.Random(seed), []
    while len(seen) < plies and not state.is_terminal():
        seen.append(state)
        if state.player() == CHANCE:
            state = state.rolled(game.rolls[state.round - 1])
        else:
            children = state.get_children()
            state = children[rng.randrange(len(children))]
    return seen


def test_the_encoding_is_checked_by_check_iterator() -> None:
    start = RailroadInk(4, dice="revealed").start()
    report = check_iterator(start, max_states=5, walks=1, rng=1)
    assert "Encoded" in report.capabilities
    assert start.encoding().shape == (CELLS,) and start.cell_values() == CELL_VALUES


def test_the_encoding_reads_sides_stage_and_faces() -> None:
    rolled = _walk(2, 2)[1]  # round 1, four faces to place
    cells = rolled.encoding()
    assert cells[49] == 0 and cells[51:].sum() == 4
    child = rolled.get_children()[0]
    p = child.placement
    after = child.encoding()
    assert after[p.index] == SIDE_CODE[ORIENTED.index(p.tile)] > 0
    assert after[49] == 1 and after[51:].sum() == 3
    assert np.count_nonzero(after[:49]) == 1


def test_the_compiled_value_is_the_generic_n_tuple_value() -> None:
    weights = np.random.default_rng(5).normal(size=len(TUPLES) * TABLE)
    net = network(weights)
    states = _walk(7, 60)  # the whole game: chance states, mid-round, round ends
    assert len(states) > 30 and states[-1].round == 7
    for state in states:
        cells = state.encoding()
        assert evaluate(weights, cells) == pytest.approx(net(state), rel=1e-12, abs=1e-9)
    state = states[-1]
    cells = state.encoding()
    update(weights, cells, 50.0, 0.25)
    net.update(state, 50.0, 0.25)
    np.testing.assert_allclose(weights, net.weights, rtol=0, atol=1e-12)


@pytest.mark.parametrize("reward", [FINAL, DELTA])
def test_a_greedy_game_plays_legal_placements_and_reports_its_score(reward: int) -> None:
    weights = np.random.default_rng(1).normal(size=len(TUPLES) * TABLE)
    record = np.zeros(49, dtype=np.int64)
    rolls = np.full((7, 4), -1, dtype=np.int64)
    score, placed = play_game(
        weights, rolls, seed_stream(3), 0.1, 0.0, False, reward, record, 0.0, 0, 0
    )
    assert placed >= 20 and _replayed(record, placed).score().total == score


def _replayed(record: np.ndarray, placed: int) -> Board:
    board = Board()
    for move in record[:placed].tolist():
        square, ot = divmod(move, MOVE_BASE)
        assert board.is_legal(square // 7, square % 7, ORIENTED[ot])
        board = board.place(square // 7, square % 7, ORIENTED[ot])
    return board


def test_monte_carlo_with_learned_playouts_never_reads_a_future_roll() -> None:
    weights = train_value(games=40, seed=5, every=40, eval_seeds=[]).weights
    rolls = np.array([[0, 1, 2, 6]] * 7, dtype=np.int64)
    other = rolls.copy()
    other[1:] = [3, 4, 5, 8]  # the same first round, other dice later
    records = []
    for dice in (rolls, other):
        record = np.zeros(49, dtype=np.int64)
        score, placed = montecarlo_game(weights, dice.copy(), seed_stream(8), 1, FINAL, record)
        assert _replayed(record, placed).score().total == score
        records.append(record[:4].tolist())
    assert records[0] == records[1]


def test_monte_carlo_over_the_values_top_one_is_the_greedy_player() -> None:
    weights = train_value(games=40, seed=6, every=40, eval_seeds=[]).weights
    rolls = np.array([[0, 3, 5, 7], [1, 1, 2, 6], [4, 0, 0, 8]] * 3, dtype=np.int64)[:7]
    greedy, carlo = np.zeros(49, dtype=np.int64), np.zeros(49, dtype=np.int64)
    played = play_game(
        weights, rolls.copy(), seed_stream(1), 0.0, 0.0, False, FINAL, greedy, 0.0, 0, 0
    )
    searched = montecarlo_game(weights, rolls.copy(), seed_stream(1), 3, FINAL, carlo, 1)
    assert played == searched and np.array_equal(greedy, carlo)


def test_training_is_reproducible_and_learns_something() -> None:
    first = train_value(games=30, seed=3, every=15, eval_seeds=range(100, 103))
    again = train_value(games=30, seed=3, every=15, eval_seeds=range(100, 103))
    other = train_value(games=30, seed=4, every=15, eval_seeds=range(100, 103))
    assert np.array_equal(first.weights, again.weights) and first.curve == again.curve
    assert not np.array_equal(first.weights, other.weights)
    assert [g for g, _ in first.curve] == [15, 30] and np.count_nonzero(first.weights) > 1000


def _digest() -> str:
    """A fingerprint of a few training games and greedy games (both rewards).

    The greedy games are those of the curves (``greedy_scores`` with the trained weights).
    The delta run is measured on no game: its training game already plays greedily by the
    delta reward, and a plain-Python delta game is the slowest of all.
    """
    out = []
    runs = (("final", 2, 0.0, [100]), ("delta", 1, 0.0, []), ("final", 2, 0.5, [100]))
    for reward, games, lam, seeds in runs:
        run = train_value(
            games=games, seed=9, every=games, reward=reward, eval_seeds=seeds, lam=lam
        )
        out.append([run.weights.round(9).tolist(), run.curve])
    return hashlib.sha256(repr(out).encode()).hexdigest()


def test_plain_python_trains_the_very_same_weights() -> None:
    engine, digest = plain_python_digest("tests.games.railroad_ink.test_learned_value")
    assert engine == "python"
    assert digest == _digest()


def test_the_model_file_round_trips_through_load_model(tmp_path) -> None:
    run = train_value(games=10, seed=1, every=5, eval_seeds=[100], reward="delta")
    path = save_value(tmp_path / "ink.npz", run)
    state = _walk(3, 12)[-1]
    model = load_model(path, game=GAME, state=state)
    assert model.games == 10 and model.curve == run.curve and model.settings["reward"] == "delta"
    assert model.value(state) == pytest.approx(evaluate(run.weights, state.encoding()))
    weights, reward = load_value(path)
    assert np.array_equal(weights, run.weights) and reward == "delta"


def test_a_compact_model_file_holds_float32_weights_compressed(tmp_path) -> None:
    run = train_value(games=30, seed=1, every=30, eval_seeds=[])
    full = save_value(tmp_path / "full.npz", run)
    compact = save_value(tmp_path / "compact.npz", run, compact=True)
    weights, _ = load_value(compact)
    assert np.array_equal(weights, run.weights.astype(np.float32))
    assert compact.stat().st_size * 10 < full.stat().st_size


def test_a_decaying_step_learns_less_from_later_games() -> None:
    plain = train_value(games=30, seed=4, every=30, eval_seeds=[], alpha=0.2)
    decayed = train_value(games=30, seed=4, every=30, eval_seeds=[], alpha=0.2, decay=10)
    first = train_value(games=1, seed=4, every=1, eval_seeds=[], alpha=0.2, decay=10)
    same = train_value(games=1, seed=4, every=1, eval_seeds=[], alpha=0.2)
    assert np.array_equal(first.weights, same.weights)  # game 0 takes the full step
    assert np.abs(decayed.weights).sum() < np.abs(plain.weights).sum()
    assert decayed.settings["decay"] == 10


@pytest.mark.parametrize("lam", [0.5, 1.0])
def test_td_lambda_moves_each_afterstate_towards_its_lambda_return(lam: float) -> None:
    weights = np.random.default_rng(3).normal(size=len(TUPLES) * TABLE)
    trail = np.array([state.encoding() for state in _walk(8, 16)[2::4]])
    gains = np.array([0.0, 2.0, -1.0, 3.0])[: len(trail)]
    expected = weights.copy()
    g = 40.0
    for t in reversed(range(len(trail))):  # the forward view, computed by hand
        value = evaluate(expected, trail[t])
        update(expected, trail[t], g, 0.3)
        g = gains[t] + (1 - lam) * value + lam * g
    _learn_returns(weights, trail, gains, len(trail), 40.0, 0.3, lam)
    np.testing.assert_allclose(weights, expected, rtol=0, atol=1e-12)
    assert len(trail) == 4


def test_td_lambda_training_is_seeded_and_differs_from_td0() -> None:
    first = train_value(games=20, seed=3, every=20, eval_seeds=[], lam=0.7)
    again = train_value(games=20, seed=3, every=20, eval_seeds=[], lam=0.7)
    td0 = train_value(games=20, seed=3, every=20, eval_seeds=[])
    assert np.array_equal(first.weights, again.weights)
    assert not np.array_equal(first.weights, td0.weights)
    assert first.settings["lambda"] == 0.7 and "lambda" not in td0.settings


def test_another_model_is_refused_in_one_error(tmp_path) -> None:
    path = save_model(tmp_path / "table.npz", Model(TableValue(), GAME))
    with pytest.raises(ModelFileError, match=r"table\.npz: not this game's n-tuple"):
        load_value(path)
    other = save_model(tmp_path / "ttt.npz", Model(network(), "tictactoe"))
    with pytest.raises(ModelFileError, match="game 'tictactoe', not of 'railroad-ink'"):
        load_value(other)


@pytest.mark.parametrize(
    ("knobs", "message"),
    [
        ({}, "give one of games or seconds"),
        ({"games": 5, "seconds": 1.0}, "give one of games or seconds"),
        ({"games": 5, "alpha": 0.0}, r"alpha must be in \(0, 1\]"),
        ({"games": 5, "epsilon": 1.5}, r"epsilon must be in \[0, 1\]"),
        ({"games": 5, "reward": "score"}, "reward must be one of"),
        ({"games": 5, "decay": -1}, "decay"),
        ({"games": 5, "lam": 1.5}, r"lam must be in \[0, 1\]"),
    ],
)
def test_bad_training_knobs_are_refused(knobs: dict, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        train_value(**knobs)


def test_the_learned_bot_plays_a_whole_game_by_the_value() -> None:
    run = train_value(games=20, seed=2, every=20, eval_seeds=[100])
    bot = LearnedBot(run.weights)
    game = RailroadInk(100, dice="revealed")
    state = game.start()
    while not state.is_terminal():
        if state.player() == CHANCE:
            state = state.rolled(game.rolls[state.round - 1])
            continue
        child = bot.choose(state)
        assert child.key() in {c.key() for c in state.get_children()}
        assert bot.value(child) == max(bot.value(c) for c in state.get_children())
        state = child
    assert state.board.score().total > 0
    with pytest.raises(InvalidArgumentError, match="weights must have shape"):
        LearnedBot(np.zeros(3))


def test_a_run_resumed_from_its_file_ends_with_the_weights_of_a_straight_run(tmp_path) -> None:
    knobs = {"seed": 2, "every": 10, "eval_seeds": [100], "alpha": 0.3}
    straight = train_value(games=20, **knobs)
    part = train_value(games=7, **knobs)
    path = save_value(tmp_path / "part.npz", part, timed=False)
    resumed = train_value(games=20, start=resume_value(path), **knobs)
    assert np.array_equal(resumed.weights, straight.weights) and resumed.games == 20
    assert resumed.curve == [part.curve[0], *straight.curve]  # the stop added a point at 7
    with pytest.raises(InvalidArgumentError, match=r"start was trained with settings"):
        train_value(games=20, start=resume_value(path), **{**knobs, "alpha": 0.1})
    shipped = Path(__file__).parents[3] / "games" / "railroad_ink" / "models" / "ink_value.npz"
    with pytest.raises(ModelFileError, match=r"records no engine stream to go on from"):
        resume_value(shipped)  # written before files kept their stream


def test_each_is_called_every_tick_and_at_the_end() -> None:
    seen: list[int] = []
    train_value(
        games=25, seed=1, every=25, eval_seeds=[], tick=10, each=lambda r: seen.append(r.games)
    )
    assert seen == [10, 20, 25]
