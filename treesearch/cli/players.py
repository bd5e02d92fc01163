"""Who plays whole games: the bots and searches named by ``play`` and ``compare``.

A name is resolved once, before any work, into a ``Player`` for the game: one of the bots
its entry names (``GameEntry.play.bots``) or, where the entry lets them, a search of its
kind. Either way it plays through one protocol, a ``treesearch.match`` agent maker
(``Player.agents``): ``duel_match`` plays two of them on ``treesearch.match`` from the start the
entry gives, ``score_game`` has one play a whole game by the entry's ``solo``, or runs a
score search once.
"""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from treesearch import Budget, InvalidArgumentError, TreeSearchError
from treesearch.cli.catalog import SEARCHES, SearchOptions, searches_for, suggest
from treesearch.errors import ModelFileError
from treesearch.game_entry import BotEntry, BotOptions, GameEntry, Problem
from treesearch.learn import LearnedAgent, load_model
from treesearch.match import AgentMaker, MatchResult, PairedStarts, SearchAgent, play_match

__all__ = [
    "LEARNED",
    "Player",
    "duel_match",
    "learned_bot",
    "match_start",
    "player",
    "player_names",
    "record_start",
    "score_game",
]


@dataclass(frozen=True)
class Player:
    """A resolved name: one of the game's bots, or a search entry."""

    name: str
    bot: BotEntry | None
    """The bot of the game's entry; None for a search of ``catalog.SEARCHES``."""

    def agents(self, problem: Problem, budget: Budget, args: argparse.Namespace) -> AgentMaker:
        """The agent maker ``make(seed) -> Agent`` that plays for this name on ``problem``.

        A bot's maker gets ``--seed``, ``--bot-seconds`` and the start; a search is made
        afresh per game with the game's seed, under ``budget``.
        """
        if self.bot is not None:
            return self.bot.make(BotOptions(args.seed, args.bot_seconds, problem.start))
        entry, options = SEARCHES[self.name], SearchOptions.of(args)
        return SearchAgent(
            lambda seed: entry.make(problem, budget, dataclasses.replace(options, seed=seed)),
            name=self.name,
        )


def player_names(game: GameEntry) -> list[str]:
    """The names that can play ``game``: its bots, then the searches that fit (if allowed)."""
    bots = [b.short for b in game.play.bots]
    if not game.play.searches:
        return bots
    return bots + [n for n in searches_for(game.kind) if n not in bots]


LEARNED = "learned"
"""The bot greedy on a learned value: ``learned:FILE``, or ``learned`` for a shipped model."""


def learned_bot(name: str, game: GameEntry) -> BotEntry:
    """The bot ``learned`` or ``learned:FILE`` of ``game``: greedy on the model's value.

    Raises:
        InvalidArgumentError: plain ``learned`` for a game that ships no model.
        ModelFileError: a file that is not a model of this game (naming it and both games).
    """
    if game.kind not in ("duel", "score"):
        raise InvalidArgumentError(f"{name!r} plays games with players or a score, not {game.name}")
    _, _, given = name.partition(":")
    if given.strip():
        path = Path(given.strip())
    elif game.model is not None:
        path = game.model
    else:
        raise InvalidArgumentError(
            f"{game.name} ships no model: pass learned:FILE, a model made by "
            f"'treesearch learn {game.name} --out FILE'"
        )
    model = load_model(path, game=game.name)
    agents = LearnedAgent(model.value, on=str(model.settings.get("on", "afterstates")), name=name)

    def make(options: BotOptions) -> AgentMaker:
        if options.start is not None:
            try:
                model.value.check_state(options.start)
            except TreeSearchError as exc:
                raise ModelFileError(f"{path}: wrong shape for this game: {exc}") from None
        return agents

    about = f"greedy on the value learned in {path} ({model.games} games)"
    return BotEntry(game.name, name, game.kind, about, make)


def player(name: str, game: GameEntry) -> Player:
    """The player called ``name`` for ``game`` (bots win over searches of the same name).

    ``learned`` and ``learned:FILE`` play greedily on a model's value (``learned_bot``).

    Raises:
        InvalidArgumentError: a name that cannot play the game (with a near miss and the list).
        ModelFileError: ``learned:FILE`` with a file that is no model of the game.
    """
    if name == LEARNED or name.startswith(LEARNED + ":"):
        return Player(name, learned_bot(name, game))
    bot = game.play.bot(name)
    if bot is not None:
        return Player(name, bot)
    names = player_names(game)
    if name in names:
        return Player(name, None)
    raise InvalidArgumentError(
        f"{name!r} cannot play {game.name!r}{suggest(name, names)}; choose from: {', '.join(names)}"
    )


def score_game(
    game: GameEntry, who: Player, problem: Problem, budget: Budget, args: argparse.Namespace
) -> Any:
    """One whole game of a score game: ``(score, seconds, nodes, status)``.

    A bot's agents play the seeded game through the entry's ``play.solo``; a search runs
    once from the start and its best state's score counts (a random walk's best end, a
    beam's plan).
    """
    if who.bot is not None:
        if game.play.solo is None:
            raise InvalidArgumentError(f"{game.name!r} has no whole-game play for bots")
        solo = game.play.solo(problem, args.seed, who.agents(problem, budget, args), None, [])
        return solo.score, solo.seconds, 0, "played"
    search = SEARCHES[who.name].make(problem, budget, args)
    result = search.run(problem.start)
    best = result.best if result.best is not None else problem.start
    assert problem.score is not None
    stats = result.stats
    return problem.score(best), stats.seconds, stats.expanded, result.status.value


def match_start(game: GameEntry, problem: Problem) -> Any:
    """What a match of ``game`` starts from: starts per pair of games, else the problem's."""
    if game.play.paired is None:
        return problem.start
    return PairedStarts(game.play.paired(problem))


def record_start(start: Any, seed: int, index: int) -> Any:
    """The start of game ``index`` of a match from ``start`` seeded ``seed``."""
    return start.start(seed, index) if isinstance(start, PairedStarts) else start


def duel_match(
    game: GameEntry,
    problem: Problem,
    players: tuple[Player, Player],
    budget: Budget,
    args: argparse.Namespace,
    *,
    games: int,
    seed: int,
) -> MatchResult:
    """``games`` games between two players on ``treesearch.match``; scores are the first's."""
    a, b = (p.agents(problem, budget, args) for p in players)
    return play_match(a, b, match_start(game, problem), games=games, seed=seed)
