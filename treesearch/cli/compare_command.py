"""``compare``: several searches on one problem, or every entrant on ``--instances`` seeded ones.

Without harness options it runs each search once on the same problem, a row each; with
``--instances``, ``--out``, ``--jobs`` or ``--backend`` it plays each search or bot
(``treesearch.cli.entrants``) on N seeded instances and prints the statistics.

Nothing finished is lost: on Ctrl-C or SIGTERM, or when an entrant fails, the jobs that
finished are printed (marked partial) and written to ``--out`` before the command ends
with 130, 143 or 1; failed jobs (a worker that died) are named under the table.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from treesearch import InvalidArgumentError
from treesearch.cli.applies import given, refuse_unused
from treesearch.cli.catalog import SEARCHES, game_entry, search_entry, searches_for
from treesearch.cli.common import Work, budget_of, heading, names_of, say_compiled, table_of
from treesearch.cli.entrants import entrants, measure
from treesearch.cli.output_options import check_folder
from treesearch.cli.players import player, player_names
from treesearch.cli.result_tables import Table
from treesearch.compare import (
    BACKENDS,
    Comparison,
    ComparisonInterrupted,
    JobError,
    Outcome,
    compare,
    table,
    write,
)
from treesearch.compare.input_checks import MAX_JOBS
from treesearch.compare.interrupts import deferred, exit_code
from treesearch.compare.jobs import RAY_HINT
from treesearch.game_entry import GameEntry

__all__ = ["prepare_compare"]


def _harness(args: argparse.Namespace) -> bool:
    return any(getattr(args, k) is not None for k in ("instances", "out", "jobs", "backend"))


def _check_harness(args: argparse.Namespace) -> None:
    if args.instances is not None and args.instances < 1:
        raise InvalidArgumentError(f"--instances must be >= 1, got {args.instances!r}")
    if args.jobs is not None and args.jobs < 1:
        raise InvalidArgumentError(f"--jobs must be >= 1, got {args.jobs!r}")
    if args.seed < 0:
        raise InvalidArgumentError(f"--seed must be >= 0 for a comparison, got {args.seed!r}")
    backend = "local" if args.backend is None else args.backend
    if backend not in BACKENDS:
        raise InvalidArgumentError(
            f"--backend must be one of {', '.join(BACKENDS)}, got {backend!r}"
        )
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise InvalidArgumentError(RAY_HINT)
    if args.out is not None:
        if not args.out.strip():
            raise InvalidArgumentError(f"--out needs a folder path, got {args.out!r}")
        check_folder(Path(args.out), "--out")


def _names(text: str | None, default: list[str]) -> list[str]:
    """The entrants' names: ``--searches`` (each once) or the game's default."""
    names = default if text is None else names_of(text)  # "" is refused, not "every search"
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise InvalidArgumentError(
            f"--searches names {', '.join(map(repr, twice))} more than once, got {text!r}; "
            "name each search or bot once"
        )
    return names


def _check_jobs(args: argparse.Namespace, names: list[str]) -> None:
    """Refuse a comparison of more jobs than the harness holds, before any work."""
    total = (args.instances or 1) * len(names)
    if total > MAX_JOBS:
        raise InvalidArgumentError(
            f"--instances {args.instances} for {len(names)} entrant(s) makes {total} jobs; "
            f"a comparison holds at most {MAX_JOBS} (fewer instances)"
        )


def _refuse_unused(args: argparse.Namespace, game: GameEntry, names: list[str]) -> None:
    """Refuse the options that neither the game nor any entrant (or the opponent) reads.

    Without the harness every entrant is a search; on it, a score game's or a duel's
    entrants may be bots too, and a duel's opponent plays every one.
    """
    harness = _harness(args)
    if "opponent" in given(args) and not (game.kind == "duel" and harness):
        raise InvalidArgumentError(
            f"--opponent applies to duels compared on the harness (--instances N), not to "
            f"{game.name}" + ("" if harness else " without it")
        )
    if game.kind == "path" or not harness:
        refuse_unused(args, "compare", game, [search_entry(n, game) for n in names])
        return
    found = [player(n, game) for n in names]
    if game.kind == "duel":
        found.append(player(args.opponent, game))
    searches = [SEARCHES[p.name] for p in found if p.bot is None]
    refuse_unused(args, "compare", game, searches, [p.bot for p in found if p.bot is not None])


def prepare_compare(args: argparse.Namespace) -> Work:
    """``compare``: check the game and every entrant; return the comparison's work."""
    game = game_entry(args.game)
    budget = budget_of(args)
    if _harness(args):
        _check_harness(args)
        default = searches_for("path") if game.kind == "path" else player_names(game)
        names = _names(args.searches, default)
        _check_jobs(args, names)
        _refuse_unused(args, game, names)
        jobs = entrants(game, names, budget, args)
        return _harness_work(game, jobs, args)
    names = _names(args.searches, searches_for(game.kind))
    entries = [search_entry(n, game) for n in names]
    _refuse_unused(args, game, names)
    problem = game.build(args)
    searches = [(e.name, e.make(problem, budget, args)) for e in entries]

    def work() -> int:
        say_compiled(game)
        print(heading(problem))
        return table_of(Table(problem), problem, searches)

    return work


def _harness_work(
    game: GameEntry, jobs: Mapping[str, Callable[[int], Outcome]], args: argparse.Namespace
) -> Work:
    what, higher = measure(game)
    instances = args.instances or 1
    against = f" against {args.opponent}" if game.kind == "duel" else ""

    def work() -> int:
        say_compiled(game)
        better = "higher" if higher else "lower"
        print(
            f"{game.name}: {', '.join(jobs)} on {instances} seeded instance(s) from seed "
            f"{args.seed}, {what}{against} ({better} is better)",
            flush=True,  # before the bar on stderr, also into a pipe
        )
        try:
            result = compare(
                jobs,
                instances=instances,
                seed=args.seed,
                jobs=args.jobs,
                backend="local" if args.backend is None else args.backend,
                measure=what,
                higher_is_better=higher,
                progress=True,
            )
        except ComparisonInterrupted as stop:
            _report(stop.comparison, args.out)
            return exit_code(stop.signum)
        except JobError as err:
            if err.comparison is not None:
                _report(err.comparison, args.out)
            raise
        _report(result, args.out)
        if result.failed:
            print(
                f"treesearch: error: {len(result.failed)} of {result.planned} jobs failed "
                "(named under the table)",
                file=sys.stderr,
            )
            return 1
        return 0

    return work


def _report(result: Comparison, out: str | None) -> None:
    """Print the table and write the files of ``result``, complete or partial.

    A first Ctrl-C or SIGTERM meanwhile waits until they are written (the command then
    ends with its code); a second one stops the writing.
    """
    with deferred():
        print(table(result), end="")
        if out is not None:
            for note in write(result, out):
                print(f"note: {note}")
            partial = " (partial)" if result.partial else ""
            names = ["results.csv", "results.json", "summary.txt", "cdf.png"]
            written = [n for n in names if (Path(out) / n).is_file()]  # no plot: no cdf.png
            print(f"wrote {', '.join(written)}{partial} to {out}")
