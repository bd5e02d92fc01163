"""``train``: its arguments, curve, checkpoints, and a resume that loses nothing."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from games.tictactoe import TicTacToe
from tests.treesearch.learn.toys import Walk
from treesearch import InvalidArgumentError
from treesearch.errors import ModelFileError
from treesearch.learn import TableValue, load_model, train
from treesearch.learn.curve import _decimals

SETTINGS: dict[str, Any] = {"alpha": 0.5, "lam": 0.5, "epsilon": 0.2, "seed": 3}


def _straight(tmp_path: Path, games: int = 120) -> tuple[TableValue, Any]:
    table = TableValue()
    run = train(
        table, TicTacToe(), games=games, eval_every=40, eval_games=10,
        out=tmp_path / "straight.npz", **SETTINGS,
    )  # fmt: skip
    return table, run


def test_the_curve_is_measured_every_n_games_and_drawn(tmp_path: Path) -> None:
    _, run = _straight(tmp_path)
    assert [g for g, _ in run.curve] == [0, 40, 80, 120]
    assert all(-1.0 <= s <= 1.0 for _, s in run.curve)  # greedy against random, sides alternating
    assert run.games == 120 and run.games_per_second > 0
    picture = tmp_path / "curve.png"
    train(TableValue(), Walk(), games=30, eval_every=10, eval_games=5, curve=picture)
    with Image.open(picture) as image:
        assert image.format == "PNG" and image.size == (720, 440)


@pytest.mark.parametrize(("step", "decimals"), [(10.0, 0), (1.0, 0), (0.5, 1), (0.075, 2)])
def test_the_curves_rules_are_labelled_with_the_decimals_that_tell_them_apart(
    step: float, decimals: int
) -> None:
    assert _decimals(step) == decimals


@pytest.mark.parametrize("stop_after", [1, 57, 80])
def test_a_run_interrupted_then_resumed_ends_as_a_straight_run(
    tmp_path: Path, stop_after: int
) -> None:
    """Ctrl-C (here raised by the callback) writes the model; the resumed run loses nothing."""
    straight, run = _straight(tmp_path)
    out = tmp_path / "stopped.npz"

    def interrupt(games: int) -> None:
        if games == stop_after:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        train(
            TableValue(), TicTacToe(), games=120, eval_every=40, eval_games=10, out=out,
            callback=interrupt, **SETTINGS,
        )  # fmt: skip
    assert load_model(out).games == stop_after
    resumed = TableValue()
    again = train(
        resumed, TicTacToe(), games=120, eval_every=40, eval_games=10, out=out, resume=True,
        **SETTINGS,
    )  # fmt: skip
    assert resumed.table == straight.table
    assert again.curve == run.curve
    assert load_model(out).games == 120


def test_a_real_ctrl_c_ends_the_game_under_way_then_saves(tmp_path: Path) -> None:
    out = tmp_path / "model.npz"

    def press_ctrl_c(games: int) -> None:
        if games == 5:
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        train(TableValue(), TicTacToe(), games=50, out=out, callback=press_ctrl_c)
    assert load_model(out).games == 5


def test_checkpoints_are_written_every_n_games(tmp_path: Path) -> None:
    out = tmp_path / "model.npz"
    seen: list[int] = []

    def look(games: int) -> None:
        if out.exists():
            seen.append(load_model(out).games)

    train(TableValue(), TicTacToe(), games=30, out=out, checkpoint_every=10, callback=look)
    assert sorted(set(seen)) == [10, 20, 30]


def test_resuming_from_a_file_of_other_settings_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "model.npz"
    train(TableValue(), TicTacToe(), games=5, out=out, alpha=0.5)
    with pytest.raises(ModelFileError, match=r"model\.npz: trained with other settings"):
        train(TableValue(), TicTacToe(), games=10, out=out, alpha=0.25, resume=True)
    with pytest.raises(ModelFileError, match=r"a model of the game 'games\.tictactoe\.TicTacToe'"):
        train(TableValue(), Walk(), games=10, out=out, resume=True)


def test_a_finished_run_resumed_plays_nothing_more(tmp_path: Path) -> None:
    out = tmp_path / "model.npz"
    first = TableValue()
    train(first, TicTacToe(), games=20, out=out)
    again = TableValue()
    run = train(again, TicTacToe(), games=20, out=out, resume=True)
    assert run.games == 20 and again.table == first.table


@pytest.mark.parametrize(
    ("knob", "bad", "message"),
    [
        ("lam", -0.1, r"lam must be a finite number >= 0, got -0\.1"),
        ("lam", 1.5, r"lam must be in \[0, 1\], got 1\.5"),
        ("alpha", 0.0, r"alpha must be a finite number > 0, got 0\.0"),
        ("alpha", 1.5, r"alpha must be in \(0, 1\], got 1\.5"),
        ("epsilon", float("nan"), "epsilon must be a finite number"),
        ("on", "moves", r"on must be one of \('afterstates', 'states'\), got 'moves'"),
        ("games", 0, "games must be an int >= 1, got 0"),
        ("seed", -1, "seed must be an int >= 0, got -1"),
        ("eval_every", 1.5, "eval_every must be an int >= 0, got 1.5"),
    ],
)
def test_bad_arguments_get_clear_errors(knob: str, bad: Any, message: str) -> None:
    kwargs: dict[str, Any] = {"games": 3, knob: bad}
    with pytest.raises(InvalidArgumentError, match=message):
        train(TableValue(), TicTacToe(), **kwargs)


def test_resume_without_a_model_file_is_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="resume=True goes on from the model file"):
        train(TableValue(), TicTacToe(), games=3, resume=True)


def test_progress_shows_a_bar_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    train(TableValue(), TicTacToe(), games=5, progress=True)
    assert "learning" in capsys.readouterr().err
    train(TableValue(), TicTacToe(), games=5)  # not a terminal: nothing
    assert capsys.readouterr().err == ""


def test_a_start_may_depend_on_the_games_index() -> None:
    starts: list[int] = []

    def start(game: int) -> Walk:
        starts.append(game)
        return Walk(1 + game % 5)

    train(TableValue(), start, games=6, eval_every=3, eval_games=2)
    assert starts[:1] == [0] and set(range(6)) <= set(starts)


def _map_in_reverse(play: Callable[[Any], Any], tasks: Sequence[Any]) -> list[Any]:
    """A pool that plays its tasks last first (as workers finishing out of order might)."""
    done = {i: play(t) for i, t in reversed(list(enumerate(tasks)))}
    return [done[i] for i in range(len(tasks))]


@pytest.mark.parametrize("chunks", [1, 2, 5])
def test_a_batch_gives_the_same_weights_however_it_is_played(chunks: int) -> None:
    here, pooled = TableValue(), TableValue()
    settings: dict[str, Any] = {"games": 100, "batch": 16, "seed": 4, "alpha": 0.5}
    train(here, TicTacToe(), **settings)
    train(pooled, TicTacToe(), pool=_map_in_reverse, chunks=chunks, **settings)
    assert pooled.table == here.table
    sequential = TableValue()
    train(sequential, TicTacToe(), games=100, seed=4, alpha=0.5)
    assert sequential.table != here.table  # a batch's games share their weights


def test_batches_of_one_are_sequential_play() -> None:
    one, default = TableValue(), TableValue()
    train(one, TicTacToe(), games=60, seed=2, batch=1, pool=_map_in_reverse, chunks=3)
    train(default, TicTacToe(), games=60, seed=2)
    assert one.table == default.table


def test_ctrl_c_in_a_batch_saves_at_its_start_and_a_resume_ends_as_a_straight_run(
    tmp_path: Path,
) -> None:
    out, settings = tmp_path / "m.npz", {"games": 100, "batch": 32, "seed": 1, "alpha": 0.5}
    straight = TableValue()
    train(straight, TicTacToe(), **settings)  # type: ignore[arg-type]
    played: list[int] = []

    def press_ctrl_c(games: int) -> None:
        played.append(games)
        if games == 64:
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        train(TableValue(), TicTacToe(), out=out, callback=press_ctrl_c, **settings)  # type: ignore[arg-type]
    assert played == [32, 64] and load_model(out).games == 64
    resumed = TableValue()
    train(resumed, TicTacToe(), out=out, resume=True, **settings)  # type: ignore[arg-type]
    assert resumed.table == straight.table


def test_a_time_limit_stops_between_batches() -> None:
    run = train(TableValue(), TicTacToe(), games=10_000, batch=8, seconds=1e-9)
    assert run.games == 8  # the first batch is always played


def test_bad_batch_and_seconds_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="batch"):
        train(TableValue(), TicTacToe(), games=10, batch=0)
    with pytest.raises(InvalidArgumentError, match="seconds"):
        train(TableValue(), TicTacToe(), games=10, seconds=0)
