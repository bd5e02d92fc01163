"""``--help``, ``--version`` and argparse conventions of the treesearch command."""

from __future__ import annotations

import argparse

import pytest

import treesearch
from tests.treesearch.cli.errors import error_line
from treesearch.cli import main
from treesearch.cli.parser import build_parser


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_option_has_help_and_shows_its_default() -> None:
    for name, sub in _subparsers().items():
        text = " ".join(sub.format_help().split())
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, f"{name} {action.option_strings} has no help"
            default = action.default
            said = "default:" in action.help  # the help text states it in its own words
            shown = not (default is None or default is False or default == "")
            assert said or (f"(default: {default})" in text) is shown, (name, action.dest)


def test_defaults_appear_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["compare", "--help"])
    assert exc.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # undo line wrapping
    assert "expansion budget of each search (default: 1000000)" in out
    assert "wall-clock budget of each search, inf for none (default: 30.0)" in out
    assert "usage: treesearch compare" in out


def test_shared_groups_keep_each_command_s_own_defaults() -> None:
    # demo's smaller node budget and play's dice are its own; view leaves the trace's defaults
    parser = build_parser()
    demo, run, play = (parser.parse_args([name]) for name in ("demo", "run", "play"))
    assert (demo.max_nodes, run.max_nodes, play.max_nodes) == (100_000, 1_000_000, 1_000_000)
    assert (run.dice, play.dice) == ("known", "revealed")
    assert (demo.size, run.size, demo.size_given) == (21, 30, False)
    view = vars(parser.parse_args(["view", "t.jsonl"]))
    assert "max_nodes" not in view and "size" not in view and "size_given" not in view


def test_no_rest_markup_and_every_command_has_help_and_an_example(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    top = capsys.readouterr().out
    assert top.startswith("usage: treesearch ") and "``" not in top
    for name, sub in _subparsers().items():
        assert f"    {name} " in top  # listed with its one-line help
        text = sub.format_help()
        assert "``" not in text
        assert f"example:\n  treesearch {name}" in text


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"treesearch {treesearch.__version__}"


@pytest.mark.parametrize(
    "argv", [[], ["frobnicate"], ["run", "--size", "many"], ["video", "--color-by", "hue"]]
)
def test_argparse_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert "treesearch" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["run", "--size", "0"], "argument --size: must be an int >= 1, got '0'"),
        (["run", "--seconds", "-1"], "argument --seconds: must be a number of seconds > 0"),
        (["run", "--game", "tictactoe", "--iterations", "0"], "--iterations: must be an int >= 1"),
        (["run", "--game", "tictactoe", "--moves", "4,4"], "cell 4 is not a legal move"),
        (["run", "--game", "tictactoe", "--moves", "a"], "--moves takes cells 0-8"),
        (["video", "--fps", "0", "--out", "x.gif"], "--fps: must be a finite number of frames"),
        (["video", "--fps", "nan", "--out", "x.gif"], "second > 0, got 'nan'"),
        (["video", "--fps", "inf", "--out", "x.gif"], "second > 0, got 'inf'"),
        (["video", "--duration", "0", "--out", "x.gif"], "--duration: must be a finite number of"),
        (["video", "--every", "0", "--out", "x.gif"], "--every: must be an int >= 1, got '0'"),
        (["video", "--max-frames", "0", "--out", "x.gif"], "--max-frames: must be an int >= 1"),
        (["play", "--games", "0"], "argument --games: must be an int >= 1, got '0'"),
        (["compare", "--searches", ","], "--searches: needs at least one search name"),
    ],
)
def test_bad_values_give_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert message in error_line(argv, capsys)
