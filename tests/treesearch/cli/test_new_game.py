"""Adding a two-player game to the command line is writing its entry and nothing else.

The game (a take-away game: take 1 or 2 sticks, whoever takes the last one wins), its bot
and its entry are defined here, registered in ``GAMES`` for the test, and played through
the command line's ``main``: ``play`` with its own bot and a search, ``run`` with MCTS,
``compare`` on the harness, and ``play --video`` with a plugin's renderer.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.observers.toys import read_video
from tests.plugin_fakes import fake_dist, plugin_path
from treesearch.cli import main
from treesearch.cli.catalog import GAMES, game_from_plugin
from treesearch.game_entry import (
    DUEL_BOTS,
    BotEntry,
    GameEntry,
    GameOption,
    GameOptions,
    Play,
    Problem,
)
from treesearch.plugins import GamePlugin


class Sticks:
    """``left`` sticks, ``to_move`` takes 1 or 2; taking the last one wins."""

    __slots__ = ("left", "move", "to_move")

    def __init__(self, left: int = 7, to_move: int = 0, move: int | None = None) -> None:
        self.left, self.to_move, self.move = left, to_move, move

    def get_children(self) -> list[Sticks]:
        return [Sticks(self.left - t, 1 - self.to_move, t) for t in (1, 2) if t <= self.left]

    def is_terminal(self) -> bool:
        return self.left == 0

    def player(self) -> int:
        return self.to_move

    def returns(self) -> tuple[float, float]:
        if self.left:
            return 0.0, 0.0
        winner = 1 - self.to_move  # who took the last stick
        return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)

    def key(self) -> tuple[int, int]:
        return self.left, self.to_move

    def __str__(self) -> str:
        return "|" * self.left or "(none left)"


class _Greedy:
    """Leaves a multiple of three when it can (the winning move)."""

    name = "greedy"

    def choose(self, state: Sticks) -> Sticks:
        children = state.get_children()
        return next((c for c in children if c.left % 3 == 0), children[0])


def _make(options: GameOptions) -> Problem:
    return Problem(
        "sticks",
        "duel",
        Sticks(7),
        None,
        lambda s: 0.0,
        lambda s: "start" if s.move is None else f"takes {s.move}",
        "sticks (7 left)",
    )


STICKS = GameEntry(
    "sticks",
    "duel",
    "take 1 or 2 sticks; the last one wins",
    _make,
    play=Play(
        bots=(
            BotEntry(
                "sticks",
                "greedy",
                "duel",
                "leaves a multiple of three",
                lambda options: lambda seed: _Greedy(),
            ),
            *DUEL_BOTS,
        )
    ),
)


@pytest.fixture
def sticks() -> Iterator[GameEntry]:
    """``STICKS`` registered for the test, dropped after it."""
    with GAMES.registered(STICKS) as entry:
        yield entry


def test_play_runs_its_bot_against_a_search(
    sticks: GameEntry, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "sticks", "--bots", "greedy,random", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "game 1: player 0 = greedy, player 1 = random" in out
    assert "game 2: player 0 = random, player 1 = greedy" in out
    assert "greedy vs random: score" in out and "over 2 games" in out
    assert "(W " in out
    assert main(["play", "sticks", "--bots", "greedy,mcts", "--games", "2"]) == 0
    assert "greedy vs mcts" in capsys.readouterr().out


def test_run_and_compare_search_it(sticks: GameEntry, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--game", "sticks", "--search", "mcts", "--iterations", "300"]) == 0
    out = capsys.readouterr().out
    assert "sticks (7 left), player 0 to move:" in out
    assert "move: player 0 plays takes 1" in out  # 7 -> 6, a multiple of three
    argv = ["compare", "--game", "sticks", "--searches", "greedy,mcts", "--instances", "2"]
    assert main(argv) == 0
    assert "greedy" in capsys.readouterr().out


def test_errors_name_the_game_and_what_fits(
    sticks: GameEntry, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "sticks", "--bots", "greedy,gredy"]) == 2
    assert "'gredy' cannot play 'sticks'" in capsys.readouterr().err
    assert main(["play", "sticks", "--video", "x.gif"]) == 2
    assert "no video of 'sticks' games" in capsys.readouterr().err


def _picture(state: Any) -> np.ndarray[Any, np.dtype[np.uint8]]:
    image = np.zeros((8, 8 * 7, 3), dtype=np.uint8)
    image[:, : 8 * state.left] = 255
    return image


def test_a_plugin_can_name_the_entry_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_dist(tmp_path, "ts-sticks", "0.1", {"treesearch.games": {"sticks": f"{__name__}:STICKS"}})
    with plugin_path(tmp_path):
        assert main(["play", "sticks", "--bots", "greedy,random", "--games", "2"]) == 0
        assert "greedy vs random" in capsys.readouterr().out
        assert main(["list"]) == 0
        assert any(
            line.split()[:1] == ["sticks"] and "ts-sticks" in line
            for line in capsys.readouterr().out.splitlines()
        )
    assert "sticks" not in GAMES


PLUGIN = GamePlugin(
    make=lambda *, seed=0, size=None: Sticks(7),
    kind="duel",
    renderer=lambda start: _picture,
    bots={"greedy": lambda seed: _Greedy()},
)
"""The same game as a ``GamePlugin``: its bots and renderer give it ``play`` and a video."""


def test_a_plugin_game_gets_bots_play_and_a_video(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    entry = game_from_plugin("sticks", "ts-sticks", PLUGIN)
    assert [b.short for b in entry.play.bots] == ["greedy", "random"]
    fake_dist(tmp_path, "ts-sticks", "0.1", {"treesearch.games": {"sticks": f"{__name__}:PLUGIN"}})
    with plugin_path(tmp_path):
        out = tmp_path / "sticks.gif"
        argv = ["play", "sticks", "--bots", "greedy,random", "--games", "2", "--video", str(out)]
        assert main(argv) == 0
        assert "video of game 1:" in capsys.readouterr().out
        assert len(read_video(out)) > 3


class Climb:
    """One player adds 1 or 2 to ``total`` three times; the score is the total."""

    __slots__ = ("move", "steps", "total")

    def __init__(self, total: int = 0, steps: int = 0, move: int | None = None) -> None:
        self.total, self.steps, self.move = total, steps, move

    def get_children(self) -> list[Climb]:
        if self.steps == 3:
            return []
        return [Climb(self.total + a, self.steps + 1, a) for a in (1, 2)]

    def is_terminal(self) -> bool:
        return self.steps == 3

    def returns(self) -> tuple[float]:
        return (float(self.total),)

    def key(self) -> tuple[int, int]:
        return self.total, self.steps


class _Up:
    name = "up"

    def choose(self, state: Climb) -> Climb:
        return max(state.get_children(), key=lambda c: c.total)


CLIMB = GamePlugin(
    make=lambda *, seed=0, size=None: Climb(), kind="score", bots={"up": lambda seed: _Up()}
)
"""A plugin's one-player score game with a bot: ``play --bot up`` plays it whole."""


def test_a_plugin_score_game_plays_whole_games_with_its_bot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_dist(tmp_path, "ts-climb", "0.1", {"treesearch.games": {"climb": f"{__name__}:CLIMB"}})
    with plugin_path(tmp_path):
        assert main(["play", "climb", "--games", "2"]) == 0  # its first bot by default
        out = capsys.readouterr().out
        assert "game 1 (seed 0): up scores 6 with 3 moves in" in out
        assert "up over 2 game(s): mean score 6, min 6, max 6" in out
        argv = ["compare", "--game", "climb", "--searches", "up,greedy", "--instances", "2"]
        assert main(argv) == 0
        assert "up" in capsys.readouterr().out
        assert main(["play", "climb", "--video", str(tmp_path / "c.gif")]) == 2
        assert "no video of 'climb' games" in capsys.readouterr().err


def test_list_shows_a_plugin_games_bots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fake_dist(tmp_path, "ts-sticks", "0.1", {"treesearch.games": {"sticks": f"{__name__}:PLUGIN"}})
    with plugin_path(tmp_path):
        assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(
        line.split()[:2] == ["sticks/greedy", "duel"] and "ts-sticks" in line for line in lines
    )


def test_make_sees_the_game_options_not_the_namespace(sticks: GameEntry) -> None:
    seen: list[object] = []

    def make(options: GameOptions) -> Problem:
        seen.append(options)
        return _make(options)

    entry = dataclasses.replace(STICKS, name="sticks2", make=make)
    with GAMES.registered(entry):
        argv = ["run", "--game", "sticks2", "--search", "mcts", "--iterations", "20"]
        assert main([*argv, "--seed", "5"]) == 0
    assert [(type(o), o.seed) for o in seen] == [(GameOptions, 5)]
    knob = GameOption("map", "a map", "box15")  # the game's own option, declared by its entry
    assert GameOptions.of(argparse.Namespace(seed=3, map="x", other=1), (knob,)) == GameOptions(
        seed=3, knobs={"map": "x"}
    )
