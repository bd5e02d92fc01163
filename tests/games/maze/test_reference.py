"""The PyRat course's reference 5x5 maze: queries, BFS through the framework, Dijkstra."""

from __future__ import annotations

from typing import cast

import pytest

from games.maze import Maze, dijkstra, locations_to_action, locations_to_actions
from tests.games.maze.helpers import (
    REFERENCE_HOLES,
    reference_dict,
    reference_matrix,
    route,
)
from treesearch import BFS, InvalidArgumentError
from treesearch.errors import UnreachableError


@pytest.fixture(params=["dict", "matrix"])
def maze(request: pytest.FixtureRequest) -> Maze:
    if request.param == "dict":
        return Maze.from_graph(reference_dict())
    return Maze.from_matrix(reference_matrix())


def test_both_forms_build_the_same_maze() -> None:
    assert Maze.from_graph(reference_dict()) == Maze.from_matrix(reference_matrix())


def test_shape_and_vertices(maze: Maze) -> None:
    assert (maze.width, maze.height) == (5, 5)
    assert maze.vertices == tuple(c for c in range(25) if c not in REFERENCE_HOLES)
    assert len(maze) == 22
    assert maze.nb_edges == 25


def test_neighbours_are_sorted(maze: Maze) -> None:
    assert maze.neighbours(9) == [8]
    assert maze.neighbours(2) == [3, 7]
    assert maze.neighbours(8) == [7, 9, 13]
    assert maze.neighbours(16) == [11, 15, 17, 21]


def test_weights(maze: Maze) -> None:
    assert maze.weight(9, 8) == 9
    assert maze.weight(8, 9) == 9
    assert maze.weight(17, 22) == 1
    assert maze.has_edge(0, 5)
    assert not maze.has_edge(0, 6)
    with pytest.raises(InvalidArgumentError, match="cell 12 is a hole"):
        maze.weight(7, 12)
    with pytest.raises(InvalidArgumentError, match="no edge between cells 3 and 8: a wall"):
        maze.weight(3, 8)
    with pytest.raises(InvalidArgumentError, match="not adjacent"):
        maze.weight(0, 24)


@pytest.mark.parametrize("cell", [25, -1, 100])
def test_unknown_cell_raises(maze: Maze, cell: int) -> None:
    with pytest.raises(InvalidArgumentError, match=rf"cell {cell} is outside the 5x5 grid"):
        maze.neighbours(cell)
    with pytest.raises(InvalidArgumentError, match=rf"{cell} is outside"):
        maze.start(cell)


@pytest.mark.parametrize("cell", REFERENCE_HOLES)
def test_hole_raises(maze: Maze, cell: int) -> None:
    with pytest.raises(InvalidArgumentError, match=rf"cell {cell} is a hole"):
        maze.neighbours(cell)
    with pytest.raises(InvalidArgumentError, match="is a hole"):
        maze.weight(cell, cell + 5)
    assert cell not in maze


@pytest.mark.parametrize("bad", ["0", 2.0, True, None])
def test_non_int_cell_raises(maze: Maze, bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="must be an int"):
        maze.start(bad)  # type: ignore[arg-type]


def test_bfs_through_the_framework(maze: Maze) -> None:
    result = BFS().run(maze.start(0))
    assert result.distances is not None
    assert result.distances[7] == 3
    assert result.distances[11] == 3
    assert result.distances[24] == 8
    assert result.find_route(7) == [0, 5, 6, 7]
    assert result.find_route(22) == [0, 5, 6, 11, 16, 17, 22]
    assert len(result.distances) == 22
    with pytest.raises(UnreachableError):
        result.find_route(1)


def test_bfs_goal_stops_at_the_target(maze: Maze) -> None:
    result = BFS(goal={22}).run(maze.start(0))
    assert result.solved
    assert [s.key() for s in result.path] == [0, 5, 6, 11, 16, 17, 22]


def test_dijkstra(maze: Maze) -> None:
    dist, table = dijkstra(maze, 0)
    assert dist[11] == 3
    assert dist[22] == 6
    assert dist[24] == 12
    assert route(table, 22) == [0, 5, 10, 11, 16, 17, 22]
    assert table[0] is None
    with pytest.raises(InvalidArgumentError, match="source 1 is a hole"):
        dijkstra(maze, 1)


def test_step_cost_is_the_mud_weight(maze: Maze) -> None:
    six = maze.start(6)
    costs = {child.key(): six.step_cost(child) for child in six.get_children()}
    assert costs == {5: 1, 7: 1, 11: 8}
    with pytest.raises(InvalidArgumentError, match="not a child"):
        six.step_cost(maze.start(0))


@pytest.mark.parametrize(
    ("src", "dst", "action"),
    [(16, 11, "north"), (16, 15, "west"), (16, 17, "east"), (16, 21, "south"), (16, 16, "nothing")],
)
def test_locations_to_action(src: int, dst: int, action: str) -> None:
    assert locations_to_action(src, dst, 5) == action


@pytest.mark.parametrize(("src", "dst"), [(16, 20), (16, 18), (4, 5), (5, 4), (0, 24)])
def test_locations_to_action_rejects_non_adjacent(src: int, dst: int) -> None:
    with pytest.raises(InvalidArgumentError, match=rf"cells {src} .* and {dst} .* not adjacent"):
        locations_to_action(src, dst, 5)


def test_locations_to_actions_along_a_route(maze: Maze) -> None:
    assert locations_to_actions([16, 11], 5) == ["north"]
    assert locations_to_actions([16], 5) == []
    path = cast(list[int], BFS().run(maze.start(0)).find_route(22))
    assert locations_to_actions(path, 5) == ["south", "east", "south", "south", "east", "south"]
    with pytest.raises(InvalidArgumentError, match="not adjacent"):
        locations_to_actions([0, 5, 7], 5)


def test_the_course_fixture_one_way_entry_is_rejected() -> None:
    graph = reference_dict()
    graph[7][3] = 1  # the stray one-way, non-adjacent entry of the course's dict fixture
    with pytest.raises(InvalidArgumentError, match=r"edge \(7, 3\) is one-way"):
        Maze.from_graph(graph)


def test_a_list_is_not_a_graph() -> None:
    with pytest.raises(InvalidArgumentError, match=r"dict of dicts .* got \[0, 5\]"):
        Maze.from_graph([0, 5])
