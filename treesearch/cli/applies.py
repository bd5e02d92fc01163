"""Options that do not apply: refused in one line that says what they apply to.

Every command parses the same game knobs, search knobs and budgets, but each game reads
only some of them (``GameEntry.options``; the knobs are those the games declare), each
search others (``SearchEntry.options``),
and only thinking bots read ``--bot-seconds`` (``BotEntry.timed``). An option the user
gave (``given``: noted by the parser's actions, so an option given at its default value
counts too) that nothing of the command will read is refused before any work, rather than
silently ignored.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence

from treesearch import InvalidArgumentError
from treesearch.cli.catalog import BOTS, GAMES, SEARCH_KNOBS, SEARCHES, game_knobs
from treesearch.cli.catalog.searches import SearchEntry
from treesearch.game_entry import BotEntry, GameEntry

__all__ = ["given", "note_given", "refuse_unused"]

_BUDGETS = ("max_nodes", "seconds")


def note_given(namespace: argparse.Namespace, dest: str) -> None:
    """Note in ``namespace.given`` that the user gave the option stored in ``dest``."""
    namespace.given = frozenset({*getattr(namespace, "given", ()), dest})


def given(args: object) -> frozenset[str]:
    """The dests of the options the user gave (even at their default value); none if unknown."""
    found: frozenset[str] = getattr(args, "given", frozenset())
    return found


def _flag(dest: str) -> str:
    return "--" + dest.replace("_", "-")


def _listed(names: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    found = list(dict.fromkeys(names))
    if len(found) < 2:
        return "".join(found) or "nothing here"
    return f"{', '.join(found[:-1])} and {found[-1]}"


def _games_reading(dest: str) -> str:
    names = [n for n, g in GAMES.items() if g.options is not None and dest in g.options]
    if dest == "size":
        names.append("plugin games")
    return _listed(names)


def _searches_reading(dest: str) -> str:
    names = [n for n, s in SEARCHES.items() if s.options is not None and dest in s.options]
    return ("search " if len(names) == 1 else "searches ") + _listed(names)


def _timed_bots() -> str:
    """The bots that read ``--bot-seconds``, by family: ``railroad-ink's bots``."""
    families: dict[str, list[BotEntry]] = {}
    for bot in BOTS.values():
        families.setdefault(bot.family, []).append(bot)
    parts = []
    for family, bots in families.items():
        timed = [b.short for b in bots if b.timed]
        if timed:
            parts.append(f"{family}'s " + ("bots" if len(timed) == len(bots) else ", ".join(timed)))
    return "; ".join(parts) or "none"


def refuse_unused(
    args: argparse.Namespace,
    command: str,
    game: GameEntry,
    searches: Sequence[SearchEntry] = (),
    bots: Sequence[BotEntry] = (),
) -> None:
    """Refuse an option the user gave that neither ``game`` nor its players will read.

    ``searches`` and ``bots`` are those the command runs on ``game`` (``run``: one search;
    ``play``: the players; ``check``: none).

    Raises:
        InvalidArgumentError: the first such option, naming what it applies to.
    """
    gave = given(args)
    if not gave:
        return
    if game.options is not None:
        for dest in ("size", *(knob.dest for knob in game_knobs())):
            if dest in gave and dest not in game.options:
                raise InvalidArgumentError(
                    f"{_flag(dest)} applies to {_games_reading(dest)} only, not to {game.name}"
                )
    names = ", ".join(s.name for s in searches)
    players = f"{game.name}'s bot{'s' if len(bots) > 1 else ''} " + ", ".join(b.short for b in bots)
    for dest in SEARCH_KNOBS:
        if dest in gave and all(s.options is not None and dest not in s.options for s in searches):
            if searches:
                here = f"not to {names}"
            elif bots:
                here = f"and no search plays here, only {players}"
            else:
                here = f"and no search runs in {command} here"
            raise InvalidArgumentError(
                f"{_flag(dest)} applies to {_searches_reading(dest)} only, {here}"
            )
    for dest in _BUDGETS:
        if dest in gave and not searches:
            raise InvalidArgumentError(
                f"{_flag(dest)} is the budget of a search, and no search plays here, only "
                f"{players}; --bot-seconds times the bots that think "
                f"({_timed_bots()})"
            )
    if "bot_seconds" in gave and not any(b.timed for b in bots):
        if bots:
            here = f"not to {players}"
        else:
            here = f"not to {command}" + (" (--seconds bounds its search)" if searches else "")
        raise InvalidArgumentError(
            f"--bot-seconds applies to the bots that think in play and compare "
            f"({_timed_bots()}), {here}"
        )
