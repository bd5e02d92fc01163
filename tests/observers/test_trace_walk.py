"""Traces that say where they come from (``meta``), MCTS in traces, states found by walking."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.dict_tree import DictTreeIterator
from games.maze import Maze
from games.tictactoe import TicTacToe
from observers import (
    MCTSMirror,
    RecordingObserver,
    TraceWriter,
    read_header,
    replay,
    states_by_walk,
)
from tests.conftest import SEED_TREE
from treesearch import BFS, MCTS, AStar, BeamSearch, Budget, InvalidArgumentError, Visited
from treesearch.events import SimulationPhase


def test_meta_is_written_in_the_header_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    meta = {"game": "maze", "options": {"size": 9, "seed": None}}
    BFS(TraceWriter(path, meta=meta)).run(DictTreeIterator("Root", SEED_TREE))
    header = json.loads(path.read_text().splitlines()[0])
    assert header["meta"] == meta and header["version"] == 1
    assert read_header(path) == meta


def test_a_header_without_meta_reads_as_empty(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    BFS(TraceWriter(path)).run(DictTreeIterator("Root", SEED_TREE))
    assert read_header(path) == {}


@pytest.mark.parametrize("meta", [[1, 2], {"x": float("nan")}, {"x": object()}])
def test_meta_that_json_cannot_hold_is_refused(tmp_path: Path, meta: object) -> None:
    with pytest.raises(InvalidArgumentError, match="meta must be a dict of JSON values"):
        TraceWriter(tmp_path / "t.jsonl", meta=meta)  # type: ignore[arg-type]


def test_read_header_refuses_other_files(tmp_path: Path) -> None:
    (tmp_path / "x.jsonl").write_text('{"hello": 1}\n')
    with pytest.raises(InvalidArgumentError, match="not a treesearch trace"):
        read_header(tmp_path / "x.jsonl")
    with pytest.raises(InvalidArgumentError, match="cannot read the trace"):
        read_header(tmp_path / "missing.jsonl")


def test_mcts_simulations_are_traced_and_replayed(tmp_path: Path) -> None:
    path = tmp_path / "mcts.jsonl"
    live, again = MCTSMirror(), MCTSMirror()
    MCTS(rng=2, budget=Budget(max_iterations=150)).run(
        TicTacToe(), observers=[TraceWriter(path), live.update]
    )
    replay(path, states_by_walk(TicTacToe()), [again.update])
    assert again.simulations == live.simulations == 150
    assert {k: n.visits for k, n in again.root.children.items()} == {
        k: n.visits for k, n in live.root.children.items()
    }


@pytest.mark.parametrize(
    "search",
    [BFS(), AStar(heuristic=lambda s: 0), BeamSearch(width=3, value=lambda s: -s.cell)],
)
def test_a_walk_finds_every_state_of_a_trace(tmp_path: Path, search: object) -> None:
    maze = Maze.generate(9, 9, seed=3)
    start = maze.start(0)
    path = tmp_path / "t.jsonl"
    live, again = RecordingObserver(), RecordingObserver()
    search.run(start, observers=[TraceWriter(path), live])  # type: ignore[attr-defined]
    replay(path, states_by_walk(start), [again])
    assert [(type(e).__name__, _key(e)) for e in again.events] == [
        (type(e).__name__, _key(e)) for e in live.events
    ]


def _key(event: object) -> object:
    state = getattr(event, "state", None)
    return None if state is None else state.key()


def test_a_walk_gives_the_state_below_the_events_parent(tmp_path: Path) -> None:
    # Tic-tac-toe has transpositions: the same board after other moves. The walk returns
    # the state reached from the parent the trace names (its last move is that one).
    path = tmp_path / "t.jsonl"
    moves: list[object] = []

    def note(event: object) -> None:
        if isinstance(event, Visited):
            moves.append(event.state.move)

    MCTS(rng=4, budget=Budget(max_iterations=200)).run(
        TicTacToe(), observers=[TraceWriter(path), note]
    )
    again: list[object] = []
    replay(path, states_by_walk(TicTacToe()), [lambda e: _moves(e, again)])
    assert again == moves


def _moves(event: object, into: list[object]) -> None:
    if isinstance(event, Visited):
        into.append(event.state.move)
    elif isinstance(event, SimulationPhase):
        assert event.phase in ("select", "expand", "rollout", "backup")


def test_a_key_the_walk_cannot_find_is_named(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    BFS(TraceWriter(path)).run(DictTreeIterator("Root", SEED_TREE))
    other = DictTreeIterator("Root", {"Elsewhere": {}})
    with pytest.raises(InvalidArgumentError, match=r"key \('Root', 'Algorithms'\).*state_from_key"):
        replay(path, states_by_walk(other), [])


def test_a_walk_needs_a_start_with_a_key() -> None:
    class Keyless:
        def get_children(self) -> list[object]:
            return []

    with pytest.raises(InvalidArgumentError, match="start state with a key"):
        states_by_walk(Keyless())
    with pytest.raises(InvalidArgumentError, match="recent must be an int >= 1"):
        states_by_walk(TicTacToe(), recent=0)
