"""The decisive rollout policy: take a winning move when there is one, else play at random."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.tictactoe import TicTacToe
from treesearch import MCTS, decisive


def _play(moves: list[int]) -> TicTacToe:
    state = TicTacToe()
    for m in moves:
        state = state.play(m)
    return state


def test_decisive_takes_the_win_in_front_of_it() -> None:
    # X: 0, 1; O: 3, 4; X to move wins at 2 (and O would win at 5).
    state = _play([0, 3, 1, 4])
    children = list(state.get_children())
    for seed in range(20):
        assert decisive(children, state, random.Random(seed)).move == 2


def test_without_a_win_it_plays_uniformly() -> None:
    state = TicTacToe()
    children = list(state.get_children())
    rng = random.Random(0)
    moves = {decisive(children, state, rng).move for _ in range(200)}
    assert moves == set(range(9))


def test_mcts_with_decisive_rollouts_is_seeded_and_finds_the_win() -> None:
    state = _play([0, 3, 1, 4])
    a = MCTS(iterations=200, rng=1, rollout=decisive, solver=False).run(state)
    b = MCTS(iterations=200, rng=1, rollout=decisive, solver=False).run(state)
    assert a.move == b.move == 2
    assert a.info["children"] == b.info["children"]


def test_a_states_decisive_playout_is_the_fast_path() -> None:
    calls: list[int] = []

    class Fast(TicTacToe):
        __slots__ = ()

        def decisive_playout(self, rng: random.Random) -> tuple[float, float]:
            calls.append(1)
            return self.random_playout(rng)

        def get_children(self) -> list[Any]:
            return [Fast(c.board, c.to_move, c.move) for c in super().get_children()]

    MCTS(iterations=50, rng=0, rollout=decisive, solver=False).run(Fast())
    assert len(calls) > 10


def test_openspiel_decisive_playout_wins_when_it_can() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (treesearch[openspiel])")
    from games.openspiel import OpenSpielState

    state = OpenSpielState.initial("tic_tac_toe")
    for action in (0, 3, 1, 4):  # x(0,0) o(1,0) x(0,1) o(1,1): x to move wins at 2
        state = state.play(action)
    for seed in range(10):
        assert state.decisive_playout(random.Random(seed)) == (1.0, -1.0)
    first = [state.decisive_playout(random.Random(s)) for s in range(5)]
    assert first == [state.decisive_playout(random.Random(s)) for s in range(5)]
