"""Options the user gives: each one means what its help says, or is refused in one line.

An option that the chosen game, search or players would not read is refused (exit 2, nothing
run), even when it is given its default value; ``--seconds inf`` means no time limit.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from tests.treesearch.cli.errors import error_line
from treesearch.cli import main
from treesearch.cli.applies import given
from treesearch.cli.common import budget_of
from treesearch.cli.parser import build_parser


def _parse(argv: list[str]) -> argparse.Namespace:
    return build_parser().parse_args(argv)


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--game", "seed-tree"],
        ["compare", "--game", "seed-tree"],
        ["compare", "--game", "seed-tree", "--instances", "2"],
        ["video", "--game", "maze", "--size", "5", "--out", "{tmp}/v.gif"],
        ["play", "tictactoe", "--bots", "mcts,random"],
        ["demo", "--size", "5", "--out-dir", "{tmp}/demo"],
    ],
    ids=lambda argv: "-".join(argv[:1] + [a for a in argv if a == "--instances"]),
)
def test_seconds_inf_means_no_time_limit(argv: list[str], tmp_path: Path) -> None:
    args = _parse([a.replace("{tmp}", str(tmp_path)) for a in argv] + ["--seconds", "inf"])
    assert callable(args.prepare(args))  # every check passed, every search built
    assert budget_of(args).seconds is None


def test_run_with_seconds_inf_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--game", "seed-tree", "--seconds", "inf"]) == 0
    assert "path: Root -> Algorithms -> Other -> Monte Carlo Tree Search" in capsys.readouterr().out


def test_given_notes_options_given_at_their_default_value() -> None:
    args = _parse(["run", "--dice", "known", "--size", "30"])
    assert given(args) == {"dice", "size"}
    assert given(_parse(["video", "--raw"])) == {"raw"}
    assert "iterations" not in given(args) and not given(_parse(["run"]))


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (  # the three options of the example, one line for the first one met
            ["run", "--game", "maze", "--search", "astar", "--iterations", "10", "--dice", "free"],
            "--dice applies to railroad-ink only, not to maze",
        ),
        (["run", "--game", "maze", "--map", "box15"], "--map applies to tron only, not to maze"),
        (
            ["run", "--game", "maze", "--search", "astar", "--iterations", "10"],
            "--iterations applies to search mcts only, not to astar",
        ),
        (  # at its default value: still given
            ["run", "--game", "maze", "--dice", "known"],
            "--dice applies to railroad-ink only",
        ),
        (
            ["run", "--game", "tictactoe", "--size", "30"],
            "--size applies to grid, maze, drill-maze and plugin games only, not to tictactoe",
        ),
        (["run", "--game", "maze", "--drills", "2"], "--drills applies to drill-maze only"),
        (["run", "--game", "maze", "--moves", "4"], "--moves applies to tictactoe only"),
        (
            ["run", "--game", "tictactoe", "--search", "mcts", "--depth", "2"],
            "--depth applies to search alphabeta only, not to mcts",
        ),
        (["run", "--game", "maze", "--bot-seconds", "1"], "--bot-seconds applies to the bots"),
        (["video", "--game", "maze", "--dice", "free"], "--dice applies to railroad-ink only"),
        (["check", "maze", "--map", "box15"], "--map applies to tron only, not to maze"),
        (["check", "maze", "--iterations", "5"], "no search runs in check"),
        (
            ["compare", "--game", "maze", "--searches", "bfs,astar", "--iterations", "5"],
            "--iterations applies to search mcts only, not to bfs, astar",
        ),
        (["compare", "--game", "maze", "--opponent", "random"], "--opponent applies to duels"),
        (  # on the harness the entrants and the opponent are bots that do not think
            [
                "compare",
                "--game",
                "tron",
                "--instances",
                "2",
                "--searches",
                "heuristic",
                "--bot-seconds",
                "1",
            ],
            "not to tron's bots heuristic, random",
        ),
        (
            [
                "compare",
                "--game",
                "railroad-ink",
                "--instances",
                "2",
                "--searches",
                "greedy",
                "--iterations",
                "5",
            ],
            "no search plays here, only railroad-ink's bot greedy",
        ),
        (["play", "tron", "--seconds", "5"], "--seconds is the budget of a search"),
        (
            ["play", "tron", "--bots", "heuristic,random", "--bot-seconds", "1"],
            "not to tron's bots heuristic, random",
        ),
        (
            ["play", "tictactoe", "--bots", "random,random", "--depth", "3"],
            "--depth applies to search alphabeta only",
        ),
        (["play", "tron-hex", "--map", "box15"], "--map applies to tron only, not to tron-hex"),
        (  # alpha-beta plays tic-tac-toe to the end: a cut-off has nothing to score with
            ["play", "tictactoe", "--bots", "alphabeta,random", "--depth", "2"],
            "--depth needs a game that values unfinished positions",
        ),
        (
            ["run", "--game", "tictactoe", "--search", "alphabeta", "--depth", "2"],
            "--depth needs a game that values unfinished positions",
        ),
    ],
)
def test_an_option_that_does_not_apply_is_refused(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert expected in error_line(argv, capsys)


def test_options_that_apply_are_taken(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["run", "--game", "tictactoe", "--search", "mcts", "--iterations", "20", "--moves", "4"]
    assert main(argv) == 0
    argv = ["play", "tron", "--bots", "alphabeta,random", "--bot-seconds", "0.01", "--games", "1"]
    assert _parse(argv).prepare(_parse(argv)) is not None
    argv = ["play", "tictactoe", "--bots", "alphabeta,random", "--seconds", "5", "--games", "1"]
    assert main(argv) == 0
    capsys.readouterr()


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (
            ["play", "railroad-ink", "--bots", "mcts,random"],
            "railroad-ink is a one-player game: --bots takes one name, got 'mcts,random'",
        ),
        (
            ["play", "tron", "--bot", "heuristic"],
            "tron is a duel: --bots A,B names both players (e.g. --bots heuristic,random)",
        ),
        (["play", "tictactoe", "--bots", "mcts"], "--bots takes two names (A,B) for a duel"),
        (["play", "railroad-ink", "--bot", "best", "--bots", "best"], "not both"),
        (
            ["play", "tictactoe", "--bot", "nonexistent"],
            "'nonexistent' cannot play 'tictactoe'; choose from: random, mcts, alphabeta",
        ),
        (["play", "tron", "--bots", "heuristic,nonexistent"], "choose from: random, heuristic"),
    ],
)
def test_bot_and_bots_are_checked_alike(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert expected in error_line(argv, capsys)


def test_a_score_game_takes_its_bot_by_bot_or_bots(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "railroad-ink", "--bots", "greedy", "--dice", "known", "--games", "1"]
    assert main(argv) == 0
    assert "game 1 (seed 0, dice known): greedy scores" in capsys.readouterr().out
    args = _parse(["play", "railroad-ink", "--bot", "greedy", "--dice", "known"])
    assert callable(args.prepare(args))


def test_nrpa_on_revealed_dice_is_refused_before_the_heading(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["run", "--game", "railroad-ink", "--search", "nrpa", "--dice", "revealed"]
    assert "search 'nrpa' plans one player's moves" in error_line(argv, capsys)


def test_check_states_bounds_the_breadth_first_states_and_the_walks_are_counted_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "maze", "--seeds", "1", "--states", "1", "--walks", "0"]) == 0
    assert "check_iterator: 1 state(s) (1 breadth-first, 0 on 0 random walk(s))" in (
        capsys.readouterr().out
    )
    assert main(["check", "maze", "--seeds", "1", "--states", "3", "--walks", "2"]) == 0
    out = capsys.readouterr().out
    assert "check_iterator: 403 state(s) (3 breadth-first, 400 on 2 random walk(s))" in out


def _option_help(command: str, flag: str) -> str:
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    sub = commands.choices[command]
    text = " ".join(sub.format_help().split())
    return text.split(flag, 2)[2].split(" --", 1)[0]  # after the usage line's mention


@pytest.mark.parametrize(("command", "default"), [("run", "known"), ("play", "revealed")])
def test_dice_help_states_the_command_s_own_default_once(command: str, default: str) -> None:
    help = _option_help(command, "--dice")
    assert help.count("default") == 1 and f"(default: {default})" in help
