"""The switch between compiled and plain Python for the games' engines: ``jit`` and ``ENGINE``.

``jit`` is ``numba.njit(cache=True)`` when numba is installed, else the identity, so every
engine function is written once and runs either way with the same results. The environment
variable ``TREESEARCH_ENGINE`` chooses: ``python`` runs plain Python with numba installed (the
tests do, to check both paths), ``numba`` or empty (unset) compiles when numba is installed;
any other value is refused when this module is first imported. Numba is imported here only,
so only by a game that runs an engine, never by the command line's ``list`` or ``--help``.

Compiled functions are cached on disk by numba (``__pycache__``, or its user cache when the
package folder is read-only): the first process compiles for a few seconds, later ones load.
Where neither is writable (a read-only install run without a writable home), the cache goes
to a folder of the system's temporary directory, or, failing that, there is no cache (every
process compiles); either is said once, as a ``RuntimeWarning``. ``NUMBA_CACHE_DIR`` chooses
the folder. No engine function is recursive: numba's cache cannot reload some recursive
functions.

Numba checks a cached function against its own source file only, yet compiles into it the
global arrays and the other compiled functions it uses, from other files: an edited table would
leave a stale, wrong engine in the cache. So every cached function is also keyed by a digest of
all the sources of the ``games`` package (``sources_digest``); any edit there recompiles.

Used by the Railroad Ink engine (``games.railroad_ink.engine``) and by Tron's Voronoi race
(``games.tron.flood``).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import warnings
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from treesearch.errors import InvalidArgumentError

__all__ = ["ENGINE", "ENGINES", "HOW_TO_COMPILE", "jit"]

_F = TypeVar("_F", bound=Callable[..., Any])

ENGINES = ("numba", "python")
"""The values ``TREESEARCH_ENGINE`` accepts (besides empty, which means ``numba``)."""


def _plain(function: _F) -> _F:
    return function


def _requested() -> str:
    """``TREESEARCH_ENGINE``, checked: ``"numba"``, ``"python"`` or ``""``."""
    raw = os.environ.get("TREESEARCH_ENGINE", "")
    value = raw.strip().lower()
    if value and value not in ENGINES:
        raise InvalidArgumentError(
            f"TREESEARCH_ENGINE must be 'python' (plain Python), 'numba' (compiled when "
            f"numba is installed) or empty (the same as numba), got {raw!r}"
        )
    return value


def _choose() -> tuple[str, Callable[[Any], Any], str]:
    if _requested() == "python":
        return "python", _plain, "TREESEARCH_ENGINE=python is set: unset it to compile the engines"
    try:
        import numba
    except ImportError:
        return "python", _plain, 'numba is not installed: pip install "treesearch[fast]"'
    return "numba", _compiler(numba), ""


def _compiler(numba: Any) -> Callable[[Any], Any]:
    """``numba.njit(cache=True)``, falling back to a temporary cache folder, then to no cache.

    Numba refuses ``cache=True`` (``RuntimeError: cannot cache function ...: no locator
    available``) when it can write neither beside the source nor in the user's cache folder.
    """
    tried = {"temp": False, "cache": True}

    def compile_one(function: Any) -> Any:
        if tried["cache"]:
            try:
                return _keyed(numba, numba.njit(cache=True, nogil=True)(function))
            except RuntimeError as exc:
                if "no locator available" not in str(exc):
                    raise
            if not tried["temp"]:
                tried["temp"] = True
                folder = _temporary_cache()
                if folder is not None:
                    numba.config.CACHE_DIR = folder
                    try:
                        compiled = _keyed(numba, numba.njit(cache=True, nogil=True)(function))
                    except RuntimeError:
                        pass
                    else:
                        _say(
                            "numba cannot cache the compiled engines beside the package or in "
                            f"the home folder (neither is writable): caching them in {folder} "
                            "(NUMBA_CACHE_DIR chooses the folder)"
                        )
                        return compiled
            tried["cache"] = False
            _say(
                "numba cannot cache the compiled engines anywhere (the package, the home "
                "folder and the temporary folder are not writable): every process compiles "
                "them anew, for a few seconds (NUMBA_CACHE_DIR names a writable folder)"
            )
        return numba.njit(cache=False, nogil=True)(function)

    return compile_one


@cache
def sources_digest(folder: Path = Path(__file__).parent) -> str:
    """A digest of every ``.py`` file under ``folder`` (names and contents), in hex."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*.py")):
        digest.update(path.relative_to(folder).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def _keyed(numba: Any, dispatcher: Any) -> Any:
    """``dispatcher`` with its cache valid only for today's sources of the package.

    Numba stamps a cache with its function's source file (modification time and size) and
    discards it when the stamp differs; the digest joins that stamp. Where a numba version
    keeps the stamp elsewhere, the function compiles without a cache rather than risk a stale one.
    """
    cache_file: Any = getattr(getattr(dispatcher, "_cache", None), "_cache_file", None)
    stamp = getattr(cache_file, "_source_stamp", None)
    if stamp is None:
        return numba.njit(cache=False, nogil=True)(dispatcher.py_func)
    cache_file._source_stamp = (stamp, sources_digest())
    return dispatcher


def _temporary_cache() -> str | None:
    """A writable cache folder in the system's temporary directory, or None."""
    getuid = getattr(os, "getuid", None)
    user = str(getuid()) if getuid is not None else "user"
    folder = os.path.join(tempfile.gettempdir(), f"treesearch-numba-{user}")
    try:
        os.makedirs(folder, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return None
    return folder


def _say(message: str) -> None:
    warnings.warn(message, RuntimeWarning, stacklevel=4)


ENGINE, _jit, HOW_TO_COMPILE = _choose()
"""``ENGINE``: ``"numba"`` when the engines are compiled, ``"python"`` when they run as plain
Python. ``HOW_TO_COMPILE``: with plain Python, why and what to do to compile (else empty)."""


def jit(function: _F) -> _F:
    """``function`` compiled by numba when the engines are compiled, else ``function`` itself."""
    compiled: _F = _jit(function)
    return compiled
