"""The layout of ``games.maze``: imports go one way, and the public API stays the same."""

from __future__ import annotations

import games.maze
from tests.layout import assert_layers

# Lowest first: a module may import only modules listed before it (see the package docstring).
LAYERS = [
    "grid",
    "carve",
    "formats",
    "model",
    "cheese",
    "drill",
    "pommerman",
    "distances",
    "render",
    "explore",
    "race",
    "pyrat",
    "entry",
]

PUBLIC = {
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
}


def test_every_module_is_placed_and_imports_go_one_way() -> None:
    assert_layers(games.maze, LAYERS)


def test_public_api_is_unchanged() -> None:
    assert set(games.maze.__all__) == PUBLIC
    assert all(hasattr(games.maze, name) for name in PUBLIC)
