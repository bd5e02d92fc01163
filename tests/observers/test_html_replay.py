"""``HtmlReplay``: the frames, counters, tree and outcome a replay page holds.

The frames are read back from the page itself (``replay_pages.page_frames`` draws them as
its script does) and compared with the frames ``VideoObserver`` writes for the same run.
What a browser does with the page is tested in ``test_html_replay_browser.py``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from games.maze import ExplorationRenderer
from games.tictactoe import TicTacToe
from games.tictactoe_render import TicTacToeTiles
from observers import HtmlReplay, MCTSMirror, MCTSView, VideoObserver
from tests.observers.replay_pages import page_data, page_frames
from tests.observers.toys import Board, BoardTiles
from treesearch import (
    BFS,
    DFS,
    IDDFS,
    MCTS,
    AlphaBeta,
    Backtracking,
    BeamSearch,
    Budget,
    InvalidArgumentError,
    RandomWalk,
    Status,
    TreeSearch,
    Visited,
)
from treesearch.cli.catalog import GAMES, SEARCHES
from treesearch.cli.common import budget_of
from treesearch.cli.parser import build_parser
from treesearch.events import Event
from treesearch.game_entry import Problem


def _maze(size: int = 21) -> tuple[Problem, TreeSearch]:
    """The demo's maze (``treesearch video --game maze``) and its A*."""
    args = build_parser().parse_args(["video", "--size", str(size)])
    problem = GAMES["maze"].build(args)
    return problem, SEARCHES["astar"].make(problem, budget_of(args), args)


def _video_frames(folder: Path) -> list[np.ndarray]:
    return [np.asarray(Image.open(p).convert("RGB")) for p in sorted(folder.glob("*.png"))]


def _steps_of(search: TreeSearch, start: Any) -> list[Any]:
    """The states visited by a run, in order."""
    seen: list[Any] = []

    def note(event: Event) -> None:
        if isinstance(event, Visited):
            seen.append(event.state)

    search.run(start, observers=[note])
    return seen


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The demo's A* on its 21x21 maze, filmed (PNG frames) and replayed in one run."""
    folder = tmp_path_factory.mktemp("demo")
    problem, search = _maze()
    assert problem.start.maze is not None
    replay_title = "A* on a 21x21 maze"
    replay = HtmlReplay(
        folder / "astar.html",
        ExplorationRenderer(problem.start.maze),
        title=replay_title,
        label=problem.label,
    )
    video = VideoObserver(
        folder / "frames",
        ExplorationRenderer(problem.start.maze),
        final_frames=1,
        title=replay_title,
    )
    result = search.run(problem.start, observers=[video, replay])
    return {
        "path": replay.path,
        "replay": replay,
        "result": result,
        "data": page_data(replay.path),
        "video": _video_frames(folder / "frames"),
        "problem": problem,
    }


def test_the_demo_replay_is_small_and_holds_every_visit(demo: dict[str, Any]) -> None:
    size = demo["path"].stat().st_size
    assert size < 5_000_000, size  # the bound; it is about 0.6 MB
    data, result = demo["data"], demo["result"]
    visits = result.stats.visited
    assert data["steps_total"] == visits == 276
    assert data["counters"]["step"] == [*range(1, visits + 1), visits]  # the end: one more
    assert data["stride"] == 1 and demo["replay"].frames == visits + 1
    assert data["cut_short"] is None
    assert demo["replay"].seconds is not None


def test_the_page_draws_exactly_the_frames_of_the_video(demo: dict[str, Any]) -> None:
    # Same renderer, same panel, same run: the video's PNG frames, pixel for pixel.
    frames, video = page_frames(demo["data"]), demo["video"]
    assert len(frames) == len(video) == 277
    for i, (page, film) in enumerate(zip(frames, video, strict=True)):
        assert np.array_equal(page, film), f"frame {i} differs"


def test_counters_follow_the_run(demo: dict[str, Any]) -> None:
    counters = demo["data"]["counters"]
    assert set(counters) == {"step", "depth", "expanded", "frontier", "best"}
    assert counters["expanded"][-1] == demo["result"].stats.expanded
    assert counters["depth"][0] == 0 and counters["depth"][-1] == len(demo["result"].path) - 1
    assert counters["best"][-1] == 63  # the route's cost, once found
    assert all(f is not None and f >= 0 for f in counters["frontier"])
    cells = demo["data"]["frontier_cells"]
    assert [len(c) for c in cells] == counters["frontier"]
    assert all(re.fullmatch(r"\(\d+,\d+\)", c) for c in cells[100])


def test_the_tree_has_every_state_under_its_first_parent(demo: dict[str, Any]) -> None:
    data, problem = demo["data"], demo["problem"]
    nodes = data["nodes"]
    assert len(nodes) == 276 and nodes[0]["parent"] == -1 and nodes[0]["label"] == "(0,0)"
    for node in nodes[1:]:
        parent = nodes[node["parent"]]
        assert parent["first"] < node["first"]
        assert node["id"] in parent["children"]
        assert node["depth"] == parent["depth"] + 1
    # Each node first appears on the frame of its first visit (every visit has a frame).
    assert all(n["h"][0][0] == n["first"] - 1 for n in nodes)
    route = [problem.label(s) for s in demo["result"].path]
    assert [nodes[i]["label"] for i in data["pv"]] == route
    outcome = data["outcome"]
    assert outcome["route"] == route and outcome["text"] == "solved · route: 56 moves, cost 63"


def test_mcts_nodes_count_simulations_and_means_as_the_mirror(tmp_path: Path) -> None:
    mirror = MCTSMirror()
    replay = HtmlReplay(tmp_path / "mcts.html", TicTacToeTiles(), max_frames=50)
    MCTS(rng=3, budget=Budget(max_iterations=300)).run(
        TicTacToe(), observers=[replay, mirror.update]
    )
    data = page_data(replay.path)
    nodes = data["nodes"]
    assert data["mcts"] and data["counters"]["simulations"][-1] == 300
    root = nodes[0]
    assert root["h"][-1][3] == mirror.root.visits == 300
    by_label = {nodes[i]["label"]: nodes[i] for i in root["children"]}
    for child in mirror.root.children.values():
        mine = by_label[TicTacToeTiles().move_label(child.state)]
        assert mine["h"][-1][3] == child.visits
        assert mine["h"][-1][4] == pytest.approx(child.mean(0), abs=1e-6)  # X moved into it
    assert data["pv"][1] == by_label[max(by_label, key=lambda k: by_label[k]["h"][-1][3])]["id"]


def test_a_paced_renderer_draws_when_it_says(tmp_path: Path) -> None:
    replay = HtmlReplay(tmp_path / "view.html", MCTSView(TicTacToeTiles(), frames=20))
    MCTS(rng=1, budget=Budget(max_iterations=200)).run(TicTacToe(), observers=[replay])
    data = page_data(replay.path)
    assert data["paced"] and 15 <= len(data["counters"]["step"]) <= 25
    assert "plays X" in data["outcome"]["text"]


def test_an_mcts_page_counts_tree_nodes_not_expanded_states(tmp_path: Path) -> None:
    replay = HtmlReplay(tmp_path / "mcts.html", TicTacToeTiles())
    result = MCTS(rng=1, budget=Budget(max_iterations=200)).run(TicTacToe(), observers=[replay])
    counters = page_data(tmp_path / "mcts.html")["counters"]
    assert "expanded" not in counters  # the page's "expanded" is the table's: another count
    assert counters["nodes"][-1] > result.stats.expanded  # nodes added, one per simulation


def test_a_long_run_keeps_its_span_within_max_frames(tmp_path: Path) -> None:
    problem, search = _maze(15)  # 143 visits: the stride doubles twice to fit 40 frames
    assert problem.start.maze is not None
    states = _steps_of(search, problem.start)
    replay = HtmlReplay(
        tmp_path / "long.html", ExplorationRenderer(problem.start.maze), max_frames=40
    )
    video = VideoObserver(tmp_path / "all", ExplorationRenderer(problem.start.maze), final_frames=1)
    search.run(problem.start, observers=[replay, video])
    data = page_data(replay.path)
    steps = data["counters"]["step"]
    assert len(steps) <= 40 and replay.frames == len(steps)
    assert steps[0] == 1 and steps[-2] <= steps[-1] == len(states)  # first visit ... the end
    stride = data["stride"]
    assert stride > 1 and stride & (stride - 1) == 0  # a power of two
    assert len(steps) > 40 // 2  # halving leaves at least half the cap
    # Merged patches still rebuild the very frames drawn at those steps.
    film = _video_frames(tmp_path / "all")
    for frame, step, index in zip(page_frames(data), steps, range(len(steps)), strict=True):
        want = film[-1] if index == len(steps) - 1 else film[step - 1]
        assert np.array_equal(frame, want), f"frame {index} (step {step})"


def test_skipped_visits_are_not_drawn(tmp_path: Path) -> None:
    problem, search = _maze(31)
    assert problem.start.maze is not None
    renderer = ExplorationRenderer(problem.start.maze)
    replay = HtmlReplay(tmp_path / "long.html", renderer, max_frames=16)
    result = search.run(problem.start, observers=[replay])
    # Each doubling of the stride draws about max_frames / 2 more frames.
    doublings = replay.stride.bit_length() - 1
    assert renderer.frames <= 16 + 8 * doublings + 2 < result.stats.visited


def test_visits_known_beforehand_draw_only_the_frames_kept(tmp_path: Path) -> None:
    problem, search = _maze(11)
    assert problem.start.maze is not None
    visits = search.run(problem.start).stats.visited
    live = HtmlReplay(tmp_path / "live.html", ExplorationRenderer(problem.start.maze), max_frames=8)
    video = VideoObserver(tmp_path / "all", ExplorationRenderer(problem.start.maze), final_frames=1)
    search.run(problem.start, observers=[live, video])
    renderer = ExplorationRenderer(problem.start.maze)
    known = HtmlReplay(tmp_path / "known.html", renderer, max_frames=8, visits=visits)
    assert known.stride == live.stride > 1  # set at once to where the halvings ended
    search.run(problem.start, observers=[known])
    assert known.stride == live.stride and renderer.frames == known.frames <= 8
    data = page_data(known.path)
    steps = data["counters"]["step"]
    assert steps[:-1] == list(range(1, visits + 1, known.stride)) and steps[-1] == visits
    film = _video_frames(tmp_path / "all")
    for index, (frame, step) in enumerate(zip(page_frames(data), steps, strict=True)):
        want = film[-1] if index == len(steps) - 1 else film[step - 1]
        assert np.array_equal(frame, want), f"frame {index} (step {step})"
    with pytest.raises(InvalidArgumentError, match="visits"):
        HtmlReplay(tmp_path / "x.html", renderer, visits=-1)


def test_few_nodes_kept_count_the_others_in_their_parent(tmp_path: Path) -> None:
    replay = HtmlReplay(tmp_path / "bt.html", BoardTiles(2, 3), max_nodes=5)
    Backtracking([replay]).run(Board(2, 3))
    data = page_data(replay.path)
    nodes = data["nodes"]
    assert len(nodes) == 5
    hidden = sum(n["h"][-1][5] for n in nodes) + data["hidden_total"]
    assert hidden == 2**7 - 1 - 5  # a full binary tree of depth 6, five nodes kept


@pytest.mark.parametrize(
    "search",
    [
        BFS(),
        DFS(),
        IDDFS(),
        Backtracking(),
        BeamSearch(width=2, value=lambda s: -sum(s.cells)),
        RandomWalk(rng=1, episodes=5, value=lambda s: sum(s.cells)),
    ],
    ids=lambda s: type(s).__name__,
)
def test_any_search_gives_a_page(tmp_path: Path, search: TreeSearch) -> None:
    replay = HtmlReplay(tmp_path / "r.html", BoardTiles())
    visits = [0]

    def count(event: Event) -> None:
        visits[0] += isinstance(event, Visited)

    result = search.run(Board(), observers=[replay, count])
    data = page_data(replay.path)
    assert data["outcome"]["status"] == result.status.value
    assert len(page_frames(data)) == replay.frames == len(data["counters"]["step"])
    assert data["counters"]["step"][-1] == data["steps_total"] == visits[0]


def test_alpha_beta_gives_a_page(tmp_path: Path) -> None:
    replay = HtmlReplay(tmp_path / "ab.html", TicTacToeTiles())
    result = AlphaBeta().run(TicTacToe().play(4).play(0).play(8), observers=[replay])
    data = page_data(replay.path)
    assert "plays" in data["outcome"]["text"] and data["outcome"]["status"] == result.status.value
    assert data["nodes"][0]["label"] == "X bottom-right" and len(data["pv"]) > 1


def test_only_the_visit_kinds_asked_for_draw(tmp_path: Path) -> None:
    both = HtmlReplay(tmp_path / "a.html", BoardTiles())
    enters = HtmlReplay(tmp_path / "e.html", BoardTiles(), events="enter")
    Backtracking([both, enters]).run(Board())
    assert enters.frames == 31 + 1 < both.frames  # 31 states entered, and the end


class _Fails:
    """An observer that raises at the ``at``-th visit."""

    def __init__(self, at: int, error: BaseException) -> None:
        self.at, self.error, self.seen = at, error, 0

    def __call__(self, event: Event) -> None:
        if isinstance(event, Visited):
            self.seen += 1
            if self.seen == self.at:
                raise self.error


def test_an_error_leaves_a_page_that_says_it_was_cut_short(tmp_path: Path) -> None:
    problem, search = _maze()
    assert problem.start.maze is not None
    replay = HtmlReplay(
        tmp_path / "cut.html", ExplorationRenderer(problem.start.maze), max_frames=8
    )
    with pytest.raises(RuntimeError, match="boom"):
        search.run(problem.start, observers=[replay, _Fails(100, RuntimeError("boom"))])
    assert replay.closed
    data = page_data(replay.path)
    assert data["outcome"] is None
    assert "cut short" in data["cut_short"] and "first 100 steps" in data["cut_short"]
    assert data["counters"]["step"][-1] == 100  # where it stopped is drawn


def test_ctrl_c_leaves_a_page_that_says_so(tmp_path: Path) -> None:
    replay = HtmlReplay(tmp_path / "int.html", BoardTiles(2, 3))
    result = Backtracking([replay, _Fails(10, KeyboardInterrupt())]).run(Board(2, 3))
    assert result.status is Status.INTERRUPTED
    data = page_data(replay.path)
    assert "interrupted" in data["cut_short"] and data["outcome"]["status"] == "interrupted"


def test_the_same_run_gives_the_same_file(tmp_path: Path) -> None:
    pages = []
    for name in ("a.html", "b.html"):
        replay = HtmlReplay(tmp_path / name, TicTacToeTiles(), max_frames=30)
        MCTS(rng=5, budget=Budget(max_iterations=100)).run(TicTacToe(), observers=[replay])
        pages.append(replay.path.read_bytes())
    assert pages[0] == pages[1]


def test_the_page_needs_nothing_from_the_network(demo: dict[str, Any]) -> None:
    text = demo["path"].read_text(encoding="utf-8")
    for pattern in (
        r"src=\"(?!data:)",
        r"href=\"(?!data:)",
        r"url\(",
        r"fetch\(",
        r"XMLHttpRequest",
        r"@import",
    ):
        assert not re.search(pattern, text), pattern
    outside_svg = text.replace("http://www.w3.org/2000/svg", "")
    assert "http://" not in outside_svg and "https://" not in outside_svg


def test_labels_cannot_break_the_page(tmp_path: Path) -> None:
    replay = HtmlReplay(tmp_path / "x.html", BoardTiles(), label=lambda s: "</script><b>")
    BFS().run(Board(), observers=[replay])
    text = replay.path.read_text(encoding="utf-8")
    assert "</script><b>" not in text
    assert page_data(replay.path)["nodes"][0]["label"] == "</script><b>"


def test_a_lone_surrogate_in_a_label_still_writes_a_utf8_page(tmp_path: Path) -> None:
    replay = HtmlReplay(tmp_path / "x.html", BoardTiles(), label=lambda s: "a\ud800b")
    BFS().run(Board(), observers=[replay])
    replay.path.read_bytes().decode("utf-8")  # valid UTF-8
    assert page_data(replay.path)["nodes"][0]["label"] == "a\ufffdb"


def test_labels_that_are_not_strings_are_shown_as_their_str(tmp_path: Path) -> None:
    replay = HtmlReplay(tmp_path / "x.html", BoardTiles(), label=lambda s: s.cells)
    result = BFS().run(Board(), observers=[replay])
    data = page_data(replay.path)
    assert data["nodes"][0]["label"] == "(0, 0, 0, 0)"
    assert data["outcome"]["route"] == [str(s.cells) for s in result.path]


def test_long_labels_are_cut_at_max_label(tmp_path: Path) -> None:
    from observers.html_replay import MAX_LABEL

    replay = HtmlReplay(tmp_path / "x.html", BoardTiles(), label=lambda s: "x" * 20_000)
    BFS().run(Board(), observers=[replay])
    labels = [n["label"] for n in page_data(replay.path)["nodes"]]
    assert labels and all(label == "x" * (MAX_LABEL - 1) + "…" for label in labels)
    assert replay.path.stat().st_size < 200_000  # 31 nodes of 20 kB each would be 620 kB


def test_close_is_idempotent_and_a_closed_replay_refuses_events(tmp_path: Path) -> None:
    with HtmlReplay(tmp_path / "c.html", BoardTiles()) as replay:
        replay.notify(Visited(Board(), 0))
    first = replay.path.read_bytes()
    replay.close()
    assert replay.path.read_bytes() == first and page_data(replay.path)["cut_short"]
    with pytest.raises(RuntimeError, match="closed"):
        replay.notify(Visited(Board(), 0))


def test_nothing_visited_still_writes_a_page(tmp_path: Path) -> None:
    HtmlReplay(tmp_path / "empty.html", BoardTiles()).close()
    data = page_data(tmp_path / "empty.html")
    assert data["counters"]["step"] == [] and data["nodes"] == []


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"path": "replay.mp4"}, "path must be a file name ending in .html"),
        ({"max_frames": 1}, "max_frames must be an int >= 2"),
        ({"max_frames": 2.5}, "max_frames must be an int >= 2"),
        ({"max_nodes": 0}, "max_nodes must be an int >= 1"),
        ({"key_every": 0}, "key_every must be an int >= 1"),
        ({"label": "name"}, "label must be a callable"),
        ({"title": 3}, "title must be a str or None"),
        ({"panel": 1}, "panel must be True or False"),
        ({"events": "sideways"}, "unknown visit kind 'sideways'"),
        ({"renderer": 42}, "renderer must be a TileRenderer or a callable"),
    ],
)
def test_bad_arguments_are_named(tmp_path: Path, kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"path": tmp_path / "r.html", "renderer": BoardTiles(), **kwargs}
    with pytest.raises(InvalidArgumentError, match=re.escape(message)):
        HtmlReplay(**args)


def test_an_unwritable_path_fails_at_once(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    with pytest.raises(InvalidArgumentError, match="HTML replay"):
        HtmlReplay(tmp_path / "file" / "r.html", BoardTiles())


def test_the_demo_replay_through_the_command_line_matches(
    demo: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from treesearch.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["video", "--game", "maze", "--search", "astar", "--html", "astar.html"]) == 0
    data = page_data(tmp_path / "astar.html")
    assert data["nodes"] == demo["data"]["nodes"] and data["outcome"] == demo["data"]["outcome"]
    assert not list(tmp_path.glob("*.mp4"))  # --html alone: no video


class _Keyless:
    """A binary tree of depth 3 whose states have no key (told apart by identity)."""

    def __init__(self, path: tuple[int, ...] = ()) -> None:
        self.path = path

    def get_children(self) -> list[_Keyless]:
        return [] if len(self.path) == 3 else [_Keyless((*self.path, i)) for i in (0, 1)]

    def __repr__(self) -> str:
        return f"_Keyless({self.path})"


def _keyless_frame(state: _Keyless) -> np.ndarray:
    frame = np.zeros((16, 48, 3), np.uint8)
    for i, bit in enumerate(state.path):
        frame[:, i * 16 : (i + 1) * 16] = 255 * bit
    return frame


def test_keyless_states_give_the_same_file_too(tmp_path: Path) -> None:
    pages = []
    for name in ("a.html", "b.html"):
        replay = HtmlReplay(tmp_path / name, _keyless_frame, panel=False)
        Backtracking([replay]).run(_Keyless())
        pages.append(replay.path.read_bytes())
    assert pages[0] == pages[1]
    nodes = page_data(tmp_path / "a.html")["nodes"]
    assert len(nodes) == 15 and nodes[1]["label"] == "_Keyless((0,))"
    assert nodes[1]["key"].startswith("(no key")


def test_a_replay_shows_itself_in_a_notebook_once_written(tmp_path: Path) -> None:
    import html

    path = tmp_path / "r.html"
    replay = HtmlReplay(path, BoardTiles())
    assert "still recording, 0 frames so far" in html.unescape(replay._repr_html_())
    BFS().run(Board(2), observers=[replay])
    page = replay._repr_html_()
    assert page.startswith("<iframe") and "srcdoc=" in page
    assert html.unescape(page.split('srcdoc="', 1)[1].split('"', 1)[0]) == path.read_text()
