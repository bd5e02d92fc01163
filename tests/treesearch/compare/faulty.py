"""Entrants for the harness's fault tests: a plain score, and one that dies on one seed.

Shared by the process and the Ray tests, so both backends meet the same faults.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

__all__ = ["dies_on", "exit3", "interrupt", "sys_exit", "value"]


def value(seed: int) -> float:
    """A score that depends on the instance's seed alone."""
    return float(seed % 97)


def dies_on(victim: int, how: Callable[[], object]) -> Callable[[int], float]:
    """An entrant that calls ``how()`` on the instance seeded ``victim`` and scores the others."""

    def entrant(seed: int) -> float:
        if seed == victim:
            how()
        return value(seed)

    return entrant


def exit3() -> None:
    """The worker dies at once, with exit code 3 (no exception, no cleanup)."""
    os._exit(3)


def interrupt() -> None:
    """Ctrl-C inside the job."""
    raise KeyboardInterrupt


def sys_exit() -> None:
    """The job calls ``sys.exit(4)``."""
    sys.exit(4)
