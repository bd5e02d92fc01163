"""A bot's decisions in the record and on film: the candidates it weighed before each placement."""

from __future__ import annotations

import dataclasses
import math
import pickle
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from games.railroad_ink.bots.montecarlo import MonteCarloBot
from games.railroad_ink.record_film import NO_PLAYOUTS, decisions_by_state, film
from games.railroad_ink.records import InkRecord, choices, play, replay
from games.railroad_ink.render.decision import (
    TOP,
    WIDTH,
    Choice,
    Decision,
    Heading,
    Line,
    Ranked,
    decision_rows,
)
from games.railroad_ink.render.renderer import RailroadInkTiles
from games.railroad_ink.rules.board import Placement
from observers import VideoObserver
from tests.observers.toys import read_pngs, read_video
from treesearch.errors import InvalidArgumentError

BOARD = 9  # the board and its frame: 9x9 tiles, the side column after them


@pytest.fixture(scope="module")
def record() -> InkRecord:
    """A small montecarlo game: a fixed budget of play-outs, no clock (a busy machine plays it
    the same)."""
    return play(4, "revealed", lambda s: MonteCarloBot(300, first=4, last_width=2, seed=s))


def test_the_record_keeps_the_bots_best_candidates_move_by_move(record: InkRecord) -> None:
    assert len(record.decisions) == len(record.moves)
    weighed = [(move, d) for move, d in zip(record.moves, record.decisions, strict=True) if d]
    assert len(weighed) >= len(record.moves) // 2  # the last round is planned, not played out
    for move, decision in weighed:
        assert 1 <= len(decision) <= TOP
        means = [c.mean for c in decision]
        assert means == sorted(means, reverse=True)  # best first
        assert all(c.count > 0 and math.isfinite(c.mean) for c in decision)
        assert len({c.move for c in decision}) == len(decision)
        assert decision[0].move == move  # the bot plays its best mean
    assert pickle.loads(pickle.dumps(record)) == record  # records cross processes


def test_choices_keep_the_best_placements_that_were_played_out() -> None:
    def candidate(move: str | None, count: int, mean: float) -> SimpleNamespace:
        placement = None if move is None else Placement.parse(move)
        return SimpleNamespace(state=SimpleNamespace(placement=placement), count=count, mean=mean)

    ranked = [
        candidate("10__LL", 40, 51.5),
        candidate(None, 9, 50.0),  # a round's end
        candidate("01D_D_", 0, -math.inf),
    ]
    ranked += [candidate(f"{r}0__LL", 5, 49.0 - r) for r in range(2, 7)]
    found = choices(ranked)
    assert found[0] == Choice("10__LL", 51.5, 40)
    assert len(found) == TOP and all(c.move != "01D_D_" for c in found)
    assert choices(()) == ()


def test_a_bot_that_says_nothing_of_its_choices_films_as_when_played_live(
    tmp_path: Path,
) -> None:
    live = tmp_path / "live"
    video = VideoObserver(
        f"{live}/", RailroadInkTiles(40), fps=4, final_frames=8, title="greedy bot"
    )
    record = play(2, "revealed", "greedy", observers=[video])
    assert record.decisions == ((),) * len(record.moves)
    assert decisions_by_state(record, replay(record)) == {}
    frames = film(record, f"{tmp_path / 'film'}/", title="greedy bot")
    filmed, played = read_pngs(tmp_path / "film"), read_pngs(live)
    assert frames == len(filmed) == len(played)
    assert all(np.array_equal(a, b) for a, b in zip(filmed, played, strict=True))


def test_a_decision_marks_its_candidates_on_the_board_and_lists_them(record: InkRecord) -> None:
    states = replay(record)
    decisions = decisions_by_state(record, states)
    assert len(decisions) == len(record.moves)
    plain, weighed = RailroadInkTiles(40), RailroadInkTiles(40, decisions=decisions)
    assert weighed.grid_shape == (9, 11 + WIDTH) and plain.grid_shape == (9, 11)
    before = next(s for s in states if s.key() in decisions and decisions[s.key()].choices)
    decision = decisions[before.key()]
    ids, same = weighed.tile_ids(before), plain.tile_ids(before)
    marked = {Placement.parse(c.move).index for c in decision.choices}
    changed = {(r - 1) * 7 + c - 1 for r, c in zip(*np.nonzero(ids[:, :11] != same), strict=True)}
    assert changed == marked  # only the candidates' squares: the side column is as without
    for r, c in zip(*np.nonzero(ids[:, :11] != same), strict=True):
        assert not np.array_equal(
            weighed.tile_image(int(ids[r, c])), plain.tile_image(int(same[r, c]))
        )
    rows = decision_rows(decision, before)
    ranked = [row for row in rows if isinstance(row, Ranked) and row.rank]
    assert [(row.rank, row.mean, row.playouts) for row in ranked] == [
        (k, c.mean, c.count) for k, c in enumerate(decision.choices, 1)
    ]
    assert ranked[0].played and rows[0] == Heading(
        f"top {len(ranked)} moves", "play-out: a quick game to the end"
    )
    assert Line(f"played #1: {decision.played}", True) in rows
    assert len({int(i) for i in ids[:, 11:].ravel()}) > 2 * 9  # the column's rows, drawn


def test_a_move_played_without_play_outs_says_why_and_a_lead_is_told() -> None:
    rows = decision_rows(Decision((), "10__LL", NO_PLAYOUTS[1]), None)
    assert rows[0] == Heading("no play-outs", "black ring: the move played")
    assert rows[1].text.startswith("last round") and rows[-1] == Line("played 10__LL", True)
    assert Decision((), "10__LL").squares() == {7: (Placement.parse("10__LL").tile, (0,))}
    two = Decision((Choice("10__LL", 3.0, 2), Choice("10_L_L", 2.5, 1)), "10__LL")
    assert two.squares() == {7: (Placement.parse("10__LL").tile, (1, 2))}  # one square, 2 ranks
    assert decision_rows(two, None)[-1] == Line("#1 leads #2 by 0.50 pts")


def test_a_filmed_game_is_a_video_whose_decision_frames_show_the_candidates(
    record: InkRecord, tmp_path: Path
) -> None:
    out = tmp_path / "game.mp4"
    frames = film(record, out)
    video = read_video(out)
    assert len(video) == frames == len(replay(record)) + 2  # the end held two seconds
    pngs = tmp_path / "pngs"
    film(record, f"{pngs}/")
    bare = tmp_path / "bare"
    film(dataclasses.replace(record, decisions=()), f"{bare}/", fps=1)
    shown, plain = read_pngs(pngs), read_pngs(bare)
    assert len(shown) == len(plain) == frames
    assert shown[0].shape[1] == (11 + WIDTH) * 40  # the decision column beside the side one
    states = replay(record)
    decided = decisions_by_state(record, states)
    for k, state in enumerate(states):
        differs = not np.array_equal(board(shown[k], 11 + WIDTH), board(plain[k], 11))
        assert differs == (state.key() in decided), k


def board(frame: np.ndarray, columns: int) -> np.ndarray:
    """The board and its frame in a video frame: below the panel, the grid centred across."""
    left = (frame.shape[1] - columns * 40) // 2
    return frame[-BOARD * 40 :, left : left + BOARD * 40]


def test_bad_decisions_are_named(record: InkRecord) -> None:
    with pytest.raises(InvalidArgumentError, match="'99__LL'"):
        Choice("99__LL", 1.0, 1)
    with pytest.raises(InvalidArgumentError, match="mean must be a finite number, got nan"):
        Choice("10__LL", math.nan, 1)
    with pytest.raises(InvalidArgumentError, match="count must be an int >= 1, got 0"):
        Choice("10__LL", 1.0, 0)
    with pytest.raises(InvalidArgumentError, match="choices must be a tuple of at most 5"):
        Decision((Choice("10__LL", 1.0, 1),) * 6, "10__LL")
    with pytest.raises(InvalidArgumentError, match="heading must be a str, got 3"):
        Decision((), "10__LL", "why", 3)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="got 'oops'"):
        RailroadInkTiles(40, decisions={1: "oops"})  # type: ignore[dict-item]
    short = dataclasses.replace(record, decisions=record.decisions[:-1])
    with pytest.raises(InvalidArgumentError, match=f"one entry per move \\({len(record.moves)}"):
        film(short, "x.mp4")
    with pytest.raises(
        InvalidArgumentError, match=r"fps must be a finite number > 0 and <= 1000, got 0"
    ):
        film(record, "x.mp4", fps=0)
    with pytest.raises(InvalidArgumentError, match="record must be an InkRecord, got 'game'"):
        film("game", "x.mp4")  # type: ignore[arg-type]
