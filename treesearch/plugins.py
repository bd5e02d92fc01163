"""Plugins: games, searches and observers that other packages add, found by entry points.

A plugin package declares entry points in its ``pyproject.toml``; the command line lists
their names without importing anything and imports an entry when it is first named::

    [project.entry-points."treesearch.games"]
    puzzle8 = "puzzle8.plugin:GAME"          # a GamePlugin, or make(*, seed=0, size=None)
    [project.entry-points."treesearch.searches"]
    ida = "mysearch:IDAStar"                 # a TreeSearch subclass, or a SearchPlugin
    [project.entry-points."treesearch.observers"]
    depths = "puzzle8.plugin:DepthCounter"   # an Observer subclass or factory

This module imports no games, so a plugin depends on ``treesearch`` alone. A ``GamePlugin`` is
the simple form of a game (a ``make`` and a few hooks); a plugin that wants all a bundled
game has (its own options, videos, bots, how a match is played) names a
``treesearch.game_entry.GameEntry`` instead, as the bundled games do. The random-play
test of games with players (``check_random_play``) lives in ``treesearch.checks``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Literal

from treesearch.errors import InvalidArgumentError, PluginLoadError

__all__ = [
    "GROUPS",
    "KINDS",
    "GamePlugin",
    "Kind",
    "PluginLoadError",
    "PluginRef",
    "SearchPlugin",
    "discover",
    "infer_kind",
    "search_kinds",
]

Kind = Literal["path", "score", "duel"]
"""``"path"``: a start, a goal and step costs; ``"score"``: one player maximising a final
score; ``"duel"``: two (or more) players with rewards."""

KINDS: tuple[Kind, ...] = ("path", "score", "duel")

GROUPS = {
    "game": "treesearch.games",
    "search": "treesearch.searches",
    "observer": "treesearch.observers",
}
"""The entry point group of each kind of plugin."""


@dataclass(frozen=True)
class GamePlugin:
    """A game and what it offers, so the command line knows which searches fit and how to draw.

    Attributes:
        make: ``make(*, seed=0, size=None) -> start state``; ``size`` is ``--size`` when the
            user gave it, else None (the game's own default).
        kind: the kind of game; None infers it from the start state (``infer_kind``).
        goal: a path game's goal test (default: the states' ``is_goal()``).
        heuristic: a path game's distance-to-goal estimate, admissible for A* (default 0).
        value: a score game's value of a state (default: ``returns()[0]`` at the end, else
            0); a duel's cut-off value from player 0's view (default: play to the end).
        renderer: ``renderer(start) -> renderer`` for a ``VideoObserver`` (a
            ``TileRenderer`` or ``state -> RGB array``), given the start state so it can
            size itself; None: no videos.
        label: a short name of a state, for printed paths (default: ``str(state.move)``).
        help: one line for ``treesearch list``.
        bots: the game's bots for ``treesearch play`` and ``compare``, by name: each an
            agent maker ``make(seed) -> agent``, the agent an object with a ``name`` and
            ``choose(state) -> child`` (the protocol of ``treesearch.agents.Agent``). A duel also
            gets a random player and the duel searches; a score game's bot plays whole
            games from the start (``play --bot NAME``); with a ``renderer``, ``play
            --video`` films a game.
    """

    make: Callable[..., Any]
    kind: Kind | None = None
    goal: Callable[[Any], bool] | None = None
    heuristic: Callable[[Any], float] | None = None
    value: Callable[[Any], float] | None = None
    renderer: Callable[[Any], Any] | None = None
    label: Callable[[Any], str] | None = None
    help: str = ""
    bots: Mapping[str, Callable[[int], Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not callable(self.make):
            raise InvalidArgumentError(
                f"GamePlugin make must be callable as make(*, seed=0, size=None), got {self.make!r}"
            )
        if self.kind is not None and self.kind not in KINDS:
            raise InvalidArgumentError(
                f"GamePlugin kind must be one of {', '.join(KINDS)} or None, got {self.kind!r}"
            )
        for name in ("goal", "heuristic", "value", "renderer", "label"):
            hook = getattr(self, name)
            if hook is not None and not callable(hook):
                raise InvalidArgumentError(f"GamePlugin {name} must be callable, got {hook!r}")
        _check_text("GamePlugin", "help", self.help)
        if not isinstance(self.bots, Mapping):
            raise InvalidArgumentError(
                f"GamePlugin bots must be a mapping of names to agent makers seed -> agent, "
                f"got {self.bots!r}"
            )
        for bot, maker in dict(self.bots).items():
            if not isinstance(bot, str) or not bot or not callable(maker):
                raise InvalidArgumentError(
                    f"GamePlugin bots must map names to agent makers seed -> agent, got "
                    f"{bot!r}: {maker!r}"
                )


@dataclass(frozen=True)
class SearchPlugin:
    """A search and the kinds of game it serves.

    ``make`` is a ``TreeSearch`` subclass or any callable returning a search; it is called
    with those of ``goal``, ``heuristic``, ``value``, ``budget`` and ``rng`` it accepts
    (by name, or all of them through ``**kwargs``).

    Attributes:
        make: the search class or factory.
        kinds: the kinds of game it serves.
        title: its name in tables (default: the entry point's name).
        help: one line for ``treesearch list``.
    """

    make: Callable[..., Any]
    kinds: tuple[Kind, ...]
    title: str = ""
    help: str = ""

    def __post_init__(self) -> None:
        if not callable(self.make):
            raise InvalidArgumentError(f"SearchPlugin make must be callable, got {self.make!r}")
        if (
            not isinstance(self.kinds, tuple)
            or not self.kinds
            or any(k not in KINDS for k in self.kinds)
        ):
            raise InvalidArgumentError(
                f"SearchPlugin kinds must be a non-empty tuple of {', '.join(KINDS)}, got "
                f"{self.kinds!r}"
            )
        _check_text("SearchPlugin", "title", self.title)
        _check_text("SearchPlugin", "help", self.help)


def _check_text(owner: str, name: str, text: Any) -> None:
    if not isinstance(text, str):
        raise InvalidArgumentError(f"{owner} {name} must be a str, got {text!r}")


def search_kinds(make: Callable[..., Any]) -> tuple[Kind, ...]:
    """The kinds a bare search class serves: its ``kinds`` attribute, else by its arguments.

    A search taking ``goal`` serves path games; one taking ``value`` serves score games.

    Raises:
        InvalidArgumentError: neither is declared nor accepted.
    """
    if not callable(make):
        raise InvalidArgumentError(
            f"a search plugin must be a TreeSearch subclass or a factory, got {make!r}"
        )
    declared = getattr(make, "kinds", None)
    if declared is not None:
        return SearchPlugin(make, tuple(declared)).kinds
    accepted = accepted_keywords(make, ("goal", "value"))
    pairs: tuple[tuple[Kind, str], ...] = (("path", "goal"), ("score", "value"))
    kinds = tuple(k for k, arg in pairs if arg in accepted)
    if not kinds:
        raise InvalidArgumentError(
            f"cannot tell which games {make!r} serves: it takes neither goal= nor value=; "
            "give it a 'kinds' class attribute or register a SearchPlugin(make, kinds=...)"
        )
    return kinds


def accepted_keywords(make: Callable[..., Any], names: tuple[str, ...]) -> tuple[str, ...]:
    """Those of ``names`` that ``make`` accepts as keyword arguments."""
    try:
        params = inspect.signature(make).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature: assume it takes all
        return names
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return names
    taken = {p.name for p in params if p.kind is not inspect.Parameter.POSITIONAL_ONLY}
    return tuple(n for n in names if n in taken)


def infer_kind(state: Any) -> Kind:
    """The kind of a game from its start state.

    ``player()`` and ``returns()`` -> ``"duel"``; ``is_goal()`` -> ``"path"``;
    ``returns()`` alone -> ``"score"``; anything else is a path problem to traverse.
    """
    has = {n for n in ("player", "returns", "is_goal") if callable(getattr(state, n, None))}
    if {"player", "returns"} <= has:
        return "duel"
    if "is_goal" in has:
        return "path"
    return "score" if "returns" in has else "path"


@dataclass(frozen=True)
class PluginRef:
    """An entry point found but not imported yet: its name, group and distribution."""

    name: str
    group: str
    value: str
    distribution: str
    version: str
    entry_point: metadata.EntryPoint

    @property
    def source(self) -> str:
        """Where it comes from, for listings: ``"treesearch-8puzzle 0.1.0"``."""
        return f"{self.distribution} {self.version}".strip()

    def load(self) -> Any:
        """Import the entry point's object.

        Raises:
            PluginLoadError: the import failed; naming the entry point, its distribution and
                the error.
        """
        try:
            return self.entry_point.load()
        except Exception as exc:  # any error of a third party's import is reported
            raise PluginLoadError(
                f"plugin {self.name!r} ({self.value}) from {self.source} failed to load: "
                f"{type(exc).__name__}: {exc}"
            ) from exc


def discover(group: str) -> Iterator[PluginRef]:
    """The entry points of ``group`` installed now (or on ``sys.path``), without importing.

    Raises:
        InvalidArgumentError: ``group`` is not one of ``GROUPS``.
    """
    if group not in GROUPS.values():
        raise InvalidArgumentError(
            f"group must be one of {', '.join(GROUPS.values())}, got {group!r}"
        )
    for ep in metadata.entry_points(group=group):
        dist = ep.dist
        name = dist.metadata["Name"] if dist is not None else "an unknown distribution"
        version = dist.version if dist is not None else ""
        yield PluginRef(ep.name, group, ep.value, str(name), str(version or ""), ep)
