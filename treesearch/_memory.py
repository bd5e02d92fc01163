"""How much memory the process may still take, read from the system (Linux; None elsewhere).

A search without a budget on a game that never ends (DFS, backtracking or a random walk down
an endless line) grows until the machine runs out: Linux then kills the process without a
word, or Python raises a bare ``MemoryError`` under a ``ulimit``. ``RunContext`` asks
``memory_left()`` every ``CHECK_EVERY`` expansions (one look at ``/proc`` per tens of
milliseconds of search, nothing per node) and stops the run with an error naming the budget
to give while there is still room to say so.

What is counted: the smallest of the machine's available memory (``MemAvailable``), the
room left under a control group's limit (``memory.max``, cgroup v2) and under an address
space limit (``ulimit -v``). Anything unreadable counts as unknown (no check).
"""

from __future__ import annotations

import os
from pathlib import Path

try:
    import resource
except ImportError:  # pragma: no cover - Windows: no address space limit to read
    resource = None  # type: ignore[assignment]

__all__ = ["CHECK_EVERY", "memory_left"]

CHECK_EVERY = 1 << 16
"""Expansions between two looks at the memory left (about 70 us a look: 0.1% of a DFS)."""

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _read(path: str) -> str | None:
    try:
        return Path(path).read_text()
    except (OSError, ValueError):
        return None


def _meminfo(field: str) -> int | None:
    """A field of ``/proc/meminfo`` in bytes (``MemAvailable``, ``MemTotal``)."""
    text = _read("/proc/meminfo")
    if text is None:
        return None
    for line in text.splitlines():
        if line.startswith(field + ":"):
            parts = line.split()
            if len(parts) >= 2 and parts[1].isdigit():
                return int(parts[1]) * 1024
    return None


def _machine() -> tuple[int, int] | None:
    """(available, total) memory of the machine."""
    left, total = _meminfo("MemAvailable"), _meminfo("MemTotal")
    return None if left is None or total is None else (left, total)


def _cgroup() -> tuple[int, int] | None:
    """(room left, limit) under the control group's memory limit (cgroup v2), if it has one."""
    limit, used = _read("/sys/fs/cgroup/memory.max"), _read("/sys/fs/cgroup/memory.current")
    if limit is None or used is None or not limit.strip().isdigit() or not used.strip().isdigit():
        return None
    return int(limit) - int(used), int(limit)


def _address_space() -> tuple[int, int] | None:
    """(room left, limit) under ``ulimit -v`` (RLIMIT_AS), if one is set."""
    if resource is None:  # pragma: no cover
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    statm = _read("/proc/self/statm")
    if soft == resource.RLIM_INFINITY or statm is None:
        return None
    return int(soft) - int(statm.split()[0]) * _PAGE, int(soft)


def memory_left() -> int | None:
    """Bytes the process may allocate before the tightest limit's reserve; None if unknown.

    Negative once the process is inside the reserve: 5% of that limit, at least 64 MiB,
    kept so the error saying what to do can still be made.
    """
    found = [room for room in (_machine(), _cgroup(), _address_space()) if room is not None]
    if not found:
        return None
    return min(left - max(64 << 20, total // 20) for left, total in found)
