"""Railroad Ink: train the learned afterstate value (n-tuple network, TD(0)) on the engine.

Seeded: with ``--games`` the same seed gives the same model file. Prints the learning curve as
it goes (the greedy learned player's mean final score on the dice of ``--eval-seeds``, by
games trained), writes the model (``treesearch.learn`` format) and the curve as a PNG, then
the greedy player's mean, sd and speed on ``--eval-seeds``::

    python benchmarks/train_ink_value.py --seconds 600 --seed 1 --out ink.npz --curve ink.png

``--rounds W --start MODEL`` goes on from a model's weights with whole rounds chosen by the
value's round beam of width ``W`` (``engine.round_td``); the curve then measures that player.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from games._compile import ENGINE
from games.railroad_ink.bots.learned_value import (
    REWARDS,
    InkTraining,
    greedy_scores,
    load_value,
    round_scores,
    save_value,
    train_value,
)
from treesearch.learn import write_curve


def _seeds(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def _show(run: InkTraining) -> None:
    games, score = run.curve[-1]
    rate = run.games / max(run.seconds, 1e-9)
    player = "round player" if run.settings.get("rounds") else "greedy"
    print(f"{games:>9} games  {run.seconds:7.1f} s  {rate:6.0f} games/s  {player} {score:.2f}")


def main() -> None:
    """Train, write the model and the curve, and measure the greedy player."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    limit = parser.add_mutually_exclusive_group(required=True)
    limit.add_argument("--games", type=int, help="training games")
    limit.add_argument("--seconds", type=float, help="training time")
    parser.add_argument("--seed", type=int, default=0, help="seed of the training dice")
    parser.add_argument("--out", required=True, help="model file to write (.npz)")
    parser.add_argument("--curve", help="learning curve PNG to write")
    parser.add_argument(
        "--compact", action="store_true", help="float32 weights, compressed (to ship)"
    )
    parser.add_argument("--alpha", type=float, default=0.1, help="TD step (0, 1]")
    parser.add_argument("--epsilon", type=float, default=0.02, help="exploration")
    parser.add_argument(
        "--decay", type=int, default=0, help="step alpha*D/(D+games); 0 keeps alpha"
    )
    parser.add_argument("--reward", choices=sorted(REWARDS), default="final")
    parser.add_argument("--lam", type=float, default=0.0, help="TD(lambda), 0..1; 0 is TD(0)")
    parser.add_argument(
        "--rounds", type=int, default=0, help="whole rounds by a beam of this width; 0: greedy"
    )
    parser.add_argument("--start", help="model file whose weights to go on from")
    parser.add_argument("--every", type=int, default=20_000, help="games between points")
    parser.add_argument("--eval-seeds", type=_seeds, default=range(100, 200), help="e.g. 100-199")
    args = parser.parse_args()
    print(
        f"engine: {ENGINE}; training by TD({args.lam:g}), reward {args.reward}, "
        f"alpha {args.alpha}, epsilon {args.epsilon}, decay {args.decay}, seed {args.seed}, "
        f"rounds {args.rounds or 'no'}, from {args.start or 'zero weights'}"
    )
    start = None if args.start is None else load_value(args.start)[0]
    run = train_value(
        games=args.games,
        seconds=args.seconds,
        seed=args.seed,
        alpha=args.alpha,
        epsilon=args.epsilon,
        reward=args.reward,
        decay=args.decay,
        every=args.every,
        eval_seeds=args.eval_seeds,
        progress=_show,
        lam=args.lam,
        rounds=args.rounds,
        weights=start,
    )
    if args.start is not None:
        run.settings["from"] = Path(args.start).name
    save_value(args.out, run, compact=args.compact)
    player = f"round player (width {args.rounds})" if args.rounds else "greedy learned player"
    print(f"model: {args.out} ({run.games} games, {run.seconds:.1f} s)")
    if args.curve:
        seeds = args.eval_seeds
        write_curve(
            args.curve,
            run.curve,
            title="Railroad Ink, learned afterstate value",
            label=f"{player} mean on seeds {seeds.start}-{seeds.stop - 1}",
        )
        print(f"curve: {args.curve}")
    t0 = time.perf_counter()
    weights = load_value(args.out)[0]  # as written (float32 when --compact)
    if args.rounds:
        scores = round_scores(weights, args.eval_seeds, args.rounds)
    else:
        scores = greedy_scores(weights, args.eval_seeds, args.reward)
    spent = time.perf_counter() - t0
    print(
        f"{player} on seeds {args.eval_seeds.start}-{args.eval_seeds.stop - 1}: "
        f"mean {statistics.mean(scores):.2f} sd {statistics.pstdev(scores):.2f} "
        f"min {min(scores)} max {max(scores)}, {len(scores) / spent:.0f} games/s"
    )


if __name__ == "__main__":
    main()
