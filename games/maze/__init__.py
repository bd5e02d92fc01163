"""PyRat-style mazes as search problems: the maze, its variants, distances and pictures.

Compose with any traversal of ``treesearch``::

    from treesearch import BFS
    from games.maze import Maze

    maze = Maze.generate(15, 13, nb_cheese=5, seed=1)
    result = BFS(goal=maze.cheese).run(maze.start(0))   # nearest cheese
    route = result.find_route(result.best.key())

Sizes are always ``(width, height)`` and coordinates always ``(row, col)``, named
(``rc_to_i``, ``nearest_cell(row=, col=)``). Modules, each importing only those above it
in this list (never one below, not even lazily):

- ``grid``: cell numbers, coordinates, passages and mud (``Grid``, ``as_int``);
- ``carve``: PyRat's random maze algorithm, on the grid arrays;
- ``formats``: the maze formats (PyRat's dict of dicts, networkx graphs, matrices, ASCII
  drawings), read and drawn at the grid level;
- ``model``: ``Maze`` and the states searches walk (``MazeCell``, ``TourState``), with the
  public names of its constructors (``generate_maze``, ``maze_from_graph``, ``parse_ascii``,
  ``to_ascii``, ...);
- ``cheese``: PyRat's actions;
- ``drill``, ``pommerman``: variants; ``distances``: Dijkstra, all pairs, Seidel;
- ``render`` (pictures), ``explore`` (videos of a search exploring a maze:
  ``ExplorationRenderer``) and ``race`` (``render_search_video``, ``search_race``);
- ``pyrat``: PyRat interop (``maze_from_pyrat``, ``pyrat_actions``; pyrat-game optional);
- ``entry``: the maze and the drill maze on the command line (``MAZE``, ``DRILL_MAZE``),
  registered in the ``treesearch.games`` entry point group.
"""

from games.maze.carve import ALGORITHMS, Algorithm
from games.maze.cheese import (
    ACTIONS,
    Action,
    locations_to_action,
    locations_to_actions,
)
from games.maze.distances import DistanceMatrix, all_pairs, dijkstra, seidel
from games.maze.drill import DrillMaze, DrillState
from games.maze.explore import ExplorationRenderer, cell_of_state
from games.maze.model import (
    AsciiMaze,
    Maze,
    MazeCell,
    TourState,
    generate_maze,
    maze_from_ascii,
    maze_from_graph,
    maze_from_matrix,
    parse_ascii,
    to_ascii,
)
from games.maze.pommerman import PommermanBoard, PommermanState
from games.maze.pyrat import maze_from_pyrat, pyrat_actions
from games.maze.race import (
    RaceEntry,
    manhattan_to,
    path_cost,
    render_search_video,
    search_race,
)
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
    "ExplorationRenderer",
    "Maze",
    "MazeCell",
    "MazeRenderer",
    "PommermanBoard",
    "PommermanState",
    "RaceEntry",
    "TourState",
    "all_pairs",
    "cell_of_state",
    "dijkstra",
    "generate_maze",
    "locations_to_action",
    "locations_to_actions",
    "manhattan_to",
    "maze_from_ascii",
    "maze_from_graph",
    "maze_from_matrix",
    "maze_from_pyrat",
    "parse_ascii",
    "path_cost",
    "pyrat_actions",
    "render_maze",
    "render_search_video",
    "search_race",
    "seidel",
    "to_ascii",
]
