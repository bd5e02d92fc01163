"""PyRat-style mazes as search problems: the maze, its variants, distances and pictures.

Compose with any traversal of ``treesearch``::

    from treesearch import BFS
    from games.maze import Maze

    maze = Maze.generate(15, 13, nb_cheese=5, seed=1)
    result = BFS(goal=maze.cheese).run(maze.start(0))   # nearest cheese
    route = result.find_route(result.best.key())

Modules: ``model`` (``Maze``, ``MazeCell``), ``generate`` (PyRat's random mazes), ``io``
(dicts, matrices, networkx, ASCII drawings), ``cheese`` (tours and actions), ``drill`` (walls
that can be drilled), ``pommerman`` (an 11x11 Pommerman board), ``distances`` (Dijkstra,
all pairs, Seidel) and ``render`` (pictures).
"""

from games.maze.cheese import (
    ACTIONS,
    Action,
    TourState,
    locations_to_action,
    locations_to_actions,
)
from games.maze.distances import DistanceMatrix, all_pairs, dijkstra, seidel
from games.maze.drill import DrillMaze, DrillState
from games.maze.generate import ALGORITHMS, Algorithm, generate_maze
from games.maze.io import (
    AsciiMaze,
    maze_from_ascii,
    maze_from_graph,
    maze_from_matrix,
    parse_ascii,
    to_ascii,
)
from games.maze.model import Maze, MazeCell
from games.maze.pommerman import PommermanBoard, PommermanState
from games.maze.render import MazeRenderer, render_maze

__all__ = [
    "ACTIONS",
    "ALGORITHMS",
    "Action",
    "Algorithm",
    "AsciiMaze",
    "DistanceMatrix",
    "DrillMaze",
    "DrillState",
    "Maze",
    "MazeCell",
    "MazeRenderer",
    "PommermanBoard",
    "PommermanState",
    "TourState",
    "all_pairs",
    "dijkstra",
    "generate_maze",
    "locations_to_action",
    "locations_to_actions",
    "maze_from_ascii",
    "maze_from_graph",
    "maze_from_matrix",
    "parse_ascii",
    "render_maze",
    "seidel",
    "to_ascii",
]
