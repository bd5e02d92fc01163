"""Registries: every game, search, bot and observer the command line knows, by name.

A ``Registry`` is a dict of entries that knows what it holds ("game", "search"), its
bundled entries (``source="bundled"``: given, or the entry points of this distribution, as
the bundled games are) and the entry point group plugins fill it from
(``treesearch.games``...). ``discover()`` reads the group's names without importing
anything; an entry is imported and adapted into a registry entry when first named
(``get_entry``) or when every entry is needed (``load_all``, for ``list``). A plugin
whose name a bundled entry has is left out with a warning; one that fails to load (it
raises, calls ``sys.exit``, or hands over an object its group does not take) is remembered
with its distribution and a one-line error, and the others keep working; Ctrl-C during a
plugin's import still stops the command. Every lookup goes through ``get_entry``: an unknown
name is one error naming the closest names and listing them all.
"""

from __future__ import annotations

import contextlib
import difflib
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Protocol, TypeVar

from treesearch import InvalidArgumentError
from treesearch.plugins import KINDS, Kind, PluginLoadError, PluginRef, discover

__all__ = [
    "KINDS",
    "Adapter",
    "Kind",
    "Named",
    "Registry",
    "fault_of",
    "lookup",
    "one_line",
    "suggest",
    "warn",
]


def warn(message: str) -> None:
    """Print a warning of the command line on stderr."""
    print(f"treesearch: warning: {message}", file=sys.stderr)


class Named(Protocol):
    """What a registry holds: an entry with a name and where it comes from."""

    @property
    def name(self) -> str:
        """The name on the command line."""
        ...

    @property
    def source(self) -> str:
        """``"bundled"``, or the distribution of a plugin."""
        ...


_E = TypeVar("_E", bound=Named)
_V = TypeVar("_V")

Adapter = Callable[[str, str, Any], _E]
"""``(name, source, loaded object) -> entry``: makes a registry entry of a plugin's object."""


def one_line(text: str) -> str:
    """``text`` on one line: its lines joined by `` / `` (a plugin's message may span many)."""
    return " / ".join(line.strip() for line in text.splitlines() if line.strip())


def fault_of(exc: BaseException) -> str:
    """What a plugin did wrong, in words: ``it called sys.exit(3)`` or ``ValueError: ...``."""
    if isinstance(exc, SystemExit):
        return f"it called sys.exit({exc.code!r})"
    return f"{type(exc).__name__}: {exc}"


def suggest(name: str, names: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``names``, or an empty string."""
    close = difflib.get_close_matches(name, list(names), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def lookup(what: str, name: str, table: Mapping[str, _V]) -> _V:
    """The entry called ``name``, or an error suggesting the closest name and listing all.

    Raises:
        InvalidArgumentError: no entry has that name.
    """
    if name in table:
        return table[name]
    raise InvalidArgumentError(
        f"unknown {what} {name!r}{suggest(name, table)}; choose from: {', '.join(table)}"
    )


class Registry(dict[str, _E]):
    """Entries by name, bundled first, then plugins in the order they were loaded.

    Args:
        what: what an entry is, for messages ("game", "search").
        group: the entry point group plugins fill it from.
        entries: the bundled entries.
        adapt: makes an entry of a plugin's loaded object (None: no plugins).
        bundled_from: the distribution whose entry points of ``group`` are bundled entries
            too (``"treesearch"``): they are loaded at once, with ``source="bundled"``, in the
            order of their ``order`` attribute; None: none.
    """

    def __init__(
        self,
        what: str,
        group: str,
        entries: Iterable[_E] = (),
        adapt: Adapter[_E] | None = None,
        bundled_from: str | None = None,
    ) -> None:
        super().__init__()
        self.what, self.group, self.adapt = what, group, adapt
        self.bundled_from = bundled_from
        for entry in entries:
            self.add(entry)
        for entry in self._bundled_entry_points():
            self.add(entry)
        self.bundled = frozenset(self)
        self.plugins: set[str] = set()
        """The names of the plugins loaded since the last ``discover``."""
        self.pending: dict[str, PluginRef] = {}
        self.failed: dict[str, tuple[PluginRef, str]] = {}

    def _bundled_entry_points(self) -> list[_E]:
        """The entries of ``bundled_from``'s entry points, loaded, in their ``order``."""
        if self.adapt is None or self.bundled_from is None:
            return []
        adapt = self.adapt
        found = [
            adapt(ref.name, "bundled", ref.load())
            for ref in discover(self.group)
            if ref.distribution == self.bundled_from
        ]
        return sorted(found, key=lambda entry: int(getattr(entry, "order", 0)))

    def add(self, entry: _E) -> None:
        """Register ``entry``; a name already taken is refused.

        Raises:
            InvalidArgumentError: the name is taken.
        """
        if entry.name in self:
            raise InvalidArgumentError(
                f"{self.what} {entry.name!r} from {entry.source!r} clashes with the one from "
                f"{self[entry.name].source!r}; names must be unique"
            )
        self[entry.name] = entry

    @contextlib.contextmanager
    def registered(self, entry: _E) -> Iterator[_E]:
        """Register ``entry`` for a block (a script's or a test's own game), then drop it.

        Raises:
            InvalidArgumentError: the name is taken.
        """
        self.add(entry)
        try:
            yield entry
        finally:
            if self.get(entry.name) is entry:
                del self[entry.name]

    def discover(self) -> list[str]:
        """Forget loaded plugins and read the group's entry points again (nothing imported).

        Entries added by ``add`` (not from a plugin) stay.

        Returns:
            A warning for each plugin left out: its name is bundled (bundled wins) or taken
            by an earlier plugin (the first found wins).
        """
        for name in self.plugins:
            self.pop(name, None)
        self.plugins.clear()
        self.pending.clear()
        self.failed.clear()
        if self.adapt is None:
            return []
        warnings: list[str] = []
        for ref in discover(self.group):
            if ref.distribution == self.bundled_from:
                continue  # loaded with the registry
            if ref.name in self:
                which = "bundled" if ref.name in self.bundled else "registered"
                warnings.append(
                    f"{self.what} {ref.name!r} of plugin {ref.source} ({ref.value}) clashes "
                    f"with the {which} {self.what} {ref.name!r}; the {which} one is used"
                )
            elif ref.name in self.pending:
                first = self.pending[ref.name]
                warnings.append(
                    f"{self.what} {ref.name!r} comes from plugins {first.source} and "
                    f"{ref.source}; the one from {first.source} is used"
                )
            else:
                self.pending[ref.name] = ref
        return warnings

    def names(self) -> list[str]:
        """Every name: bundled, loaded and not yet loaded plugins (failed ones left out)."""
        return [*self, *(n for n in self.pending if n not in self)]

    def _load(self, name: str) -> _E:
        """Import and adapt the plugin ``name``; any fault of it becomes a ``PluginLoadError``.

        A plugin that raises, calls ``sys.exit`` or hands over an object of the wrong kind is
        remembered as failed with a one-line message, so ``list`` shows it and the other
        plugins keep working. Ctrl-C (``KeyboardInterrupt``) still stops the command.
        """
        if name in self.failed:
            raise PluginLoadError(self.failed[name][1])
        ref = self.pending.pop(name)
        assert self.adapt is not None
        try:
            entry = self.adapt(name, ref.source, ref.load())
        except PluginLoadError as exc:
            message = one_line(str(exc))
            self.failed[name] = (ref, message)
            raise PluginLoadError(message) from exc
        except (Exception, SystemExit) as exc:  # a third party's code: whatever went wrong
            message = one_line(
                f"{self.what} plugin {name!r} ({ref.value}) from {ref.source} cannot be "
                f"used: {fault_of(exc)}"
            )
            self.failed[name] = (ref, message)
            raise PluginLoadError(message) from exc
        self[name] = entry
        self.plugins.add(name)
        return entry

    def load_all(self) -> list[str]:
        """Load every plugin not loaded yet; return a message for each that fails now."""
        messages = []
        for name in list(self.pending):
            try:
                self._load(name)
            except PluginLoadError as exc:
                messages.append(str(exc))
        return messages

    def get_entry(self, name: str) -> _E:
        """The entry called ``name``, importing its plugin if needed (see ``lookup``).

        Raises:
            InvalidArgumentError: no entry has that name.
            PluginLoadError: its plugin fails to load (with its distribution and error).
        """
        if name in self:
            return self[name]
        if name in self.pending or name in self.failed:
            return self._load(name)
        names = self.names()
        raise InvalidArgumentError(
            f"unknown {self.what} {name!r}{suggest(name, names)}; choose from: {', '.join(names)}"
        )
