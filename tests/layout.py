"""Layer checks shared by the game packages' layout tests: imports go one way, all placed."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType


def package_imports(package: ModuleType, module: str, layers: Sequence[str]) -> set[str]:
    """The sibling modules (of ``layers``) that ``module`` imports anywhere in its file.

    Top level, inside functions and under TYPE_CHECKING alike: a lazy import is still a
    dependency.
    """
    folder = Path(str(package.__file__)).parent
    prefix = package.__name__.split(".")
    tree = ast.parse((folder / f"{module}.py").read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            parts = name.split(".")
            n = len(prefix)
            if parts[:n] == prefix and len(parts) > n and parts[n] in layers:
                found.add(parts[n])
    return found


def assert_layers(package: ModuleType, layers: Sequence[str]) -> None:
    """Every module of ``package`` is in ``layers``, and imports only those listed before it."""
    folder = Path(str(package.__file__)).parent
    assert {p.stem for p in folder.glob("*.py")} - {"__init__"} == set(layers)
    for i, module in enumerate(layers):
        upward = package_imports(package, module, layers) - set(layers[:i])
        assert not upward, (
            f"{package.__name__}.{module} imports {sorted(upward)}, listed after it"
        )
