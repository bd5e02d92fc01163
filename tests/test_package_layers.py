"""The packages' rooms and the way their imports run.

The core (``treesearch`` without its command line) imports neither ``games`` nor
``observers``; ``observers`` never import ``games``; the command line, ``treesearch.cli``,
is the one room that imports both, and nothing else imports it. Lazy imports count.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("treesearch", "games", "observers")


def _modules() -> dict[str, Path]:
    """Every module of the three packages by dotted name."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _imports(path: Path) -> set[str]:
    """The modules the file at ``path`` imports anywhere (top level, functions, TYPE_CHECKING)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def _under(name: str, room: str) -> bool:
    return name == room or name.startswith(room + ".")


MODULES = _modules()


def _forbidden(module: str) -> tuple[str, ...]:
    """The rooms ``module`` must not import."""
    if _under(module, "treesearch.cli"):
        return ()
    if _under(module, "treesearch"):
        return ("games", "observers", "treesearch.cli")
    if _under(module, "observers"):
        return ("games", "treesearch.cli")
    return ("treesearch.cli",)  # games


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_run_one_way(module: str) -> None:
    bad = sorted(
        name
        for name in _imports(MODULES[module])
        for room in _forbidden(module)
        if _under(name, room)
    )
    assert not bad, f"{module} imports {bad}"


def test_the_rooms_are_where_their_names_say() -> None:
    for room in (
        "treesearch.cli",
        "treesearch.match",
        "treesearch.compare",
        "treesearch.mcts",
        "treesearch.alphabeta",
    ):
        assert room in MODULES, f"{room} is missing"
    assert not any(_under(m, n) for m in MODULES for n in ("games.cli", "games.match"))
    assert not any(_under(m, "games.compare") for m in MODULES)
    assert not any(m.startswith(("treesearch.mcts_", "treesearch.alphabeta_")) for m in MODULES)


PARALLEL_FILE_NAMES = {
    "__init__.py": "each package's own",
    "render.py": "each game's renderer (games.maze, games.tron)",
    "grid.py": "each game's board geometry (games.maze, games.tron)",
    "value.py": "each game's position values (games.railroad_ink.bots, games.tron)",
}
"""File names several modules may share, because they hold the same role in parallel packages."""


def test_no_two_modules_share_a_file_name_unless_their_roles_are_parallel() -> None:
    homes: dict[str, list[str]] = {}
    for path in MODULES.values():
        homes.setdefault(path.name, []).append(str(path.relative_to(ROOT)))
    shared = {
        name: sorted(paths)
        for name, paths in homes.items()
        if len(paths) > 1 and name not in PARALLEL_FILE_NAMES
    }
    assert not shared, (
        f"modules sharing a file name (rename each for the noun it defines): {shared}"
    )
