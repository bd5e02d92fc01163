"""The one reading of search events: reached cells, frontier, expansions, path and route.

Expectations are computed here from the maze's text (flood fills, a hand-written BFS and
backtracking tree) or from the searches' results, not from the reader's own rules; the last
tests check that the maze renderer and the grid overlay draw the same search alike.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from games.maze import ExplorationRenderer
from games.maze import Maze as GameMaze
from games.maze.explore import FRONTIER as PINK
from observers import Exploration
from observers.exploration import EXPANDED, FRONTIER, GENERATED, UNSEEN
from observers.overlay import GridOverlay
from observers.recording import RecordingObserver
from tests.observers.toys import MAZE, Maze
from treesearch import BFS, DFS, Backtracking, Budget, InvalidArgumentError, Visited, VisitKind
from treesearch.events import Event, Expanded, SearchFinished, SearchStarted, SolutionImproved

ROWS, COLS = len(MAZE), len(MAZE[0])
START = (0, 0)
GOAL = (3, 4)
Cell = tuple[int, int]


def flat(cell: Cell) -> int:
    return cell[0] * COLS + cell[1]


def flat_of(state: Maze) -> int:
    return flat(state.cell)


def neighbours(cell: Cell) -> list[Cell]:
    """Free 4-neighbours in the toy's child order: up, left, right, down."""
    r, c = cell
    out = []
    for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
        if 0 <= rr < ROWS and 0 <= cc < COLS and MAZE[rr][cc] == ".":
            out.append((rr, cc))
    return out


def distances(start: Cell = START) -> dict[Cell, int]:
    """Moves from ``start`` to every reachable cell: a flood fill of the maze's text."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for n in neighbours(cell):
            if n not in dist:
                dist[n] = dist[cell] + 1
                queue.append(n)
    return dist


def flats(cells: Any) -> set[int]:
    return {flat(c) for c in cells}


def reader(**options: Any) -> tuple[Exploration, RecordingObserver]:
    return Exploration(flat_of, ROWS * COLS, **options), RecordingObserver()


def test_bfs_reaches_every_cell_at_its_distance_and_expands_them_all() -> None:
    seen, rec = reader()
    result = BFS([seen, rec]).run(Maze())
    dist = distances()
    assert set(seen.reached_cells()) == flats(dist) and seen.reached == len(dist)
    for cell, d in dist.items():
        assert seen.depth[flat(cell)] == d
    ranks = [seen.order[c] for c in seen.reached_cells()]
    assert ranks == list(range(len(dist)))
    assert [seen.depth[c] for c in seen.reached_cells()] == sorted(dist.values())
    assert seen.frontier_cells() == set() and seen.expanded_cells() == flats(dist)
    assert seen.route == [] and result.routing_table is not None
    assert set(seen.reached_cells()) == flats(result.routing_table)
    unreachable = {flat((r, c)) for r in range(ROWS) for c in range(COLS)} - flats(dist)
    assert all(seen.order[c] == -1 and seen.status[c] == UNSEEN for c in unreachable)


def test_bfs_with_a_goal_leaves_its_queue_on_the_frontier() -> None:
    # A hand-written BFS with the toy's child order, stopping when the goal is generated:
    # the cells it took out of the queue were expanded, the rest of the queue is the frontier.
    dist, queue, popped = {START: 0}, deque([START]), set()
    while GOAL not in dist:
        cell = queue.popleft()
        popped.add(cell)
        for n in neighbours(cell):
            if n not in dist:
                dist[n] = dist[cell] + 1
                queue.append(n)
                if n == GOAL:
                    break
    seen, _ = reader()
    result = BFS(seen, goal={GOAL}).run(Maze())
    assert set(seen.reached_cells()) == flats(dist)
    assert seen.expanded_cells() == flats(popped)
    assert seen.frontier_cells() == flats(queue) == flats(dist) - flats(popped)
    assert seen.route == [flat(s.cell) for s in result.path]
    assert len(seen.route) == distances()[GOAL] + 1 and seen.current == flat(GOAL)


def test_dfs_marks_the_children_it_pushes_as_generated() -> None:
    seen, rec = reader(children=True)
    result = DFS([seen, rec], goal={GOAL}).run(Maze())
    assert result.solved and result.routing_table is not None
    reached = flats(result.routing_table)
    assert set(seen.reached_cells()) == reached
    # DFS expands each state as soon as it enters it; the goal stops it first.
    assert seen.expanded_cells() == reached - {flat(GOAL)}
    assert seen.frontier_cells() == {flat(GOAL)}
    pushed = {flat(n) for c in seen.expanded_cells() for n in neighbours(divmod(c, COLS))}
    assert seen.generated_cells() == pushed - reached
    assert seen.route == [flat(s.cell) for s in result.path] == seen.path
    plain, _ = reader()
    DFS(plain, goal={GOAL}).run(Maze())
    assert plain.generated_cells() == set()
    assert plain.frontier_cells() == seen.frontier_cells()


def backtracking_tree(cell: Cell, seen: set[Cell], parent: dict[Cell, Cell]) -> None:
    """The tree that graph backtracking grows: enter each unseen neighbour, in order."""
    for n in neighbours(cell):
        if n not in seen:
            seen.add(n)
            parent[n] = cell
            backtracking_tree(n, seen, parent)


def test_backtracking_expands_every_state_and_a_return_expands_nothing() -> None:
    parent: dict[Cell, Cell] = {}
    backtracking_tree(START, {START}, parent)
    internal = set(parent.values())
    leaves = {START, *parent} - internal
    assert leaves and internal
    seen, rec = reader(children=True)
    returns: list[tuple[set[int], set[int]]] = []

    def watch(event: Event) -> None:
        before = (seen.frontier_cells(), seen.expanded_cells())
        seen.update(event)
        if type(event) is Visited and event.kind is VisitKind.RETURN:
            assert (seen.frontier_cells(), seen.expanded_cells()) == before
            returns.append(before)

    Backtracking([watch, rec], graph=True).run(Maze())
    assert set(seen.reached_cells()) == flats(distances())
    # Backtracking sends Expanded as it asks each state entered for its children.
    assert seen.expanded_cells() == flats(internal | leaves)
    assert seen.frontier_cells() == set() and seen.generated_cells() == set()
    assert len(returns) == len(parent)  # one return to the parent per child entered
    assert seen.current == flat(START) and seen.path == [flat(START)]


def test_a_depth_limit_leaves_the_cut_states_on_the_frontier() -> None:
    seen, rec = reader()
    Backtracking([seen, rec], graph=True, budget=Budget(max_depth=2)).run(Maze())
    entered = {e.state.cell: e.depth for e in rec.visits(VisitKind.ENTER)}
    cut = {c for c, d in entered.items() if d == 2}
    parents = {e.parent.cell for e in rec.visits(VisitKind.ENTER) if e.parent is not None}
    assert cut and rec.visits(VisitKind.RETURN) and not cut & parents
    # Returning from a cut state is no sign it was expanded: it never was, and the search
    # sends no Expanded for it; every other state entered was expanded.
    assert seen.frontier_cells() == flats(cut)
    assert seen.expanded_cells() == flats(set(entered) - cut)


def test_hand_made_events() -> None:
    seen = Exploration(lambda s: s, 6)  # states are their cells, without keys
    seen.update(SearchStarted(None, 0))
    for event in (
        Visited(0, 0),
        Visited(1, 1, VisitKind.ENTER, 0),
        Visited(0, 0, VisitKind.RETURN, None),
        Visited(0, 0, VisitKind.RESTART, None),
    ):
        seen.update(event)
    assert seen.frontier_cells() == {1} and seen.expanded_cells() == {0}
    assert seen.current == 0 and seen.path == [0]
    assert sorted(seen.take_changed()) == [0, 1] and seen.take_changed() == set()
    seen.update(Expanded(1, 1, 0))
    seen.update(Expanded(4, 2, 0))  # an expansion of a cell never reached marks nothing
    assert seen.expanded_cells() == {0, 1} and seen.status[4] == UNSEEN
    assert seen.take_changed() == {1}
    seen.update(Visited(2, 2, VisitKind.ENTER, 1))
    seen.update(Visited(3, 3, VisitKind.ENTER, 2))
    seen.update(Visited(2, 4, VisitKind.ENTER, 3))  # a loop in the parent links is cut
    assert seen.depth[2] == 2 and seen.order[3] == 3
    assert seen.path_to(3) == [2, 3] and seen.path_to(5) == [5]
    seen.update(SolutionImproved(3, 3))
    assert seen.route == [2, 3] and seen.take_changed() >= {2, 3}
    seen.update(SearchStarted(None, 0))
    assert seen.reached == 0 and seen.route == [] and seen.current is None
    assert seen.take_changed() == {0, 1, 2, 3}  # what the last run showed is to be redrawn
    assert seen.path == [] and "reached=0" in repr(seen)


def test_the_reader_is_an_observer_and_a_new_run_resets_it() -> None:
    seen, _ = reader()
    BFS(seen, goal={GOAL}).run(Maze())
    first = (list(seen.order), bytes(seen.status), list(seen.route))
    DFS(seen).run(Maze((3, 4)))
    BFS(seen, goal={GOAL}).run(Maze())
    assert (list(seen.order), bytes(seen.status), list(seen.route)) == first


def test_result_path_wins_over_the_parent_links() -> None:
    seen = Exploration(lambda s: s, 4)
    seen.update(Visited(0, 0))
    seen.update(Visited(1, 1, parent=0))
    seen.update(SolutionImproved(1, 1))
    assert seen.route == [0, 1]

    class Result:
        def __init__(self) -> None:
            self.path = [0, 2, 3]

    seen.update(SearchFinished(Result()))  # type: ignore[arg-type]
    assert seen.route == [0, 2, 3]


def test_bad_arguments_and_cells_are_named() -> None:
    with pytest.raises(InvalidArgumentError, match="cell_of must be a callable"):
        Exploration(3, 4)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="size must be an int >= 1, got 0"):
        Exploration(lambda s: s, 0)
    seen = Exploration(lambda s: s, 4)
    with pytest.raises(InvalidArgumentError, match=r"returned -1, not a cell in 0\.\.3"):
        seen.update(Visited(-1, 0))
    with pytest.raises(InvalidArgumentError, match=r"returned \(0, 1\)"):
        seen.update(Visited((0, 1), 0))
    assert (FRONTIER, EXPANDED, GENERATED) == (1, 2, 3)


# -- the maze renderer and the grid overlay read a search alike ------------------------------


class Blank:
    """A TileRenderer of nothing: the overlay's highlights are what is compared."""

    tile_size = 4

    def __init__(self, maze: GameMaze) -> None:
        self.grid_shape = (maze.height, maze.width)

    def tile_ids(self, state: Any) -> np.ndarray:
        return np.zeros(self.grid_shape, np.int64)

    def tile_image(self, tile_id: int) -> np.ndarray:
        return np.zeros((4, 4, 3), np.uint8)


def pink(renderer: ExplorationRenderer, frame: np.ndarray) -> set[int]:
    """Cells whose floor corner shows the frontier colour in the maze renderer's frame."""
    k = renderer.base.wall_px + 1
    out = set()
    for cell in renderer.maze.vertices:
        x0, y0, _, _ = renderer.base.cell_box(cell)
        if tuple(int(v) for v in frame[y0 + k, x0 + k]) == PINK:
            out.add(cell)
    return out


@pytest.mark.parametrize(
    ("make", "goal"),
    [
        (BFS, False),
        (DFS, False),
        (lambda obs, **kw: Backtracking(obs, graph=True, **kw), False),
        (BFS, True),
        (DFS, True),
    ],
    ids=["bfs", "dfs", "backtracking", "bfs-goal", "dfs-goal"],
)
def test_maze_renderer_and_overlay_agree_at_every_step(
    make: Callable[..., Any], goal: bool
) -> None:
    maze = GameMaze.generate(9, 7, seed=4, mud_percentage=0)
    width = maze.width
    drawn = ExplorationRenderer(maze, cell_px=12)
    overlay = GridOverlay(Blank(maze), lambda s: divmod(s.cell, width), current_path=False)
    top = overlay.levels + 1  # the frontier's highlight code
    steps = 0
    seen_pink: list[int] = []

    def observer(event: Event) -> None:
        nonlocal steps
        drawn.update(event)
        overlay.update(event)
        if type(event) is not Visited:
            return
        steps += 1
        a, b = drawn.exploration, overlay.exploration
        assert a.reached_cells() == b.reached_cells()
        assert a.frontier_cells() == b.frontier_cells()
        assert a.expanded_cells() == b.expanded_cells()
        assert a.current == b.current == event.state.cell
        frame = drawn(event.state)
        codes = overlay.highlights(event.state).ravel()
        shown = {int(c) for c in np.flatnonzero(codes == top)}
        assert shown == b.frontier_cells() - {b.current} - set(b.route)
        shown_pink = pink(drawn, frame) - drawn.goal
        assert shown_pink == (a.frontier_cells() | a.generated_cells()) - drawn.goal
        seen_pink.append(len(shown_pink))

    start = maze.start(maze.vertices[0])
    result = make(observer, goal={maze.vertices[-1]} if goal else None).run(start)
    assert steps > 10 and result.solved is goal and max(seen_pink) > 2
    assert drawn.route == overlay.exploration.route
    if goal:
        assert drawn.route == [s.cell for s in result.path] and drawn.goal == {result.best.cell}
    else:
        assert drawn.route == [] and drawn.reached == len(maze)
