"""treesearch.MCTS against OpenSpiel's Python MCTSBot on an OpenSpiel game: strength and speed.

Strength (the default): a match of ``--games`` games, colours alternating, both sides at
``--simulations`` simulations per move with one random rollout each, on the games' [-1, 1]
rewards. OpenSpiel's bot keeps its defaults (MCTS-Solver on, ``uct_c=2``;
``treesearch.mcts.policies.uct`` is the same formula, so ``exploration=1.0``, in widths of
[-1, 1], would be the same constant); ours keeps its defaults too, plus any
``--mcts KNOB=VALUE``. Prints our score with its 95% interval, wins/draws/losses and seconds
per move of each side.

Speed (``--speed``): simulations per second of both searches on the same pyspiel game (same
engine, so only the search differs) from the empty board and a few mid-game positions
reached by seeded random moves; the median of ``--searches`` searches per position, and our
speed as a multiple of OpenSpiel's.

    python benchmarks/bench_mcts_openspiel.py --game connect_four --games 200
        --simulations 1000 --jobs 2 --seed 0 [--mcts final=value] [--speed]

Issue 9's targets: score >= 0.55 at 1000 simulations over >= 200 games of connect_four and
not below 0.5 at 100 and 10000; speed >= 1.5x OpenSpiel's Python MCTS.
"""

from __future__ import annotations

import argparse
import ast
import functools
import math
import random
import statistics
import sys
import time
from typing import Any

from games.openspiel import OpenSpielState, import_pyspiel
from treesearch import MCTS
from treesearch.match import GameRecord, OpenSpielMCTSAgent, SearchAgent, play_match

OURS: dict[str, Any] = {}
"""Knobs on top of ``MCTS()``'s defaults: none (the defaults are the tuned ones,
``benchmarks/tune_mcts.py``)."""


def make_ours(knobs: dict[str, Any], simulations: int, seed: int) -> MCTS:
    """A fresh MCTS for one game (module level, so that it pickles for spawned workers)."""
    return MCTS(iterations=simulations, rng=seed, **knobs)


def parse_knob(text: str) -> tuple[str, Any]:
    """``name=value`` with a Python literal value (a bare word is taken as a string)."""
    name, sep, value = text.partition("=")
    if not sep or not name.isidentifier():
        raise argparse.ArgumentTypeError(f"expected KNOB=VALUE, got {text!r}")
    try:
        return name, ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return name, value


# -- strength ------------------------------------------------------------------------------
def strength(args: argparse.Namespace, knobs: dict[str, Any]) -> None:
    ours = SearchAgent(
        functools.partial(make_ours, knobs, args.simulations),
        name=f"treesearch-mcts({args.simulations})",
    )
    theirs = OpenSpielMCTSAgent(args.simulations, uct_c=2.0, solve=True, rollouts=1)
    start = functools.partial(OpenSpielState.initial, args.game)
    print(
        f"{args.game}: {args.games} games, {args.simulations} simulations per move, "
        f"{args.jobs} jobs, seed {args.seed}"
    )
    print(f"ours: MCTS({', '.join(f'{k}={v!r}' for k, v in knobs.items())})")
    print(f"theirs: {theirs!r}")
    finished: list[GameRecord] = []

    def report(record: GameRecord) -> None:
        finished.append(record)
        if args.quiet:
            return
        n = len(finished)
        score = sum(r.score for r in finished) / n
        print(
            f"  game {record.index:4d} (ours as player {record.a_player}): "
            f"{record.score:.1f}  running score {score:.3f} over {n}",
            flush=True,
        )

    t0 = time.perf_counter()
    result = play_match(
        ours, theirs, start, games=args.games, seed=args.seed, jobs=args.jobs, progress=report
    )
    wall = time.perf_counter() - t0
    lo, hi = result.interval
    sa, sb = result.seconds_per_move
    print(result.summary())
    print(
        f"score {result.score:.3f}  95% interval [{lo:.3f}, {hi:.3f}]  "
        f"W/D/L {result.wins}/{result.draws}/{result.losses}  over {len(result.records)} games"
    )
    for colour in (0, 1):
        games = [r for r in result.records if r.a_player == colour]
        if games:
            print(
                f"  ours as player {colour}: score "
                f"{sum(r.score for r in games) / len(games):.3f} over {len(games)} games"
            )
    print(
        f"seconds per move: ours {sa:.4f}, theirs {sb:.4f} "
        f"(ours {sb / sa:.2f}x faster per move)  wall {wall:.0f} s"
    )
    if result.interrupted:
        print("interrupted: the figures cover the finished games only")


# -- speed ---------------------------------------------------------------------------------
def positions(game: Any, plies: list[int], seed: int) -> list[tuple[str, Any]]:
    """The empty board and states after ``plies`` seeded random moves.

    A position where the game can end within two plies is skipped: a solver proves it in a
    handful of simulations, and a rate over those measures set-up, not search.
    """
    rng = random.Random(seed)
    found = [("start", game.new_initial_state())]
    for n in plies:
        for _ in range(1000):
            state = game.new_initial_state()
            for _ in range(n):
                if state.is_terminal():
                    break
                state.apply_action(rng.choice(state.legal_actions()))
            if not _ends_within(state, 2):
                found.append((f"after {n} random plies", state))
                break
    return found


def _ends_within(state: Any, plies: int) -> bool:
    if state.is_terminal():
        return True
    return plies > 0 and any(_ends_within(state.child(a), plies - 1) for a in state.legal_actions())


def rate_ours(
    game: Any, state: Any, simulations: int, knobs: dict[str, Any], searches: int
) -> tuple[float, int]:
    """Median simulations per second of treesearch.MCTS, and the fewest simulations run."""
    knobs = {k: v for k, v in knobs.items() if k != "reuse"}
    rates, fewest = [], simulations
    for seed in range(searches):
        search = MCTS(iterations=simulations, rng=seed, **knobs)
        start = OpenSpielState(game, state.clone())
        t0 = time.perf_counter()
        result = search.run(start)
        rates.append(result.stats.iterations / (time.perf_counter() - t0))
        fewest = min(fewest, result.stats.iterations)
    return statistics.median(rates), fewest


def rate_theirs(game: Any, state: Any, simulations: int, searches: int) -> tuple[float, int]:
    """Median simulations per second of OpenSpiel's MCTSBot (defaults, uct_c=2), fewest run."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    rates, fewest = [], simulations
    for seed in range(searches):
        rs = np.random.RandomState(seed)
        bot = mcts.MCTSBot(
            game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rs), random_state=rs
        )
        t0 = time.perf_counter()
        root = bot.mcts_search(state)
        rates.append(root.explore_count / (time.perf_counter() - t0))
        fewest = min(fewest, root.explore_count)
    return statistics.median(rates), fewest


def speed(args: argparse.Namespace, knobs: dict[str, Any]) -> None:
    game = import_pyspiel().load_game(args.game)
    print(
        f"{args.game}: simulations per second, {args.simulations} per search, median of "
        f"{args.searches} searches per position (a solved root may end a search early)"
    )
    print(f"ours: MCTS({', '.join(f'{k}={v!r}' for k, v in knobs.items() if k != 'reuse')})")
    ratios = []
    for label, state in positions(game, [4, 8, 12, 16], args.seed):
        ours, ours_fewest = rate_ours(game, state, args.simulations, knobs, args.searches)
        theirs, theirs_fewest = rate_theirs(game, state, args.simulations, args.searches)
        ratios.append(ours / theirs)
        early = ""
        if min(ours_fewest, theirs_fewest) < args.simulations:
            early = f"  (solved early: fewest {ours_fewest} vs {theirs_fewest} simulations)"
        print(
            f"  {label:22s} treesearch {ours:8.0f}/s  OpenSpiel {theirs:8.0f}/s  "
            f"{ours / theirs:5.2f}x{early}"
        )
    geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    print(f"treesearch.MCTS is {geo:.2f}x OpenSpiel's Python MCTS (geometric mean)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="connect_four", help="an OpenSpiel game name")
    parser.add_argument("--games", type=int, default=200, help="games in the match")
    parser.add_argument("--simulations", type=int, default=1000, help="per move / search")
    parser.add_argument("--jobs", type=int, default=2, help="processes playing games")
    parser.add_argument("--seed", type=int, default=0, help="match seed")
    parser.add_argument(
        "--mcts",
        type=parse_knob,
        action="append",
        default=[],
        metavar="KNOB=VALUE",
        help="a knob of our MCTS (repeatable)",
    )
    parser.add_argument("--speed", action="store_true", help="measure speed, not strength")
    parser.add_argument("--searches", type=int, default=5, help="searches per speed position")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    args = parser.parse_args(argv)
    try:
        import_pyspiel()
    except ImportError as exc:
        sys.exit(str(exc))
    knobs = {**OURS, **dict(args.mcts)}
    if args.speed:
        speed(args, knobs)
    else:
        strength(args, knobs)


if __name__ == "__main__":
    main()
