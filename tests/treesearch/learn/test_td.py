"""TD(λ) learns exact values: the random walk's closed form, Nim's and tic-tac-toe's minimax."""

from __future__ import annotations

import random

import pytest

from games.tictactoe import TicTacToe
from tests.games_util import solve
from tests.treesearch.learn.toys import Nim, Walk, reachable
from treesearch import AlphaBeta, InvalidArgumentError
from treesearch.learn import (
    LinearValue,
    NTupleValue,
    TableValue,
    TDSettings,
    fit,
    play_episode,
    search_samples,
    train,
)


@pytest.mark.parametrize(
    ("on", "lam", "games", "alpha", "tolerance"),
    [
        ("afterstates", 0.0, 3000, 0.01, 0.04),
        ("afterstates", 0.5, 3000, 0.01, 0.05),
        ("states", 0.0, 1000, 0.05, 0.001),
    ],
)
def test_td_learns_the_random_walks_closed_form(
    on: str, lam: float, games: int, alpha: float, tolerance: float
) -> None:
    """Cell k of the five-state walk is worth k/6; afterstates are its chance states.

    On states, each target is the expectation over both steps, so the values settle almost
    exactly; on afterstates each target is one sampled step, and a constant step of 0.01
    leaves them within a few hundredths.
    """
    table = TableValue()
    train(table, Walk(), games=games, alpha=alpha, lam=lam, on=on, seed=0)  # type: ignore[arg-type]
    chance = on == "afterstates"
    errors = [abs(table(Walk(k, chance)) - k / 6) for k in range(1, 6)]
    assert max(errors) < tolerance, errors


def test_a_linear_value_over_one_hot_features_learns_the_walk_as_a_table_does() -> None:
    linear, table = LinearValue(7), TableValue()
    for value in (linear, table):
        train(value, Walk(), games=500, alpha=0.05, lam=0.0, on="states", seed=3)
    for k in range(1, 6):
        assert linear(Walk(k)) == pytest.approx(table(Walk(k)), abs=1e-12)
        assert linear(Walk(k)) == pytest.approx(k / 6, abs=0.01)


NIM_STATES = [s for s in reachable(Nim()) if s.key() != Nim().key()]


@pytest.mark.parametrize("lam", [0.0, 0.5])
def test_self_play_td_learns_every_minimax_value_of_small_nim(lam: float) -> None:
    """Heaps 1, 2, 3: all 39 states after a move, each valued exactly (Bouton's theorem)."""
    table = TableValue()
    train(table, Nim(), games=300, alpha=1.0, lam=lam, epsilon=0.5, seed=0)
    assert len(NIM_STATES) == 39
    assert [table(s) for s in NIM_STATES] == [s.minimax() for s in NIM_STATES]


def test_an_ntuple_network_of_one_whole_tuple_learns_nim_as_a_table() -> None:
    net = NTupleValue([(0, 1, 2, 3)], cells=4, cell_values=4)
    train(net, Nim(), games=300, alpha=1.0, lam=0.0, epsilon=0.5, seed=0)
    assert [net(s) for s in NIM_STATES] == [s.minimax() for s in NIM_STATES]


def test_self_play_td_learns_tictactoes_minimax_values_where_greedy_play_looks(
    tictactoe_table: TableValue,
) -> None:
    """Along the greedy game, every child either player weighs has its minimax value.

    The greedy game is a draw, as best play is; of the states 200 further ε-greedy games
    visit, at least 97% hold their minimax value exactly (the rarest are still learning).
    """
    state, weighed = TicTacToe(), []
    while children := state.get_children():
        weighed += children
        sign = 1 if state.player() == 0 else -1
        state = max(children, key=lambda c: sign * tictactoe_table(c))
    assert state.returns() == (0.0, 0.0)
    assert len(weighed) == 45
    assert [tictactoe_table(c) for c in weighed] == [solve(c.board) for c in weighed]
    visited = {}
    for i in range(200):
        episode = play_episode(
            tictactoe_table, TicTacToe(), random.Random(10**6 + i), TDSettings(epsilon=0.5)
        )
        visited.update((s.board, s) for s in episode.states)
    exact = sum(tictactoe_table(s) == solve(b) for b, s in visited.items())
    assert len(visited) > 800
    assert exact >= 0.97 * len(visited)


def test_fitting_to_alphabetas_values_gives_the_minimax_values() -> None:
    samples = search_samples(Nim((2, 3, 4)), AlphaBeta(), games=20, seed=0, epsilon=0.5)
    assert len(samples) > 40
    table = TableValue()
    error = fit(table, samples, epochs=1, alpha=1.0)
    assert error == 0.0
    assert all(table(s) == s.minimax() for s, _ in samples)


def test_fitting_to_outcomes_labels_each_state_with_its_games_end() -> None:
    """Heaps 1, 2, 3 are lost for the first player: perfect play ends every game at -1."""
    samples = search_samples(Nim(), AlphaBeta(), games=2, seed=0, target="outcome")
    assert samples and all(t == -1.0 for _, t in samples)
    mixed = search_samples(Nim(), AlphaBeta(), games=10, seed=0, target="outcome", epsilon=1.0)
    assert {t for _, t in mixed} == {1.0, -1.0}  # random moves lose won games both ways


def test_the_same_seed_gives_the_same_weights_another_seed_others() -> None:
    runs = []
    for seed in (7, 7, 8):
        table = TableValue()
        train(table, TicTacToe(), games=300, alpha=0.5, seed=seed)
        runs.append(table.table)
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]


def test_fitting_refuses_bad_arguments_by_name() -> None:
    with pytest.raises(InvalidArgumentError, match="target must be one of"):
        search_samples(Nim(), AlphaBeta(), games=1, target="minimax")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="search must be a search with run"):
        search_samples(Nim(), "alphabeta", games=1)
    with pytest.raises(InvalidArgumentError, match="games must be an int >= 1"):
        search_samples(Nim(), AlphaBeta(), games=0)
    with pytest.raises(InvalidArgumentError, match="fit needs at least one"):
        fit(TableValue(), [])
    with pytest.raises(InvalidArgumentError, match=r"alpha must be in \(0, 1\]"):
        fit(TableValue(), [(Nim(), 1.0)], alpha=2.0)


def test_a_game_of_three_players_is_refused_in_one_line() -> None:
    class Three(Nim):
        def player(self) -> int:
            return 2

    with pytest.raises(InvalidArgumentError, match="player\\(\\) is 2; learned values cover one"):
        train(TableValue(), Three(), games=1)
