"""Bots: legal moves, no needless crash, seed 004's ranking, determinism, argument errors."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.tron.bots import (
    HEAD_ON_PENALTY,
    Contempt,
    TronBot,
    alphabeta_bot,
    as_player_0,
    best_bot,
    deep_bot,
    heuristic_bot,
    heuristic_scores,
    learned_bot,
    mcts_bot,
    previous_best_bot,
    random_bot,
    safe_moves,
)
from games.tron.maps import parse_map
from games.tron.state import TronState, hex_start, square_start
from games.tron.value import evaluate
from treesearch import AlphaBeta
from treesearch.errors import InvalidArgumentError

FAST: dict[str, Callable[[], TronBot]] = {
    "random": lambda: random_bot(1),
    "heuristic": heuristic_bot,
    "alphabeta": lambda: alphabeta_bot(None, depth=2),
    "alphabeta-matrix": lambda: alphabeta_bot(None, depth=2, simultaneous="matrix"),
    "mcts": lambda: mcts_bot(None, iterations=60, seed=2),
}


def board(*rows: str) -> TronState:
    return square_start(parse_map("\n".join(rows) + "\n"))


# A dead end: player 0 (at (1, 1)) has one free cell, East; North, South and West are walls.
DEAD_END = board("########", "#1    2#", "# ######", "#      #", "########")


@pytest.mark.parametrize("name", sorted(FAST))
@pytest.mark.parametrize("start", [square_start("pillars17"), hex_start(2)])
def test_bots_answer_legal_moves_for_both_players(name: str, start: TronState) -> None:
    bot = FAST[name]()
    assert isinstance(bot, TronBot)
    state = start
    for _ in range(4):
        m0, m1 = bot(state, 0), bot(state, 1)
        assert m0 in state.legal_moves(0) and m1 in state.legal_moves(1)
        assert m0 in safe_moves(state, 0) and m1 in safe_moves(state, 1)
        state = state.play(m0, m1)
        if state.is_terminal():
            break


@pytest.mark.parametrize("name", sorted(FAST))
def test_bots_avoid_a_crash_when_they_can(name: str) -> None:
    turned = DEAD_END.play(2, 3)  # player 0 South into (2, 1); player 1 West
    assert not turned.is_terminal()
    state = DEAD_END.play(1, 3)
    assert safe_moves(DEAD_END, 0) == [1, 2]
    bot = FAST[name]()
    for s in (DEAD_END, state):
        move = bot(s, 0)
        assert move in safe_moves(s, 0)


def test_random_bot_is_uniform_over_safe_moves_and_deterministic_by_seed() -> None:
    state = hex_start(3)
    seen = {random_bot(s)(state, 0) for s in range(40)}
    assert seen == set(safe_moves(state, 0))
    a, b = random_bot(7), random_bot(7)
    assert [a(state, p) for p in (0, 1) * 5] == [b(state, p) for p in (0, 1) * 5]
    fresh = a.for_game(7)  # a new game: the stream starts again from the seed
    again = random_bot(7)
    assert [fresh(state, 0) for _ in range(6)] == [again(state, 0) for _ in range(6)]


def test_heuristic_takes_the_bigger_side_and_ranks_with_seed_004s_tie_breakers() -> None:
    # player 0 at (2, 1): North is a one-cell pocket, East the corridor it shares with B.
    state = board("#########", "#.#######", "#1     2#", "#########")
    ranked = heuristic_scores(state, 0)
    assert ranked[0][1] == heuristic_bot()(state, 0) == 1
    assert [key for key, _ in ranked] == sorted((key for key, _ in ranked), reverse=True)
    scores = {move: key for key, move in ranked}
    assert scores == {1: (0, -1, -2), 0: (-5, 0, -100)}  # the pocket leaves 0 cells, B gets 5
    # a tie on cells goes to fewer moves afterwards, then to the shorter way to the centre
    open_box = square_start("box15")
    top = heuristic_scores(open_box, 0)
    assert top[0][0] >= top[1][0] and top[0][1] == 1  # East: towards the centre


def test_heuristic_penalises_ending_next_to_the_opponents_head() -> None:
    state = board("#######", "#1 2  #", "#     #", "#######")
    ranked = dict((move, key) for key, move in heuristic_scores(state, 0))
    # East ends next to B's head: its score carries the penalty
    assert ranked[1][0] < -HEAD_ON_PENALTY + 10
    assert heuristic_bot()(state, 0) != 1


def test_search_bots_are_deterministic_without_a_clock() -> None:
    state = hex_start(6).play(0, 0)
    makers: list[Callable[[], TronBot]] = [
        lambda: alphabeta_bot(None, depth=3),
        lambda: alphabeta_bot(None, depth=3, simultaneous="matrix"),
        lambda: mcts_bot(None, iterations=80),
    ]
    for make in makers:
        a, b = make(), make()
        assert [a(state, p) for p in (0, 1)] == [b(state, p) for p in (0, 1)]


def test_as_player_0_swaps_the_sides() -> None:
    state = square_start("box15").play(1, 3)
    swapped = as_player_0(state, 1)
    assert swapped.heads == state.heads[::-1] and swapped.trails == state.trails[::-1]
    assert as_player_0(swapped, 1).key() == state.key()
    assert as_player_0(state, 0) is state


def test_best_bot_is_named_and_fresh_per_game() -> None:
    bot = best_bot(0.05)
    assert bot.name == "best(0.05s)"
    assert bot.for_game(3) is not bot


def test_best_is_the_deep_search_and_the_previous_best_the_framework_search() -> None:
    assert repr(best_bot(0.2)).startswith("deep_bot(0.2, depth=None, draw=0.03, ")
    assert "simultaneous='sequential'" in repr(best_bot(0.2))
    previous = previous_best_bot(0.2)
    assert previous.name == "previous-best(0.2s)"
    assert repr(previous).startswith("alphabeta_bot(0.2, ") and "'matrix'" in repr(previous)
    assert "horizon='learned'" in repr(learned_bot(0.2))


@pytest.mark.parametrize("start", [square_start("box15"), hex_start(2)])
def test_the_deep_bot_plays_whole_games_on_both_boards(start: TronState) -> None:
    deep, rand = deep_bot(None, depth=2).for_game(0), random_bot(1)
    state = start
    while not state.is_terminal():
        state = state.play(deep(state, 0), rand(state, 1))
    assert state.winner() == 0


def test_bad_arguments_and_calls_are_named() -> None:
    state = hex_start(1)
    with pytest.raises(InvalidArgumentError, match="turn start"):
        heuristic_bot()(state.child(0), 1)
    with pytest.raises(InvalidArgumentError, match="player must be 0 or 1, got 2"):
        random_bot()(state, 2)
    with pytest.raises(InvalidArgumentError, match="seconds must be"):
        alphabeta_bot(-1.0)
    with pytest.raises(InvalidArgumentError, match="neither"):
        mcts_bot(None)
    with pytest.raises(InvalidArgumentError, match="depth must be"):
        alphabeta_bot(depth=0)
    with pytest.raises(InvalidArgumentError, match="simultaneous must be one of"):
        alphabeta_bot(simultaneous="decoupled")  # type: ignore[arg-type]


def test_contempt_turns_away_from_a_head_on_draw() -> None:
    # the heads face each other across one free cell: stepping in is a draw at best
    state = square_start("box15").play(1, 3).play(1, 3).play(1, 3)
    assert state.grid.coords(state.heads[0]) == (7, 6)
    for depth in (2, 4):
        assert alphabeta_bot(None, depth=depth)(state, 0) == 1  # into the middle: a draw
        assert alphabeta_bot(None, depth=depth, draw=0.1)(state, 0) != 1
        assert alphabeta_bot(None, depth=depth, draw=0.1)(state, 1) != 3
    head_on = Contempt(state, 0.1).get_children()[1].get_children()[2]
    assert head_on.state.is_terminal() and head_on.returns() == (-0.1, 0.1)
    assert head_on.key() == head_on.state.key() and head_on.move == 3
    won = Contempt(state, 0.1).get_children()[0].get_children()[0]
    assert won.returns() == won.state.returns()
    with pytest.raises(InvalidArgumentError, match="draw must be"):
        alphabeta_bot(draw=1.0)


@pytest.mark.parametrize("seed", range(4))
def test_the_joint_view_never_values_a_turn_below_the_alternating_one(seed: int) -> None:
    # Both see the same joint moves to the same depth; only who knows whose pick differs.
    state = hex_start(seed).play(0, 0).play(1, -1)
    for depth in (2, 4):
        sequential = AlphaBeta(value=evaluate, depth=depth).run(state)
        joint = AlphaBeta(value=evaluate, depth=depth, simultaneous="matrix", rng=seed).run(state)
        matrix = joint.info["matrix"]
        assert len(matrix) == len(state.get_children())  # a row per pick
        assert sequential.value == pytest.approx(max(min(row) for row in matrix))
        assert joint.value >= sequential.value - 1e-12


def test_the_joint_view_does_not_fear_a_head_on_the_opponent_cannot_see() -> None:
    # Heads face each other across one free cell. Alternating, the opponent "sees" a step
    # into the middle and meets it (a draw); in the joint view stepping in wins unless it
    # guesses, so the middle is in the mix (and the turn is worth more than a draw).
    state = square_start("box15").play(1, 3).play(1, 3).play(1, 3)
    result = AlphaBeta(value=evaluate, depth=2, simultaneous="matrix", rng=0).run(state)
    picks = [c.move for c in state.get_children()]
    assert result.info["mix"].rows[picks.index(1)] > 0
