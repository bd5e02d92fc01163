"""Tune ``MCTS()``'s defaults against OpenSpiel's ``MCTSBot`` at its defaults, over several games.

For every setting of the grid (``--exploration`` values, in widths of the reward range, times
``--reuse`` values) and every game, a seeded match of ``--games`` games, colours alternating,
both sides at ``--simulations`` simulations a move, OpenSpiel's bot at its defaults
(``uct_c=2``, solver on, one random rollout). Prints one row per setting: the score on each
game with its 95% Wilson interval and the mean score over the games. The same seed gives the
same games (both bots are seeded per game by ``treesearch.match``).

``--seconds-match`` plays instead the "equal time" match: ours at ``MCTS(seconds=S)`` with S
the time OpenSpiel's bot took a move at ``--simulations`` (measured in the same run), i.e.
the figure a user who sets ``seconds=`` sees.

    python benchmarks/tune_mcts.py --games 100 --exploration 0.35,0.5,0.7,1.0 --reuse 0,1
    python benchmarks/tune_mcts.py --games 200 --exploration 0.5 --reuse 1 [--seconds-match]
    python benchmarks/tune_mcts.py --game "hex(board_size=5)" --seconds-match --rave 0,300,1000

``--rave`` tries RAVE constants (``MCTS(rave=K)``; 0 is plain UCT, ``default`` MCTS's
default); with ``--seconds-match`` the reference match (ours at defaults, 1000
simulations) is played once a game and each ``--exploration`` and ``--rave`` pair gets its
own match at the time it measured.

Issue 19's targets: at its defaults our MCTS scores at least 0.55 on each of connect four,
hex 5x5 and breakthrough 6x6 at 1000 simulations (200 games each), 0.75 at equal time.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import statistics
import time
from typing import Any

from games.openspiel import OpenSpielState
from treesearch import MCTS
from treesearch.match import MatchResult, OpenSpielMCTSAgent, SearchAgent, play_match

GAMES = ("connect_four", "hex(board_size=5)", "breakthrough(rows=6,columns=6)")


def make_ours(knobs: dict[str, Any], seed: int) -> MCTS:
    """A fresh MCTS for one game (module level, so that it pickles for spawned workers)."""
    return MCTS(rng=seed, **knobs)


def match(game: str, knobs: dict[str, Any], args: argparse.Namespace) -> MatchResult:
    """One seeded match of ours (``knobs``) against OpenSpiel's bot on ``game``."""
    ours = SearchAgent(functools.partial(make_ours, knobs), name="ours")
    theirs = OpenSpielMCTSAgent(args.simulations)
    start = functools.partial(OpenSpielState.initial, game)
    return play_match(ours, theirs, start, games=args.games, seed=args.seed, jobs=args.jobs)


def cell(result: MatchResult) -> str:
    lo, hi = result.interval
    return f"{result.score:.3f} [{lo:.2f}, {hi:.2f}]"


def by_side(result: MatchResult) -> str:
    """Ours' points moving first and moving second, e.g. ``first 45/50, second 32/50``.

    Hex is a first-player win: a bot that wins every first game and half its second ones
    scores 0.75.
    """
    parts = []
    for player, label in ((0, "first"), (1, "second")):
        games = [r for r in result.records if r.a_player == player]
        points = sum(r.score for r in games)
        parts.append(f"{label} {points:g}/{len(games)}")
    return ", ".join(parts)


def grid(args: argparse.Namespace) -> None:
    names = args.game.split(";")
    print(
        f"{args.games} games per cell, {args.simulations} simulations a move, seed "
        f"{args.seed}; OpenSpiel MCTSBot(uct_c=2, solve=True)"
    )
    print("| exploration | reuse | rave | " + " | ".join(names) + " | mean |")
    print("|---|---|---|" + "---|" * (len(names) + 1))
    for exploration in args.exploration:
        for reuse in args.reuse:
            for rave in args.rave:
                knobs = {
                    "iterations": args.simulations,
                    "exploration": exploration,
                    "reuse": reuse,
                    **rave_knob(rave),
                }
                results = [match(name, knobs, args) for name in names]
                mean = statistics.fmean(r.score for r in results)
                print(
                    f"| {exploration} | {reuse} | {rave_label(rave)} | "
                    + " | ".join(map(cell, results))
                    + f" | {mean:.3f} |  W/D/L "
                    + ", ".join(f"{r.wins}/{r.draws}/{r.losses}" for r in results),
                    flush=True,
                )


def rave_knob(rave: float | None) -> dict[str, Any]:
    """``MCTS``'s ``rave=`` keyword for a ``--rave`` value (none for the default)."""
    return {} if rave is None else {"rave": rave}


def rave_label(rave: float | None) -> str:
    return "default" if rave is None else f"{rave:g}"


def equal_time(args: argparse.Namespace) -> None:
    print(
        f"{args.games} games per game; ours at MCTS() defaults with seconds= OpenSpiel's "
        f"time a move at {args.simulations} simulations"
    )
    for name in args.game.split(";"):
        # The reference match (ours at defaults) measures OpenSpiel's time a move, once a
        # game; each --rave value then plays its own match at that time.
        reference = match(name, {"iterations": args.simulations}, args)
        seconds = reference.seconds_per_move[1]
        for exploration, rave in itertools.product(args.exploration, args.rave):
            knobs = {"seconds": seconds, "exploration": exploration, **rave_knob(rave)}
            result = match(name, knobs, args)
            ours = result.seconds_per_move[0]
            print(
                f"{name}: exploration {exploration:g}, rave {rave_label(rave)}: at "
                f"{args.simulations} simulations (defaults) "
                f"{cell(reference)}; at {seconds * 1000:.1f} ms a move (ours took "
                f"{ours * 1000:.1f}) {cell(result)}  W/D/L {result.wins}/{result.draws}/"
                f"{result.losses} ({by_side(result)}; at {args.simulations}: "
                f"{by_side(reference)})",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default=";".join(GAMES), help="OpenSpiel games, ';'-separated")
    parser.add_argument("--games", type=int, default=100, help="games per match")
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument(
        "--exploration", type=lambda s: [float(x) for x in s.split(",")], default=[0.5]
    )
    parser.add_argument(
        "--reuse", type=lambda s: [bool(int(x)) for x in s.split(",")], default=[True]
    )
    parser.add_argument(
        "--rave",
        type=lambda s: [None if x == "default" else float(x) for x in s.split(",")],
        default=[None],
        help="RAVE constants K to try, e.g. 0,300,1000 (0: plain UCT; 'default': MCTS's)",
    )
    parser.add_argument("--seconds-match", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    t0 = time.perf_counter()
    (equal_time if args.seconds_match else grid)(args)
    print(f"wall {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
