"""What the command line knows: its games, searches, bots and observers, as registries.

Every game, search, bot and observer is an entry of a ``Registry`` (name, one-line help,
kind, source, maker). Games come in three kinds (``Kind``): path problems, score games and
duels; each search serves some kinds, and a pairing of another kind is refused with the
reason and what fits. An adapter of another library's games may answer names with a prefix
(``add_prefixed``: ``openspiel:NAME``).

A game's entry (``treesearch.game_entry.GameEntry``) describes it to the command line: its
kind, its own options (``knobs``), its renderer, its bots and how a match of it is played;
no command tests a game's name, and this package names none. The bundled games come as
plugin games do, through the ``treesearch.games`` entry points of this distribution (each
game's ``entry`` module), loaded when the catalog is; ``BOTS`` lists their bots.

Plugins add games, searches and observers through entry points (``treesearch.plugins``):
``discover_plugins`` reads their names (the command line does it once per command), and
each is imported when first named.

Modules, each importing only those above it: ``registry`` (``Registry``, ``Kind``,
``lookup``), ``observer_entries``, ``searches``, ``solo`` (whole one-player games by one
agent), ``plugin_entries`` (plugin objects as entries), ``replay`` (what traces and HTML
replays need).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable

from observers.game_films import board_video, hold_frames, playthrough_film
from treesearch import InvalidArgumentError
from treesearch.cli.catalog.observer_entries import OBSERVERS, ObserverEntry
from treesearch.cli.catalog.plugin_entries import (
    game_from_plugin,
    observer_from_plugin,
    search_from_plugin,
)
from treesearch.cli.catalog.registry import KINDS, Kind, Registry, lookup, suggest, warn
from treesearch.cli.catalog.searches import (
    ITERATIONS,
    SEARCH_KNOBS,
    SEARCHES,
    SearchEntry,
    SearchOptions,
)
from treesearch.game_entry import DUEL_BOTS, BotEntry, GameEntry, GameOption

__all__ = [
    "BOTS",
    "GAMES",
    "ITERATIONS",
    "KINDS",
    "OBSERVERS",
    "SEARCHES",
    "SEARCH_KNOBS",
    "Kind",
    "ObserverEntry",
    "Registry",
    "SearchEntry",
    "SearchOptions",
    "add_prefixed",
    "board_video",
    "check_pairing",
    "discover_plugins",
    "game_entry",
    "game_knobs",
    "hold_frames",
    "lookup",
    "playthrough_film",
    "prefixed",
    "search_entry",
    "searches_for",
    "seeded",
    "suggest",
    "warn",
]

GAMES: Registry[GameEntry] = Registry(
    "game", "treesearch.games", (), game_from_plugin, bundled_from="treesearch"
)
SEARCHES.adapt = search_from_plugin
OBSERVERS.adapt = observer_from_plugin


def _bundled_bots(games: Iterable[GameEntry]) -> list[BotEntry]:
    """The bundled games' own bots, in the games' order, then the bots of any duel."""
    found: dict[str, BotEntry] = {}
    for game in games:
        for bot in game.play.bots:
            if bot not in DUEL_BOTS:
                found.setdefault(bot.name, bot)
    return [*found.values(), *DUEL_BOTS]


BOTS: Registry[BotEntry] = Registry("bot", "treesearch.bots", _bundled_bots(GAMES.values()))
"""Every bot of the bundled games, named ``family/name`` (``tron/heuristic``), for ``list``."""


def game_knobs() -> list[GameOption]:
    """The options the registered games declare (``GameEntry.knobs``), in ``--help`` order.

    Options of the same name are one: the first game's declaration counts.
    """
    found: dict[str, GameOption] = {}
    for game in GAMES.values():
        for knob in game.knobs:
            found.setdefault(knob.dest, knob)
    return sorted(found.values(), key=lambda knob: knob.order)


_PREFIXED: dict[str, tuple[Callable[[str], GameEntry], str]] = {}


def add_prefixed(prefix: str, make: Callable[[str], GameEntry], what: str) -> None:
    """Answer game names starting with ``prefix`` by ``make(name)`` (``openspiel:NAME``).

    ``what`` says in an error what such a name is (``"an OpenSpiel game"``).
    """
    _PREFIXED[prefix] = (make, what)


def prefixed() -> list[str]:
    """The prefixes of game names that adapters answer (``["openspiel:"]``)."""
    return list(_PREFIXED)


def discover_plugins() -> list[str]:
    """Read the plugins' entry points again (nothing imported); return clash warnings."""
    return [w for r in (GAMES, SEARCHES, OBSERVERS) for w in r.discover()]


def game_entry(name: str) -> GameEntry:
    """The game called ``name``: a registered one, or one with an adapter's prefix.

    Raises:
        InvalidArgumentError: an unknown name (with a near miss and the list), or an
            adapter's game that cannot be had.
        PluginLoadError: the game's plugin fails to load.
    """
    for prefix, (make, _) in _PREFIXED.items():
        if name.startswith(prefix):
            return make(name)
    if name not in GAMES and name not in GAMES.pending and name not in GAMES.failed:
        names = GAMES.names()
        more = "".join(f", or {p}NAME for {what}" for p, (_, what) in _PREFIXED.items())
        raise InvalidArgumentError(
            f"unknown game {name!r}{suggest(name, names)}; choose from: {', '.join(names)}{more}"
        )
    return GAMES.get_entry(name)


def seeded(args: argparse.Namespace, seed: int) -> argparse.Namespace:
    """A copy of ``args`` with another ``seed`` (an instance of a comparison, a game)."""
    return argparse.Namespace(**{**vars(args), "seed": seed})


def searches_for(kind: Kind, plugins: bool = True) -> list[str]:
    """The names of the searches that serve games of ``kind``.

    With ``plugins``, every search plugin is loaded first (a failing one is a warning).
    """
    if plugins:
        for message in SEARCHES.load_all():
            warn(message)
    return [name for name, entry in SEARCHES.items() if kind in entry.kinds]


_WHY = {
    "path": "is a one-player path problem without players",
    "score": "is a one-player game scored at its end, without a goal state or opponent",
    "duel": "is a two-player game without a goal state",
}
_NEEDS = {
    "path": "looks for a goal state",
    "score": "ranks states by a one-player score",
    "duel": "plays two-player games (it needs players and rewards)",
}


def search_entry(name: str, game: GameEntry) -> SearchEntry:
    """The search called ``name``, checked to make sense for ``game``.

    Raises:
        InvalidArgumentError: an unknown name, or a search that does not fit the game.
    """
    entry = SEARCHES.get_entry(name)
    check_pairing(entry, game)
    return entry


def check_pairing(search: SearchEntry, game: GameEntry) -> None:
    """Refuse a search that makes no sense for the game, saying why and what fits.

    Raises:
        InvalidArgumentError: the search serves other kinds of game.
    """
    if game.kind in search.kinds:
        return
    needs = " or ".join(_NEEDS[k] for k in search.kinds)
    raise InvalidArgumentError(
        f"search {search.name!r} does not apply to game {game.name!r}: {search.name} {needs}, "
        f"and {game.name} {_WHY[game.kind]}; for {game.name} use one of: "
        f"{', '.join(searches_for(game.kind))}"
    )
