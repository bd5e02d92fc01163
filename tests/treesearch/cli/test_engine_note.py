"""Commands on a game with a compiled engine say once, up front, what numba would buy."""

from __future__ import annotations

import pytest

import games._compile
from treesearch.cli import main
from treesearch.cli.catalog import GAMES


@pytest.fixture
def plain_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engines as if numba were missing (what the commands read to decide)."""
    monkeypatch.setattr(games._compile, "ENGINE", "python")
    monkeypatch.setattr(
        games._compile, "HOW_TO_COMPILE", 'numba is not installed: pip install "treesearch[fast]"'
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--game", "tron-hex", "--search", "alphabeta", "--depth", "1"],
        [
            "video",
            "--game",
            "railroad-ink",
            "--max-frames",
            "3",
            "--max-nodes",
            "30",
            "--out",
            "v.gif",
        ],
        ["compare", "--game", "railroad-ink", "--searches", "greedy", "--instances", "1"],
        ["play", "tron", "--bots", "heuristic,random", "--games", "1"],
    ],
    ids=["run", "video", "compare", "play"],
)
def test_a_compiled_game_says_once_what_numba_buys(
    argv: list[str], plain_python: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert err.count('pip install "treesearch[fast]"') == 1
    assert "engine runs as plain Python" in err.splitlines()[0]


def test_nothing_is_said_for_a_game_without_an_engine_or_with_numba(
    plain_python: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["run", "--game", "maze", "--search", "bfs", "--size", "7"]) == 0
    assert "numba" not in capsys.readouterr().err
    monkeypatch.setattr(games._compile, "ENGINE", "numba")
    assert main(["run", "--game", "tron-hex", "--search", "alphabeta", "--depth", "1"]) == 0
    assert "numba" not in capsys.readouterr().err


def test_every_game_with_a_compiled_engine_says_what_it_buys() -> None:
    assert {name for name, game in GAMES.items() if game.compiled} == {
        "railroad-ink",
        "tron",
        "tron-hex",
    }
