"""The command line asks a game's entry, never its name: no command compares game names."""

from __future__ import annotations

import ast
from pathlib import Path

import treesearch.cli

NAMES = {"tictactoe", "tron", "tron-hex", "railroad-ink"}


def _compared_names(path: Path) -> list[str]:
    """The bundled game names that ``path`` compares with anything (``==``, ``in``...)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            for part in [node.left, *node.comparators]:
                for const in ast.walk(part):
                    if isinstance(const, ast.Constant) and const.value in NAMES:
                        found.append(f"{path.name}:{node.lineno} {const.value!r}")
        elif isinstance(node, ast.Dict):  # a name map such as the old family_of
            found += [
                f"{path.name}:{node.lineno} {k.value!r}"
                for k in node.keys
                if isinstance(k, ast.Constant) and k.value in NAMES
            ]
    return found


def test_no_module_of_the_command_line_tests_a_game_by_name() -> None:
    folder = Path(str(treesearch.cli.__file__)).parent
    found = [hit for path in sorted(folder.rglob("*.py")) for hit in _compared_names(path)]
    assert found == []
