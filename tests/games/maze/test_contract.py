"""Every maze state honours the TreeIterator contract (``treesearch.check_iterator``)."""

from __future__ import annotations

from games.maze import DrillMaze, Maze, PommermanBoard
from treesearch import check_iterator


def test_maze_cells() -> None:
    for seed in range(3):
        maze = Maze.generate(seed=seed)
        report = check_iterator(maze.start(maze.vertices[0]))
        assert report.keyed
        assert report.states_checked > 100


def test_tours() -> None:
    maze = Maze.generate(7, 5, nb_cheese=3, seed=1)
    report = check_iterator(maze.tour(maze.vertices[0]), max_states=300)
    assert report.keyed


def test_drill_states() -> None:
    maze = Maze.generate(7, 5, wall_percentage=100, seed=4)
    game = DrillMaze(maze, pickups=maze.vertices[5:7], drills=1, exit_cell=maze.vertices[-1])
    assert check_iterator(game.start(maze.vertices[0])).keyed


def test_pommerman_states() -> None:
    board = PommermanBoard.generate(2)
    assert check_iterator(board.start((1, 1), through_boxes=True)).keyed
