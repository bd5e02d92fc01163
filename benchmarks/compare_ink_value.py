"""Railroad Ink, dice revealed: the learned value's greedy player against simple players.

On the dice of each seed (``roll_sequence``), prints mean, sd and games a second for: the
greedy learned player on the compiled engine (``--model``), the same value as ``LearnedBot``
through ``RailroadInkState`` (every legal child), the plain random play-outs of the engine
(``UNIFORM``: any legal child; ``RANDOM``: meaningful placements), and the ``greedy`` bot::

    python benchmarks/compare_ink_value.py --model ink.npz --seeds 100-199
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np

from games.railroad_ink import records
from games.railroad_ink.bots.base import Bot
from games.railroad_ink.bots.learned_value import (
    LearnedBot,
    greedy_scores,
    load_value,
    montecarlo_scores,
)
from games.railroad_ink.bots.roster import make_bot
from games.railroad_ink.engine.playout import RANDOM, UNIFORM, playout, seed_stream
from games.railroad_ink.engine.position import NO_POLICY, PIECE_OF
from games.railroad_ink.engine.tables import SLOT_INIT
from games.railroad_ink.pieces.dice import roll_sequence


def _playout(policy: int) -> Callable[[int], int]:
    def one(seed: int) -> int:
        rolls = np.array([[PIECE_OF[f] for f in r] for r in roll_sequence(seed)], np.int64)
        tiles, slots = np.full(49, -1, dtype=np.int64), SLOT_INIT.copy()
        counts = np.zeros(9, dtype=np.int64)
        record = np.zeros(64, dtype=np.int64)
        start = (tiles, slots, 1, counts, 0, 0, False, rolls)
        return int(playout(start, policy, NO_POLICY, seed_stream(seed), record, 1)[1])

    return one


def _bot(bot: Bot) -> Callable[[int], int]:
    def one(seed: int) -> int:
        return records.play(seed, "revealed", lambda _: bot).score.total

    return one


def _row(name: str, play: Callable[[int], int], seeds: range) -> None:
    t0 = time.perf_counter()
    scores = [play(s) for s in seeds]
    spent = time.perf_counter() - t0
    print(
        f"| {name} | {len(scores)} | {statistics.mean(scores):.2f} | "
        f"{statistics.pstdev(scores):.2f} | {min(scores)}-{max(scores)} | "
        f"{len(scores) / spent:,.1f} |",
        flush=True,
    )


def main() -> None:
    """Measure each player on the same seeds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", required=True)
    parser.add_argument("--seeds", default="100-199")
    parser.add_argument("--players", default="engine,bot,uniform,random,greedy")
    parser.add_argument("--playouts", type=int, default=4, help="per candidate, player mc")
    parser.add_argument("--top", type=int, default=0, help="mc: only the value's top candidates")
    args = parser.parse_args()
    first, _, last = args.seeds.partition("-")
    seeds = range(int(first), int(last or first) + 1)
    weights, reward = load_value(args.model)
    players: dict[str, tuple[str, Callable[[int], int]]] = {
        "engine": (
            "learned value, greedy (engine)",
            lambda s: greedy_scores(weights, [s], reward)[0],
        ),
        "bot": (
            "learned value, greedy (LearnedBot, every child)",
            _bot(LearnedBot(weights, reward)),
        ),
        "uniform": ("random play-out (UNIFORM)", _playout(UNIFORM)),
        "random": ("random play-out (RANDOM, meaningful)", _playout(RANDOM)),
        "greedy": ("greedy bot (beam 1, HEURISTIC)", _bot(make_bot("greedy"))),
        "mc": (
            f"flat Monte Carlo, {args.playouts} learned play-outs a candidate, top {args.top}",
            lambda s: montecarlo_scores(weights, [s], args.playouts, reward, top=args.top)[0],
        ),
    }
    print("| player | games | mean | sd | min-max | games/s |\n|---|---|---|---|---|---|")
    for key in args.players.split(","):
        name, play = players[key]
        _row(name, play, seeds)


if __name__ == "__main__":
    main()
