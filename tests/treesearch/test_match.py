from __future__ import annotations

import os
import signal
from typing import Any

import pytest

from games.tictactoe import TicTacToe
from tests.games_util import Gamble
from treesearch import CHANCE, MCTS, AlphaBeta
from treesearch.errors import (
    InvalidArgumentError,
    MissingCapabilityError,
    NotATreeIteratorError,
)
from treesearch.match import (
    GameRecord,
    MatchResult,
    OpenSpielMCTSAgent,
    PairedStarts,
    RandomAgent,
    SearchAgent,
    game_seed,
    play_game,
    play_match,
    replay,
    wilson_interval,
)


def mcts(iterations: int = 200) -> SearchAgent:
    return SearchAgent(lambda seed: MCTS(iterations=iterations, rng=seed, reuse=True), name="mcts")


def alphabeta() -> SearchAgent:
    return SearchAgent(lambda seed: AlphaBeta(), name="alphabeta")


def outcomes(result: MatchResult) -> list[tuple[Any, ...]]:
    return [r.outcome() for r in result.records]


# -- playing -------------------------------------------------------------------------------
def test_mcts_beats_random_at_tictactoe() -> None:
    result = play_match(mcts(), RandomAgent(), TicTacToe(), games=10, seed=3)
    assert len(result.records) == 10 and not result.interrupted
    assert result.score >= 0.8
    assert result.wins + result.draws + result.losses == 10
    assert result.names == ("mcts", "random")
    assert result.summary().startswith("mcts vs random: score ")


def test_alphabeta_against_itself_draws_every_game() -> None:
    result = play_match(alphabeta(), alphabeta(), TicTacToe, games=4)
    assert (result.wins, result.draws, result.losses) == (0, 4, 0)
    assert result.score == 0.5
    assert all(r.returns == (0.0, 0.0) and len(r.moves) == 9 for r in result.records)


def test_perfect_play_never_loses_to_random_and_scores_are_from_a_s_view() -> None:
    result = play_match(RandomAgent(), alphabeta(), TicTacToe(), games=6, seed=1)
    assert result.wins == 0 and result.score < 0.5
    for r in result.records:
        mine, theirs = r.returns[r.a_player], r.returns[1 - r.a_player]
        assert r.score == (1.0 if mine > theirs else 0.0 if mine < theirs else 0.5)


def test_colours_alternate_and_each_side_is_timed_on_its_own_moves() -> None:
    result = play_match(mcts(50), RandomAgent(), TicTacToe(), games=6, seed=0)
    assert [r.a_player for r in result.records] == [0, 1, 0, 1, 0, 1]
    assert [r.index for r in result.records] == list(range(6))
    for r in result.records:
        a_moves, b_moves = len(r.seconds[0]), len(r.seconds[1])
        assert a_moves + b_moves == len(r.moves)
        first, second = (a_moves, b_moves) if r.a_player == 0 else (b_moves, a_moves)
        assert first - second in (0, 1)  # player 0 moves first
        assert all(t >= 0 for side in r.seconds for t in side)
    sa, sb = result.seconds_per_move
    assert sa > 0 and sb >= 0


def test_moves_replay_the_game() -> None:
    result = play_match(mcts(50), RandomAgent(), TicTacToe(), games=2, seed=5)
    for r in result.records:
        state = TicTacToe()
        for move in r.moves:
            state = state.play(move)
        assert state.is_terminal() and state.returns() == r.returns


def test_same_seed_same_records_other_seed_other_games() -> None:
    one = play_match(mcts(50), RandomAgent(), TicTacToe(), games=6, seed=11)
    two = play_match(mcts(50), RandomAgent(), TicTacToe(), games=6, seed=11)
    other = play_match(mcts(50), RandomAgent(), TicTacToe(), games=6, seed=12)
    assert outcomes(one) == outcomes(two)
    assert [r.seed for r in one.records] == [game_seed(11, i) for i in range(6)]
    assert outcomes(one) != outcomes(other)


def test_play_game_refuses_bad_seats_and_seeds() -> None:
    with pytest.raises(InvalidArgumentError, match="a_player must be 0 or 1, got 2"):
        play_game(RandomAgent(), RandomAgent(), TicTacToe(), seed=0, a_player=2)
    with pytest.raises(InvalidArgumentError, match="seed must be an int >= 0, got -3"):
        play_game(RandomAgent(), RandomAgent(), TicTacToe(), seed=-3)


def test_a_game_replays_from_its_record() -> None:
    result = play_match(mcts(50), RandomAgent(), TicTacToe(), games=3, seed=2)
    r = result.records[1]
    again = play_game(
        mcts(50), RandomAgent(), TicTacToe(), seed=r.seed, a_player=r.a_player, index=1
    )
    assert again.outcome() == r.outcome()


def test_jobs_do_not_change_the_records() -> None:
    seen: list[GameRecord] = []
    serial = play_match(mcts(50), RandomAgent(), TicTacToe, games=5, seed=4, jobs=1)
    parallel = play_match(
        mcts(50), RandomAgent(), TicTacToe, games=5, seed=4, jobs=2, progress=seen.append
    )
    assert outcomes(serial) == outcomes(parallel)
    assert [r.index for r in parallel.records] == list(range(5))
    assert sorted(r.index for r in seen) == list(range(5))


def test_progress_sees_every_game_in_order_in_process() -> None:
    seen: list[int] = []
    play_match(
        RandomAgent(), RandomAgent(), TicTacToe(), games=4, progress=lambda r: seen.append(r.index)
    )
    assert seen == [0, 1, 2, 3]
    with pytest.raises(InvalidArgumentError, match="progress must be a callable"):
        play_match(RandomAgent(), RandomAgent(), TicTacToe(), games=4, progress=3)


def test_an_agent_error_in_a_worker_is_raised() -> None:
    with pytest.raises(InvalidArgumentError, match="not a child"):
        play_match(_Liar, RandomAgent(), TicTacToe(), games=3, jobs=2)


class _Coin:
    """A coin is tossed (70% heads), then player 0 guesses it; player 1 never moves."""

    def __init__(self, coin: int | None = None, guess: int | None = None) -> None:
        self.coin, self.guess = coin, guess
        self.move = guess if guess is not None else coin

    def player(self) -> int:
        return CHANCE if self.coin is None else 0

    def chance_outcomes(self) -> list[tuple[_Coin, float]]:
        return [(_Coin(1), 0.7), (_Coin(0), 0.3)]

    def get_children(self) -> list[_Coin]:
        if self.coin is None:
            return [c for c, _ in self.chance_outcomes()]
        return [] if self.guess is not None else [_Coin(self.coin, g) for g in (0, 1)]

    def key(self) -> tuple[int | None, int | None]:
        return self.coin, self.guess

    def returns(self) -> tuple[float, float]:
        right = self.guess == self.coin
        return (1.0, -1.0) if right else (-1.0, 1.0)


def test_chance_states_are_drawn_by_the_harness_from_the_game_seed() -> None:
    result = play_match(RandomAgent(), RandomAgent(), _Coin, games=40, seed=0)
    coins = [r.moves[0] for r in result.records]
    assert set(coins) == {0, 1} and coins.count(1) > coins.count(0)
    assert all(len(r.moves) == 2 for r in result.records)
    # Player 1 never moves: only the side playing player 0 is timed.
    assert all(
        len(r.seconds[r.a_player]) == 1 and not r.seconds[1 - r.a_player] for r in result.records
    )
    again = play_match(RandomAgent(), RandomAgent(), _Coin, games=40, seed=0)
    assert outcomes(again) == outcomes(result)


def test_a_chance_outcome_without_a_move_is_recorded_by_its_index() -> None:
    result = play_match(RandomAgent(), RandomAgent(), Gamble, games=30, seed=1)
    gambles = [r.moves for r in result.records if len(r.moves) == 2]
    assert gambles and all(m[0] == 0 and m[1] in (0, 1) for m in gambles)  # won 0, lost 1
    assert {m[1] for m in gambles} == {0, 1}
    for r in result.records:  # the outcome's index picks the state the returns came from
        won = r.moves == (0, 0)
        assert (r.returns[0] == 1.0) == won


# -- statistics ----------------------------------------------------------------------------
def test_interval_contains_the_score() -> None:
    result = play_match(mcts(50), RandomAgent(), TicTacToe(), games=8, seed=9)
    lo, hi = result.interval
    assert 0.0 <= lo <= result.score <= hi <= 1.0
    assert hi - lo > 0.1  # eight games cannot pin the score down


@pytest.mark.parametrize("successes,n", [(0, 10), (10, 10), (5, 10), (55, 100), (0.5, 1)])
def test_wilson_interval_holds_the_rate_and_stays_in_0_1(successes: float, n: int) -> None:
    lo, hi = wilson_interval(successes, n)
    assert 0.0 <= lo <= successes / n <= hi <= 1.0 and hi - lo > 0


def test_wilson_interval_narrows_with_more_games() -> None:
    small, large = wilson_interval(11, 20), wilson_interval(110, 200)
    assert large[1] - large[0] < small[1] - small[0]
    assert wilson_interval(0, 0) == (0.0, 1.0)


def _record(index: int, a_player: int, returns: tuple[float, float]) -> GameRecord:
    return GameRecord(index, 0, a_player, ("x", "y"), returns, (), ((0.5,), (0.25,)))


def test_match_result_counts_from_a_s_point_of_view() -> None:
    records = (
        _record(0, 0, (1.0, -1.0)),  # a is player 0 and wins
        _record(1, 1, (1.0, -1.0)),  # a is player 1 and loses
        _record(2, 0, (0.0, 0.0)),  # draw
        _record(3, 1, (0.2, 0.7)),  # a non-zero-sum win for a
    )
    result = MatchResult(records, games=4)
    assert (result.wins, result.draws, result.losses) == (2, 1, 1)
    assert result.score == pytest.approx(2.5 / 4)
    assert result.seconds_per_move == (0.5, 0.25)
    empty = MatchResult((), games=4, interrupted=True)
    assert empty.summary() == "a vs b: no game finished (interrupted)"


# -- refusals ------------------------------------------------------------------------------
class _Liar:
    """Plays a position that is not a child of the current one."""

    name = "liar"

    def __init__(self, seed: int) -> None:
        pass

    def choose(self, state: Any) -> Any:
        return TicTacToe().play(0).play(1).play(2)


class _Mover:
    """Returns a move instead of a child state."""

    name = "mover"

    def __init__(self, seed: int) -> None:
        pass

    def choose(self, state: Any) -> Any:
        return state.legal_moves()[0]


def test_an_agent_that_plays_a_non_child_is_named() -> None:
    with pytest.raises(InvalidArgumentError, match=r"agent 'liar' played TicTacToe\('XOX"):
        play_match(_Liar, RandomAgent(), TicTacToe(), games=1)
    with pytest.raises(InvalidArgumentError, match="not a move"):
        play_match(RandomAgent(), _Mover, TicTacToe(), games=2)


def test_an_equal_child_from_elsewhere_is_accepted() -> None:
    class Copier:
        name = "copier"

        def __init__(self, seed: int) -> None:
            pass

        def choose(self, state: Any) -> Any:
            return TicTacToe(state.get_children()[0].board)  # equal, not the same object

    result = play_match(Copier, Copier, TicTacToe(), games=1)
    assert result.records[0].moves[:3] == (0, 1, 2)


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"games": 0}, "games must be an int >= 1, got 0"),
        ({"games": 2.0}, "games must be an int >= 1, got 2.0"),
        ({"games": 2, "seed": -1}, "seed must be an int >= 0, got -1"),
        ({"games": 2, "jobs": 0}, "jobs must be an int >= 1, got 0"),
        ({"games": 2, "jobs": True}, "jobs must be an int >= 1, got True"),
    ],
)
def test_bad_match_arguments_are_refused(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        play_match(RandomAgent(), RandomAgent(), TicTacToe(), **kwargs)


def test_bad_agents_and_starts_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="agent_b must be a callable"):
        play_match(RandomAgent(), "random", TicTacToe(), games=1)
    with pytest.raises(InvalidArgumentError, match="which is not an Agent"):
        play_match(RandomAgent(), lambda seed: object(), TicTacToe(), games=1)
    with pytest.raises(NotATreeIteratorError, match=r"start\(\) returned 42"):
        play_match(RandomAgent(), RandomAgent(), lambda: 42, games=1)
    with pytest.raises(NotATreeIteratorError, match="got 'tictactoe'"):
        play_match(RandomAgent(), RandomAgent(), "tictactoe", games=1)
    with pytest.raises(MissingCapabilityError, match="no player"):
        play_match(RandomAgent(), RandomAgent(), _NoPlayers(), games=1)


class _NoPlayers:
    def get_children(self) -> list[_NoPlayers]:
        return []


class _Keyless:
    """Children are new objects on every call and have neither key() nor __eq__."""

    move = None
    player = TicTacToe.player

    def __init__(self, depth: int = 0) -> None:
        self.depth, self.to_move = depth, depth % 2

    def get_children(self) -> list[_Keyless]:
        return [_Keyless(self.depth + 1)] if self.depth < 2 else []

    def returns(self) -> tuple[float, float]:
        return 0.0, 0.0


def test_keyless_states_without_eq_get_a_hint() -> None:
    with pytest.raises(InvalidArgumentError, match="give the game a key"):
        play_match(RandomAgent(), RandomAgent(), _Keyless(), games=1)


def test_bad_search_agents_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="function seed -> search"):
        SearchAgent(MCTS(iterations=10))  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="make_search must be a callable"):
        SearchAgent(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"make_search\(7\) returned 'x'"):
        SearchAgent(lambda seed: "x")(7)
    with pytest.raises(InvalidArgumentError, match="name must be a non-empty string"):
        RandomAgent(name="")
    assert SearchAgent(lambda seed: MCTS(iterations=5))(0).name == "MCTS"


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"iterations": 0}, "iterations must be an int >= 1, got 0"),
        ({"iterations": 10, "rollouts": 0}, "rollouts must be an int >= 1, got 0"),
        ({"iterations": 10, "uct_c": -1.0}, "uct_c must be a finite number >= 0, got -1.0"),
        ({"iterations": 10, "solve": 1}, "solve must be True or False, got 1"),
    ],
)
def test_bad_openspiel_agent_knobs_are_refused(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        OpenSpielMCTSAgent(**kwargs)


def test_openspiel_agent_refuses_states_that_are_not_openspiel_states() -> None:
    agent = OpenSpielMCTSAgent(10)(0)
    assert agent.name == "openspiel-mcts(10)"
    with pytest.raises(MissingCapabilityError, match="pyspiel_state"):
        agent.choose(TicTacToe())


# -- Ctrl-C --------------------------------------------------------------------------------
def test_ctrl_c_returns_the_finished_games() -> None:
    made: list[int] = []

    class InterruptOnThirdGame:
        name = "interrupter"

        def __init__(self, seed: int) -> None:
            made.append(seed)
            self.armed = len(made) == 3

        def choose(self, state: Any) -> Any:
            if self.armed:
                raise KeyboardInterrupt
            return state.get_children()[0]

    result = play_match(InterruptOnThirdGame, RandomAgent(), TicTacToe(), games=5, seed=0)
    assert result.interrupted and len(result.records) == 2 and result.games == 5
    assert "interrupted after 2 of 5 games" in result.summary()


def test_ctrl_c_inside_a_search_stops_the_match() -> None:
    def interrupt(event: object) -> None:
        raise KeyboardInterrupt

    agent = SearchAgent(lambda seed: MCTS(interrupt, iterations=50, rng=seed))
    result = play_match(agent, RandomAgent(), TicTacToe(), games=3)
    assert result.interrupted and result.records == ()
    assert result.summary().endswith("no game finished (interrupted)")


@pytest.mark.skipif(os.name != "posix", reason="sends SIGINT to the parent process")
def test_ctrl_c_stops_a_parallel_match_and_its_workers(tmp_path: Any) -> None:
    flag = str(tmp_path / "signalled")

    class SignalParentOnce:
        """The first move played anywhere sends one SIGINT to the match's process."""

        name = "signaller"

        def __init__(self, seed: int) -> None:
            pass

        def choose(self, state: Any) -> Any:
            try:
                os.close(os.open(flag, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                pass
            else:
                os.kill(os.getppid(), signal.SIGINT)
            return state.get_children()[0]

    result = play_match(SignalParentOnce, mcts(20), TicTacToe(), games=200, jobs=2)
    assert os.path.exists(flag)
    assert result.interrupted and len(result.records) < 200


# -- OpenSpiel -----------------------------------------------------------------------------
def test_our_mcts_against_openspiel_mcts_on_tic_tac_toe() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (treesearch[openspiel])")
    from games.openspiel import OpenSpielState

    ours = SearchAgent(
        lambda seed: MCTS(iterations=50, exploration=1.0, rng=seed, reuse=True), name="ours"
    )
    result = play_match(
        ours, OpenSpielMCTSAgent(50), OpenSpielState.initial("tic_tac_toe"), games=2, seed=0
    )
    assert len(result.records) == 2 and [r.a_player for r in result.records] == [0, 1]
    assert result.names == ("ours", "openspiel-mcts(50)")
    for r in result.records:
        assert sum(r.returns) == 0 and 5 <= len(r.moves) <= 9
        assert all(isinstance(m, int) for m in r.moves)
    again = play_match(
        ours, OpenSpielMCTSAgent(50), OpenSpielState.initial("tic_tac_toe"), games=2, seed=0
    )
    assert outcomes(again) == outcomes(result)


def test_a_chance_game_from_openspiel_plays_to_the_end() -> None:
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (treesearch[openspiel])")
    from games.openspiel import OpenSpielState

    start = OpenSpielState.initial("pig", {"winscore": 10})
    result = play_match(RandomAgent(), RandomAgent(), start, games=4, seed=1)
    assert len(result.records) == 4
    assert all(sorted(r.returns) == [-1.0, 1.0] for r in result.records)


def _opening(seed: int) -> TicTacToe:
    return TicTacToe().play(seed % 9)


def test_paired_starts_give_both_games_of_a_pair_one_drawn_start() -> None:
    result = play_match(RandomAgent(), RandomAgent(), PairedStarts(_opening), games=6, seed=4)
    starts = PairedStarts(_opening)
    opened = [starts.start(4, r.index).move for r in result.records]
    assert opened == [game_seed(4, k) % 9 for k in (0, 0, 1, 1, 2, 2)]
    for record, cell in zip(result.records, opened, strict=True):
        assert cell not in record.moves  # each game went on from its pair's start
    assert [r.a_player for r in result.records] == [0, 1, 0, 1, 0, 1]
    again = play_match(
        RandomAgent(), RandomAgent(), PairedStarts(_opening), games=6, seed=4, jobs=2
    )
    assert [r.outcome() for r in again.records] == [r.outcome() for r in result.records]


def test_paired_starts_refuse_what_is_not_a_start() -> None:
    with pytest.raises(InvalidArgumentError, match="PairedStarts takes a function"):
        PairedStarts(3)  # type: ignore[arg-type]
    with pytest.raises(NotATreeIteratorError, match=r"PairedStarts.fn .*got 7"):
        play_match(RandomAgent(), RandomAgent(), PairedStarts(lambda seed: 7), games=2)


def test_replay_rebuilds_a_records_states_chance_included() -> None:
    record = play_game(RandomAgent(), RandomAgent(), Gamble(), seed=3)
    states = replay(Gamble(), record.moves)
    assert states[-1].returns() == record.returns
    assert [s.stage for s in replay(Gamble(), (0, 1))] == ["start", "gamble", "lost"]


def test_replay_names_a_move_that_is_not_there() -> None:
    with pytest.raises(InvalidArgumentError, match=r"move 2 \(9\) is not a move of"):
        replay(TicTacToe(), (4, 9))
