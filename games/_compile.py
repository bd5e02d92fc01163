"""The switch between compiled and plain Python for the games' engines: ``jit`` and ``ENGINE``.

``jit`` is ``numba.njit(cache=True)`` when numba is installed, else the identity, so every
engine function is written once and runs either way with the same results. Set the environment
variable ``TREESEARCH_ENGINE=python`` to run plain Python with numba installed (the tests do,
to check both paths). Compiled functions are cached on disk by numba (``__pycache__``, or its
user cache when the package folder is read-only): the first process compiles for a few
seconds, later ones load. No engine function is recursive: numba's cache cannot reload some
recursive functions.

Used by the Railroad Ink engine (``games.railroad_ink.engine``, which re-exports it as
``games.railroad_ink.engine.compile``) and by Tron's Voronoi race (``games.tron.flood``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["ENGINE", "jit"]

_F = TypeVar("_F", bound=Callable[..., Any])


def _plain(function: _F) -> _F:
    return function


def _choose() -> tuple[str, Callable[[Any], Any]]:
    if os.environ.get("TREESEARCH_ENGINE", "").strip().lower() == "python":
        return "python", _plain
    try:
        import numba
    except ImportError:
        return "python", _plain
    return "numba", numba.njit(cache=True, nogil=True)


ENGINE, _jit = _choose()
"""``"numba"`` when the engines are compiled, ``"python"`` when they run as plain Python."""


def jit(function: _F) -> _F:
    """``function`` compiled by numba when the engines are compiled, else ``function`` itself."""
    compiled: _F = _jit(function)
    return compiled
