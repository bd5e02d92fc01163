"""PyRat interop: its dict always; its maze objects and actions when pyrat-game is installed."""

import importlib.util
import sys

import pytest

from games.maze import Maze, maze_from_pyrat, pyrat_actions
from treesearch import BFS
from treesearch.errors import InvalidArgumentError

HAS_PYRAT = importlib.util.find_spec("pyrat") is not None
needs_pyrat = pytest.mark.skipif(not HAS_PYRAT, reason="pyrat-game is not installed")


def test_dict_with_mud() -> None:
    # 3x2 grid: 0-1 (mud 3), 1-2, 0-3, 3-4, 4-5; cell 2-5 walled.
    graph = {
        0: {1: 3, 3: 1},
        1: {0: 3, 2: 1},
        2: {1: 1},
        3: {0: 1, 4: 1},
        4: {3: 1, 5: 1},
        5: {4: 1},
    }
    maze = maze_from_pyrat(graph)
    assert (maze.width, maze.height) == (3, 2)
    assert maze.start(0).step_cost(maze.start(1)) == 3
    assert [c.cell for c in maze.start(2).get_children()] == [1]


def test_not_a_maze() -> None:
    with pytest.raises(InvalidArgumentError, match="expected a PyRat maze"):
        maze_from_pyrat([1, 2, 3])


def test_actions_without_pyrat(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyrat", None)
    with pytest.raises(ImportError, match="pip install pyrat-game"):
        pyrat_actions([0, 1], 3)


@needs_pyrat
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pyrat_maze_object_round_trip(seed: int) -> None:
    import pyrat

    theirs = pyrat.BigHolesRandomMaze(
        cell_percentage=80.0,
        wall_percentage=60.0,
        mud_percentage=20.0,
        mud_range=(4, 9),
        random_seed=seed,
        width=11,
        height=9,
    )
    ours = maze_from_pyrat(theirs)
    assert isinstance(ours, Maze)
    assert (ours.width, ours.height) == (11, 9)
    cells = sorted(theirs.get_vertices())
    for v in cells:
        children = {c.cell: ours.start(v).step_cost(c) for c in ours.start(v).get_children()}
        assert children == {u: theirs.get_weight(v, u) for u in theirs.get_neighbors(v)}
    # A BFS route from the first to the last cell, as PyRat actions, matches PyRat's own.
    result = BFS(goal={cells[-1]}).run(ours.start(cells[0]))
    route = [s.cell for s in result.path]
    assert pyrat_actions(result.path, 11) == theirs.locations_to_actions(route)
    assert all(isinstance(a, pyrat.Action) for a in pyrat_actions(route, 11))
