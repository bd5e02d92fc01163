"""Tic-tac-toe, MCTS and alpha-beta from the command line; pairings that make no sense."""

from __future__ import annotations

import pytest

from treesearch.cli import main


def test_run_tictactoe_alphabeta_prints_move_value_and_variation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", "--game", "tictactoe", "--search", "alphabeta", "--moves", "4"]) == 0
    out = capsys.readouterr().out
    assert "O to move:" in out and ". X ." in out  # the position searched
    row = next(line for line in out.splitlines() if line.startswith("alphabeta"))
    cells = row.split()
    assert cells[1] == "exhausted" and cells[4] == "+0.000"  # a draw with best play
    move = int(cells[2])
    assert move in (0, 2, 6, 8)  # the only moves that do not lose against a centre X
    assert f"move: O plays cell {move} (row {move // 3}, column {move % 3})" in out
    variation = out.split("principal variation: ")[1].splitlines()[0].split(" -> ")
    assert variation[0] == f"O {move} ({move // 3},{move % 3})" and len(variation) == 8
    assert "searched to the end of the game: the value is exact" in out


def test_a_depth_limited_search_does_not_claim_an_exact_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Tron's alpha-beta stops at 4 plies and scores them: it said "the value is exact"."""
    assert main(["run", "--game", "tron", "--search", "alphabeta"]) == 0
    out = capsys.readouterr().out
    assert "searched 4 plies and scored the positions there" in out
    assert "the value is an estimate" in out and "the value is exact" not in out


def test_run_tictactoe_mcts_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["run", "--game", "tictactoe", "--iterations", "300", "--seed", "5"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    again = capsys.readouterr().out
    row = next(line for line in first.splitlines() if line.startswith("mcts"))  # the default
    assert row.split()[1] == "exhausted" and row.split()[-3] == "300"  # iterations
    assert "ran all 300 simulations" in first
    strip = [line for line in first.splitlines() if not line.startswith("mcts")]
    assert strip == [line for line in again.splitlines() if not line.startswith("mcts")]


def test_compare_tictactoe(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["compare", "--game", "tictactoe", "--searches", "mcts,alphabeta"]
    assert main([*argv, "--iterations", "500"]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.startswith("search"))
    assert header.split()[:4] == ["search", "status", "move", "value"]
    assert [line.split()[0] for line in out.splitlines() if line.startswith(("mcts", "alpha"))] == [
        "mcts",
        "alphabeta",
    ]


def test_play_a_match(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "tictactoe", "--bots", "alphabeta,alphabeta", "--games", "2"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.count("a draw") == 2  # perfect play on both sides
    assert "X (alphabeta) plays 0 (0,0)" in out
    assert "alphabeta vs alphabeta: score 0.500 [" in out and "(W 0 D 2 L 0)" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (
            ["run", "--game", "tictactoe", "--search", "bfs"],
            ["'bfs' does not apply to game 'tictactoe'", "two-player game", "mcts, alphabeta"],
        ),
        (
            ["run", "--game", "maze", "--search", "mcts"],
            ["'mcts' does not apply to game 'maze'", "without players", "bfs, dfs"],
        ),
        (
            ["compare", "--game", "tictactoe", "--searches", "mcts,astar"],
            ["'astar' does not apply"],
        ),
        (["video", "--search", "alphabeta"], ["'alphabeta' does not apply to game 'maze'"]),
        (
            ["video", "--game", "grid"],
            ["cannot draw videos of 'grid'", "maze, drill-maze, tictactoe"],
        ),
        (["video", "--game", "tictactoe", "--search", "alphabeta"], ["show mcts only"]),
        (["play", "grid"], ["play needs a game with players", "tictactoe"]),
        (
            ["run", "--search", "astr"],
            ["unknown search 'astr' (did you mean 'astar'?)", "choose from: bfs, dfs"],
        ),
        (["run", "--game", "tictactactoe"], ["did you mean 'tictactoe'?", "seed-tree, grid"]),
        (["play", "--bots", "mtcs,random"], ["did you mean 'mcts'?"]),
        (["run", "--search", "zzz"], ["unknown search 'zzz'; choose from:"]),
    ],
)
def test_refusals_say_why(
    argv: list[str], words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("treesearch: error: ")
    for word in words:
        assert word in captured.err


def test_mcts_at_a_chance_start_names_no_move(capsys: pytest.CaptureFixture[str]) -> None:
    """It printed "player -1 plays action 16": a dice outcome as the move."""
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (treesearch[openspiel])")
    argv = ["run", "--game", "openspiel:backgammon", "--search", "mcts", "--iterations", "5"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "from a chance state: nobody chooses there" in out
    assert "plays" not in out
