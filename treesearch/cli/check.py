"""``check NAME``: a registered game (bundled or a plugin) against the TreeIterator contract.

For plugin authors, like Gymnasium's ``check_env``: the game's start for ``--seeds``
seeds goes through ``treesearch.check_iterator``, and a game with players also through
``check_random_play`` (whole seeded random games, like OpenSpiel's ``random_sim_test``).
A path game's goal test and heuristic are asked about the start too. ``--states N`` bounds
the states checked breadth-first from the start; ``--walks`` random walks then check deeper
ones, and the line printed counts each part. It prints what it
checked and exits 1 with the fault named at the first problem.
"""

from __future__ import annotations

import argparse
import math
import sys

from treesearch import InvalidArgumentError, check_iterator
from treesearch.checks import check_random_play
from treesearch.cli.applies import refuse_unused
from treesearch.cli.catalog import game_entry, seeded
from treesearch.cli.common import Work
from treesearch.game_entry import GameEntry, Problem

__all__ = ["prepare_check"]

EXIT_FAULT = 1

WALK_DEPTH = 200
"""The moves of each random walk of ``check`` at most (``check_iterator``'s ``max_depth``)."""

_OPTIONAL = ("is_terminal", "step_cost", "key")
"""Optional methods of a path game's states that some searches need."""


def _hooks(problem: Problem) -> str:
    """A path game's goal test and heuristic, asked about the start."""
    start = problem.start
    if problem.goal is not None:
        answer = problem.goal(start)
        if not isinstance(answer, bool):
            raise InvalidArgumentError(
                f"the goal test of the start returned {answer!r}, expected True or False"
            )
    h = problem.heuristic(start)
    if isinstance(h, bool) or not isinstance(h, (int, float)) or not math.isfinite(h) or h < 0:
        raise InvalidArgumentError(
            f"the heuristic of the start is {h!r}, expected a finite number >= 0"
        )
    goal = "no goal test (traversal only)" if problem.goal is None else "goal test answers"
    return f"{goal}, heuristic {h:g} at the start"


def _check_seed(game: GameEntry, args: argparse.Namespace, seed: int) -> list[str]:
    """The lines of one seed's checks (raises at the first fault)."""
    problem = game.build(seeded(args, seed))
    wide = check_iterator(problem.start, max_states=args.states, walks=0, rng=seed)
    deep = check_iterator(
        problem.start, max_states=0, walks=args.walks, max_depth=WALK_DEPTH, rng=seed
    )
    keys = "hashable keys" if wide.keyed else "no keys (graph searches will refuse it)"
    checked = wide.states_checked + deep.states_checked
    lines = [
        f"seed {seed}: check_iterator: {checked} state(s) ({wide.states_checked} breadth-first, "
        f"{deep.states_checked} on {args.walks} random walk(s)), depth "
        f"{max(wide.max_depth, deep.max_depth)}, {wide.terminals + deep.terminals} "
        f"terminal(s), {keys}"
    ]
    if problem.kind == "path":
        lines.append(f"seed {seed}: {_hooks(problem)}")
        missing = [f"{m}()" for m in _OPTIONAL if not callable(getattr(problem.start, m, None))]
        if missing and seed == args.seed:
            lines.append(
                f"note: no {', '.join(missing)} on the states: searches that need "
                "them will refuse this game"
            )
    if callable(getattr(problem.start, "player", None)):
        play = check_random_play(problem.start, games=args.games, rng=seed)
        lines.append(
            f"seed {seed}: random play: {play.games} games to the end, {play.players} "
            f"player(s), {play.moves} moves, longest {play.longest}"
        )
    return lines


def prepare_check(args: argparse.Namespace) -> Work:
    """``check``: resolve the game and the counts; the work runs the checks."""
    game = game_entry(args.name)
    refuse_unused(args, "check", game)

    def work() -> int:
        print(f"checking {game.name} ({game.kind} game from {game.source})")
        for seed in range(args.seed, args.seed + args.seeds):
            try:
                lines = _check_seed(game, args, seed)
            # A user's game may fail in any way, sys.exit() included: name the fault
            # (KeyboardInterrupt still interrupts).
            except (Exception, SystemExit) as exc:
                name = type(exc).__name__
                print(f"FAILED {game.name} at seed {seed}: {name}: {exc}", file=sys.stderr)
                return EXIT_FAULT
            for line in lines:
                print(f"  {line}")
        print(f"ok: {game.name} passed every check on {args.seeds} seed(s)")
        return 0

    return work
