"""Observers' arguments: a bad one is one line when the observer is made, numpy numbers are good.

Every public observer and helper of ``observers`` refuses wrong types, NaN, infinities,
negatives, bools and bad paths with one ``TreeSearchError`` line naming the argument and
the value, before the search starts (never at its first visit or at ``close()``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from observers import (
    EpisodeCollector,
    Exploration,
    FrameGridOverlay,
    GridOverlay,
    MCTSView,
    Panel,
    ProgressObserver,
    TileCanvas,
    TraceWriter,
    TreeExport,
    VideoObserver,
    check_output,
    colormap,
    palette,
    read_trace,
    replay,
    sink_kind,
)
from tests.observers.toys import Board, BoardTiles, Maze, MazeTiles, read_pngs
from treesearch import BFS, Status, TreeSearchError

WORDS = ("must", "expected", "cannot", "did you mean")
"""A message says what was wrong and what would be right with one of these."""


def _one_clear_line(exc: BaseException, *named: str) -> None:
    message = str(exc)
    assert isinstance(exc, TreeSearchError), f"{type(exc).__name__}: {message}"
    assert message and "\n" not in message, message
    for text in named:
        assert text in message, f"{text!r} not in {message!r}"
    assert any(word in message for word in WORDS), message


def _frame(state: Any) -> Any:
    return np.zeros((8, 8, 3), np.uint8)


# Each observer or helper, made from good arguments; the keyword given overrides one.
MAKERS: dict[str, Callable[..., Any]] = {
    "VideoObserver": lambda tmp, **k: VideoObserver(
        **{"path": tmp / "frames", "renderer": BoardTiles(), **k}
    ),
    "ProgressObserver": lambda tmp, **k: ProgressObserver(**{"disable": True, **k}),
    "EpisodeCollector": lambda tmp, **k: EpisodeCollector(**{"value": len, **k}),
    "TreeExport": lambda tmp, **k: TreeExport(**{"path": tmp / "tree.dot", **k}),
    "TraceWriter": lambda tmp, **k: TraceWriter(**{"path": tmp / "t.jsonl", **k}),
    "GridOverlay": lambda tmp, **k: GridOverlay(
        **{"base": MazeTiles(), "cell_of": lambda s: s.cell, **k}
    ),
    "FrameGridOverlay": lambda tmp, **k: FrameGridOverlay(
        **{"base": _frame, "cell_of": lambda s: s.cell, "grid_shape": (4, 5), **k}
    ),
    "Exploration": lambda tmp, **k: Exploration(**{"cell_of": lambda s: 0, "size": 4, **k}),
    "MCTSView": lambda tmp, **k: MCTSView(**k),
    "TileCanvas": lambda tmp, **k: TileCanvas(**{"renderer": BoardTiles(), **k}),
    "Panel": lambda tmp, **k: Panel(
        **{"board_shape": (10, 10), "legend": [], "pad_to_even": False, **k}
    ),
    "palette": lambda tmp, **k: palette(**{"levels": 3, **k}),
    "colormap": lambda tmp, **k: colormap(**{"t": 0.5, **k}),
    "check_output": lambda tmp, **k: check_output(**{"path": tmp / "o", "what": "it", **k}),
    "sink_kind": lambda tmp, **k: sink_kind(**k),
    "read_trace": lambda tmp, **k: list(read_trace(**k)),
    "replay": lambda tmp, **k: replay(
        **{"path": tmp / "none.jsonl", "state_from_key": Board, "observers": [], **k}
    ),
}
NOT_PATHS = [None, 3, 2.5, ["a"], b"bytes", ""]
NOT_CALLABLE = [3, "f", None, math.nan]
NOT_FLAGS = [1, "yes", None, math.nan]
NOT_COUNTS = ["3", 2.5, math.nan, math.inf, -1, True, [1]]

BAD: list[tuple[str, str, list[Any]]] = [
    ("VideoObserver", "path", NOT_PATHS),
    ("VideoObserver", "fps", [0, -1.0, math.nan, math.inf, "30", True]),
    ("VideoObserver", "max_frames", [0, 2.5, math.inf, True, "9"]),
    ("VideoObserver", "every", [0, -3, 1.5, True]),
    ("VideoObserver", "events", [3, None, math.nan, ["jump"], "jump", []]),
    ("VideoObserver", "final_frames", [-1, 1.5, math.nan]),
    ("VideoObserver", "preset", ["turbo", 3, ["fast"]]),
    ("VideoObserver", "crf", [-1, 52, 23.0, True]),
    ("VideoObserver", "panel", NOT_FLAGS),
    ("VideoObserver", "stamp", NOT_FLAGS),
    ("ProgressObserver", "total", ["10", -1, math.nan, 2.5, True]),
    ("ProgressObserver", "desc", [3, None]),
    ("ProgressObserver", "refresh_every", [0, -2, 1.5, True, "8"]),
    ("EpisodeCollector", "value", NOT_CALLABLE),
    ("EpisodeCollector", "k", [*NOT_COUNTS, 0]),
    ("EpisodeCollector", "memory", [*NOT_COUNTS, 0]),
    ("TreeExport", "path", [3, 2.5, ["a"], b"x"]),
    ("TreeExport", "max_depth", NOT_COUNTS),
    ("TreeExport", "top_k", [*NOT_COUNTS, 0]),
    ("TreeExport", "label", [3, "f", math.nan]),
    ("TraceWriter", "path", NOT_PATHS),
    ("TraceWriter", "key", [3, "f", math.nan]),
    ("GridOverlay", "base", [3, _frame, None]),
    ("GridOverlay", "cell_of", NOT_CALLABLE),
    ("GridOverlay", "color_by", ["age", 3]),
    ("GridOverlay", "levels", [*NOT_COUNTS, 0, 10**100]),
    ("GridOverlay", "scale", [*NOT_COUNTS, 0]),
    ("GridOverlay", "alpha", [-0.1, 1.5, math.nan, "0.5", True]),
    ("GridOverlay", "frontier", NOT_FLAGS),
    ("GridOverlay", "current_path", NOT_FLAGS),
    ("FrameGridOverlay", "base", [3, None]),
    ("FrameGridOverlay", "grid_shape", [(0, 3), (3,), 5, ("a", 2), (2.5, 2)]),
    ("Exploration", "cell_of", NOT_CALLABLE),
    ("Exploration", "size", [*NOT_COUNTS, 0, 10**100]),
    ("Exploration", "children", NOT_FLAGS),
    ("Exploration", "checked", NOT_FLAGS),
    ("MCTSView", "board", [3, "board"]),
    ("MCTSView", "frames", [*NOT_COUNTS, 0]),
    ("MCTSView", "stride", [*NOT_COUNTS, 0]),
    ("MCTSView", "top", [*NOT_COUNTS, 0]),
    ("MCTSView", "leaf", NOT_FLAGS),
    ("TileCanvas", "renderer", [3, None, _frame]),
    ("TileCanvas", "frame", [3, np.zeros((2, 2, 3), np.uint8), np.zeros((8, 8, 3))]),
    ("TileCanvas", "pad_to_even", NOT_FLAGS),
    ("Panel", "board_shape", [5, (0, 4), ("a", 4), (4,)]),
    ("Panel", "legend", [3, "legend", [1], [((1, 2, 3), 4)]]),
    ("Panel", "pad_to_even", NOT_FLAGS),
    ("palette", "levels", [*NOT_COUNTS, 0, 10**100]),
    ("colormap", "t", ["0.5", math.nan, None, [0.5]]),
    ("check_output", "path", NOT_PATHS),
    ("sink_kind", "path", [*NOT_PATHS, "movie.avi"]),
    ("read_trace", "path", NOT_PATHS),
    ("replay", "cache", [*NOT_COUNTS, 0]),
]
CASES = [
    pytest.param(maker, knob, value, id=f"{maker}-{knob}={value!r:.16}")
    for maker, knob, values in BAD
    for value in values
]


@pytest.mark.parametrize(("maker", "knob", "value"), CASES)
def test_a_bad_argument_is_one_line_naming_it(
    maker: str, knob: str, value: Any, tmp_path: Path
) -> None:
    with pytest.raises(TreeSearchError) as info:
        MAKERS[maker](tmp_path, **{knob: value})
    _one_clear_line(info.value)
    message = str(info.value)
    # The argument is named, or (for a path) what it was for; the value is shown.
    assert knob in message or "path" in message or maker in message, message
    if isinstance(value, (int, float, str)) and not isinstance(value, bool) and value != "":
        assert repr(value) in message or str(value) in message, message


def test_an_unknown_tqdm_option_is_refused_when_the_bar_is_made() -> None:
    # Before: tqdm's TqdmKeyError at the first visits, inside the run.
    with pytest.raises(TreeSearchError) as info:
        ProgressObserver(colour_="red")
    _one_clear_line(info.value, "'colour_'", "'colour'")


@pytest.mark.parametrize(
    ("maker", "knobs"),
    [
        ("VideoObserver", {"fps": np.float32(12), "every": np.int64(2), "max_frames": np.int8(9)}),
        ("VideoObserver", {"crf": np.int64(20), "panel": np.bool_(False)}),
        ("ProgressObserver", {"total": np.int64(5), "refresh_every": np.uint16(3)}),
        ("EpisodeCollector", {"k": np.int64(2), "memory": np.int32(10)}),
        ("TreeExport", {"max_depth": np.int64(2), "top_k": np.int16(3)}),
        ("GridOverlay", {"levels": np.int64(8), "alpha": np.float32(0.25), "scale": np.int64(9)}),
        ("Exploration", {"size": np.int64(4), "children": np.bool_(True)}),
        ("MCTSView", {"frames": np.int64(10), "top": np.int32(3)}),
        ("palette", {"levels": np.int64(3)}),
        ("colormap", {"t": np.float64(0.25)}),
    ],
)
def test_numpy_numbers_are_good_numbers(maker: str, knobs: dict[str, Any], tmp_path: Path) -> None:
    MAKERS[maker](tmp_path, **knobs)


def test_overlays_on_a_maze_still_draw(tmp_path: Path) -> None:
    # The checks added to the overlays take the arguments a real overlay is made with.
    overlay = GridOverlay(MazeTiles(), lambda s: s.cell, levels=np.int64(4), frontier=True)
    result = BFS(VideoObserver(tmp_path / "m", overlay)).run(Maze())
    assert result.status is Status.EXHAUSTED and len(read_pngs(tmp_path / "m")) > 3
