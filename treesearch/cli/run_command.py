"""``run``: one search on one game; its row, what its status means, its path, score or move."""

from __future__ import annotations

import argparse
import sys

from observers import ProgressObserver
from treesearch import Status
from treesearch.cli.applies import refuse_unused
from treesearch.cli.catalog import game_entry, search_entry, searches_for
from treesearch.cli.common import (
    EXIT_INTERRUPTED,
    Work,
    answer,
    budget_of,
    heading,
    observers_of,
    say_compiled,
)
from treesearch.cli.result_tables import Table
from treesearch.cli.view_command import extra_observers

__all__ = ["prepare_run"]


def prepare_run(args: argparse.Namespace) -> Work:
    """``run``: check the game, the search and the observers; return the search's work."""
    game = game_entry(args.game)
    name = args.search or searches_for(game.kind)[0]
    entry = search_entry(name, game)
    refuse_unused(args, "run", game, [entry])
    budget = budget_of(args)
    problem = game.build(args)
    search = entry.make(problem, budget, args)
    attached = observers_of(getattr(args, "observers", None))
    title = f"{entry.title} on {problem.describe}"
    attached += extra_observers(args, game, name, problem, title)

    def work() -> int:
        say_compiled(game)
        print(heading(problem))
        observers = list(attached)
        if args.progress:
            observers.insert(0, ProgressObserver(desc=name, file=sys.stderr))
        result = search.run(problem.start, observers=observers)
        table = Table(problem)
        table.row(name, search, result)
        table.explain_statuses()
        answer(problem, result)
        return EXIT_INTERRUPTED if result.status is Status.INTERRUPTED else 0

    return work
