"""Bad option values: refused while the options are read, in one line naming the value.

Every command refuses a bad value of each option it takes with exit code 2, one line on
stderr naming the option, the value and what is expected, before any game is built.
"""

from __future__ import annotations

import pytest

from games.maze.entry import MAX_SIZE
from tests.treesearch.cli.errors import error_line
from treesearch.cli import main

BASE: dict[str, list[str]] = {
    "run": ["run", "--game", "maze", "--size", "5"],
    "compare": ["compare", "--game", "maze", "--size", "5", "--searches", "bfs"],
    "video": ["video", "--game", "maze", "--size", "5", "--out", "v.gif"],
    "play": ["play", "tictactoe", "--games", "1"],
    "check": ["check", "maze"],
    "demo": ["demo", "--size", "5", "--out-dir", "demo"],
}
"""A good command line of each command, which a bad option is added to."""

PROBLEM = ("run", "compare", "video")
GAME_OPTIONS = (*PROBLEM, "play", "check")  # the commands with the games' knobs
BUDGETS = (*PROBLEM, "play", "demo")

NUMBERS = ["nan", "inf", "-inf", "0", "-1", "x", "", "1e400", "True"]
COUNTS = ["0", "-1", "x", "", "1.5", "1e3", "True", "nan"]

BAD_OPTIONS: list[tuple[str, list[str], tuple[str, ...], str]] = [
    # (option, bad values, commands taking it, what the line must say it expects)
    ("--bot-seconds", NUMBERS, GAME_OPTIONS, "must be a finite number of seconds > 0"),
    ("--seconds", ["nan", "-inf", "0", "-1", "x", ""], BUDGETS, "must be a number of seconds > 0"),
    ("--seed", ["-1", "x", "", "1.5", "nan"], BUDGETS, "must be an int >= 0"),
    ("--max-nodes", COUNTS, BUDGETS, "must be an int >= 1"),
    ("--size", COUNTS, (*PROBLEM, "demo", "check"), "must be an int >= 1"),
    ("--iterations", COUNTS, GAME_OPTIONS, "must be an int >= 1"),
    ("--depth", COUNTS, GAME_OPTIONS, "must be an int >= 1"),
    ("--drills", ["-1", "x", "", "1.5"], GAME_OPTIONS, "must be an int >= 0"),
    ("--map", ["", "  "], GAME_OPTIONS, "needs a map name or file"),
    ("--fps", NUMBERS, ("video", "demo"), "must be a finite number of frames per second > 0"),
    ("--duration", NUMBERS, ("video", "demo"), "must be a finite number of seconds > 0"),
    ("--every", COUNTS, ("video", "demo"), "must be an int >= 1"),
    ("--max-frames", COUNTS, ("video",), "must be an int >= 1"),
    ("--instances", COUNTS, ("compare",), "must be an int >= 1"),
    ("--jobs", COUNTS, ("compare",), "must be an int >= 1"),
    ("--games", COUNTS, ("play",), "must be an int >= 1"),
    ("--searches", ["", " ", ",", " , "], ("compare",), "needs at least one search name"),
    ("--bots", ["", ","], ("play",), "needs at least one bot name"),
    ("--observers", ["", ","], ("run",), "needs at least one observer name"),
    ("--search", ["", " "], ("run", "video"), "needs a search name"),
    ("--bot", ["", " "], ("play",), "needs a bot name"),
    ("--game", ["", " "], PROBLEM, "needs a game name"),
    ("--backend", [""], ("compare",), "needs a backend name"),
    ("--opponent", [""], ("compare",), "needs a bot or search name"),
    ("--out", [""], ("compare", "video"), "needs a"),
    ("--video", [""], ("play",), "needs a file or folder"),
    ("--out-dir", [""], ("demo",), "needs a folder"),
]


@pytest.mark.parametrize(
    ("argv", "option", "value", "expected"),
    [
        pytest.param(
            [*BASE[command], f"{option}={value}"],
            option,
            value,
            expected,
            id=f"{command} {option}={value}",
        )
        for option, values, commands, expected in BAD_OPTIONS
        for command in commands
        for value in values
    ],
)
def test_a_bad_option_value_is_refused_while_parsing_in_one_line(
    argv: list[str], option: str, value: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every command refuses it before any game is built, whatever game it is for."""
    line = error_line(argv, capsys)
    assert f"argument {option}: {expected}" in line, line
    assert f"got {value!r}" in line, line
    assert line.endswith("--help' lists the options"), line


def test_bot_seconds_inf_no_longer_plays_railroad_ink_forever(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = error_line(["play", "railroad-ink", "--bot", "beam", "--bot-seconds", "inf"], capsys)
    assert line == (
        "treesearch play: error: argument --bot-seconds: must be a finite number of seconds > 0, "
        "got 'inf'; 'treesearch play --help' lists the options"
    )


def test_an_empty_searches_list_no_longer_runs_every_search(
    capsys: pytest.CaptureFixture[str],
) -> None:
    line = error_line(["compare", "--game", "maze", "--size", "5", "--searches", ""], capsys)
    assert "--searches: needs at least one search name (A,B,...), got ''" in line


@pytest.mark.parametrize("game", ["grid", "maze", "drill-maze"])
@pytest.mark.parametrize("command", ["run", "compare", "video"])
def test_a_size_whose_setup_no_budget_bounds_is_refused_naming_the_limit(
    game: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 3000x3000 grid took 44 s to build, past --seconds 5: refused at once."""
    argv = [command, "--game", game, "--size", "3000", "--seconds", "5"]
    if command == "video":
        argv += ["--out", "v.gif"]
    if command == "video" and game == "grid":
        pytest.skip("a grid has no video")
    line = error_line(argv, capsys)
    thing = "grid" if game == "grid" else "maze"
    assert f"--size 3000 is too large for {thing}: at most {MAX_SIZE}" in line


def test_the_largest_size_allowed_still_builds(capsys: pytest.CaptureFixture[str]) -> None:
    assert MAX_SIZE >= 1000
    assert main(["run", "--game", "maze", "--size", "60", "--search", "bfs"]) == 0
