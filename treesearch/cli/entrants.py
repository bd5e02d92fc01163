"""``compare`` on the harness: each search or bot on N seeded instances of a game.

Instance seeds become the game's seed (a new maze, new dice, new hex starts). Path games
measure the route's cost (lower is better; NaN when the goal was not reached), score
games the final score, duels the match score against ``--opponent`` over two games with
sides swapped. Every entrant is a function of its seed only, so ``--jobs`` changes the
speed, never the rows.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from treesearch import Budget, Status
from treesearch.cli.catalog import search_entry, seeded
from treesearch.cli.players import Player, duel_match, player, score_game
from treesearch.cli.result_tables import route_cost
from treesearch.compare import Outcome
from treesearch.game_entry import GameEntry, Problem

__all__ = ["Entrant", "entrants", "measure"]

Entrant = Callable[[int], Outcome]


def measure(game: GameEntry) -> tuple[str, bool]:
    """What a comparison on ``game`` measures, and whether higher is better."""
    if game.kind == "path":
        return "cost", False
    if game.kind == "score":
        return "score", True
    return "match_score", True


def _path(game: GameEntry, name: str, budget: Budget, args: argparse.Namespace) -> Entrant:
    entry = search_entry(name, game)

    def run(seed: int) -> Outcome:
        instance = seeded(args, seed)
        problem = game.build(instance)
        result = entry.make(problem, budget, instance).run(problem.start)
        solved = result.status is Status.SOLVED and bool(result.path)
        cost = route_cost(result.path) if solved else math.nan
        s = result.stats
        return Outcome(float(cost), s.seconds, s.expanded, result.status.value)

    return run


def _score(game: GameEntry, who: Player, budget: Budget, args: argparse.Namespace) -> Entrant:
    def run(seed: int) -> Outcome:
        instance = seeded(args, seed)
        value, seconds, nodes, status = score_game(
            game, who, game.build(instance), budget, instance
        )
        return Outcome(value, seconds, nodes, status)

    return run


def _duel(
    game: GameEntry, who: Player, against: Player, budget: Budget, args: argparse.Namespace
) -> Entrant:
    def run(seed: int) -> Outcome:
        instance = seeded(args, seed)
        problem: Problem = game.build(instance)
        match = duel_match(game, problem, (who, against), budget, instance, games=2, seed=seed)
        seconds = sum(sum(r.seconds[0]) for r in match.records)
        return Outcome(match.score, seconds, 0, f"W{match.wins} D{match.draws} L{match.losses}")

    return run


def entrants(
    game: GameEntry, names: list[str], budget: Budget, args: argparse.Namespace
) -> dict[str, Entrant]:
    """The entrants of a comparison on ``game``, checked (names, pairings) before any work.

    Raises:
        InvalidArgumentError: a name that does not fit the game, or a bad opponent.
    """
    game.build(args)  # a bad size, map or dice fails here, before any job
    if game.kind == "path":
        return {n: _path(game, n, budget, args) for n in names}
    if game.kind == "score":
        return {n: _score(game, player(n, game), budget, args) for n in names}
    against = player(args.opponent, game)
    return {n: _duel(game, player(n, game), against, budget, args) for n in names}
