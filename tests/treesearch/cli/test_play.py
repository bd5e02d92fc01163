"""``list``, ``play`` and the new games through ``run`` and ``video``: success and errors."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from games.tictactoe import TicTacToe
from tests.observers.toys import read_video
from tests.treesearch.cli.errors import error_line
from treesearch import InvalidArgumentError
from treesearch.cli import main
from treesearch.cli.catalog import BOTS, GAMES, SEARCHES, Registry, game_entry
from treesearch.cli.players import player
from treesearch.game_entry import BotOptions
from treesearch.learn import Model, TableValue, save_model


def test_list_shows_every_entry_with_its_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    for registry in (GAMES, SEARCHES, BOTS):
        for name in registry:
            line = next(x for x in lines if x.split()[:1] == [name])
            assert "bundled" in line
    assert any(x.split()[:2] == ["railroad-ink", "score"] for x in lines)
    assert any(x.split()[:2] == ["mcts", "score,duel"] for x in lines)
    assert "openspiel:NAME" in out and "observers:" in out


def test_registries_refuse_a_clash_and_suggest_names() -> None:
    assert isinstance(GAMES, Registry) and GAMES.group == "treesearch.games"
    with pytest.raises(InvalidArgumentError, match="clashes"):
        GAMES.add(GAMES["maze"])
    with pytest.raises(InvalidArgumentError, match="did you mean 'tron-hex'"):
        game_entry("tron-hx")


def test_play_tron_and_hex(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "tron", "--bots", "heuristic,random", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "game 2: player 0 = random, player 1 = heuristic" in out
    assert "heuristic vs random: score" in out and "over 2 games" in out
    argv = ["play", "tron-hex", "--bots", "random,random", "--games", "2", "--seed", "3"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    assert capsys.readouterr().out.split("s/move")[0] == first.split("s/move")[0]  # seeded


def test_play_tron_films_a_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tron.gif"
    argv = ["play", "tron", "--bots", "heuristic,random", "--games", "1", "--video", str(out)]
    assert main(argv) == 0
    assert len(read_video(out)) > 3


def test_play_railroad_ink(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ink.gif"
    argv = ["play", "railroad-ink", "--bot", "random", "--games", "2", "--seed", "5"]
    assert main([*argv, "--video", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "game 2 (seed 6, dice revealed): random scores" in printed  # play's default
    assert "random over 2 game(s): mean score" in printed
    assert len(read_video(out)) > 10
    assert main(["play", "railroad-ink", "--bot", "greedy", "--games", "1", "--dice", "known"]) == 0
    assert "game 1 (seed 0, dice known): greedy scores" in capsys.readouterr().out


def test_play_railroad_ink_films_the_montecarlo_bots_decisions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ink.mp4"
    argv = [
        "play",
        "railroad-ink",
        "--bot",
        "montecarlo",
        "--games",
        "1",
        "--bot-seconds",
        "2",
        "--video",
        str(out),
    ]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "game 1 (seed 0, dice revealed): montecarlo scores" in printed
    assert f"video of game 1 -> {out}" in printed
    frames = read_video(out)
    assert len(frames) > 40 and frames.shape[2] == 16 * 40  # board, side and decision columns


def test_play_tictactoe_films_through_a_playthrough(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ttt.gif"
    argv = ["play", "--bots", "alphabeta,random", "--games", "1", "--video", str(out)]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "X (alphabeta) plays" in printed and "video of game 1" in printed
    assert len(read_video(out)) >= 5


def test_openspiel_run_and_play(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    argv = ["run", "--game", "openspiel:tic_tac_toe", "--search", "mcts", "--iterations", "200"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "ran all 200 simulations" in out and "plays action" in out
    argv = ["play", "openspiel:connect_four", "--bots", "random,random", "--games", "2"]
    assert main(argv) == 0
    assert "random vs random: score" in capsys.readouterr().out


@pytest.mark.parametrize(
    "search", ["beam", "greedy", "random-walk", "mcts", "backtracking", "nrpa"]
)
def test_run_railroad_ink_searches(search: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "run",
        "--game",
        "railroad-ink",
        "--search",
        search,
        "--max-nodes",
        "100",
        "--dice",
        "free",
    ]
    if search == "mcts":  # the other searches refuse it: they would not read it
        argv += ["--iterations", "20"]
    assert main(argv) == 0
    row = next(x for x in capsys.readouterr().out.splitlines() if x.startswith(search))
    assert float(row.split()[4]) >= 0  # the best state's score


def test_nrpa_refuses_railroad_ink_with_dice_rolled_as_it_goes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["run", "--game", "railroad-ink", "--search", "nrpa", "--dice", "revealed"]
    line = error_line(argv, capsys)  # exit 2 before the heading, as other bad pairings
    assert "search 'nrpa' plans one player's moves" in line and "--dice known or free" in line


@pytest.mark.parametrize(
    ("game", "search"), [("railroad-ink", "beam"), ("tron", "mcts"), ("drill-maze", "bfs")]
)
def test_video_of_the_new_games(
    game: str, search: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "v.gif"
    argv = [
        "video",
        "--game",
        game,
        "--search",
        search,
        "--out",
        str(out),
        "--max-nodes",
        "200",
        "--max-frames",
        "8",
        "--fps",
        "4",
    ]
    argv += ["--size", "7"] if game == "drill-maze" else []  # each takes only what applies
    argv += ["--iterations", "30"] if search == "mcts" else []
    assert main(argv) == 0
    assert 1 < len(read_video(out)) <= 8 + 4


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["video", "--game", "openspiel:tic_tac_toe"], "OpenSpiel games have no renderer"),
        (["run", "--game", "openspiel:chesss"], "OpenSpiel has no game 'chesss'; close names: "),
        (
            ["run", "--game", "railroad-ink", "--search", "bfs"],
            "bfs looks for a goal state, and railroad-ink is a one-player game scored",
        ),
        (["run", "--game", "tron", "--map", "nowhere"], "unknown --map 'nowhere'"),
        (["play", "railroad-ink", "--dice", "free"], "free play has no dice"),
        (["play", "railroad-ink", "--bot", "bfs"], "'bfs' cannot play 'railroad-ink'"),
        (["play", "railroad-ink", "--bot", "beem"], "did you mean 'beam'?"),
        (["play", "tron", "--bots", "heuristic"], "--bots takes two names"),
        (["play", "tron", "--bots", "mcts,alphabta"], "did you mean 'alphabeta'?"),
        (["play", "openspiel:tic_tac_toe", "--video", "x.gif"], "no renderer"),
        (["play", "tron", "--video", "x.txt"], "x.txt"),
        (["run", "--game", "drill-maze", "--drills", "-1"], "-1"),
    ],
)
def test_errors_are_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if "openspiel" in argv[2] or "openspiel" in argv[1]:
        pytest.importorskip("pyspiel")
    assert message in error_line(argv, capsys)


def test_missing_pyspiel_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
    assert main(["run", "--game", "openspiel:tic_tac_toe"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'pip install "treesearch[openspiel]"' in err


# A newcomer's first ``play railroad-ink``: what runs, what it costs and how to make it faster
# are said on stderr before the first game starts; the command is stopped once they are out.
HIDE_NUMBA = "import sys; sys.modules['numba'] = None  # import numba: ImportError\n"
FIRST_WORDS = HIDE_NUMBA + "import treesearch.cli; treesearch.cli.main(['play', 'railroad-ink'])\n"


@pytest.mark.parametrize(
    ("code", "env", "how"),
    [
        (FIRST_WORDS, {}, 'numba is not installed: pip install "treesearch[fast]"'),
        (
            FIRST_WORDS.replace(HIDE_NUMBA, ""),
            {"TREESEARCH_ENGINE": "python"},
            "TREESEARCH_ENGINE=python is set",
        ),
    ],
    ids=["numba-missing", "engine-python"],
)
def test_play_railroad_ink_says_what_it_costs_before_the_first_game(
    code: str, env: dict[str, str], how: str
) -> None:
    from games.railroad_ink.bots.roster import BEST_SECONDS

    base = {k: v for k, v in os.environ.items() if k != "TREESEARCH_ENGINE"}
    process = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=Path(__file__).resolve().parents[3],
        env={**base, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stderr is not None
        first, second = process.stderr.readline(), process.stderr.readline()
    finally:
        process.kill()
        process.communicate(timeout=60)
    assert first == (  # best keeps its clock, compiled or not
        f"playing 2 games of railroad-ink with best: about {BEST_SECONDS:.0f} s a game, "
        f"{2 * BEST_SECONDS:.0f} s in all\n"
    )
    assert how in second and "50 times faster" in second and "benchmarks/RESULTS.md" in second
    assert "best plays many more play-outs in its time" in second


class _Terminal(io.StringIO):
    """A stderr that says it is a terminal, as tqdm asks before it draws a bar."""

    def isatty(self) -> bool:
        return True


def test_play_shows_its_progress_by_rounds_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _Terminal()
    monkeypatch.setattr("sys.stderr", err)
    assert main(["play", "railroad-ink", "--bot", "random", "--games", "2"]) == 0
    shown = err.getvalue()
    assert shown.startswith("playing 2 games of railroad-ink with random: about 0.1 s a game")
    assert "game 1/2" in shown and "game 2/2" in shown and "/14 [" in shown and "round" in shown
    assert "random over 2 game(s)" in capsys.readouterr().out


def test_play_draws_no_bar_where_stderr_is_no_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "railroad-ink", "--bot", "greedy", "--games", "1"]) == 0
    err = capsys.readouterr().err
    assert err == "playing 1 game of railroad-ink with greedy: about 1 s a game\n"


def test_railroad_ink_videos_show_a_beam_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ink.gif"
    assert main(["video", "--game", "railroad-ink", "--max-frames", "4", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Beam search (width 8) on Railroad Ink"), printed


def test_a_game_that_ships_a_model_plays_it_as_plain_learned(tmp_path: Path) -> None:
    position = TicTacToe((1, 1, 0, 2, 2, 0, 0, 0, 0))  # X to move; the model likes cell 2
    table = TableValue()
    table.update(next(c for c in position.get_children() if c.board[2] == 1), 1.0, 1.0)
    shipped = save_model(tmp_path / "shipped.npz", Model(table, "tictactoe"))
    who = player("learned", replace(GAMES["tictactoe"], model=shipped))
    assert who.bot is not None and str(shipped) in who.bot.help
    for seed in range(5):
        assert who.bot.make(BotOptions(start=position))(seed).choose(position).board[2] == 1
    with pytest.raises(InvalidArgumentError, match="ships no model: pass learned:FILE"):
        player("learned", GAMES["tictactoe"])
