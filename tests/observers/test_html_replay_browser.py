"""``HtmlReplay`` pages in a real browser: headless Chromium driven by selenium.

They open replay files as a user does (``file://``, no server, no network), press the keys
and buttons, read the step counter, hover and click tree nodes, read the canvas back and
take a screenshot. Every test fails on a SEVERE entry of the browser's console.

They need the system's Chromium and its driver (Debian: ``apt-get install chromium
chromium-driver``; ``.ci/run`` installs them) and ``selenium`` (the ``test`` extra); without
them they are skipped, and no browser is ever downloaded.
"""

from __future__ import annotations

import base64
import io
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image

from games.maze import ExplorationRenderer
from games.tictactoe import TicTacToe
from games.tictactoe_render import TicTacToeTiles
from observers import HtmlReplay
from tests.observers.replay_pages import page_data, page_frames
from treesearch import MCTS, Budget, Visited
from treesearch.cli.catalog import GAMES, SEARCHES
from treesearch.cli.common import budget_of
from treesearch.cli.parser import build_parser
from treesearch.events import Event

webdriver = pytest.importorskip(
    "selenium.webdriver", reason="the browser tests need selenium (pip install selenium)"
)
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402


def _find(*names: str) -> str | None:
    for name in names:
        path = shutil.which(name)
        if path is not None:
            return path
    return None


CHROMIUM = _find("chromium", "chromium-browser", "google-chrome")
DRIVER = _find("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="the browser tests need the system's Chromium and chromedriver (Debian: apt-get "
    "install chromium chromium-driver); none found, and no browser is downloaded",
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    assert CHROMIUM is not None and DRIVER is not None
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1400,1000",
        "--force-device-scale-factor=1",
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SE_OFFLINE", "true")  # selenium's manager must never download anything
        driver = webdriver.Chrome(service=webdriver.ChromeService(DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(autouse=True)
def _no_console_errors(browser: Any) -> Iterator[None]:
    browser.get_log("browser")  # forget what came before
    yield
    severe = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert not severe, severe


def _open(browser: Any, path: Path) -> None:
    browser.get(path.resolve().as_uri())
    _wait(lambda: browser.execute_script("return document.body.dataset.ready") == "1")


def _wait(ready: Callable[[], bool], seconds: float = 10) -> None:
    """Poll until ``ready()`` (a limit against hanging, not a timing assertion)."""
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError("the page did not get there")
        time.sleep(0.05)


def _step(browser: Any) -> str:
    return str(browser.find_element(By.ID, "step").text)


def _keys(browser: Any, *keys: str) -> None:
    ActionChains(browser).send_keys(*keys).perform()


def _canvas(browser: Any) -> np.ndarray:
    uri = browser.execute_script("return document.getElementById('board').toDataURL('image/png')")
    data = base64.b64decode(uri.split(",", 1)[1])
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


@pytest.fixture(scope="module")
def astar(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The demo's A* replay, with what the run did at each step, recorded on the side."""
    folder = tmp_path_factory.mktemp("browser")
    args = build_parser().parse_args(["video", "--game", "maze", "--search", "astar"])
    problem = GAMES["maze"].build(args)
    search = SEARCHES["astar"].make(problem, budget_of(args), args)
    assert problem.start.maze is not None
    renderer = ExplorationRenderer(problem.start.maze)
    width = problem.start.maze.width
    seen: dict[str, Any] = {"cells": [], "frontier": []}

    def note(event: Event) -> None:  # after the replay's renderer saw the event
        if isinstance(event, Visited):
            ex = renderer.exploration
            seen["cells"].append(ex.current)
            names = sorted(ex.frontier_cells() | ex.generated_cells())
            seen["frontier"].append([f"({c // width},{c % width})" for c in names])

    path = folder / "astar.html"
    replay = HtmlReplay(path, renderer, title="A* on a 21x21 maze", label=problem.label)
    search.run(problem.start, observers=[replay, note])
    data = page_data(path)
    return {"path": path, "data": data, "frames": page_frames(data), "width": width, **seen}


def test_keys_move_the_timeline(browser: Any, astar: dict[str, Any]) -> None:
    _open(browser, astar["path"])
    assert _step(browser) == "step 1 / 276"
    _keys(browser, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert _step(browser) == "step 4 / 276"
    _keys(browser, Keys.ARROW_LEFT)
    assert _step(browser) == "step 3 / 276"
    _keys(browser, Keys.END)
    assert _step(browser) == "step 276 / 276 (end)"
    outcome = browser.find_element(By.ID, "outcome-text").text
    assert outcome == "solved · route: 56 moves, cost 63"
    _keys(browser, Keys.HOME)
    assert _step(browser) == "step 1 / 276"
    _keys(browser, Keys.ARROW_LEFT)  # nothing before the first step
    assert _step(browser) == "step 1 / 276"


def test_buttons_and_slider(browser: Any, astar: dict[str, Any]) -> None:
    _open(browser, astar["path"])
    browser.find_element(By.ID, "next").click()
    browser.find_element(By.ID, "next").click()
    assert _step(browser) == "step 3 / 276"
    browser.find_element(By.ID, "last").click()
    assert _step(browser) == "step 276 / 276 (end)"
    browser.find_element(By.ID, "prev").click()
    assert _step(browser) == "step 276 / 276"  # the last visit, before the outcome
    browser.find_element(By.ID, "first").click()
    assert _step(browser) == "step 1 / 276"
    browser.execute_script(
        "const s = document.getElementById('slider'); s.value = 150;"
        "s.dispatchEvent(new Event('input'));"
    )
    assert _step(browser) == "step 151 / 276"
    assert browser.find_element(By.ID, "counter-step").text == "151"


def test_space_plays_and_pauses(browser: Any, astar: dict[str, Any]) -> None:
    _open(browser, astar["path"])
    _keys(browser, Keys.SPACE)
    assert "pause" in browser.find_element(By.ID, "play").text
    _wait(lambda: _step(browser) not in ("step 1 / 276", "step 2 / 276"))
    _keys(browser, Keys.SPACE)
    assert "play" in browser.find_element(By.ID, "play").text
    paused = _step(browser)
    time.sleep(0.3)
    assert _step(browser) == paused
    browser.find_element(By.ID, "play").click()  # the button does it too
    _wait(lambda: _step(browser) != paused)
    browser.find_element(By.ID, "play").click()


def test_the_canvas_shows_the_recorded_frames(browser: Any, astar: dict[str, Any]) -> None:
    _open(browser, astar["path"])
    frames = astar["frames"]
    for frame in (0, 1, 150, 276, 40, 99, 100):  # forward, to the end, then back (key frames)
        browser.execute_script(
            "const s = document.getElementById('slider'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('input'));",
            frame,
        )
        assert np.array_equal(_canvas(browser), frames[frame]), f"frame {frame}"


def test_a_node_shows_its_statistics_and_jumps_to_its_first_visit(
    browser: Any, astar: dict[str, Any]
) -> None:
    _open(browser, astar["path"])
    _keys(browser, Keys.END)
    nodes = astar["data"]["nodes"]
    node = nodes[astar["data"]["pv"][4]]  # on the route, so listed and open
    row = browser.find_element(By.CSS_SELECTOR, f'.row[data-id="{node["id"]}"]')
    ActionChains(browser).move_to_element(row).perform()
    tip = browser.find_element(By.ID, "tooltip")
    _wait(tip.is_displayed)
    text = tip.text
    assert node["label"] in text and f"first visited at step {node['first']}, depth 4" in text
    assert "visits by this step: 1" in text and "on the route found" in text
    row.find_element(By.CLASS_NAME, "label").click()
    assert _step(browser) == f"step {node['first']} / 276"
    current = browser.find_element(By.CSS_SELECTOR, ".row.current")
    assert current.get_attribute("data-id") == str(node["id"])


def test_the_newcomers_question(browser: Any, astar: dict[str, Any]) -> None:
    # "At which step did A* first reach the cheese's row, and which cells were on the
    # frontier then?": find "(20," in the tree, click the first hit, read the frontier.
    _open(browser, astar["path"])
    width = astar["width"]
    first = 1 + next(i for i, c in enumerate(astar["cells"]) if c // width == 20)
    browser.find_element(By.ID, "find").send_keys("(20,")
    hits = browser.find_elements(By.CSS_SELECTOR, "#find-results .hit")
    assert hits and hits[0].text.endswith(f"at step {first}")
    hits[0].click()
    assert _step(browser) == f"step {first} / 276"
    listed = browser.find_element(By.ID, "frontier-cells").text
    assert listed.endswith(" ".join(astar["frontier"][first - 1]))
    assert browser.find_element(By.ID, "counter-frontier").text == str(
        len(astar["frontier"][first - 1])
    )


def test_a_screenshot_shows_the_board(browser: Any, astar: dict[str, Any], tmp_path: Path) -> None:
    _open(browser, astar["path"])
    _keys(browser, Keys.END)
    shot = tmp_path / "replay.png"
    assert browser.save_screenshot(str(shot))
    image = np.asarray(Image.open(shot).convert("RGB"))
    rect = browser.find_element(By.ID, "board").rect
    x, y = int(rect["x"]) + 2, int(rect["y"]) + 2
    board = image[y : y + int(rect["height"]) - 4, x : x + int(rect["width"]) - 4]
    assert board.size and board.std() > 20
    colours = np.unique(board.reshape(-1, 3), axis=0)
    assert len(colours) > 50  # the maze, its tints, the route and the panel's text


@pytest.fixture(scope="module")
def mcts_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("browser") / "mcts.html"
    replay = HtmlReplay(path, TicTacToeTiles(), title="MCTS on tic-tac-toe", max_frames=60)
    MCTS(rng=1, budget=Budget(max_iterations=200)).run(TicTacToe(), observers=[replay])
    return path


def test_an_mcts_page_shows_the_root_moves(browser: Any, mcts_page: Path) -> None:
    _open(browser, mcts_page)
    assert browser.find_element(By.ID, "mcts-card").is_displayed()
    _keys(browser, Keys.END)
    legend = browser.find_element(By.ID, "mcts-legend").text
    assert "sims, mean" in legend
    root = browser.find_element(By.CSS_SELECTOR, '.row[data-id="0"]')
    ActionChains(browser).move_to_element(root).perform()
    assert "simulations through it: 200" in browser.find_element(By.ID, "tooltip").text
    assert "plays" in browser.find_element(By.ID, "outcome-text").text


def test_a_cut_short_page_says_so(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "cut.html"
    replay = HtmlReplay(path, TicTacToeTiles())

    def stop(event: Event) -> None:
        if isinstance(event, Visited) and event.depth == 3:
            raise RuntimeError("stopped for the test")

    with pytest.raises(RuntimeError):
        MCTS(rng=1, budget=Budget(max_iterations=50)).run(TicTacToe(), observers=[replay, stop])
    _open(browser, path)
    banner = browser.find_element(By.ID, "cut")
    assert banner.is_displayed() and "cut short" in banner.text
    assert "did not finish" in browser.find_element(By.ID, "outcome").text


def test_an_empty_page_opens(browser: Any, tmp_path: Path) -> None:
    HtmlReplay(tmp_path / "empty.html", TicTacToeTiles()).close()
    _open(browser, tmp_path / "empty.html")
    assert "nothing was recorded" in browser.find_element(By.ID, "loading").text


def test_the_first_frame_shows_while_the_others_load(
    browser: Any, astar: dict[str, Any], tmp_path: Path
) -> None:
    # A page whose patch pictures never become readable: what shows is what a visitor (or a
    # screenshot taken on load) sees until they are.
    text = astar["path"].read_text(encoding="utf-8")
    sheets = astar["data"]["frames"]["sheets"]
    assert sheets
    for uri in sheets:
        text = text.replace(uri, "data:image/png;base64,AAAA")
    path = tmp_path / "slow.html"
    path.write_text(text, encoding="utf-8")
    browser.get(path.resolve().as_uri())  # returns once the page has loaded
    shot = tmp_path / "on_load.png"
    assert browser.save_screenshot(str(shot))
    browser.get_log("browser")  # the unreadable pictures were reported, as they should be
    image = np.asarray(Image.open(shot).convert("RGB")).astype(int)
    shown = [e for e in browser.find_elements(By.CSS_SELECTOR, "#board-box img, #board")]
    shown = [e for e in shown if e.is_displayed()]
    assert shown, "no board on the page"
    rect = shown[0].rect
    x, y = int(rect["x"]) + 1, int(rect["y"]) + 1
    first = astar["frames"][0].astype(int)
    h, w = first.shape[:2]
    board = image[y : y + h, x : x + w]
    # The first frame, not a black board: most pixels equal the first key frame's.
    assert board.shape == first.shape
    assert (np.abs(board - first).max(axis=2) <= 8).mean() > 0.8
