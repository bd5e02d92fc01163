"""Tron bots in matches (``TronAgent`` on ``treesearch.match``): sides alternate, pairs share a
start, records replay, bots never see the pending move, jobs do not change the games, errors
name the bot."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

from games.tron import safe_moves
from games.tron.agent import TronAgent
from games.tron.bots import heuristic_bot, random_bot
from games.tron.film import write_video
from games.tron.state import TronState, hex_start, square_start
from treesearch.errors import InvalidArgumentError, NotATreeIteratorError
from treesearch.match import PairedStarts, game_start, play_match, replay

HEX = PairedStarts(hex_start)


class Spy:
    """A bot that records what it is shown and plays its first safe move."""

    name = "spy"

    def __init__(self) -> None:
        self.calls: list[tuple[int, int | None, int]] = []

    def __call__(self, state: TronState, player: int) -> int:
        self.calls.append((player, state.pending, state.turn))
        return random_bot(0)(state, player)


def test_bookkeeping_of_a_hex_match() -> None:
    result = play_match(TronAgent(heuristic_bot()), TronAgent(random_bot()), HEX, games=6, seed=3)
    assert len(result.records) == 6
    assert result.wins + result.draws + result.losses == 6
    assert result.score == (result.wins + 0.5 * result.draws) / 6
    assert [r.a_player for r in result.records] == [0, 1, 0, 1, 0, 1]
    assert result.names == ("heuristic", "random")
    for record in result.records:
        states = replay(game_start(HEX, 3, record.index), record.moves)
        assert states[-1].is_terminal() and states[-1].returns() == record.returns
        assert len(record.moves) % 2 == 0  # two plies a turn
    starts = [game_start(HEX, 3, i).key() for i in range(6)]
    assert starts[0] == starts[1] and starts[2] == starts[3] and starts[0] != starts[2]
    assert result.score > 0.5  # seed 004's heuristic beats random moves


def test_player_1_is_shown_the_turn_start_never_player_0s_choice() -> None:
    spy = Spy()
    play_match(TronAgent(heuristic_bot()), TronAgent(spy), square_start("box15"), games=2, seed=0)
    players = {p for p, _, _ in spy.calls}
    assert players == {0, 1}
    assert all(pending is None for _, pending, _ in spy.calls)


def test_jobs_do_not_change_the_games() -> None:
    start = square_start("pillars17")
    a, b = TronAgent(random_bot()), TronAgent(heuristic_bot())
    one = play_match(a, b, start, games=4, seed=5)
    two = play_match(a, b, start, games=4, seed=5, jobs=2)
    assert [r.outcome() for r in one.records] == [r.outcome() for r in two.records]
    again = play_match(a, b, start, games=4, seed=6)
    assert [r.outcome() for r in again.records] != [r.outcome() for r in one.records]


def test_a_video_of_the_first_game(tmp_path: Path) -> None:
    out = tmp_path / "frames"
    result = play_match(TronAgent(heuristic_bot()), TronAgent(random_bot()), HEX, games=1, seed=1)
    write_video(out, replay(game_start(HEX, 1, 0), result.records[0].moves))
    assert len(list(out.glob("*.png"))) > 3


def test_errors_name_the_bad_bot_or_argument() -> None:
    def bad(state: TronState, player: int) -> int:
        return 9

    with pytest.raises(InvalidArgumentError, match=r"bot 'bad' answered 9"):
        play_match(TronAgent(bad), TronAgent(random_bot()), HEX, games=1)
    with pytest.raises(InvalidArgumentError, match="games must be an int >= 1"):
        play_match(TronAgent(random_bot()), TronAgent(random_bot()), HEX, games=0)
    with pytest.raises(NotATreeIteratorError, match="start must be"):
        play_match(TronAgent(random_bot()), TronAgent(random_bot()), "box15", games=1)
    with pytest.raises(InvalidArgumentError, match="bot must be a callable"):
        TronAgent(3)  # type: ignore[arg-type]


def _digest(moves: tuple[object, ...]) -> str:
    return hashlib.sha256(repr(moves).encode()).hexdigest()[:16]


def test_records_are_pinned_for_the_same_seeds() -> None:
    # The same seeds give the same games, starts shared per pair and sides alternating.
    hexed = play_match(TronAgent(heuristic_bot()), TronAgent(random_bot(0)), HEX, games=4, seed=5)
    assert [
        (r.index, r.seed, r.a_player, r.returns, len(r.moves), _digest(r.moves))
        for r in hexed.records
    ] == [
        (0, 803261128, 0, (1.0, -1.0), 28, "f186994ab7f639b6"),
        (1, 3767054407, 1, (-1.0, 1.0), 68, "48ea1478a0cc25fd"),
        (2, 3210010690, 0, (1.0, -1.0), 28, "977707a5336a6261"),
        (3, 2928346150, 1, (-1.0, 1.0), 44, "e876694e938a51bf"),
    ]
    square = play_match(
        TronAgent(random_bot(1)), TronAgent(random_bot(2)), square_start("box15"), games=2, seed=0
    )
    first, second = square.records
    assert (first.seed, first.returns, first.moves[:8]) == (
        3757552657,
        (-1.0, 1.0),
        (1, 2, 0, 1, 1, 1, 2, 2),
    )
    assert (second.seed, second.a_player, len(second.moves)) == (673228719, 1, 40)


def test_ctrl_c_in_a_tron_bot_ends_the_match_keeping_the_games_finished() -> None:
    moves = [0]

    def tiring(state: Any, player: int) -> int:
        moves[0] += 1
        if moves[0] > 40:  # Ctrl-C in the third game or so
            raise KeyboardInterrupt
        safe = safe_moves(state, player)
        return safe[0] if safe else state.legal_moves(player)[0]

    result = play_match(TronAgent(tiring), TronAgent(random_bot()), square_start("box15"), games=6)
    assert result.interrupted and 1 <= len(result.records) < 6
