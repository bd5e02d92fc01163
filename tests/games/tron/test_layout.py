"""The layout of ``games.tron``: imports go one way, and the public API is as documented."""

from __future__ import annotations

import ast
from pathlib import Path

import games.tron

PACKAGE = Path(games.tron.__file__).parent

# Lowest first: a module may import only modules listed before it (see the package docstring).
# One line per module, so each helper adds its own.
LAYERS = [
    "grid",
    "maps",
    "state",
    "render",
    "voronoi",
    "value",
    "moves",
    "heuristic",
    "bots",
    "match",
    "contest",
]

PUBLIC = {
    "HEX_MOVES", "HEX_STEPS", "MAPS", "SQUARE_STEPS", "Grid", "TronMap", "TronRenderer",
    "TronState", "generate_map", "hex_grid", "hex_start", "load_map", "parse_map",
    "square_grid", "square_start",
    # value functions, bots, matches, contest interop
    "Bot", "TronBot", "alphabeta_bot", "best_bot", "evaluate", "fill_estimate",
    "from_contest_agent", "heuristic_bot", "mcts_bot", "play_match", "random_bot",
    "safe_moves", "separated", "territory", "territory_owner", "to_contest_agent",
    "write_video",
}  # fmt: skip


def package_imports(module: str) -> set[str]:
    """Every ``games.tron.X`` a module imports, anywhere: top level, functions, TYPE_CHECKING."""
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
            if parts[:2] == ["games", "tron"] and len(parts) > 2 and parts[2] in LAYERS:
                found.add(parts[2])
    return found


def test_every_module_is_placed_in_a_layer() -> None:
    modules = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    assert modules == set(LAYERS)


def test_imports_go_one_way() -> None:
    for i, module in enumerate(LAYERS):
        upward = package_imports(module) - set(LAYERS[:i])
        assert not upward, f"games.tron.{module} imports {sorted(upward)}, listed after it"


def test_public_api_includes_the_core_names() -> None:
    # Other modules (values, bots, matches, contest interop) add their names to __all__.
    assert set(games.tron.__all__) >= PUBLIC
    assert all(hasattr(games.tron, name) for name in games.tron.__all__)
