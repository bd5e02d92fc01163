"""What the command line knows: its games, searches, bots and observers, as registries.

Every game, search, bot and observer is an entry of a ``Registry`` (name, one-line help,
kind, source, maker). Games come in three kinds (``Kind``): path problems, score games and
duels; each search serves some kinds, and a pairing of another kind is refused with the
reason and what fits. ``openspiel:NAME`` names any installed OpenSpiel game.

A game's entry describes it to the command line: its kind, its options, its renderer, its
bots and how a match of it is played (``GameEntry.play``); no command tests a game's name.

Plugins add games, searches and observers through entry points (``treesearch.plugins``):
``discover_plugins`` reads their names (the command line does it once per command), and
each is imported when first named.

Modules, each importing only those above it: ``registry`` (``Registry``, ``Kind``,
``lookup``), ``problem`` (``Problem``, ``GameEntry`` and how it plays: ``Play``,
``BotEntry``), ``observer_entries``, ``bot_entries`` (the bundled bots, as
``treesearch.match`` agent makers), ``path_games``, ``tictactoe_game``, ``railroad_ink``,
``tron``, ``boards`` and ``openspiel_games`` (the games, each entry with all the command line
needs of it), ``searches``, ``solo`` (whole one-player games by one agent), ``plugin_entries``
(plugin objects as entries).
"""

from __future__ import annotations

from treesearch import InvalidArgumentError
from treesearch.cli.catalog.boards import BOARD_GAMES, tron_start
from treesearch.cli.catalog.bot_entries import BOTS, DUEL_BOTS, TRON_SECONDS
from treesearch.cli.catalog.observer_entries import OBSERVERS, ObserverEntry
from treesearch.cli.catalog.openspiel_games import PREFIX, openspiel_entry
from treesearch.cli.catalog.path_games import PATH_GAMES, SEED_TREE
from treesearch.cli.catalog.plugin_entries import (
    game_from_plugin,
    observer_from_plugin,
    search_from_plugin,
)
from treesearch.cli.catalog.problem import (
    GAME_KNOBS,
    BotEntry,
    BotOptions,
    FilmMaker,
    Forecast,
    GameEntry,
    GameOptions,
    Play,
    Problem,
    SoloResult,
    VideoMaker,
    VideoOptions,
    board_video,
    hold_frames,
    playthrough_film,
    seeded,
)
from treesearch.cli.catalog.registry import KINDS, Kind, Registry, lookup, suggest, warn
from treesearch.cli.catalog.searches import (
    ITERATIONS,
    SEARCH_KNOBS,
    SEARCHES,
    SearchEntry,
    SearchOptions,
)

__all__ = [
    "BOTS",
    "DUEL_BOTS",
    "GAMES",
    "GAME_KNOBS",
    "ITERATIONS",
    "KINDS",
    "OBSERVERS",
    "PREFIX",
    "SEARCHES",
    "SEARCH_KNOBS",
    "SEED_TREE",
    "TRON_SECONDS",
    "BotEntry",
    "BotOptions",
    "FilmMaker",
    "Forecast",
    "GameEntry",
    "GameOptions",
    "Kind",
    "ObserverEntry",
    "Play",
    "Problem",
    "Registry",
    "SearchEntry",
    "SearchOptions",
    "SoloResult",
    "VideoMaker",
    "VideoOptions",
    "board_video",
    "check_pairing",
    "discover_plugins",
    "game_entry",
    "hold_frames",
    "lookup",
    "playthrough_film",
    "search_entry",
    "searches_for",
    "seeded",
    "suggest",
    "tron_start",
    "warn",
]

GAMES: Registry[GameEntry] = Registry(
    "game", "treesearch.games", (*PATH_GAMES, *BOARD_GAMES), game_from_plugin
)
SEARCHES.adapt = search_from_plugin
OBSERVERS.adapt = observer_from_plugin


def discover_plugins() -> list[str]:
    """Read the plugins' entry points again (nothing imported); return clash warnings."""
    return [w for r in (GAMES, SEARCHES, OBSERVERS) for w in r.discover()]


def game_entry(name: str) -> GameEntry:
    """The game called ``name``: a registered one, or ``openspiel:NAME``.

    Raises:
        InvalidArgumentError: an unknown name (with a near miss and the list), or an
            OpenSpiel game that cannot be had.
        PluginLoadError: the game's plugin fails to load.
    """
    if name.startswith(PREFIX):
        return openspiel_entry(name)
    if name not in GAMES and name not in GAMES.pending and name not in GAMES.failed:
        names = GAMES.names()
        raise InvalidArgumentError(
            f"unknown game {name!r}{suggest(name, names)}; choose from: {', '.join(names)}, "
            f"or {PREFIX}NAME for an OpenSpiel game"
        )
    return GAMES.get_entry(name)


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
