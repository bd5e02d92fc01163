"""OpenSpiel games through the TreeIterator adapter (skipped without OpenSpiel)."""

from __future__ import annotations

import functools
import random
import sys
from typing import Any

import pytest

from games.openspiel import OpenSpielState, import_pyspiel
from games.tictactoe import TicTacToe
from treesearch import CHANCE, MCTS, TERMINAL, AlphaBeta, check_iterator
from treesearch.errors import InvalidArgumentError
from treesearch.mcts.policies import rollout_rewards

pyspiel = pytest.importorskip(
    "pyspiel", reason='OpenSpiel is not installed: pip install "treesearch[openspiel]"'
)

SMALL_PIG = {"winscore": 4, "horizon": 8, "diceoutcomes": 3}  # a finite chance game


def test_contract_on_three_games() -> None:
    for state, limits in (
        (OpenSpielState.initial("tic_tac_toe"), {}),
        (OpenSpielState.initial("connect_four"), {"max_states": 300, "walks": 8}),
        (OpenSpielState.initial("pig", {"winscore": 10}), {"max_states": 300, "walks": 8}),
    ):
        report = check_iterator(state, **limits)
        assert report.keyed and report.terminals > 0 and report.max_depth > 8


def _counts(state: Any, depth: int, out: list[int]) -> list[int]:
    if depth == len(out):
        out.append(0)
    out[depth] += 1
    for child in state.get_children():
        _counts(child, depth + 1, out)
    return out


@pytest.mark.slow
def test_tic_tac_toe_game_tree_matches_ours() -> None:
    """Perft: game-tree nodes per ply through the adapter equal games.tictactoe's."""
    theirs = _counts(OpenSpielState.initial("tic_tac_toe"), 0, [])
    assert theirs == _counts(TicTacToe(), 0, [])
    assert theirs[:5] == [1, 9, 72, 504, 3024] and sum(theirs) == 549946


def test_players_returns_moves_and_board() -> None:
    start = OpenSpielState.initial("tic_tac_toe")
    assert start.player() == 0 and start.move is None and start.action is None
    assert start.returns() == (0.0, 0.0) and not start.is_terminal() and start.key() == ()
    children = start.get_children()
    assert [c.move for c in children] == list(range(9)) == [c.action for c in children]
    assert [c.player() for c in children] == [1] * 9
    won = start.play(0).play(3).play(1).play(4).play(2)
    assert won.is_terminal() and won.player() == TERMINAL and won.returns() == (1.0, -1.0)
    assert won.get_children() == [] and won.legal_moves() == [] and won.move == 2
    assert str(start.play(4)) == "...\n.x.\n..."
    assert repr(won) == "OpenSpielState('tic_tac_toe()', history=(0, 3, 1, 4, 2))"
    assert won.pyspiel_state.history() == [0, 3, 1, 4, 2]
    with pytest.raises(InvalidArgumentError, match=r"action 0 is not legal here; legal: \[1,"):
        start.play(0).play(0)


def test_chance_nodes() -> None:
    start = OpenSpielState.initial("pig", SMALL_PIG)
    assert start.player() == 0 and start.chance_outcomes() == []
    rolled = start.play(0)  # action 0 is "roll"
    assert rolled.player() == CHANCE
    outcomes = rolled.chance_outcomes()
    assert [(c.move, p) for c, p in outcomes] == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert [c.key() for c in rolled.get_children()] == [c.key() for c, _ in outcomes]
    assert outcomes[2][0].key() == (0, 2) and outcomes[2][0].player() == 0


def test_keys_follow_histories() -> None:
    start = OpenSpielState.initial("connect_four")
    a, b = start.play(0).play(1).play(2), start.play(0).play(1).play(2)
    assert a is not b and a.key() == b.key() == (0, 1, 2) and a == b and hash(a) == hash(b)
    swapped = start.play(2).play(1).play(0)  # the same board, reached another way
    assert str(swapped) == str(a) and swapped.key() != a.key() and swapped != a
    other_game = OpenSpielState.initial("tic_tac_toe").play(0).play(1).play(2)
    assert other_game.key() == a.key() and other_game != a  # keys are unique within a game
    assert start.get_children()[3] == start.play(3)


def test_parents_are_never_changed() -> None:
    start = OpenSpielState.initial("connect_four").play(3)
    before = start.pyspiel_state.history()
    start.get_children()
    start.random_playout(random.Random(0))
    start.play(2).get_children()
    assert start.pyspiel_state.history() == before == [3] and start.key() == (3,)


def test_random_playout_is_seeded_and_uniform() -> None:
    state = OpenSpielState.initial("connect_four")
    first = [state.random_playout(random.Random(7)) for _ in range(3)]
    assert first[0] == first[1] == first[2] and first[0] in {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}
    # X to move with two cells left: 4 wins X at once, else O fills 4 and it is a draw.
    board = OpenSpielState.initial("tic_tac_toe")
    for cell in (0, 1, 3, 2, 5, 6, 7):
        board = board.play(cell)
    rng = random.Random(1)
    wins = sum(board.random_playout(rng) == (1.0, -1.0) for _ in range(2000))
    assert 900 < wins < 1100  # 1000 expected: one of two moves wins


def test_random_playout_samples_chance_by_probability() -> None:
    """The fast playout and the generic child-by-child rollout estimate the same mean."""
    pig = OpenSpielState.initial("pig", {"winscore": 6, "diceoutcomes": 3})
    n = 3000
    rng = random.Random(3)
    fast = sum(pig.random_playout(rng)[0] for _ in range(n)) / n

    def uniform(children: Any, state: Any, rng: random.Random) -> Any:
        return children[rng.randrange(len(children))]

    slow = (
        sum(rollout_rewards(pig, rng, uniform, players=True, score=None)[0] for _ in range(n)) / n
    )
    assert abs(fast - slow) < 0.08


@functools.cache
def _expectiminimax(history: tuple[int, ...]) -> float:
    """Player 0's value of a small pig position, on raw pyspiel states (no adapter)."""
    state = pyspiel.load_game("pig", SMALL_PIG).new_initial_state()
    for action in history:
        state.apply_action(action)
    if state.is_terminal():
        return float(state.returns()[0])
    if state.is_chance_node():
        return float(sum(p * _expectiminimax((*history, a)) for a, p in state.chance_outcomes()))
    values = [_expectiminimax((*history, a)) for a in state.legal_actions()]
    return max(values) if state.current_player() == 0 else min(values)


def test_chance_game_through_alphabeta_and_mcts() -> None:
    start = OpenSpielState.initial("pig", SMALL_PIG)
    exact = _expectiminimax(())
    assert 0.2 < exact < 0.35  # the first player's edge
    result = AlphaBeta().run(start)
    assert result.value == pytest.approx(exact) and result.move in (0, 1)
    assert result.value == pytest.approx(_expectiminimax((result.move,)))
    runs = [MCTS(iterations=3000, rng=5).run(start) for _ in range(2)]
    assert runs[0].move == runs[1].move == result.move  # roll; and the same by seed
    summaries = [[(c.key(), n, m) for c, n, m in r.info["children"]] for r in runs]
    assert summaries[0] == summaries[1] and runs[0].value == runs[1].value
    assert runs[0].value is not None and abs(runs[0].value - exact) < 0.15


def test_connect_four_search_is_seeded() -> None:
    start = OpenSpielState.initial("connect_four")
    a, b = (MCTS(iterations=200, rng=11).run(start) for _ in range(2))
    assert a.move == b.move and a.value == b.value and a.move in range(7)
    assert [c.key() for c in a.path] == [c.key() for c in b.path]


def test_refusals() -> None:
    for name in ("matrix_rps", "goofspiel"):
        with pytest.raises(
            InvalidArgumentError,
            match=r"simultaneous dynamics; supported: sequential.*"
            r"convert_to_turn_based",
        ):
            OpenSpielState.initial(name)
    turn_based = pyspiel.convert_to_turn_based(pyspiel.load_game("matrix_rps"))
    check_iterator(OpenSpielState.from_game(turn_based))
    with pytest.raises(InvalidArgumentError, match=r"mean_field dynamics"):
        OpenSpielState.initial("mfg_crowd_modelling")
    with pytest.raises(InvalidArgumentError, match=r"only samples its chance outcomes"):
        OpenSpielState.initial("negotiation")
    with pytest.raises(InvalidArgumentError, match=r"must be a pyspiel\.Game.*got 'pig'"):
        OpenSpielState("pig")
    with pytest.raises(InvalidArgumentError, match=r"cannot load the game 'no_such_game'"):
        OpenSpielState.initial("no_such_game")
    c4 = pyspiel.load_game("connect_four")
    with pytest.raises(InvalidArgumentError, match=r"belongs to tic_tac_toe\(\), not to"):
        OpenSpielState(c4, pyspiel.load_game("tic_tac_toe").new_initial_state())
    with pytest.raises(InvalidArgumentError, match=r"must be a pyspiel\.State, got 3"):
        OpenSpielState(c4, 3)
    with pytest.raises(InvalidArgumentError, match=r"move must be an int action or None"):
        OpenSpielState(c4, None, "3")  # type: ignore[arg-type]


def test_wraps_a_state_in_play() -> None:
    game = pyspiel.load_game("connect_four")
    raw = game.new_initial_state()
    raw.apply_action(3)
    state = OpenSpielState(game, raw, move=3)
    assert state.key() == (3,) and state.move == 3 and state.player() == 1


def test_missing_open_spiel_names_the_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    with pytest.raises(ImportError, match=r'pip install "treesearch\[openspiel\]"'):
        import_pyspiel()
    with pytest.raises(ImportError, match=r"open_spiel package"):
        OpenSpielState.initial("connect_four")
