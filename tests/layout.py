"""Layer checks shared by the game packages' layout tests: imports go one way, all placed.

A layer is a module named relative to its package, dotted for a subpackage's module
(``"pieces.tiles"``); a subpackage's ``__init__`` must import nothing of the package.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType


def _modules(package: ModuleType) -> set[str]:
    """Every module of ``package`` as a dotted name relative to it, ``__init__`` files aside."""
    folder = Path(str(package.__file__)).parent
    return {
        ".".join(p.relative_to(folder).with_suffix("").parts)
        for p in folder.rglob("*.py")
        if p.stem != "__init__"
    }


def _imported(package: ModuleType, path: Path) -> set[str]:
    """The modules of ``package`` (dotted, relative) that the file at ``path`` imports anywhere.

    Top level, inside functions and under TYPE_CHECKING alike: a lazy import is still a
    dependency. ``from games.x.rules import board`` counts as importing ``rules.board``.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prefix = package.__name__ + "."
    found = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            if name.startswith(prefix):
                found.add(name.removeprefix(prefix))
    return found


def package_imports(package: ModuleType, module: str, layers: Sequence[str]) -> set[str]:
    """The modules of ``layers`` that ``module`` (dotted, relative to ``package``) imports."""
    folder = Path(str(package.__file__)).parent
    path = folder.joinpath(*module.split(".")).with_suffix(".py")
    return _imported(package, path) & set(layers)


def assert_layers(package: ModuleType, layers: Sequence[str]) -> None:
    """Every module of ``package`` is in ``layers``, and imports only those listed before it."""
    assert _modules(package) == set(layers)
    for i, module in enumerate(layers):
        upward = package_imports(package, module, layers) - set(layers[:i])
        assert not upward, f"{package.__name__}.{module} imports {sorted(upward)}, listed after it"
    folder = Path(str(package.__file__)).parent
    for init in folder.rglob("*/__init__.py"):
        assert not _imported(package, init), f"{init} imports modules of its package"
