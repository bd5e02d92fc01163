"""Train the guided play-out policy of the Railroad Ink ``montecarlo`` bot (seeded, repeatable).

The bot plays ``--games`` games with dice revealed and uniform (``RANDOM``) play-outs, on
seeds from ``--first-seed`` (10000 by default: far from the evaluation seeds 100..199). At
each decision of rounds 1-6 the placement it chose is a "yes" and every other candidate a
"no" (RAILROAD-INK-ANCHOR.md section 3). A naive Bayes model per round counts each feature's
values (matches, open sides, errors, square class) among yes and no, and the table written is
its log-odds per value, Laplace-smoothed (0 for a value never seen): the ``GUIDED`` policy
sums them and plays the best of 16 drawn placements.

    python benchmarks/train_railroad_policy.py --games 200 --jobs 2

writes ``games/railroad_ink/bots/policy.json``. The counts add up across games, so a long
training can run in pieces (on other machines too): ``--seconds`` stops taking new games at a
deadline, ``--counts-out`` keeps the raw counts with the seeds they came from, and ``--merge``
fits the table from several such files instead of playing.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from pathlib import Path

import numpy as np

from games.railroad_ink import RailroadInk
from games.railroad_ink.bots.montecarlo import MonteCarloBot
from games.railroad_ink.bots.policy import FEATURE_NAMES, POLICY_FILE, VALUES
from games.railroad_ink.engine.playout import RANDOM, candidate_features
from games.railroad_ink.engine.position import Position
from treesearch import CHANCE

OUT = Path(__file__).resolve().parent.parent / "games" / "railroad_ink" / "bots" / POLICY_FILE


def counts_of_game(args: tuple[int, int]) -> np.ndarray:
    """Feature-value counts ``[round, yes/no, feature, value]`` of one game."""
    seed, playouts = args
    bot = MonteCarloBot(playouts=playouts, policy=RANDOM, seed=seed)
    game = RailroadInk(seed, "revealed")
    state = game.start()
    counts = np.zeros((7, 2, len(FEATURE_NAMES), VALUES), dtype=np.int64)
    features = np.zeros(len(FEATURE_NAMES), dtype=np.int64)
    while not state.is_terminal():
        if state.player() == CHANCE:
            state = state.rolled(game.rolls[state.round - 1])
            continue
        before = state
        state = bot.choose(state)
        decision = bot.last_decision
        if before.round >= 7 or len(decision) < 2:
            continue
        slots = Position.of(before).slots
        chosen = state.placement
        for candidate in decision:
            if candidate.label < 0:
                continue
            candidate_features(slots, candidate.label, features)
            yes = candidate.state.placement == chosen
            for f, value in enumerate(features):
                counts[before.round - 1, 0 if yes else 1, f, value] += 1
    return counts


def fit(counts: np.ndarray) -> np.ndarray:
    """Per round, feature and value: log P(value | yes) - log P(value | no), smoothed."""
    table = np.zeros((7, len(FEATURE_NAMES), VALUES))
    for r in range(6):
        for f in range(len(FEATURE_NAMES)):
            yes = counts[r, 0, f] + 1.0
            no = counts[r, 1, f] + 1.0
            table[r, f] = np.log(yes / yes.sum()) - np.log(no / no.sum())
            table[r, f, counts[r, :, f].sum(axis=0) == 0] = 0.0  # never seen: no opinion
    table[6] = table[5]  # play-outs of round 7 follow round 6's habits
    return table


def play_games(
    seeds: list[int], playouts: int, jobs: int, seconds: float | None
) -> tuple[np.ndarray, list[int]]:
    """Summed counts of the games on ``seeds``, and the seeds finished before the deadline."""
    deadline = None if seconds is None else time.monotonic() + seconds
    total = np.zeros((7, 2, len(FEATURE_NAMES), VALUES), dtype=np.int64)
    done: list[int] = []
    with multiprocessing.Pool(jobs) as pool:
        pending = [(seed, pool.apply_async(counts_of_game, ((seed, playouts),))) for seed in seeds]
        for seed, result in pending:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                break
            try:
                total += result.get(left)
            except multiprocessing.TimeoutError:
                break
            done.append(seed)
        pool.terminate()
    return total, done


def describe(seeds: list[int], playouts: list[int]) -> str:
    """The ``trained_on`` line: how many games, which seeds, how many play-outs."""
    runs = sorted(set(playouts))
    return (
        f"{len(seeds)} revealed games, seeds {min(seeds)}..{max(seeds)}, "
        f"{'/'.join(map(str, runs))} play-outs a decision"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--playouts", type=int, default=1000, help="per decision")
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=None, help="take no game after this")
    parser.add_argument("--counts-out", type=Path, default=None, help="keep the raw counts (.npz)")
    parser.add_argument("--merge", type=Path, nargs="+", default=None, help="fit from .npz files")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    t0 = time.perf_counter()
    if args.merge:
        parts = [np.load(path) for path in args.merge]
        total = sum((part["counts"] for part in parts), np.zeros((7, 2, 4, VALUES), np.int64))
        seeds = [int(s) for part in parts for s in part["seeds"]]
        playouts = [int(part["playouts"]) for part in parts]
        if len(set(seeds)) != len(seeds):
            raise SystemExit("the merged count files share seeds: each game would count twice")
    else:
        wanted = [args.first_seed + g for g in range(args.games)]
        total, seeds = play_games(wanted, args.playouts, args.jobs, args.seconds)
        playouts = [args.playouts]
        if not seeds:
            raise SystemExit("no game finished before the deadline")
    if args.counts_out is not None:
        np.savez(args.counts_out, counts=total, seeds=np.array(seeds), playouts=playouts[0])
    table = fit(total)
    data = {
        "description": "naive Bayes log-odds per round, feature and value (policy.py)",
        "features": list(FEATURE_NAMES),
        "trained_on": describe(seeds, playouts),
        "decisions": {"yes": int(total[:, 0, 0].sum()), "no": int(total[:, 1, 0].sum())},
        "weights": np.round(table, 4).tolist(),
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    took = time.perf_counter() - t0
    print(f"{args.out}: {len(seeds)} games, {data['decisions']} in {took:.0f} s")


if __name__ == "__main__":
    main()
