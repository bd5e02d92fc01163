"""Dice known: the nested search over whole rounds, and the known-dice bot that runs it first."""

from __future__ import annotations

import hashlib
import time

import numpy as np
import pytest

from games.railroad_ink import Board, RailroadInk, play
from games.railroad_ink.bots.learned_value import round_scores, rounds_value
from games.railroad_ink.bots.montecarlo import MonteCarloBot
from games.railroad_ink.bots.roster import BEST_NEST, make_bot
from games.railroad_ink.engine import round_nest
from games.railroad_ink.engine.position import Position
from games.railroad_ink.engine.round_nest import nested_plan
from games.railroad_ink.rules.board import placement_of
from games.railroad_ink.rules.game import RailroadInkState
from tests.helpers import plain_python_digest
from treesearch import CHANCE
from treesearch.errors import InvalidArgumentError

WEIGHTS = np.ascontiguousarray(rounds_value()[0], dtype=np.float64)
SMALL = {"ends": (3, 2), "width": 4, "last_width": 16, "playout_width": 2}


def _start(seed: int, dice: str = "known") -> RailroadInkState:
    """The first decision of game ``seed``."""
    game = RailroadInk(seed, dice)
    state = game.start()
    return state.rolled(game.rolls[0]) if state.player() == CHANCE else state


def _round(seed: int, rnd: int) -> RailroadInkState:
    """A known-dice game ``seed`` at round ``rnd``'s first decision, the rounds before played
    by the first placement offered."""
    state = _start(seed)
    while state.round < rnd or state.player() == CHANCE:
        if state.player() == CHANCE:
            state = state.rolled(state.game.rolls[state.round - 1])
        else:
            state = state.get_children()[0]
    return state


def _replayed(state: RailroadInkState, moves: list[int]) -> int:
    """The final score of ``moves`` played from ``state`` by the rules (-1: the round's end)."""
    from games.railroad_ink.bots.montecarlo import move_code

    plan = list(moves)
    while not state.is_terminal():
        if state.player() == CHANCE:
            state = state.rolled(state.game.rolls[state.round - 1])
            continue
        children = {move_code(child): child for child in state.get_children()}
        state = children[plan.pop(0)] if plan and plan[0] in children else children[-1]
    assert not plan  # every placement of the plan was played
    return state.board.score().total


def test_level_0_is_the_round_players_game() -> None:
    for seed in (100, 101):
        p = Position.of(_start(seed))
        assert nested_plan(WEIGHTS, p, 0, playout_width=2)[0] == round_scores(WEIGHTS, [seed], 2)[0]


def test_a_plan_is_a_legal_game_that_scores_what_it_says_and_repeats() -> None:
    state = _start(7)
    score, moves = nested_plan(WEIGHTS, Position.of(state), 2, **SMALL)
    assert _replayed(state, moves) == score
    placements = [str(placement_of(m)) for m in moves if m >= 0]
    assert Board.from_moves(placements, strict=True).score().total == score
    assert nested_plan(WEIGHTS, Position.of(state), 2, **SMALL) == (score, moves)
    # stopped at once, a level plays on from the value's best end of each round: the first
    # game the whole search saw, and a floor of what it returns
    first = nested_plan(WEIGHTS, Position.of(state), 2, **SMALL, deadline=0.0)[0]
    assert score >= first and _replayed(state, moves) == score


def test_a_plan_from_a_later_round_plays_on_from_there() -> None:
    state = _round(4, 6)
    score, moves = nested_plan(WEIGHTS, Position.of(state), 1, **SMALL)
    assert _replayed(state, moves) == score


def test_a_deadline_past_still_gives_a_whole_game_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    state, searched = _start(5), []
    search = round_nest._round_ends
    monkeypatch.setattr(round_nest, "_round_ends", lambda *a: searched.append(a[2]) or search(*a))
    score, moves = nested_plan(WEIGHTS, Position.of(state), 2, deadline=time.perf_counter())
    assert len(searched) == 2  # one round searched per level above 0, not the whole search
    assert _replayed(state, moves) == score > 0


def test_bad_arguments_are_named() -> None:
    p = Position.of(_start(3))
    with pytest.raises(InvalidArgumentError, match="known"):
        nested_plan(WEIGHTS, Position.of(_start(3, "revealed")), 1)
    for knobs, word in (
        ({"level": -1}, "level"),
        ({"level": 3}, "ends"),
        ({"level": 1, "ends": (0,)}, "ends"),
        ({"level": 1, "width": 0}, "width"),
        ({"level": 1, "playout_width": 0}, "playout_width"),
    ):
        with pytest.raises(InvalidArgumentError, match=word):
            nested_plan(WEIGHTS, p, **knobs)  # type: ignore[arg-type]
    for nest in (-1, 3, 1.5):
        with pytest.raises(InvalidArgumentError, match="nest"):
            MonteCarloBot(nest=nest)  # type: ignore[arg-type]


def test_the_bot_plays_the_better_of_the_nested_game_and_the_plan() -> None:
    nested = nested_plan(WEIGHTS, Position.of(_start(9)), 1)[0]
    bot = MonteCarloBot(seed=9, nest=1, level=1, iterations=20)
    record = play(9, "known", lambda _: bot)
    assert Board.from_moves(record.moves, strict=True) == record.board
    assert record.score.total == bot.planned_total == max(nested, bot.planned_total)
    assert record.score.total >= nested
    alone = MonteCarloBot(seed=9, level=1, iterations=20)
    play(9, "known", lambda _: alone)
    assert alone.planned_total < nested == record.score.total  # NRPA this short loses here


def test_best_nests_with_dice_known() -> None:
    bot = make_bot("best", "known")
    assert isinstance(bot, MonteCarloBot) and bot.nest == BEST_NEST > 0


def _digest() -> str:
    """Nested plans from round 5 on, levels 0-2, small (the plain-Python engine is slow)."""
    p = Position.of(_round(6, 5))
    plans = [nested_plan(WEIGHTS, p, n, **SMALL) for n in (0, 1, 2)]
    return hashlib.sha256(repr(plans).encode()).hexdigest()


def test_plain_python_plans_the_very_same_games() -> None:
    engine, digest = plain_python_digest("tests.games.railroad_ink.test_round_nest")
    assert engine == "python"
    assert digest == _digest()
