"""Observers of the command line, as a registry: bundled ones and ``treesearch.observers``."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from observers import ProgressObserver
from treesearch.cli.catalog.registry import Registry

__all__ = ["OBSERVERS", "ObserverEntry"]


@dataclass(frozen=True)
class ObserverEntry:
    """An observer the command line attaches: by the option in its help, or by name.

    ``make`` (no arguments) builds one for ``run --observers NAME,...``; None: only the
    command named in the help attaches it.
    """

    name: str
    help: str
    kind: str = "any"
    source: str = "bundled"
    make: Callable[[], Any] | None = None


OBSERVERS: Registry[ObserverEntry] = Registry(
    "observer",
    "treesearch.observers",
    (
        ObserverEntry(
            "progress",
            "a progress bar on stderr (run --progress, or --observers)",
            make=lambda: ProgressObserver(file=sys.stderr),
        ),
        ObserverEntry("video", "frames of the search drawn by the game's renderer (video)"),
        ObserverEntry("recording", "the events of a run, in order (demo's backtracking trace)"),
        ObserverEntry("playthrough", "a played game shown to a video (play --video)"),
    ),
)
