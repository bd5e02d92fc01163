"""Fake installed distributions for plugin tests: a dist-info folder on ``sys.path``.

``importlib.metadata`` finds ``NAME-VERSION.dist-info/METADATA`` and ``entry_points.txt``
in any ``sys.path`` folder, so a plugin can be "installed" without pip; ``plugin_path``
undoes it afterwards (path, imported modules, registries).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from treesearch.cli.catalog import discover_plugins


def fake_dist(
    root: Path,
    dist: str,
    version: str,
    entry_points: Mapping[str, Mapping[str, str]],
    modules: Mapping[str, str] | None = None,
) -> None:
    """Write a distribution ``dist`` with ``entry_points`` (group -> name -> value) and modules."""
    info = root / f"{dist.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n")
    lines = []
    for group, entries in entry_points.items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {value}" for name, value in entries.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
    for name, text in (modules or {}).items():
        (root / f"{name}.py").write_text(text)


@contextmanager
def plugin_path(*roots: Path) -> Iterator[None]:
    """Put ``roots`` on ``sys.path`` for the block; then forget them and their modules."""
    sys.path[:0] = [str(r) for r in roots]
    importlib.invalidate_caches()
    try:
        yield
    finally:
        for r in roots:
            sys.path.remove(str(r))
        inside = tuple(str(r) for r in roots)
        for name, module in list(sys.modules.items()):
            if (getattr(module, "__file__", None) or "").startswith(inside):
                del sys.modules[name]
        importlib.invalidate_caches()
        discover_plugins()
