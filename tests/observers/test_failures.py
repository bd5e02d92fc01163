"""Observers that fail, and runs cut by Ctrl-C: the result is kept, every output finished.

An observer that fails after a finished run never costs the result
(``ObserverError.result``); one that fails mid-run closes the others; Ctrl-C in the search
leaves every output whole.
"""

from __future__ import annotations

import shutil
import signal
from pathlib import Path
from typing import Any

import pytest

from observers import (
    EpisodeCollector,
    RecordingObserver,
    StatsObserver,
    TraceWriter,
    TreeExport,
    VideoObserver,
    read_trace,
    replay,
)
from tests.observers.toys import Board, BoardTiles, read_pngs
from treesearch import BFS, DFS, Backtracking, Status
from treesearch.errors import ObserverError

# -- outputs that fail, and observers that fail after a finished run ---------------------------


def test_an_output_whose_folder_vanishes_keeps_the_result(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    export = TreeExport(folder / "tree.dot")
    rec = RecordingObserver()
    shutil.rmtree(folder)  # made fine; gone by the time the run closes it
    (tmp_path / "out").write_text("a file where the folder was")
    with pytest.raises(ObserverError) as info:
        BFS([export, rec]).run(Board())
    message = str(info.value)
    assert "TreeExport" in message and "\n" not in message and ".result" in message
    assert info.value.result.status is Status.EXHAUSTED and rec.closed == 1
    assert info.value.result.stats.visited == 31
    assert isinstance(info.value.__cause__, OSError)


def test_an_observer_s_own_failure_mid_run_closes_the_others(tmp_path: Path) -> None:
    def value(state: Any) -> float:
        raise ZeroDivisionError("the user's value function")

    trace = TraceWriter(tmp_path / "t.jsonl")
    with pytest.raises(ZeroDivisionError):
        Backtracking([trace, EpisodeCollector(value)]).run(Board())
    records = list(read_trace(tmp_path / "t.jsonl"))  # the trace was closed whole
    assert records and records[0].type == "SearchStarted"


# -- Ctrl-C -----------------------------------------------------------------------------------


class CtrlCBoard(Board):
    """Presses Ctrl-C (a real SIGINT) when the third cell is about to be filled."""

    __slots__ = ()

    def get_children(self) -> Any:
        if sum(1 for c in self.cells if c) == 2:
            signal.raise_signal(signal.SIGINT)
        for child in super().get_children():
            yield CtrlCBoard(child.rows, child.cols, child.cells, child.limit)


@pytest.fixture
def default_sigint() -> Any:
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


@pytest.mark.usefixtures("default_sigint")
def test_ctrl_c_leaves_every_output_finished(tmp_path: Path) -> None:
    video = VideoObserver(tmp_path / "frames", BoardTiles(), final_frames=1)
    trace = TraceWriter(tmp_path / "t.jsonl")
    export = TreeExport(tmp_path / "tree.dot")
    stats = StatsObserver()
    result = DFS([video, trace, export, stats]).run(CtrlCBoard())
    assert result.status is Status.INTERRUPTED
    assert len(read_pngs(tmp_path / "frames")) >= 3  # the frames so far, all written
    records = list(read_trace(tmp_path / "t.jsonl"))
    assert records[-1].type == "SearchFinished" and records[-1].info.get("status", "") in (
        "",
        "interrupted",
    )
    assert (tmp_path / "tree.dot").read_text().startswith("digraph")
    assert stats.summary()["events"]["SearchFinished"] == 1


@pytest.mark.usefixtures("default_sigint")
def test_replaying_an_interrupted_trace_gives_its_result(tmp_path: Path) -> None:
    BFS(TraceWriter(tmp_path / "t.jsonl")).run(CtrlCBoard())
    again = replay(tmp_path / "t.jsonl", lambda key: Board(cells=key), [])
    assert again is not None and again.status is Status.INTERRUPTED
