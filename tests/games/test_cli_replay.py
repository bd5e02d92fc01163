"""``video --html``, ``--trace`` and ``view``: HTML replays from the command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.cli import main
from games.cli.catalog import GAMES, GameEntry, board_video
from games.tictactoe_render import TicTacToeTiles
from tests.games.test_cli_new_game import STICKS
from tests.observers.replay_pages import page_data

MAZE = ["--game", "maze", "--search", "astar", "--size", "9"]


def test_html_alone_writes_only_the_replay(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["video", *MAZE, "--html", "astar.html"]) == 0
    out = capsys.readouterr().out
    assert "replay: " in out and "-> astar.html" in out and "video:" not in out
    assert sorted(p.name for p in Path().iterdir()) == ["astar.html"]
    data = page_data(Path("astar.html"))
    assert data["title"] == "A* on a 9x9 maze" and data["outcome"]["status"] == "solved"
    assert data["nodes"][0]["label"] == "(0,0)"  # the problem's names of states


def test_html_with_out_writes_both(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["video", *MAZE, "--html", "a.html", "--out", "a.gif"]) == 0
    out = capsys.readouterr().out
    assert "video: " in out and "-> a.gif" in out and "-> a.html" in out
    assert Path("a.gif").stat().st_size > 0 and Path("a.html").stat().st_size > 0


def test_without_html_or_out_the_video_keeps_its_default_name() -> None:
    assert main(["video", *MAZE, "--max-frames", "5"]) == 0
    assert Path("search.mp4").exists()


def test_view_of_a_trace_is_the_same_page_as_video_html(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["video", *MAZE, "--html", "live.html", "--trace", "run.jsonl"]) == 0
    meta = json.loads(Path("run.jsonl").read_text().splitlines()[0])["meta"]
    assert meta["game"] == "maze" and meta["search"] == "astar"
    assert meta["title"] == "A* on a 9x9 maze" and meta["options"]["size"] == 9
    assert main(["view", "run.jsonl", "--out", "again.html"]) == 0
    assert "replay: " in capsys.readouterr().out
    assert Path("again.html").read_bytes() == Path("live.html").read_bytes()


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "tictactoe", "--search", "mcts", "--iterations", "200"],
        ["--game", "railroad-ink", "--search", "beam", "--max-nodes", "40"],
        ["--game", "drill-maze", "--search", "bfs", "--size", "7"],
    ],
)
def test_every_game_with_a_board_video_replays_its_trace(argv: list[str]) -> None:
    assert main(["video", *argv, "--html", "live.html", "--trace", "run.jsonl"]) == 0
    assert main(["view", "run.jsonl", "--out", "again.html"]) == 0
    assert Path("again.html").read_bytes() == Path("live.html").read_bytes()


def test_run_trace_then_view(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", *MAZE, "--trace", "run.jsonl"]) == 0
    assert main(["view", "run.jsonl"]) == 0  # --out defaults to replay.html
    data = page_data(Path("replay.html"))
    assert data["outcome"]["status"] == "solved" and data["title"] == "A* on a 9x9 maze"


def test_view_options_override_the_header(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", *MAZE, "--trace", "run.jsonl"]) == 0
    capsys.readouterr()
    # Another size is another maze: the run's states are not in it.
    assert main(["view", "run.jsonl", "--size", "11"]) == 1
    captured = capsys.readouterr()
    assert "A* on a 11x11 maze" in captured.out
    assert "cannot find the state with key" in captured.err and "state_from_key" in captured.err
    assert page_data(Path("replay.html"))["cut_short"]  # what could be replayed


def test_a_trace_without_meta_replays_with_the_options_given() -> None:
    from games.cli.catalog import GAMES, SEARCHES
    from games.cli.parser import build_parser
    from observers import TraceWriter

    args = build_parser().parse_args(["video", *MAZE])
    problem = GAMES["maze"].build(args)
    SEARCHES["bfs"].make(problem, None, args).run(problem.start, observers=[TraceWriter("t.jsonl")])  # type: ignore[arg-type]
    assert main(["view", "t.jsonl", "--game", "maze", "--size", "9", "--out", "t.html"]) == 0
    data = page_data(Path("t.html"))
    assert data["outcome"]["status"] == "solved" and data["title"] == "a search on a 9x9 maze"


def test_a_trace_without_game_needs_one(capsys: pytest.CaptureFixture[str]) -> None:
    Path("t.jsonl").write_text('{"type":"header","format":"treesearch-trace","version":1}\n')
    assert main(["view", "t.jsonl"]) == 2
    assert "give --game" in capsys.readouterr().err
    assert main(["view", "t.jsonl", "--game", "grid"]) == 2
    assert "'grid' cannot be replayed in HTML: a grid has no renderer" in capsys.readouterr().err


def test_view_refuses_what_it_cannot_write_or_read(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["view", "missing.jsonl"]) == 2
    assert "cannot read the trace" in capsys.readouterr().err
    assert main(["run", *MAZE, "--trace", "run.jsonl"]) == 0
    capsys.readouterr()
    assert main(["view", "run.jsonl", "--out", "replay.mp4"]) == 2
    assert "--out must be an .html file" in capsys.readouterr().err


def test_html_checks_its_path_before_running(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["video", *MAZE, "--html", "replay.mp4"]) == 2
    err = capsys.readouterr().err
    assert "ending in .html" in err and "astar" not in capsys.readouterr().out


@pytest.fixture
def plain_film() -> Iterator[GameEntry]:
    """A game whose video maker is a plain function: it cannot make replays."""

    def film(*args: object) -> tuple[object, int]:
        raise AssertionError("not called")

    entry = GameEntry(
        "sticks-film", "duel", "sticks, filmed by a plain function", STICKS.make, video=film
    )
    with GAMES.registered(entry) as registered:
        yield registered


def test_a_video_maker_without_replays_says_so(
    plain_film: GameEntry, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["video", "--game", "sticks-film", "--search", "mcts", "--html", "r.html"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "--html: 'sticks-film' cannot be replayed in HTML" in err


def test_board_video_makes_replayable_films() -> None:
    film = board_video(lambda start: TicTacToeTiles())
    assert callable(film.renderer) and callable(film)
