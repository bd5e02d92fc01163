"""Tron playing strength: a round-robin of the bots, and evaluations per second.

Every pairing plays ``--games`` games on each board, in pairs from the same start with the
sides swapped (seeded hex starts; ``genN``: a seeded point-symmetric NxN map per pair; a named
square map's fixed start), at ``--seconds`` per move
for the timed bots. It prints win/draw/loss and the score of the first bot of each pairing
with its 95% Wilson interval, then how many Voronoi evaluations a second each board runs.
Targets (issue 11): best >= 0.70 against heuristic on both boards, >= 0.95 against random.
``--depths`` prints instead the plies ``previous_best_bot``'s and ``best_bot``'s searches
finish in ``--seconds`` on middle-game positions.

    python benchmarks/bench_tron.py [--games 100] [--seconds 0.2] [--boards hex,box15]
        [--bots best,heuristic,random] [--pairs best:heuristic,best:random] [--jobs 2]
    python benchmarks/bench_tron.py --depths [--seconds 0.2]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Callable

from games.tron.agent import TronAgent
from games.tron.bots import (
    Contempt,
    TronBot,
    alphabeta_bot,
    best_bot,
    deep_bot,
    heuristic_bot,
    learned_bot,
    mcts_bot,
    previous_best_bot,
    random_bot,
)
from games.tron.deep import DeepSearch
from games.tron.maps import generate_map
from games.tron.moves import safe_moves
from games.tron.state import TronState, hex_start, square_start
from games.tron.value import evaluate
from games.tron.voronoi import race_counts
from treesearch.alphabeta import AlphaBeta
from treesearch.budget import Budget
from treesearch.match import PairedStarts, play_match

BOTS: dict[str, Callable[[float], TronBot]] = {
    "best": best_bot,
    "deep": deep_bot,
    "previous-best": previous_best_bot,
    "learned": learned_bot,
    "alphabeta": alphabeta_bot,
    "mcts": mcts_bot,
    "heuristic": lambda seconds: heuristic_bot(),
    "random": lambda seconds: random_bot(),
}


def _generated(size: int) -> PairedStarts:
    def start(seed: int) -> TronState:
        return square_start(generate_map(size, size, seed))

    return PairedStarts(start)


def start_of(board: str) -> TronState | PairedStarts:
    """``hex`` (seeded starts), ``genN`` (a seeded NxN map per pair of games) or a map name."""
    if board == "hex":
        return PairedStarts(hex_start)
    if board.startswith("gen") and board[3:].isdigit():
        return _generated(int(board[3:]))
    return square_start(board)


def evaluations_per_second(state: TronState, seconds: float = 1.0) -> float:
    """``evaluate`` calls a second along a game of the heuristic bot against itself."""
    bot, states = heuristic_bot(), []
    while not state.is_terminal():
        states.append(state)
        state = state.play(bot(state, 0), bot(state, 1))
    calls, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for s in states:
            evaluate(s)
        calls += len(states)
    return calls / (time.perf_counter() - t0)


def depths(seconds: float, positions: int = 20) -> tuple[float, float]:
    """Mean plies each search finishes in ``seconds``: ``AlphaBeta`` (matrix) and ``deep``.

    On ``positions`` middle-game turn starts (seeded hex starts after 8-20 random safe turns),
    ``previous_best_bot``'s search and ``deep_bot``'s, each on its own clock.
    """
    rng = random.Random(0)
    frames: list[TronState] = []
    while len(frames) < positions:
        state = hex_start(len(frames))
        for _ in range(rng.randrange(8, 21)):
            mine, theirs = safe_moves(state, 0), safe_moves(state, 1)
            if not mine or not theirs:
                break
            state = state.play(rng.choice(mine), rng.choice(theirs))
        if not state.is_terminal() and race_counts(state)[0] and safe_moves(state, 0):
            frames.append(state)
    leaf = Contempt  # the previous best searches through contempt for draws
    old = AlphaBeta(
        value=lambda view: evaluate(view.state),
        budget=Budget(seconds=seconds),
        simultaneous="matrix",
        rng=0,
    )
    deep = DeepSearch(seconds, None, 0.03, False, 0)
    deep.warm(frames[0])
    old_plies, deep_plies = [], []
    for state in frames:
        old_plies.append(old.run(leaf(state, 0.03)).info["depth"])
        deep.move(state)
        deep_plies.append(2 * deep.last[0])
    return statistics.fmean(old_plies), statistics.fmean(deep_plies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing and board")
    parser.add_argument("--seconds", type=float, default=0.2, help="seconds a move")
    parser.add_argument(
        "--boards", default="hex,gen15", help="hex, genN (seeded NxN maps) and/or square map names"
    )
    parser.add_argument("--bots", default="best,heuristic,random", help=f"of {sorted(BOTS)}")
    parser.add_argument("--pairs", default=None, help="only these pairings, a:b,c:d")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games")
    parser.add_argument("--seed", type=int, default=0, help="match seed")
    parser.add_argument(
        "--depths", action="store_true", help="only the plies each search reaches a move"
    )
    args = parser.parse_args()
    if args.depths:
        old, deep = depths(args.seconds)
        print(f"plies finished in {args.seconds} s: AlphaBeta {old:.1f}, deep {deep:.1f}")
        return

    names = args.bots.split(",")
    pairs = (
        [tuple(p.split(":")) for p in args.pairs.split(",")]
        if args.pairs
        else list(itertools.combinations(names, 2))
    )
    for board in args.boards.split(","):
        start = start_of(board)
        first = start if isinstance(start, TronState) else start.fn(0)
        print(f"{board}: {evaluations_per_second(first):,.0f} evaluations/s")
        for a, b in pairs:
            t0 = time.perf_counter()
            result = play_match(
                TronAgent(BOTS[a](args.seconds)),
                TronAgent(BOTS[b](args.seconds)),
                start,
                games=args.games,
                seed=args.seed,
                jobs=args.jobs,
            )
            print(
                f"{board:6} {a:>9} vs {b:<9} W {result.wins:3} D {result.draws:3} "
                f"L {result.losses:3}  score {result.score:.3f} "
                f"[{result.interval[0]:.3f}, {result.interval[1]:.3f}]  "
                f"({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
