from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from games.dict_tree import DictTreeIterator
from observers.overlay import GridOverlay
from observers.recording import RecordingObserver
from observers.trace import TraceRecord, TraceWriter, read_trace, replay
from observers.video import VideoObserver
from tests.conftest import SEED_TREE
from tests.observers.toys import Board, BoardTiles, Maze, MazeTiles, read_pngs
from treesearch import (
    BFS,
    Backtracking,
    InvalidArgumentError,
    RandomWalk,
    Status,
    Visited,
    VisitKind,
)
from treesearch.errors import MissingCapabilityError, ObserverError
from treesearch.events import Evaluated, Event, SearchFinished, SolutionImproved


def seed_state(key: tuple[str, ...]) -> DictTreeIterator:
    """Rebuild a seed-tree node from its key (the names from the root)."""
    subtree: dict[str, Any] = {key[0]: SEED_TREE} if key[0] == "Root" else {}
    node = subtree
    for name in key:
        node = node[name]
    return DictTreeIterator(key[-1], node, key)


def describe(event: Event) -> tuple[Any, ...]:
    """An event with states replaced by their keys, for comparing runs."""
    out: list[Any] = [type(event).__name__]
    for name in ("state", "depth", "kind", "parent", "n_children", "value", "reason", "start"):
        if hasattr(event, name):
            v = getattr(event, name)
            out.append(v.key() if hasattr(v, "key") else v)
    if isinstance(event, SearchFinished):
        r = event.result
        out += [r.status, tuple(s.key() for s in r.path), r.value, r.stats.expanded]
    return tuple(out)


def test_trace_lines_hold_every_event_with_keys(tmp_path: Path) -> None:
    path = tmp_path / "bt.jsonl"
    rec = RecordingObserver()
    Backtracking([TraceWriter(path), rec], value=lambda s: len(s.name)).run(
        DictTreeIterator("Root", SEED_TREE)
    )
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert lines[0] == {"type": "header", "format": "treesearch-trace", "version": 1}
    assert [d["type"] for d in lines[1:]] == [type(e).__name__ for e in rec.events]
    visit = next(d for d in lines if d["type"] == "Visited" and d["kind"] == "return")
    assert visit == {
        "type": "Visited",
        "key": ["Root", "Algorithms"],
        "depth": 1,
        "kind": "return",
        "parent": ["Root"],
    }
    finished = lines[-1]
    assert finished["status"] == "exhausted"
    assert finished["best"] == ["Root", "Algorithms", "Other", "Monte Carlo Tree Search"]
    assert finished["value"] == 23


def test_read_trace_gives_records_with_tuple_keys(tmp_path: Path) -> None:
    path = tmp_path / "bfs.jsonl"
    BFS(TraceWriter(path)).run(DictTreeIterator("Root", SEED_TREE))
    records = list(read_trace(path))
    assert records[0].type == "SearchStarted" and records[0].key == ("Root",)
    assert "BFS" in records[0].info["search"]
    second = records[2]
    assert second == TraceRecord("Visited", ("Root", "Algorithms"), 1, VisitKind.ENTER, ("Root",))
    expanded = [r for r in records if r.type == "Expanded"]
    assert [r.n_children for r in expanded[:2]] == [1, 3]
    assert records[-1].type == "SearchFinished"
    assert records[-1].info["path"] == []


def test_keys_are_converted_to_json(tmp_path: Path) -> None:
    path = tmp_path / "keys.jsonl"
    writer = TraceWriter(path, key=lambda s: s)
    writer.notify(Visited(frozenset({(2, "b"), (1, "a")}), 0))
    writer.notify(Visited((np.int64(3), None, True, 1.5), 1, parent=frozenset({"x"})))
    writer.close()
    records = list(read_trace(path))
    assert records[0].key == ((1, "a"), (2, "b"))
    assert records[1].key == (3, None, True, 1.5) and records[1].parent == ("x",)
    with pytest.raises(MissingCapabilityError, match="object"):
        TraceWriter(tmp_path / "bad.jsonl", key=lambda s: object()).notify(Visited(1, 0))


def test_states_without_keys_need_a_key_function(tmp_path: Path) -> None:
    writer = TraceWriter(tmp_path / "nokey.jsonl")
    with pytest.raises(MissingCapabilityError, match=r"TraceWriter\(key="):
        writer.notify(Visited(object(), 0))
    writer.close()
    writer.close()  # idempotent
    with pytest.raises(RuntimeError, match="closed"):
        writer.notify(Visited(object(), 0))


def test_replay_rebuilds_the_same_events(tmp_path: Path) -> None:
    path = tmp_path / "bt.jsonl"
    live = RecordingObserver()
    Backtracking([TraceWriter(path), live], value=lambda s: len(s.name)).run(
        DictTreeIterator("Root", SEED_TREE)
    )
    again = RecordingObserver()
    result = replay(path, seed_state, again)
    assert [describe(e) for e in again.events[1:]] == [describe(e) for e in live.events[1:]]
    assert again.closed == 1
    assert result is not None and result.status is Status.EXHAUSTED
    assert result == again.result
    assert [s.name for s in result.path][-1] == "Monte Carlo Tree Search"


def test_replay_to_the_same_frames_as_the_live_run_tiles(tmp_path: Path) -> None:
    trace, live, replayed = tmp_path / "t.jsonl", tmp_path / "live", tmp_path / "replayed"
    Backtracking(
        [VideoObserver(live, BoardTiles(), stamp=True), TraceWriter(trace)],
        value=lambda b: sum(b.cells),
    ).run(Board())
    replay(trace, lambda key: Board(cells=key), VideoObserver(replayed, BoardTiles(), stamp=True))
    a, b = read_pngs(live), read_pngs(replayed)
    assert len(a) == len(b) >= 61  # 61 visits, then whatever final frames the video holds
    for x, y in zip(a, b, strict=True):
        np.testing.assert_array_equal(x, y)


def test_replay_to_the_same_frames_as_the_live_run_overlay(tmp_path: Path) -> None:
    trace, live, replayed = tmp_path / "t.jsonl", tmp_path / "live", tmp_path / "replayed"

    def video(folder: Path) -> VideoObserver:
        return VideoObserver(folder, GridOverlay(MazeTiles(), lambda s: s.cell), final_frames=2)

    BFS([video(live), TraceWriter(trace)], goal={(3, 4)}).run(Maze())
    result = replay(trace, lambda key: Maze(key), [video(replayed)])
    assert result is not None and result.solved
    a, b = read_pngs(live), read_pngs(replayed)
    assert len(a) == len(b) > 10
    for x, y in zip(a, b, strict=True):
        np.testing.assert_array_equal(x, y)


def test_replay_of_a_random_walk_keeps_restarts(tmp_path: Path) -> None:
    path = tmp_path / "walk.jsonl"
    live = RecordingObserver()
    RandomWalk([TraceWriter(path), live], rng=3, episodes=3).run(Board())
    again = RecordingObserver()
    replay(path, lambda key: Board(cells=key), again)
    assert [describe(e) for e in again.events[1:]] == [describe(e) for e in live.events[1:]]
    assert len(again.visits(VisitKind.RESTART)) == 2


def test_replay_stops_when_an_observer_asks(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    BFS(TraceWriter(path)).run(Board())
    rec = RecordingObserver()
    video = VideoObserver(tmp_path / "f", BoardTiles(), max_frames=4)
    assert replay(path, lambda key: Board(cells=key), [video, rec]) is None
    assert video.closed and rec.closed == 1
    assert len(read_pngs(tmp_path / "f")) == 4
    assert len(rec.visits()) == 4


def test_replay_closes_observers_when_it_fails(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    BFS(TraceWriter(path)).run(Board())
    rec = RecordingObserver()

    def no_state(key: Any) -> Any:
        raise LookupError(key)

    with pytest.raises(LookupError):
        replay(path, no_state, rec)
    assert rec.closed == 1


def test_replay_keeps_the_result_when_a_close_fails(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    BFS(TraceWriter(path)).run(Board())

    class BadClose(RecordingObserver):
        def close(self) -> None:
            super().close()
            raise OSError("disk full")

    # Before: the OSError came out and the replayed result was lost.
    with pytest.raises(ObserverError, match="disk full") as info:
        replay(path, lambda key: Board(cells=key), BadClose())
    assert info.value.result is not None and info.value.result.status is Status.EXHAUSTED


def test_a_cut_trace_is_read_up_to_its_last_whole_line(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    BFS(TraceWriter(path)).run(Board())
    text = path.read_text()
    path.write_text(text[: text.rindex('{"type":"SearchFinished"') + 20])
    records = list(read_trace(path))
    assert records[-1].type == "Expanded"
    calls: list[Event] = []
    assert replay(path, lambda key: Board(cells=key), calls.append) is None
    assert len(calls) == len(records)


def test_read_trace_rejects_other_files(tmp_path: Path) -> None:
    path = tmp_path / "notes.jsonl"
    path.write_text('{"hello": 1}\n')
    with pytest.raises(InvalidArgumentError, match="not a treesearch trace"):
        list(read_trace(path))


def test_malformed_trace_line_is_explained(tmp_path: Path) -> None:
    from observers.trace import _FORMAT
    from treesearch.errors import InvalidArgumentError

    path = tmp_path / "bad.jsonl"
    header = json.dumps({"format": _FORMAT})
    path.write_text(header + "\n" + json.dumps({"type": "Visited", "key": 1}) + "\n")
    with pytest.raises(InvalidArgumentError, match="Visited line needs depth"):
        replay(path, lambda k: k, [])


def trace_file(tmp_path: Path, *lines: str) -> Path:
    """A trace file: the header, then ``lines`` as they are."""
    path = tmp_path / "t.jsonl"
    header = json.dumps({"type": "header", "format": "treesearch-trace", "version": 1})
    path.write_text(header + "\n" + "".join(lines))
    return path


def test_blank_lines_are_skipped(tmp_path: Path) -> None:
    # What `echo >> trace.jsonl` leaves; before, json.loads("\n") raised JSONDecodeError.
    path = tmp_path / "t.jsonl"
    BFS(TraceWriter(path)).run(Board())
    whole = list(read_trace(path))
    with path.open("a") as f:
        f.write("\n")
    assert list(read_trace(path)) == whole
    text = path.read_text().splitlines(keepends=True)
    path.write_text("".join([text[0], "\n", "   \n", *text[1:], "\n"]))
    assert list(read_trace(path)) == whole
    assert replay(path, lambda key: Board(cells=key), []) is not None


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("not json at all\n", "is not JSON"),
        ('{"type": "Visited", \n', "is not JSON"),
        ("[1, 2]\n", "is not a trace record"),
        ('{"key": 1}\n', "is not a trace record"),
        ('{"type": "Visited", "key": 1, "depth": 0, "kind": "fly"}\n', "is not a trace record"),
    ],
)
def test_a_bad_line_names_the_file_and_the_line(tmp_path: Path, line: str, what: str) -> None:
    good = '{"type":"Expanded","key":[0,0,0,0],"depth":0,"n_children":4}\n'
    path = trace_file(tmp_path, good, "\n", line, good)
    with pytest.raises(InvalidArgumentError, match=rf"t\.jsonl' line 4 {what}") as info:
        list(read_trace(path))
    assert not isinstance(info.value, json.JSONDecodeError)
    assert "\n" not in str(info.value)


def test_non_finite_floats_are_standard_json_and_read_back(tmp_path: Path) -> None:
    # Before, json.dumps wrote NaN and Infinity, which standard JSON parsers refuse.
    path = tmp_path / "t.jsonl"
    writer = TraceWriter(path, key=lambda s: s if isinstance(s, tuple) else s.key())
    writer.notify(Evaluated(Board(), math.nan))
    writer.notify(SolutionImproved(Board(), 2, -math.inf))
    writer.notify(Visited((1.5, math.inf, "inf", -math.inf), 0))
    writer.close()
    text = path.read_text()
    for line in text.splitlines():
        json.loads(line, parse_constant=lambda c: pytest.fail(f"non-standard JSON {c}"))
    assert '"value":{"float":"nan"}' in text and '"value":{"float":"-inf"}' in text
    evaluated, improved, visited = read_trace(path)
    assert evaluated.value is not None and math.isnan(evaluated.value)
    assert improved.value == -math.inf
    assert visited.key == (1.5, math.inf, "inf", -math.inf)


def test_non_finite_result_value_and_stats_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    result = Backtracking(TraceWriter(path), value=lambda b: math.inf).run(Board())
    assert result.value == math.inf
    last = path.read_text().splitlines()[-1]
    json.loads(last, parse_constant=lambda c: pytest.fail(f"non-standard JSON {c}"))
    finished = list(read_trace(path))[-1]
    assert finished.type == "SearchFinished"
    assert finished.value == result.value
    assert finished.info["stats"]["expanded"] == result.stats.expanded


def test_trace_path_is_checked_at_construction(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    msg = r"cannot write the trace to .*/file. is a file, not a folder"
    with pytest.raises(InvalidArgumentError, match=msg):
        TraceWriter(tmp_path / "file" / "t.jsonl")
    with pytest.raises(InvalidArgumentError, match=r"is a folder"):
        TraceWriter(tmp_path)
    writer = TraceWriter(tmp_path / "new" / "deeper" / "t.jsonl")
    writer.close()
    assert (tmp_path / "new" / "deeper" / "t.jsonl").read_text().startswith('{"type":"header"')


def test_a_binary_file_is_named_and_said_not_to_be_a_trace(tmp_path: Path) -> None:
    from observers.trace import read_header

    path = tmp_path / "t.jsonl"
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00\xd0\xcf\x11\xe0" * 10)
    for read in (read_header, lambda p: list(read_trace(p))):
        with pytest.raises(InvalidArgumentError, match=r"'.*t\.jsonl' is not a treesearch trace"):
            read(path)
    header = b'{"type":"header","format":"treesearch-trace","version":1}\n'
    path.write_bytes(header + b"\n" * 20_000 + b"\xd0\xcf\x11\n")  # past the first read
    with pytest.raises(InvalidArgumentError, match=r"t\.jsonl' after line \d+ is not UTF-8"):
        list(read_trace(path))


def test_a_header_longer_than_max_header_is_refused(tmp_path: Path) -> None:
    from observers.trace import MAX_HEADER, read_header

    path = tmp_path / "t.jsonl"
    meta = {"title": "x" * MAX_HEADER}
    header = {"type": "header", "format": "treesearch-trace", "version": 1, "meta": meta}
    path.write_text(json.dumps(header) + "\n")
    for read in (read_header, lambda p: list(read_trace(p))):
        with pytest.raises(InvalidArgumentError, match="first line is longer than the 65,536"):
            read(path)
    with pytest.raises(InvalidArgumentError, match="meta must be shorter"):
        TraceWriter(tmp_path / "w.jsonl", meta=meta)
    TraceWriter(tmp_path / "w.jsonl", meta={"title": "x" * 1000}).close()
    assert read_header(tmp_path / "w.jsonl") == {"title": "x" * 1000}
