"""Who plays whole games: the bots and searches named by ``play`` and ``compare``.

A name is resolved once, before any work, into a ``Player`` for the game: a Railroad Ink
bot or a score search (one game -> its final score), a Tron bot, or for other duels the
random player or a duel search (``games.match`` agents). ``duel_match`` plays a match of
two players with sides alternating, on Tron's own driver or ``games.match``.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from typing import Any

from games.cli.catalog import (
    BOTS,
    SEARCHES,
    GameEntry,
    Problem,
    family_of,
    searches_for,
    seeded,
    suggest,
    tron_start,
)
from games.match import MatchResult, SearchAgent
from games.match import play_match as agents_match
from games.railroad_ink import play as play_ink
from games.tron import hex_start
from games.tron.match import play_match as tron_match
from treesearch import Budget, InvalidArgumentError

__all__ = ["Player", "duel_match", "player", "player_names"]


@dataclass(frozen=True)
class Player:
    """A resolved name: a bot of the game's family, or a search entry."""

    name: str
    bot: bool
    """True for a bot of ``catalog.BOTS``, False for a search of ``catalog.SEARCHES``."""


def _family(game: GameEntry) -> str:
    """The bot family of ``game``; score games of plugins have no bots (``"score"``)."""
    family = family_of(game.name)
    return "score" if game.kind == "score" and family == "duel" else family


def player_names(game: GameEntry) -> list[str]:
    """The names that can play ``game``: its family's bots, then the searches that fit."""
    family = _family(game)
    bots = [e.short for e in BOTS.values() if e.family == family]
    if family == "tron":  # Tron's searches are its bots (simultaneous moves need them)
        return bots
    return bots + [n for n in searches_for(game.kind) if n not in bots]


def player(name: str, game: GameEntry) -> Player:
    """The player called ``name`` for ``game`` (bots win over searches of the same name).

    Raises:
        InvalidArgumentError: a name that cannot play the game (with a near miss and the list).
    """
    family = _family(game)
    if f"{family}/{name}" in BOTS:
        return Player(name, True)
    names = player_names(game)
    if name in names:
        return Player(name, False)
    raise InvalidArgumentError(
        f"{name!r} cannot play {game.name!r}{suggest(name, names)}; choose from: {', '.join(names)}"
    )


def score_game(who: Player, problem: Problem, budget: Budget, args: argparse.Namespace) -> Any:
    """One whole game of a score game: ``(score, seconds, nodes, status)``.

    A bot plays the seeded game (``games.railroad_ink.bots.play``); a search runs once from the
    start and its best state's score counts (a random walk's best end, a beam's plan).
    """
    if who.bot:
        record = play_ink(args.seed, args.dice, who.name, args.bot_seconds)
        return float(record.score.total), record.seconds, 0, "played"
    search = SEARCHES[who.name].make(problem, budget, args)
    result = search.run(problem.start)
    best = result.best if result.best is not None else problem.start
    assert problem.score is not None
    stats = result.stats
    return problem.score(best), stats.seconds, stats.expanded, result.status.value


def _agent(who: Player, game: GameEntry, problem: Problem, budget: Budget,
           args: argparse.Namespace) -> Any:  # fmt: skip
    if who.bot:
        return BOTS[f"{family_of(game.name)}/{who.name}"].make(args)
    entry = SEARCHES[who.name]
    return SearchAgent(lambda seed: entry.make(problem, budget, seeded(args, seed)), name=who.name)


def duel_match(
    game: GameEntry,
    problem: Problem,
    players: tuple[Player, Player],
    budget: Budget,
    args: argparse.Namespace,
    *,
    games: int,
    seed: int,
    video: str | os.PathLike[str] | None = None,
) -> MatchResult:
    """``games`` games between two players, sides alternating; scores are the first's.

    Tron plays on its own driver (hex starts drawn per pair of games from ``seed``, a video
    of game 0 with ``video``); other duels on ``games.match`` from ``problem.start``.
    """
    a, b = (_agent(p, game, problem, budget, args) for p in players)
    if family_of(game.name) == "tron":
        start: Any = hex_start if game.name == "tron-hex" else tron_start(args, False)
        return tron_match(start, a, b, games=games, seed=seed, video=video)
    if video is not None:
        raise InvalidArgumentError(f"no video of {game.name!r} matches: {game.no_video}")
    return agents_match(a, b, problem.start, games=games, seed=seed)
