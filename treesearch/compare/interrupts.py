"""Ctrl-C and SIGTERM for long work: stop at once, say which signal came, lose nothing finished.

A search turns Ctrl-C (``KeyboardInterrupt``) into a result with its best answer so far
(``Status.INTERRUPTED``). That is right for one search, but code that calls searches in a
loop (a bot playing a whole game, a game's own setup) may not look at the status and carry
on, so one Ctrl-C ends one search and the work goes on. Two ways to take a signal here:

- ``stopping()``: SIGINT and SIGTERM raise ``Stopped``, which is not a ``KeyboardInterrupt``,
  so no search can swallow it: the job under way is abandoned. The comparison harness and
  ``play``'s loop of games use it; what had finished is kept by them.
  ``held()`` defers a signal over the few lines that record a finished job.
- ``deferred()``: for saving what finished (ending workers, writing a partial table): a
  first signal is only noted, a second one raises ``Stopped``.
- ``Watch.watching()``: the command line's. The first signal is remembered and raised as a
  ``KeyboardInterrupt`` (a search still ends with its best so far); ``Watch.code`` turns
  the command's exit code into ``128 + signal`` even when some code swallowed it; a second
  signal raises ``Stopped``. While ``Watch.abandon`` is true (a game's setup, before any
  result exists) the first signal raises ``Stopped`` too. ``stopping()`` inside it tells
  the watch which signal came.

Python runs signal handlers in the main thread only; elsewhere both do nothing. A signal
that is ignored (``SIG_IGN``, e.g. SIGINT of a background job) stays ignored.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

__all__ = [
    "SIGNALS",
    "Deferred",
    "Interrupted",
    "Stopped",
    "Watch",
    "deferred",
    "exit_code",
    "held",
    "signal_name",
    "stopping",
]

SIGNALS: tuple[int, ...] = (int(signal.SIGINT), int(signal.SIGTERM))
"""The signals taken: Ctrl-C, and the polite request to end (``kill``, a scheduler)."""

_Handler = Callable[[int, FrameType | None], None]


class Stopped(BaseException):
    """A signal stopped the work; not a ``KeyboardInterrupt``, so no search swallows it."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"stopped by {signal_name(signum)}")
        self.signum = signum

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.signum,)


class Interrupted(KeyboardInterrupt):
    """Work that ran jobs was stopped by ``signum``; what had finished was kept.

    A ``KeyboardInterrupt``, so a caller that does not look for it stops as on any Ctrl-C.
    """

    def __init__(self, signum: int, message: str = "") -> None:
        super().__init__(message or f"stopped by {signal_name(signum)}")
        self.signum = signum

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.signum, *self.args)


def signal_name(signum: int) -> str:
    """``SIGINT (Ctrl-C)``, ``SIGTERM``: a signal's name for messages."""
    try:
        name = signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"
    return f"{name} (Ctrl-C)" if signum == signal.SIGINT else name


def exit_code(signum: int | None) -> int:
    """What a shell reports for a command ended by ``signum``: 128 + its number (130 if None)."""
    return 128 + (int(signal.SIGINT) if signum is None else signum)


@contextlib.contextmanager
def _handling(handler: _Handler) -> Iterator[None]:
    """``handler`` for SIGINT and SIGTERM inside the block (main thread only), then the old ones."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved: dict[int, Any] = {}
    try:
        for signum in SIGNALS:
            old = signal.getsignal(signum)
            if old is not signal.SIG_IGN:
                saved[signum] = signal.SIG_DFL if old is None else old
                signal.signal(signum, handler)
        yield
    finally:
        for signum, old in saved.items():
            signal.signal(signum, old)


class Watch:
    """The command line's watch over SIGINT and SIGTERM (see the module docstring)."""

    active: Watch | None = None
    """The watch in force, told by ``stopping()`` of the signals it takes."""

    def __init__(self) -> None:
        self.signum: int | None = None
        """The first signal that came, if any."""
        self.abandon = True
        """Raise ``Stopped`` at once (nothing to keep yet), not ``KeyboardInterrupt``."""

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        first = self.signum is None
        self.saw(signum)
        if first and not self.abandon:
            raise KeyboardInterrupt
        raise Stopped(signum)

    def saw(self, signum: int) -> None:
        """Remember ``signum`` unless an earlier signal came first."""
        if self.signum is None:
            self.signum = signum

    def check(self) -> None:
        """Raise ``Stopped`` if a signal came, even one that some code swallowed."""
        if self.signum is not None:
            raise Stopped(self.signum)

    def code(self, code: int) -> int:
        """The command's exit code: ``128 + signal`` once a signal came, else ``code``."""
        return code if self.signum is None else exit_code(self.signum)

    def stopped(self, exc: BaseException) -> int:
        """Say on stderr that ``exc`` (a signal's) ended the command; its exit code."""
        signum = getattr(exc, "signum", None)
        if isinstance(signum, int):
            self.saw(signum)
        if self.signum is None or self.signum == signal.SIGINT:
            print("treesearch: interrupted", file=sys.stderr)
        else:
            print(f"treesearch: stopped by {signal_name(self.signum)}", file=sys.stderr)
        return exit_code(self.signum)

    @classmethod
    @contextlib.contextmanager
    def watching(cls) -> Iterator[Watch]:
        """A new watch in force inside the block."""
        watch, outer = cls(), cls.active
        with _handling(watch._handle):
            cls.active = watch
            try:
                yield watch
            finally:
                cls.active = outer


class _Held:
    """How deep this thread is in ``held()`` blocks, and the signal that came meanwhile."""

    depth = 0
    pending: int | None = None


def _stop(signum: int, frame: FrameType | None) -> None:
    if Watch.active is not None:
        Watch.active.saw(signum)
    if _Held.depth:
        _Held.pending = signum if _Held.pending is None else _Held.pending
        return
    raise Stopped(signum)


@contextlib.contextmanager
def held() -> Iterator[None]:
    """Inside ``stopping()``: a signal waits until the block is done, then raises ``Stopped``.

    For the few lines that record a finished job: a result received must not be lost
    between its arrival and its bookkeeping. Outside the main thread (where no handler
    runs) it does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _Held.depth += 1
    try:
        yield
    finally:
        _Held.depth -= 1
        if not _Held.depth and _Held.pending is not None:
            signum, _Held.pending = _Held.pending, None
            raise Stopped(signum)


@contextlib.contextmanager
def stopping() -> Iterator[None]:
    """Inside the block SIGINT and SIGTERM raise ``Stopped`` (main thread; see the module)."""
    with _handling(_stop):
        yield


class Deferred:
    """The first signal that came inside ``deferred()`` (None: none came)."""

    def __init__(self) -> None:
        self.signum: int | None = None

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if Watch.active is not None:
            Watch.active.saw(signum)
        if self.signum is not None:
            raise Stopped(signum)  # a second signal: the saving itself must be stuck
        self.signum = signum


@contextlib.contextmanager
def deferred() -> Iterator[Deferred]:
    """Inside the block a first SIGINT or SIGTERM is only noted, a second raises ``Stopped``.

    For saving what finished (ending the workers, printing and writing a partial table):
    a signal pressed twice must not cut that short, a stuck save can still be stopped.
    Nothing is raised on leaving; the caller reads ``Deferred.signum``.
    """
    note = Deferred()
    with _handling(note._handle):
        yield note
