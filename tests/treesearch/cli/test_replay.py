"""``video --html``, ``--trace`` and ``view``: HTML replays from the command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.tictactoe_render import TicTacToeTiles
from games.tron import MAPS
from tests.observers.replay_pages import page_data
from tests.treesearch.cli.test_new_game import STICKS
from treesearch.cli import main
from treesearch.cli.catalog import GAMES, board_video
from treesearch.game_entry import GameEntry

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


def test_a_run_without_time_limit_writes_a_trace_view_replays() -> None:
    assert (
        main(["video", *MAZE, "--seconds", "inf", "--html", "live.html", "--trace", "t.jsonl"]) == 0
    )
    meta = json.loads(Path("t.jsonl").read_text().splitlines()[0])["meta"]
    assert meta["options"]["seconds"] is None  # JSON has no inf: null is no time limit
    assert main(["view", "t.jsonl", "--out", "again.html"]) == 0
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
    assert "cannot replay 'run.jsonl'" in captured.err and "(--size)" in captured.err
    assert page_data(Path("replay.html"))["cut_short"]  # what could be replayed


def test_a_mismatch_is_explained_in_the_command_line_s_terms(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", *MAZE, "--trace", "run.jsonl"]) == 0
    capsys.readouterr()
    assert main(["view", "run.jsonl", "--seed", "5"]) == 1
    err = capsys.readouterr().err
    assert "state_from_key" not in err and "(--seed) make another problem" in err
    _edit_header(Path("run.jsonl"), seed=5)
    assert main(["view", "run.jsonl"]) == 1
    assert "does not match the problem its header describes" in capsys.readouterr().err


def _edit_header(path: Path, **changes: object) -> None:
    """Change the header of the trace at ``path``: ``game``, ``title`` or an option."""
    header, rest = path.read_text().split("\n", 1)
    data = json.loads(header)
    for name, value in changes.items():
        where = data["meta"] if name in ("game", "title", "search") else data["meta"]["options"]
        where[name] = value
    path.write_text(json.dumps(data) + "\n" + rest)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"map": "/etc/passwd"}, "--map '/etc/passwd' is not a map of the catalog"),
        ({"map": "../maps/box15"}, "--map '../maps/box15' is not a map of the catalog"),
        ({"size": "x"}, "--size must be an int >= 1, got 'x'"),
        ({"size": 9.5}, "--size must be an int >= 1, got '9.5'"),
        ({"seed": -1}, "--seed must be an int >= 0, got '-1'"),
        ({"seed": None}, "--seed must have a value, got null"),
        ({"dice": "loaded"}, "--dice must be one of known, revealed, free, got 'loaded'"),
        ({"raw": "yes"}, "--raw must be true or false"),
        ({"moves": [1, 2]}, "--moves must be a number or a text"),
        ({"prepare": "x"}, "option 'prepare' is not an option of the command line"),
        ({"game": "tictactoe"}, "search 'astar' does not play 'tictactoe'"),
        ({"game": 3}, "header's game must be a game name, got 3"),
        ({"title": "x" * 301}, "title is 301 characters long, more than the 300"),
    ],
)
def test_view_checks_the_header_as_the_command_line_checks_its_options(
    changes: dict[str, object], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    Path("maps").mkdir()
    Path("maps/box15").write_text("#")
    assert main(["run", *MAZE, "--trace", "run.jsonl"]) == 0
    capsys.readouterr()
    _edit_header(Path("run.jsonl"), **changes)
    assert main(["view", "run.jsonl"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("treesearch: error: 'run.jsonl'") and message in err, err
    assert len(err.splitlines()) == 1 and not Path("replay.html").exists()


def test_a_map_file_is_given_on_the_command_line_not_by_the_header(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--game", "tron", "--iterations", "20", "--seconds", "5"]
    assert main(["run", *argv, "--map", "pillars17", "--trace", "run.jsonl"]) == 0
    assert main(["view", "run.jsonl", "--out", "a.html"]) == 0
    Path("arena.txt").write_text(MAPS["pillars17"])  # the same map, as a file
    _edit_header(Path("run.jsonl"), map="arena.txt")
    capsys.readouterr()
    assert main(["view", "run.jsonl", "--out", "b.html"]) == 2
    assert "give the map file with --map FILE" in capsys.readouterr().err
    assert main(["view", "run.jsonl", "--out", "b.html", "--map", "arena.txt"]) == 0
    assert page_data(Path("b.html"))["outcome"] == page_data(Path("a.html"))["outcome"]


def test_a_binary_file_is_not_a_trace(capsys: pytest.CaptureFixture[str]) -> None:
    Path("t.jsonl").write_bytes(bytes(range(256)) * 4)
    assert main(["view", "t.jsonl"]) == 2
    assert "'t.jsonl' is not a treesearch trace" in capsys.readouterr().err


def test_a_header_too_long_is_refused_before_anything_is_drawn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", *MAZE, "--trace", "run.jsonl"]) == 0
    capsys.readouterr()
    _edit_header(Path("run.jsonl"), title="x" * 100_000)
    assert main(["view", "run.jsonl"]) == 2
    assert "first line is longer than the 65,536 characters" in capsys.readouterr().err


def test_a_trace_without_meta_replays_with_the_options_given() -> None:
    from observers import TraceWriter
    from treesearch.cli.catalog import GAMES, SEARCHES
    from treesearch.cli.parser import build_parser

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


def test_view_counts_the_visits_beforehand_to_draw_only_the_frames_it_keeps() -> None:
    from observers import read_trace
    from treesearch.cli.view_command import _visits

    assert main(["run", *MAZE, "--trace", "run.jsonl"]) == 0
    records = list(read_trace("run.jsonl"))
    assert _visits(Path("run.jsonl")) == sum(r.type == "Visited" for r in records) > 0
    # A count read in chunks: lines that straddle the chunks' boundary count too.
    header, rest = Path("run.jsonl").read_text().split("\n", 1)
    lines = [line for line in rest.splitlines() if line.startswith('{"type":"Visited"')]
    many = (lines * (40_000 // len(lines) + 1))[:40_000]  # about 2.5 MB: three chunks
    Path("long.jsonl").write_text("\n".join([header, *many]) + "\n")
    assert _visits(Path("long.jsonl")) == len(many)
