"""``list``: every game, search, bot and observer the command line knows, a line each.

Each line gives the name, its kind (what games it fits), where it comes from (bundled,
or a plugin's distribution and version) and its one-line help; a last game line says that
any installed OpenSpiel game works. Listing imports every plugin (it shows what each
offers); one that fails is one line naming its distribution and the error.
"""

from __future__ import annotations

import argparse
import importlib.util
from typing import Any

from treesearch.cli.catalog import BOTS, GAMES, OBSERVERS, SEARCHES, Registry
from treesearch.cli.common import Work
from treesearch.cli.openspiel_games import PREFIX

__all__ = ["prepare_list"]


def _line(name: str, kind: str, source: str, help: str) -> str:
    return f"  {name:<22} {kind:<12} {source:<10} {help}"


def _broken(registry: Registry[Any]) -> None:
    """A line for each plugin of ``registry`` that failed to load."""
    for name, (ref, message) in registry.failed.items():
        print(_line(name, "(broken)", ref.source, message))


def prepare_list(args: argparse.Namespace) -> Work:
    """``list``: nothing to check; the work prints the four registries."""

    def work() -> int:
        for registry in (GAMES, SEARCHES, OBSERVERS):
            registry.load_all()
        print(
            "games (kind: path = a goal and step costs, score = one player's final score, "
            "duel = two players):"
        )
        for g in GAMES.values():
            print(_line(g.name, g.kind, g.source, g.help))
        _broken(GAMES)
        if importlib.util.find_spec("pyspiel") is not None:
            note = "any installed OpenSpiel game, e.g. openspiel:connect_four"
        else:
            note = 'any OpenSpiel game once installed: pip install "treesearch[openspiel]"'
        print(_line(f"{PREFIX}NAME", "duel", "open_spiel", note))
        print("searches (kind: the games they fit):")
        for s in SEARCHES.values():
            print(_line(s.name, ",".join(s.kinds), s.source, s.help))
        _broken(SEARCHES)
        print("bots (play --bots A,B / --bot NAME; compare --searches takes them too):")
        for b in BOTS.values():
            print(_line(b.name, b.kind, b.source, b.help))
        for g in GAMES.values():  # the bots other games' entries bring (plugins)
            for b in g.play.bots:
                if b.name not in BOTS:
                    print(_line(b.name, b.kind, b.source, b.help))
        print("observers: (run --observers A,B attaches progress and plugin observers)")
        for o in OBSERVERS.values():
            print(_line(o.name, o.kind, o.source, o.help))
        _broken(OBSERVERS)
        return 0

    return work
