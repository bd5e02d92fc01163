"""Plugins as registry entries: a game, search or observer of another package, adapted.

Each adapter takes ``(name, source, object)``, the object an entry point loaded, and makes
the entry the command line uses like a bundled one (see ``treesearch.plugins`` for what a
plugin may register). A game's kind, when its plugin does not say, is inferred from its
seed-0 start, which is why adapting a game builds one start.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from observers.game_films import board_video, playthrough_film
from treesearch import Budget, InvalidArgumentError, Observer, TreeSearch, TreeSearchError
from treesearch.agents import AgentMaker
from treesearch.cli.catalog.observer_entries import ObserverEntry
from treesearch.cli.catalog.registry import Kind, fault_of, one_line
from treesearch.cli.catalog.searches import SearchEntry, SearchMaker, SearchOptions
from treesearch.cli.catalog.solo import solo_play
from treesearch.errors import PluginLoadError
from treesearch.game_entry import (
    DUEL_BOTS,
    BotEntry,
    BotOptions,
    GameEntry,
    GameOptions,
    Play,
    Problem,
)
from treesearch.plugins import (
    GamePlugin,
    SearchPlugin,
    accepted_keywords,
    infer_kind,
    search_kinds,
)

__all__ = ["game_from_plugin", "observer_from_plugin", "plugin_call", "search_from_plugin"]

_OFFERED = ("goal", "heuristic", "value", "budget", "rng")
_T = TypeVar("_T")


def plugin_call(what: str, fn: Callable[..., _T], **kwargs: Any) -> _T:
    """``fn(**kwargs)``, a plugin's own code: a fault of it is one line naming ``what`` failed.

    treesearch's own errors (a bad knob the plugin passed on) pass unchanged; anything else,
    ``sys.exit`` included, becomes a ``PluginLoadError``. Ctrl-C is not caught.

    Raises:
        PluginLoadError: ``fn`` raised or exited.
    """
    try:
        return fn(**kwargs)
    except TreeSearchError:
        raise
    except (Exception, SystemExit) as exc:
        raise PluginLoadError(one_line(f"{what} failed: {fault_of(exc)}")) from exc


def _label(state: Any) -> str:
    """The move that made the state; else its key; else its repr."""
    if hasattr(state, "move"):
        return "start" if state.move is None else str(state.move)
    key = getattr(state, "key", None)
    return str(key()) if callable(key) else repr(state)


def _first_return(state: Any) -> float:
    """A score game's default value: its reward at the end, 0 before."""
    if state.is_terminal():
        return float(state.returns()[0])
    return 0.0


def _defaults(plugin: GamePlugin, kind: Kind, start: Any) -> dict[str, Any]:
    """The goal, heuristic, value and score of a game, from its plugin or its states."""
    goal = plugin.goal
    if goal is None and kind == "path" and callable(getattr(start, "is_goal", None)):
        goal = lambda s: bool(s.is_goal())  # noqa: E731
    heuristic = plugin.heuristic
    if heuristic is None and callable(getattr(start, "heuristic", None)):
        heuristic = lambda s: float(s.heuristic())  # noqa: E731
    value, score = plugin.value, None
    if kind == "score":
        value = value or _first_return
        score = _first_return if callable(getattr(start, "returns", None)) else value
    return {
        "goal": goal,
        "heuristic": heuristic or (lambda s: 0.0),
        "value": value,
        "score": score,
    }


def game_from_plugin(name: str, source: str, obj: Any) -> GameEntry:
    """The game entry of a ``GamePlugin``, a bare ``make(*, seed=0, size=None)``, or an entry.

    A ``GameEntry`` (the command line's own description of a game) is taken as it is, under
    the entry point's name: everything a bundled game has, bots and ``play`` included.

    Raises:
        InvalidArgumentError: the object is none of them.
    """
    if isinstance(obj, GameEntry):
        return dataclasses.replace(obj, name=name, source=source)
    if isinstance(obj, GamePlugin):
        plugin = obj
    elif callable(obj):
        plugin = GamePlugin(make=obj)
    else:
        raise InvalidArgumentError(
            f"a treesearch.games entry must be a GamePlugin, a GameEntry or make(*, seed=0, "
            f"size=None), got {obj!r}"
        )
    start = plugin.make(seed=0, size=None)
    kind: Kind = plugin.kind or infer_kind(start)
    hooks = _defaults(plugin, kind, start)
    label = plugin.label or _label

    def make(args: GameOptions) -> Problem:
        size = args.size if args.size_given else None
        seed = args.seed
        start = plugin_call(
            f"game plugin {name!r} ({source}) making its start for seed {seed}",
            plugin.make,
            seed=seed,
            size=size,
        )
        return Problem(
            name,
            kind,
            start,
            hooks["goal"],
            hooks["heuristic"],
            label,
            f"{name} (seed {seed})",
            value=hooks["value"],
            score=hooks["score"],
        )

    return GameEntry(
        name,
        kind,
        plugin.help or f"a {kind} game of {source}",
        make,
        None if plugin.renderer is None else board_video(plugin.renderer),
        no_video=f"its plugin ({source}) gives no renderer",
        source=source,
        play=_play(name, source, kind, plugin),
        options=("size",),
    )


def _given(maker: AgentMaker) -> Callable[[BotOptions], AgentMaker]:
    """A plugin bot's maker: the plugin's agent maker, whatever the options."""
    return lambda options: maker


def _play(name: str, source: str, kind: Kind, plugin: GamePlugin) -> Play:
    """How a plugin's game plays: its bots (then, for a duel, a random player), its film.

    A score game with bots plays whole games by ``solo_play``.
    """
    own = tuple(
        BotEntry(name, short, kind, f"a bot of {source}", _given(maker), source)
        for short, maker in plugin.bots.items()
    )
    if kind == "score" and own:
        return Play(
            bots=own,
            default=(own[0].short,),
            solo=solo_play(plugin.renderer),
            solo_video=plugin.renderer is not None,
        )
    if kind != "duel":
        return Play()
    extra = tuple(b for b in DUEL_BOTS if b.short not in plugin.bots)
    film = None if plugin.renderer is None else playthrough_film(plugin.renderer)
    return Play(bots=own + extra, film=film)


def _maker(
    name: str, make: Callable[..., Any], kind: Kind, accepted: tuple[str, ...]
) -> SearchMaker:
    def build(p: Problem, b: Budget, a: SearchOptions) -> TreeSearch:
        value = p.value if kind != "path" else (lambda s: -p.heuristic(s))
        offered = {
            "goal": p.goal,
            "heuristic": p.heuristic,
            "value": value,
            "budget": b,
            "rng": a.seed,
        }
        search = plugin_call(
            f"search plugin {name!r} making its search",
            make,
            **{k: offered[k] for k in accepted},
        )
        if not isinstance(search, TreeSearch):
            raise InvalidArgumentError(
                f"search plugin {make!r} made {search!r}, not a treesearch.TreeSearch"
            )
        return search

    return build


def search_from_plugin(name: str, source: str, obj: Any) -> SearchEntry:
    """The search entry of a ``SearchPlugin``, a ``TreeSearch`` subclass or a factory.

    Raises:
        InvalidArgumentError: not callable, or no kinds of game declared or inferable.
    """
    if isinstance(obj, SearchPlugin):
        plugin = obj
    elif callable(obj):
        plugin = SearchPlugin(obj, search_kinds(obj))
    else:
        raise InvalidArgumentError(
            f"a treesearch.searches entry must be a TreeSearch subclass, a factory or a "
            f"SearchPlugin, got {obj!r}"
        )
    accepted = accepted_keywords(plugin.make, _OFFERED)
    makers = {kind: _maker(name, plugin.make, kind, accepted) for kind in plugin.kinds}
    return SearchEntry(
        name,
        plugin.title or name,
        plugin.help or f"a search of {source}",
        makers,
        source,
        options=(),  # a plugin's search is offered no --iterations or --depth
    )


def observer_from_plugin(name: str, source: str, obj: Any) -> ObserverEntry:
    """The observer entry of an ``Observer`` subclass or a zero-argument factory.

    Raises:
        InvalidArgumentError: the object is not callable.
    """
    if not callable(obj):
        raise InvalidArgumentError(
            f"a treesearch.observers entry must be an Observer subclass or factory, got {obj!r}"
        )
    doc = (getattr(obj, "__doc__", None) or "").strip().splitlines()
    help = doc[0] if doc else f"an observer of {source}"

    def make() -> Any:
        observer = plugin_call(f"observer plugin {name!r} ({source}) making its observer", obj)
        if not (isinstance(observer, Observer) or callable(getattr(observer, "notify", None))):
            raise InvalidArgumentError(
                f"observer plugin {name!r} made {observer!r}, not a treesearch.Observer"
            )
        return observer

    return ObserverEntry(name, help, "any", source, make)
