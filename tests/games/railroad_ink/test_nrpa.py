"""The engine's NRPA: play-outs, adaptation, nesting, and the known-dice bot's plan."""

from __future__ import annotations

import hashlib
import itertools
import math
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from games.railroad_ink import Board, RailroadInk, play
from games.railroad_ink.bots.learned_value import shipped_value
from games.railroad_ink.bots.montecarlo import MonteCarloBot
from games.railroad_ink.engine import plans as plans_module
from games.railroad_ink.engine.ntuple import CELLS, FINAL, _rate, afterstate_values
from games.railroad_ink.engine.plans import (
    CODES,
    VALUE_SIZE,
    _moves,
    adapt,
    nrpa,
    plan_moves,
    rollout,
)
from games.railroad_ink.engine.playout import play_move, seed_stream
from games.railroad_ink.engine.position import Position
from games.railroad_ink.record_film import PLANNED, decisions_by_state, film
from games.railroad_ink.records import replay
from games.railroad_ink.render.decision import WIDTH
from games.railroad_ink.rules.board import placement_of
from games.railroad_ink.rules.game import RailroadInkState
from tests.helpers import plain_python_digest
from tests.observers.toys import read_pngs
from treesearch import CHANCE
from treesearch.errors import InvalidArgumentError


def start(seed: int) -> RailroadInkState:
    """The first decision of a known-dice game."""
    game = RailroadInk(seed, "known")
    state = game.start()
    return state.rolled(game.rolls[0]) if state.player() == CHANCE else state


def strict_total(moves: list[int]) -> int:
    """The score of a planned game replayed under the rules, every placement checked."""
    return Board.from_moves([str(placement_of(m)) for m in moves], strict=True).score().total


def test_a_rollout_is_a_legal_game_scored_exactly_and_leaves_the_position() -> None:
    p = Position.of(start(3))
    before = (p.tiles.copy(), p.slots.copy(), p.counts.copy())
    score, moves = rollout(p, np.zeros(CODES), seed_stream(5))
    assert len(moves) >= 28 - 4  # nearly every face fits somewhere on a fresh board
    assert strict_total(moves) == score
    assert all((a == b).all() for a, b in zip(before, (p.tiles, p.slots, p.counts), strict=True))


def test_adapt_moves_weight_to_the_chosen_placement_from_the_old_odds() -> None:
    p = Position.of(start(3))
    _, seq = rollout(p, np.zeros(CODES), seed_stream(5))
    weights = np.zeros(CODES)
    adapt(p, weights, seq[:1], 0.5)
    changed = np.flatnonzero(weights)
    n = len(changed)  # the first step's moves, all equally likely under zero weights
    assert n > 10
    assert math.isclose(weights[seq[0]], 0.5 - 0.5 / n)
    others = [weights[c] for c in changed if c != seq[0]]
    assert np.allclose(others, -0.5 / n)
    assert math.isclose(weights.sum(), 0.0, abs_tol=1e-12)


def test_nesting_finds_better_games_than_the_play_outs_it_spends() -> None:
    p = Position.of(start(8))
    random_best = max(nrpa(p, 1, 1, 1.0, seed_stream(s))[0] for s in range(100))
    level_two, moves = nrpa(p, 2, 30, 1.0, seed_stream(1))
    assert level_two > random_best + 10  # 900 adapted play-outs against 100 random ones
    assert strict_total(moves) == level_two


def test_the_same_stream_gives_the_same_plan() -> None:
    p = Position.of(start(4))
    assert nrpa(p, 2, 10, 1.0, seed_stream(2)) == nrpa(p, 2, 10, 1.0, seed_stream(2))


def _counted_playouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Put the clock one second further at each reading; count the play-outs run."""
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    playouts: list[int] = []
    level_one = plans_module.level_one

    def counted(*args: Any) -> tuple[int, int]:
        playouts.append(args[3])  # the call's iterations
        return level_one(*args)

    monkeypatch.setattr(plans_module, "level_one", counted)
    return playouts


def test_a_deadline_stops_the_plan_with_the_best_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    playouts = _counted_playouts(monkeypatch)
    p = Position.of(start(4))
    score, moves = plan_moves(p, 3, 100, seed_stream(1), seconds=3)
    # The deadline is read at 0 (due at 3); a level-1 call of one play-out reads the clock
    # at 1 and 2, the next one at 3 and 4: past it, so 2 of the million play-outs are run.
    assert playouts == [1, 1]
    assert strict_total(moves) == score > 0


@pytest.mark.parametrize("level", [1, 2])
def test_a_deadline_stops_a_long_level_1_run(monkeypatch: pytest.MonkeyPatch, level: int) -> None:
    playouts = _counted_playouts(monkeypatch)
    p = Position.of(start(4))
    score, moves = plan_moves(p, level, 1_000_000, seed_stream(1), seconds=3)
    assert sum(playouts) == 2
    assert strict_total(moves) == score > 0


def test_a_plan_cut_into_calls_is_the_plan_of_one_call(monkeypatch: pytest.MonkeyPatch) -> None:
    p = Position.of(start(5))
    whole = nrpa(p, 1, 40, 1.0, seed_stream(3))
    monkeypatch.setattr(plans_module, "_SLICE", math.inf)  # calls of 1, 2, 4, ... play-outs
    assert nrpa(p, 1, 40, 1.0, seed_stream(3), deadline=1e300) == whole


def _digest() -> str:
    """A digest of plans and adaptations, compared between compiled and plain Python."""
    out = []
    for seed in (1,):  # one start: plans and adaptations, with and without the value
        p = Position.of(start(seed))
        score, moves = nrpa(p, 2, 3, 1.0, seed_stream(seed))
        weights = np.zeros(CODES)
        adapt(p, weights, moves, 1.0)
        out.append(f"{score}:{moves}:{np.round(weights, 9).tobytes().hex()}")
        value = shipped_value()[0]
        score, moves = nrpa(p, 2, 3, 1.0, seed_stream(seed), value=value, beta=1.0)
        adapt(p, weights, moves, 1.0, value, 1.0)
        out.append(f"{score}:{moves}:{np.round(weights, 9).tobytes().hex()}")
    return hashlib.sha256("|".join(out).encode()).hexdigest()


def test_plain_python_plans_exactly_as_the_compiled_engine() -> None:
    engine, digest = plain_python_digest("tests.games.railroad_ink.test_nrpa")
    assert engine == "python"
    assert digest == _digest()


def test_with_dice_known_the_bot_plays_its_plan_to_the_planned_score() -> None:
    bot = MonteCarloBot(seed=3, level=2, iterations=20)
    end = finish(bot, start(9))
    assert bot.last_decision == ()  # a plan's move: nothing searched
    assert end.board.score().total == bot.planned_total > 20


def test_a_known_dice_game_with_a_clock_plans_and_replays() -> None:
    record = play(12, "known", "best", seconds=3.0)
    assert replay(record)[-1].board.score() == record.score
    # How far 3 s of planning gets depends on the machine's load (44-60 seen): the plan is
    # played to its planned score, and even a plan cut short beats a random game (about -4).
    assert record.score.total == record.planned > 20


def finish(bot: MonteCarloBot, state: RailroadInkState) -> RailroadInkState:
    """``state``'s game played to its end by ``bot`` (the known rolls at chance)."""
    while not state.is_terminal():
        if state.player() == CHANCE:
            state = state.rolled(state.game.rolls[state.round - 1])
        else:
            state = bot.choose(state)
    return state


def test_the_plan_is_made_again_for_another_game() -> None:
    bot = MonteCarloBot(seed=3, level=1, iterations=5)
    bot.choose(start(1))  # game 1 planned, one move played
    end = finish(bot, start(2))  # a new game: planned afresh, the plan played whole
    assert end.board.score().total == bot.planned_total


@pytest.mark.parametrize(
    ("knobs", "named"),
    [
        ({"plan": "yes"}, "plan"),
        ({"level": 0}, "level"),
        ({"iterations": 0}, "iterations"),
        ({"level": 2.0}, "level"),
        ({"beta": -0.5}, "beta"),
        ({"value": np.zeros(3)}, "value must be"),
    ],
)
def test_bad_plan_knobs_are_named(knobs: dict[str, object], named: str) -> None:
    with pytest.raises(InvalidArgumentError, match=named):
        MonteCarloBot(**knobs)  # type: ignore[arg-type]


def test_a_planned_game_films_with_the_plan_on_every_move(tmp_path: Path) -> None:
    record = play(9, "known", lambda seed: MonteCarloBot(seed=seed, level=2, iterations=20))
    assert record.planned == record.score.total
    decided = decisions_by_state(record, replay(record))
    assert len(decided) == len(record.moves)
    note = PLANNED.format(record.planned)
    assert all((d.note, d.heading, d.choices) == (note, "the plan", ()) for d in decided.values())
    frames = film(record, f"{tmp_path}/")
    shot = read_pngs(tmp_path)
    assert frames == len(shot) and shot[0].shape[1] == (11 + WIDTH) * 40
    assert play(9, "revealed", "greedy").planned is None


def test_the_bot_s_plan_keeps_its_seconds_whatever_its_iterations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = RailroadInk(seed=1, dice="known").start()
    while state.player() == CHANCE:
        state = state.get_children()[0]
    playouts = _counted_playouts(monkeypatch)
    bot = MonteCarloBot(level=1, iterations=1_000_000, seconds=3, first=1, playouts=0)
    bot.choose(state)
    assert 0 < sum(playouts) <= 4  # not a million: the clock is read between slices


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda p: nrpa(p, 1, 1, 1.0, seed_stream(1), weights=np.zeros(7)), "shape (3136,)"),
        (
            lambda p: nrpa(p, 1, 1, 1.0, seed_stream(1), weights=np.zeros(CODES, np.float32)),
            "got dtype float32",
        ),
        (lambda p: nrpa(p, 1, 1, 1.0, [5]), "stream must be a random stream"),
        (lambda p: nrpa(p, 0, 1, 1.0, seed_stream(1)), "level must be an int >= 1, got 0"),
        (lambda p: nrpa(p, 1, 1, math.nan, seed_stream(1)), "alpha must be"),
        (lambda p: nrpa("board", 1, 1, 1.0, seed_stream(1)), "p must be a Position"),
        (lambda p: rollout(p, np.full(CODES, np.inf), seed_stream(1)), "NaN or infinite"),
        (lambda p: adapt(p, np.zeros(CODES), [CODES], 1.0), "codes in 0..3135, got 3136"),
        (lambda p: adapt(p, np.zeros(CODES), [-1], 1.0), "got -1"),
        (lambda p: plan_moves(p, 1, 1, seed_stream(1), seconds=math.inf), "seconds must be"),
        (lambda p: nrpa(p, 1, 1, 1.0, seed_stream(1), beta=1.0), "needs a value"),
        (lambda p: nrpa(p, 1, 1, 1.0, seed_stream(1), value=np.zeros(5)), "value must be"),
        (lambda p: rollout(p, np.zeros(CODES), seed_stream(1), None, -1.0), "beta must be"),
        (lambda p: adapt(p, np.zeros(CODES), [], 1.0, np.zeros(VALUE_SIZE), math.inf), "beta"),
    ],
)
def test_the_engine_refuses_what_compiled_code_would_misread(call: Any, says: str) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        call(Position.of(start(1)))
    assert says in str(info.value)


def test_the_values_of_a_step_s_afterstates_are_those_of_each_rated_alone() -> None:
    p = Position.of(start(6))
    _, seq = rollout(p, np.zeros(CODES), seed_stream(2))
    value = np.asarray(shipped_value()[0], dtype=np.float64)
    tiles, slots, rnd, counts, placed, used, now, _ = p.arrays
    tiles, slots, counts = tiles.copy(), slots.copy(), counts.copy()
    moves, out = np.zeros(4096, dtype=np.int64), np.zeros(4096)
    cells = np.zeros(CELLS, dtype=np.int64)
    checked = 0
    for move in seq:
        n = _moves((tiles, slots, rnd, counts, placed, used, now), moves)
        while n == 0:  # the round is over: the next one's faces
            rnd, placed, now = rnd + 1, 0, False
            counts[:] = np.bincount(p.rolls[rnd - 1], minlength=len(counts))
            n = _moves((tiles, slots, rnd, counts, placed, used, now), moves)
        turn = (tiles, slots, rnd, counts, placed, used, now)
        afterstate_values(value, turn, moves, n, cells, out)
        alone = [_rate(value, turn, m, FINAL, cells) for m in moves[:n]]
        assert np.allclose(out[:n], alone, rtol=0, atol=1e-9)
        checked += n
        used, now, placed = play_move(tiles, slots, counts, move, used, now, placed)
    assert checked > 500  # every step of a whole game, specials included


def test_a_value_of_zeros_guides_nothing() -> None:
    p = Position.of(start(4))
    zeros = np.zeros(VALUE_SIZE)
    plain = nrpa(p, 2, 6, 1.0, seed_stream(2))
    assert nrpa(p, 2, 6, 1.0, seed_stream(2), value=zeros, beta=1.0) == plain


def test_the_learned_value_guides_the_play_outs_to_better_games() -> None:
    value = shipped_value()[0]
    for seed in (100, 101):
        p = Position.of(start(seed))
        plain = nrpa(p, 2, 10, 1.0, seed_stream(1))[0]
        guided, moves = nrpa(p, 2, 10, 1.0, seed_stream(1), value=value, beta=1.0)
        assert guided > plain + 5  # 100 play-outs each
        assert strict_total(moves) == guided


def test_the_bot_plans_with_the_value_it_is_given() -> None:
    zeros = MonteCarloBot(seed=3, level=2, iterations=8, beta=1.0, value=np.zeros(VALUE_SIZE))
    unguided = MonteCarloBot(seed=3, level=2, iterations=8)
    shipped = MonteCarloBot(seed=3, level=2, iterations=8, beta=1.0)
    ends = [finish(bot, start(9)).board.score().total for bot in (zeros, unguided, shipped)]
    assert ends[0] == ends[1] == unguided.planned_total  # a value of zeros guides nothing
    assert ends[2] == shipped.planned_total > ends[1]  # 64 play-outs: the value pays
