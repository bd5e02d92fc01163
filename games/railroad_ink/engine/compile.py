"""The switch between compiled and plain Python, ``jit`` and ``ENGINE``: see ``games._compile``.

It lives in ``games._compile`` now, shared with Tron's compiled Voronoi race; this module
re-exports it so the engine's imports (and anyone else's) keep working.
"""

from __future__ import annotations

from games._compile import ENGINE, jit

__all__ = ["ENGINE", "jit"]
