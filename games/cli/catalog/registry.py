"""Registries: every game, search, bot and observer the command line knows, by name.

A ``Registry`` is a dict of entries that knows what it holds ("game", "search") and the
entry point group a later change fills it from (``treesearch.games``...): today every
entry is ``source="bundled"``; a plugin loader adds entries with their distribution as the
source. Every lookup goes through ``Registry.get_entry``: an unknown name is one error
naming the closest names and listing them all.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Literal, Protocol, TypeVar

from treesearch import InvalidArgumentError

__all__ = ["KINDS", "Kind", "Named", "Registry", "lookup", "suggest"]

Kind = Literal["path", "score", "duel"]
"""``"path"``: a start, a goal and step costs; ``"score"``: one player maximising a final
score; ``"duel"``: two players with rewards."""

KINDS: tuple[Kind, ...] = ("path", "score", "duel")


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
    """Entries by name, in the order they were added.

    Args:
        what: what an entry is, for messages ("game", "search").
        group: the entry point group that plugins will fill it from.
        entries: the bundled entries.
    """

    def __init__(self, what: str, group: str, entries: Iterable[_E] = ()) -> None:
        super().__init__()
        self.what, self.group = what, group
        for entry in entries:
            self.add(entry)

    def add(self, entry: _E) -> None:
        """Register ``entry``; a name already taken is refused (bundled entries win).

        Raises:
            InvalidArgumentError: the name is taken.
        """
        if entry.name in self:
            raise InvalidArgumentError(
                f"{self.what} {entry.name!r} from {entry.source!r} clashes with the one from "
                f"{self[entry.name].source!r}; names must be unique"
            )
        self[entry.name] = entry

    def get_entry(self, name: str) -> _E:
        """The entry called ``name`` (see ``lookup``)."""
        return lookup(self.what, name, self)
