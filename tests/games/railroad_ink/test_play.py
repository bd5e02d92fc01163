"""play() and InkRecord: whole games, their record, observers, and argument errors."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from games.railroad_ink import SPECIALS, Board, RailroadInk, Tile
from games.railroad_ink.bots.montecarlo import MonteCarloBot
from games.railroad_ink.pieces.dice import check_rolls
from games.railroad_ink.records import InkRecord, play, replay
from games.railroad_ink.rules.game import END_OF_ROUND
from treesearch import Observer, StopSearch
from treesearch.errors import InvalidArgumentError


def test_a_record_holds_the_seeded_rolls_the_moves_and_the_score() -> None:
    record = play(3, dice="revealed", bot="greedy")
    assert isinstance(record, InkRecord)
    assert (record.seed, record.dice, record.bot) == (3, "revealed", "greedy")
    assert record.rolls == tuple(tuple(map(str, r)) for r in RailroadInk(3).rolls)
    assert len(record.rolls) == 7 and all(len(r) == 4 for r in record.rolls)
    assert Board.from_moves(record.moves, strict=True) == record.board
    assert list(record.moves) == record.board.to_moves()
    assert record.score == record.board.score()
    assert record.seconds >= 0


def test_games_are_deterministic_by_seed() -> None:
    assert play(4, "known", "random").moves == play(4, "known", "random").moves
    assert play(4, "revealed", "greedy").moves == play(4, "revealed", "greedy").moves
    assert play(4, "known", "random").moves != play(5, "known", "random").moves


class Recorder(Observer):
    def __init__(self, stop_after: int | None = None, fail_after: int | None = None) -> None:
        self.states: list[Any] = []
        self.closed = 0
        self.stop_after, self.fail_after = stop_after, fail_after

    def observe(self, state: Any) -> None:
        self.states.append(state)
        if self.fail_after is not None and len(self.states) >= self.fail_after:
            raise KeyboardInterrupt
        if self.stop_after is not None and len(self.states) >= self.stop_after:
            raise StopSearch("enough")

    def close(self) -> None:
        self.closed += 1


def test_observers_see_every_state_of_the_game_in_order_then_close() -> None:
    seen = Recorder()
    record = play(6, "revealed", "greedy", observers=[seen])
    assert seen.closed == 1
    assert seen.states[0].board.to_moves() == [] and seen.states[-1].is_terminal()
    placed = [s for s in seen.states[1:] if s.placement is not None]
    assert tuple(str(s.placement) for s in placed) == record.moves
    parents = [a for a, b in zip(seen.states, seen.states[1:], strict=False) if b.placement]
    assert tuple(s.round for s in parents) == record.rounds  # the round a tile went in
    rolls = [s for s in seen.states[1:] if s.placement is None and s.move != END_OF_ROUND]
    assert len(rolls) == 7  # each revealed roll is a state of the game too
    for before, after in zip(seen.states, seen.states[1:], strict=False):  # in game order
        assert after.board.order[: len(before.board.order)] == before.board.order


def test_an_observer_that_stops_ends_the_events_not_the_game() -> None:
    short = Recorder(stop_after=3)
    record = play(6, "known", "greedy", observers=short)
    assert len(short.states) == 3 and short.closed == 1
    assert record.board.score() == record.score and len(record.moves) > 20


def test_observers_are_closed_when_the_game_is_interrupted() -> None:
    failing = Recorder(fail_after=5)
    with pytest.raises(KeyboardInterrupt):
        play(6, "known", "greedy", observers=[failing])
    assert failing.closed == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": -1}, r"seed must be an int >= 0, got -1"),
        ({"seed": True}, r"seed must be an int >= 0, got True"),
        ({"seed": 1, "dice": "free"}, r"dice must be one of \('known', 'revealed'\), got 'free'"),
        ({"seed": 1, "bot": "gredy"}, r"got 'gredy' \(did you mean 'greedy'\?\)"),
        ({"seed": 1, "bot": "chess"}, r"bot must be one of .*got 'chess'$"),
        ({"seed": 1, "seconds": -2}, r"seconds must be a finite number > 0 .* or None, got -2"),
        ({"seed": 1, "seconds": "10"}, r"seconds must be a finite number > 0 .*, got '10'"),
        ({"seed": 1, "seconds": float("inf")}, r"seconds must be a finite number > 0 .*got inf"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        play(**kwargs)


def test_records_and_boards_pickle() -> None:
    # Records cross process boundaries (benchmarks and comparisons play games in workers).
    import pickle

    record = play(3, dice="known", bot="greedy")
    again = pickle.loads(pickle.dumps(record))
    assert again == record and again.board.to_moves() == record.board.to_moves()
    assert again.board.score() == record.board.score()
    assert again.board.legal_placements(record.board.tiles[record.board.order[0]]) == (
        record.board.legal_placements(record.board.tiles[record.board.order[0]])
    )


def test_a_game_plays_rolls_given_by_hand_and_replays() -> None:
    from tests.games.railroad_ink.test_dice import ANCHOR_ROLLS

    special_turns = {o for s in SPECIALS for o in s.orientations()}
    record = play(3, "revealed", "greedy", rolls=ANCHOR_ROLLS)
    assert record.rolls == tuple(tuple(str(t) for t in r) for r in check_rolls(ANCHOR_ROLLS))
    assert record.rolls != play(3, "revealed", "greedy").rolls
    states = replay(record)
    assert states[-1].board.score() == record.score
    for move, rnd in zip(record.moves, record.rounds, strict=True):
        tile = Tile.parse(move[2:])
        faces = [Tile.parse(f) for f in record.rolls[rnd - 1]]
        assert any(tile in f.orientations() for f in faces) or tile in special_turns
    assert "rolls=..." in repr(RailroadInk(3, "known", ANCHOR_ROLLS))


@pytest.mark.parametrize(
    ("seed", "dice", "bot", "digest", "total"),
    [
        (0, "revealed", "greedy", "0237717168cee2ce", 22),
        (1, "known", "greedy", "a0e900f621fc4b44", 29),
        (0, "revealed", "montecarlo", "c4178d396da269d9", 39),
    ],
)
def test_seeded_games_keep_their_moves(
    seed: int, dice: str, bot: str, digest: str, total: int
) -> None:
    # The moves and scores these games had before the rules became views over the engine:
    # a change to legality, scoring or move order shows here as another game.
    record = play(seed, dice, _small_montecarlo if bot == "montecarlo" else bot)
    assert hashlib.sha256(" ".join(record.moves).encode()).hexdigest()[:16] == digest
    assert record.score.total == total


def _small_montecarlo(seed: int) -> MonteCarloBot:
    """A small fixed budget (ample seconds, so the play-outs decide, compiled or not)."""
    return MonteCarloBot(playouts=30, first=4, last_width=2, plan=False, seconds=1000.0, seed=seed)
