"""The layout of ``games.maze``: imports go one way, and the public API stays the same."""

from __future__ import annotations

import ast
from pathlib import Path

import games.maze

PACKAGE = Path(games.maze.__file__).parent

# Lowest first: a module may import only modules listed before it (see the package docstring).
LAYERS = [
    "grid",
    "carve",
    "convert",
    "model",
    "generate",
    "io",
    "cheese",
    "drill",
    "pommerman",
    "distances",
    "render",
    "explore",
    "race",
    "pyrat",
]

PUBLIC = {
    "ACTIONS", "ALGORITHMS", "Action", "Algorithm", "AsciiMaze", "DistanceMatrix",
    "DrillMaze", "DrillState", "ExplorationRenderer", "Maze", "MazeCell", "MazeRenderer",
    "PommermanBoard", "PommermanState", "RaceEntry", "TourState", "all_pairs",
    "cell_of_state", "dijkstra", "generate_maze", "locations_to_action",
    "locations_to_actions", "manhattan_to", "maze_from_ascii", "maze_from_graph",
    "maze_from_matrix", "maze_from_pyrat", "parse_ascii", "path_cost", "pyrat_actions",
    "render_maze", "render_search_video",
    "search_race", "seidel", "to_ascii",
}  # fmt: skip


def package_imports(module: str) -> set[str]:
    """Every ``games.maze.X`` a module imports, anywhere: top level, functions, TYPE_CHECKING."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["games", "maze"] and len(parts) > 2 and parts[2] in LAYERS:
                found.add(parts[2])
    return found


def test_every_module_is_placed_in_a_layer() -> None:
    modules = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    assert modules == set(LAYERS)


def test_imports_go_one_way() -> None:
    # Before the split, model imported io, generate and cheese lazily and each imported model.
    for i, module in enumerate(LAYERS):
        upward = package_imports(module) - set(LAYERS[:i])
        assert not upward, f"games.maze.{module} imports {sorted(upward)}, listed after it"


def test_public_api_is_unchanged() -> None:
    assert set(games.maze.__all__) == PUBLIC
    assert all(hasattr(games.maze, name) for name in PUBLIC)
