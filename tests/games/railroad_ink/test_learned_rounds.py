"""The ``learned-rounds`` bot: whole rounds by a beam on the learned value, ends by play-outs."""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pytest

from games.railroad_ink import Board
from games.railroad_ink.bots import learned_rounds
from games.railroad_ink.bots.learned_rounds import (
    PLAYOUT_LAST,
    PLAYOUT_WIDTH,
    PYTHON_WIDTHS,
    WIDTH,
    LearnedRoundsBot,
)
from games.railroad_ink.bots.learned_value import rounds_value, shipped_value
from games.railroad_ink.bots.montecarlo import move_code
from games.railroad_ink.bots.roster import BOTS, make_bot
from games.railroad_ink.engine.ntuple import CELLS, FINAL, _candidates, _rate
from games.railroad_ink.engine.playout import play_move, seed_stream
from games.railroad_ink.engine.position import Position
from games.railroad_ink.engine.round_beam import (
    PLAYOUT_ENDS,
    best_end,
    new_ends,
    new_work,
    play_rounds,
    round_ends,
)
from games.railroad_ink.engine.round_td import ENDS, round_game
from games.railroad_ink.engine.scoring import total
from games.railroad_ink.engine.tables import FACES, SLOT_INIT
from games.railroad_ink.pieces.dice import ROUNDS
from games.railroad_ink.records import play
from games.railroad_ink.rules.game import RailroadInk, RailroadInkState
from tests.helpers import plain_python_digest
from treesearch.errors import InvalidArgumentError
from treesearch.values import CHANCE

WEIGHTS = np.ascontiguousarray(shipped_value()[0], dtype=np.float64)
KEYS = np.random.default_rng(0).integers(1, 1 << 40, size=49)
SMALL = {"width": 2, "top": 4, "playouts": 4, "last_width": 16, "weights": WEIGHTS}
NONE = (np.zeros(0, np.int64), np.zeros(0), 0, 0, 0)  # no futures: the ends only


def _state(seed: int, rnd: int, placed: int) -> RailroadInkState:
    """A revealed-dice game ``seed`` played at random up to ``placed`` faces into round ``rnd``."""
    game = RailroadInk(seed, "revealed")
    state, rng = game.start(), random.Random(seed)
    while state.round < rnd or state.player() == CHANCE or 4 - len(state.faces or ()) < placed:
        if state.player() == CHANCE:
            state = state.rolled(game.rolls[state.round - 1])
        else:
            faces = [c for c in state.get_children() if c.placement is not None]
            state = rng.choice(faces or state.get_children())
    return state


def _turn(state: RailroadInkState) -> tuple:
    p = Position.of(state)
    return (p.tiles.copy(), p.slots.copy(), p.round, p.counts.copy(), p.placed, p.used, p.now)


def _every_end(turn: tuple, exact: bool) -> dict[bytes, float]:
    """Every board where ``turn``'s round can end, by brute force, with its best value."""
    tiles, slots, rnd, counts, placed, used, now = turn
    moves, cells = np.zeros(4096, np.int64), np.zeros(CELLS, np.int64)
    n = _candidates(turn, moves)
    found: dict[bytes, float] = {}
    for move in [-1] if n == 0 else moves[:n].tolist():
        value = _rate(WEIGHTS, turn, move, FINAL, cells)
        if move < 0:
            worth = float(total(tiles)) if exact else value
            found[tiles.tobytes()] = max(found.get(tiles.tobytes(), -1e300), worth)
            continue
        t, s, c = tiles.copy(), slots.copy(), counts.copy()
        u, w, p = play_move(t, s, c, move, used, now, placed)
        for board, worth in _every_end((t, s, rnd, c, p, u, w), exact).items():
            found[board] = max(found.get(board, -1e300), worth)
    return found


@pytest.mark.parametrize("exact", [True, False])
def test_a_wide_beam_finds_every_end_of_the_round_and_its_plan_reaches_it(exact: bool) -> None:
    state = _state(5, 7, 2) if exact else _state(5, 3, 3)
    turn = _turn(state)
    truth = _every_end(turn, exact)
    ends = new_ends(len(truth) + 5)
    count = round_ends(WEIGHTS, turn, 4096, exact, ends, KEYS, *NONE)
    assert len(truth) > 5
    found = {ends[1][q].tobytes(): float(ends[0][q]) for q in range(count)}
    assert count == len(found) == len(truth)
    assert found == pytest.approx(truth)
    for q in range(count):  # each end's plan, replayed from the turn, reaches that end
        tiles, slots, _, counts, placed, used, now = _turn(state)
        plan = ends[5][q][: ends[6][q]].tolist()
        for move in plan:
            if move >= 0:
                used, now, placed = play_move(tiles, slots, counts, move, used, now, placed)
        assert plan.count(-1) <= 1 and -1 not in plan[:-1]
        assert np.array_equal(tiles, ends[1][q]) and used == ends[4][q]
        if exact:
            assert ends[0][q] == total(tiles)


def test_the_ends_kept_are_the_best_by_value() -> None:
    turn = _turn(_state(6, 2, 0))
    every = new_ends(5000)
    count = round_ends(WEIGHTS, turn, 64, False, every, KEYS, *NONE)
    best = new_ends(3)
    assert round_ends(WEIGHTS, turn, 64, False, best, KEYS, *NONE) == 3 < count
    assert sorted(best[0].tolist()) == sorted(every[0][:count].tolist())[-3:]


def test_a_whole_game_is_legal_and_repeats_by_seed() -> None:
    first = play(3, "revealed", lambda seed: LearnedRoundsBot(seed=seed, **SMALL))
    again = play(3, "revealed", lambda seed: LearnedRoundsBot(seed=seed, **SMALL))
    assert first.moves == again.moves and first.score == again.score
    assert Board.from_moves(first.moves, strict=True) == first.board
    other = play(3, "revealed", lambda seed: LearnedRoundsBot(seed=seed + 1, **SMALL))
    assert Board.from_moves(other.moves, strict=True) == other.board


def test_the_ends_are_compared_by_their_playouts() -> None:
    bot = LearnedRoundsBot(seed=2, **{**SMALL, "playouts": 8})
    state = _state(2, 2, 0)
    chosen = bot.choose(state)
    assert len(bot.last_means) == SMALL["top"]
    means = bot.last_means
    ends = new_ends(SMALL["top"])
    round_ends(bot.weights, _turn(state), SMALL["width"], False, ends, bot._keys, *NONE)
    assert len(set(means)) > 1  # the play-outs tell the ends apart
    assert move_code(chosen) == ends[5][int(np.argmax(means))][0]
    # what a film shows: each first placement with its ends' best mean, the chosen one first
    shown = bot.last_decision
    assert shown[0].state == chosen and shown[0].mean == max(means) and shown[0].count == 8
    assert [c.mean for c in shown] == sorted((c.mean for c in shown), reverse=True)
    firsts = {int(ends[5][q][0]) for q in range(len(means))}
    assert {move_code(c.state) for c in shown} == firsts


def test_a_recorded_game_keeps_the_weighed_placements_before_the_last_round() -> None:
    record = play(8, "revealed", lambda seed: LearnedRoundsBot(seed=seed, **SMALL))
    assert len(record.decisions) == len(record.moves)
    assert sum(1 for d in record.decisions if d) >= 12  # rounds 1-6 weigh their placements
    assert not record.decisions[-1]  # the last round is scored exactly, without play-outs


def test_a_clock_shares_itself_among_the_rounds() -> None:
    bot = LearnedRoundsBot(seconds=1.0, seed=1, playouts=100_000)
    record = play(4, "revealed", lambda seed: bot)
    assert Board.from_moves(record.moves, strict=True) == record.board
    assert bot.thinking < 3.0  # the clock, not the 100,000 play-outs, ends each round


def test_bad_knobs_are_named() -> None:
    for knobs, word in (
        ({"width": 0}, "width"),
        ({"top": 0}, "top"),
        ({"playouts": -1}, "playouts"),
        ({"last_width": 1.5}, "last_width"),
        ({"weights": np.zeros(3)}, "weights"),
        ({"seconds": 0}, "seconds"),
        ({"playout_width": -1}, "playout_width"),
        ({"playout_last": 2.5}, "playout_last"),
        ({"playout_weights": np.zeros(3)}, "weights"),
    ):
        with pytest.raises(InvalidArgumentError, match=word):
            LearnedRoundsBot(**knobs)  # type: ignore[arg-type]


def test_the_defaults_are_the_fine_tuned_value_and_its_round_player_where_compiled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bot = LearnedRoundsBot()
    if learned_rounds.ENGINE != "python":
        assert np.array_equal(bot.weights, rounds_value()[0])
        assert not np.array_equal(bot.weights, WEIGHTS)
        assert bot.playout_width == PLAYOUT_WIDTH and bot.width == WIDTH
        assert bot.playout_last == PLAYOUT_LAST > PLAYOUT_WIDTH
        assert bot.seconds is None  # the fixed play-outs: a benchmark repeats by seed
    monkeypatch.setattr(learned_rounds, "ENGINE", "python")
    plain = LearnedRoundsBot()  # plain Python: greedy play-outs by the first value, a clock
    assert np.array_equal(plain.weights, WEIGHTS) and plain.playout_width == 0
    assert plain.playout_last == 0
    assert (plain.width, plain.last_width) == PYTHON_WIDTHS and plain.seconds is not None
    given = LearnedRoundsBot(weights=WEIGHTS, playout_width=2)
    assert np.array_equal(given.weights, WEIGHTS)  # given weights win on either engine
    assert given.playout_width == 2


def test_the_roster_knows_the_bot() -> None:
    assert "learned-rounds" in BOTS
    bot = make_bot("learned-rounds", "revealed", seed=4)
    assert isinstance(bot, LearnedRoundsBot) and bot.seed == 4


def test_a_playout_by_the_round_player_is_its_whole_game_from_that_round() -> None:
    record, rolls = np.zeros(49, np.int64), np.full((ROUNDS, 4), -1, np.int64)
    game = round_game(
        WEIGHTS, rolls, seed_stream(11), 4, 0.0, 0.0, False, new_ends(ENDS), KEYS, record
    )
    ends, work = new_ends(PLAYOUT_ENDS), new_work(4)
    for _ in range(2):  # the working arrays are reused from one play-out to the next
        tiles, slots = np.full(49, -1, np.int64), SLOT_INIT.copy()
        counts = np.zeros(FACES, np.int64)
        args = (seed_stream(11), ends, KEYS, work, rolls, work)
        assert play_rounds(WEIGHTS, tiles, slots, counts, 0, 1, *args) == game[0]
        assert total(tiles) == game[0] and np.count_nonzero(tiles >= 0) == game[1]


def test_a_playouts_last_round_is_the_best_end_of_its_own_wider_beam() -> None:
    turn = _turn(_state(1, ROUNDS - 1, 0))  # its play-outs play only the last round
    finals = {}
    for last in (2, 32):
        ends, rolls = new_ends(PLAYOUT_ENDS), np.full((ROUNDS, 4), -1, np.int64)
        tiles, slots, counts = turn[0].copy(), turn[1].copy(), turn[3].copy()
        args = (seed_stream(9), ends, KEYS, new_work(2), rolls, new_work(last))
        finals[last] = play_rounds(WEIGHTS, tiles, slots, counts, turn[5], ROUNDS, *args)
        faces = np.bincount(rolls[ROUNDS - 1], minlength=FACES)  # the last round it drew
        last_turn = (turn[0], turn[1], ROUNDS, faces, 0, turn[5], False)
        count, pick = best_end(WEIGHTS, last_turn, ends, KEYS, new_work(last))
        assert count and finals[last] == ends[0][pick] == total(tiles)
    assert finals[32] > finals[2]  # the wider beam found a better last round here


def test_playouts_by_the_round_player_repeat_by_seed_and_differ_from_greedy_ones() -> None:
    state, means = _state(2, 2, 0), []
    for width in (2, 2, 0):
        bot = LearnedRoundsBot(seed=2, **{**SMALL, "playouts": 8, "playout_width": width})
        bot.choose(state)
        means.append(bot.last_means)
    assert means[0] == means[1] != means[2] and len(means[0]) == SMALL["top"]


def _play_from(state: RailroadInkState, bot: LearnedRoundsBot) -> tuple[list[str], int]:
    """The placements ``bot`` plays from ``state`` to the game's end, and the final score."""
    moves, game = [], state.game
    while not state.is_terminal():
        if state.player() == CHANCE:
            state = state.rolled(game.rolls[state.round - 1])
        else:
            state = bot.choose(state)
            moves.append(str(state.move))
    return moves, state.board.score().total


def _digest() -> str:
    """The placements and scores of two small bots: play-outs greedy, and by the round player."""
    small = {"seed": 3, "width": 2, "top": 2, "playouts": 2, "last_width": 8, "weights": WEIGHTS}
    played = [  # the defaults differ by engine: pinned
        _play_from(_state(7, 6, 0), LearnedRoundsBot(**small, playout_width=0, playout_last=0)),
        _play_from(_state(7, 5, 0), LearnedRoundsBot(**small, playout_width=2, playout_last=8)),
    ]
    text = repr(played)
    return hashlib.sha256(text.encode()).hexdigest()


def test_plain_python_plays_the_very_same_rounds() -> None:
    engine, digest = plain_python_digest("tests.games.railroad_ink.test_learned_rounds")
    assert engine == "python"
    assert digest == _digest()


def test_playouts_in_batches_add_up_to_one_run() -> None:
    turn = _turn(_state(6, 2, 0))
    futures = np.arange(1, 9, dtype=np.int64) * 7919 | 1
    ends, one = new_ends(4), np.zeros(4)
    count = round_ends(WEIGHTS, turn, 4, False, ends, KEYS, futures, one, 0, 0, 0)
    again, split = new_ends(4), np.zeros(4)
    found = round_ends(WEIGHTS, turn, 4, False, again, KEYS, futures[:3], split, 0, 0, 0)
    rest = futures[3:]
    assert round_ends(WEIGHTS, turn, 4, False, again, KEYS, rest, split, found, 0, 0) == found
    assert found == count == 4 and np.array_equal(one, split) and len(set(one)) > 1
