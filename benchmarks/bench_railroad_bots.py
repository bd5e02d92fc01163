"""Railroad Ink: the ``montecarlo`` bot's variants (the anchor's scheme, then each idea) on seeds.

Each variant is ``MonteCarloBot`` with some knobs changed (``VARIANTS``), or the learned
value's ``LearnedMonteCarloBot`` with some (``LEARNED``), or ``LearnedRoundsBot`` (whole rounds
by the learned value, ``ROUNDS``); every variant plays
the same seeded games (the seed fixes the dice), so differences are paired. Printed per
variant: games, mean, standard deviation, a 95% interval of the mean, the mean paired
difference to the first variant listed with its 95% interval, and thinking seconds per game
(mean and worst). Every game is replayed with ``Board.from_moves(moves, strict=True)`` and
must reach the score it reported.

    python benchmarks/bench_railroad_bots.py --variants anchor,guided --dice revealed
        --first 100 --games 100 --jobs 2 [--out results.jsonl]

With ``--out`` each game is appended as a JSON line (variant, dice, seed, score, seconds).

On the anchor's own games: ``--anchor-dice anchor_dice.json`` plays, for seed ``k``, the dice
of the public anchor's evaluation game ``final-k`` (made by ``benchmarks/anchor_dice.js``);
``--anchor-results results.txt`` (its ``src/data/results.txt``, from a checkout of
github ``davidxmoody/railroad-ink-ai``) adds the anchor's own score on the same games as a
first row, so the differences are paired game by game::

    python benchmarks/bench_railroad_bots.py --variants default --dice revealed --first 0
        --games 100 --anchor-dice anchor_dice.json --anchor-results results.txt
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import re
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from games.railroad_ink import Board, RailroadInk
from games.railroad_ink.bots.base import Bot
from games.railroad_ink.bots.learned_montecarlo import LearnedMonteCarloBot
from games.railroad_ink.bots.learned_rounds import LearnedRoundsBot
from games.railroad_ink.bots.learned_value import load_value, shipped_value
from games.railroad_ink.bots.montecarlo import MonteCarloBot
from games.railroad_ink.bots.policy import load_policy
from games.railroad_ink.engine.playout import GUIDED, RANDOM
from treesearch import CHANCE


def _anchor() -> dict[str, Any]:
    return {"policy": RANDOM, "playouts": 4000, "keep_best": False}


def _guided() -> dict[str, Any]:
    return {"policy": GUIDED, "weights": load_policy()}


VARIANTS: dict[str, Any] = {
    "default": dict,  # make_bot("montecarlo"): the fixed budget ("best" plays it on a clock)
    "anchor": _anchor,  # 10 play-outs each, 4000 greedy, uniform play-outs
    "guided": lambda: {**_anchor(), **_guided()},
    "x4": lambda: {**_anchor(), "playouts": 16000},
    "guided-x4": lambda: {**_anchor(), **_guided(), "playouts": 16000},
    "crn": lambda: {**_anchor(), "futures": 64},
    "ucb": lambda: {**_anchor(), "allocation": "ucb"},
    "halving": lambda: {**_anchor(), "allocation": "halving"},
    "first30": lambda: {**_anchor(), "first": 30},
    "guided-x4-keep": lambda: {**_guided(), "playouts": 16000, "keep_best": True},
    "guided-x4-ucb": lambda: {**_guided(), "playouts": 16000, "allocation": "ucb"},
    "guided-x4-halving": lambda: {**_guided(), "playouts": 16000, "allocation": "halving"},
    "guided-x4-crn": lambda: {**_guided(), "playouts": 16000, "futures": 64},
    "guided-x8-keep": lambda: {**_guided(), "playouts": 32000, "keep_best": True},
    "guided-x4-keep-total": lambda: {
        **_guided(),
        "playouts": 16000,
        "keep_best": True,
        "shaped": False,
    },
    "guided-x8": lambda: {**_guided(), "playouts": 32000},
    "keep-ucb": lambda: {"allocation": "ucb"},  # the defaults (guided x8, keep best) and ...
    "keep-first30": lambda: {"first": 30},
    "keep-first100": lambda: {"first": 100},
    "keep-total": lambda: {"shaped": False},
    "x12": lambda: {"playouts": 48000},  # the defaults with 1.5 times the play-outs
    "flat": lambda: {"plan": False},  # dice known: flat decisions, the best game kept
    "plan-guided": lambda: {"beta": 1.0, "iterations": 50},  # dice known: the value guides the plan
    "plan-nested": lambda: {"beta": 1.0, "iterations": 50, "nest": 2},  # + round nesting first
    "plan-guided-70": lambda: {"beta": 1.0, "iterations": 70},  # the same, 70 ** 3 play-outs
    "errors-quarter": lambda: {"error_weight": 0.25},  # the final errors in the shaped score
    "errors-half": lambda: {"error_weight": 0.5},
    "quarter": lambda: {"playouts": 8000},  # the defaults at a quarter of the play-outs
    "quarter-last4": lambda: {"playouts": 8000, "last_tries": 4},  # the last round, best of 4
    "last4": lambda: {"last_tries": 4},
}
"""Variant name -> a function giving ``MonteCarloBot`` keyword arguments."""

LEARNED: dict[str, Any] = {
    "learned-mc": dict,  # make_bot("learned-mc"): all candidates, + 0.25 value if well sampled
    "lmc-all-prior": lambda: {"sampled": 0.0},  # + 0.25 value, any candidate
    "lmc-top8": lambda: {"top": 8, "playouts": 8000, "prior": 0.0},  # the value's best 8 only
    "lmc-top12": lambda: {"top": 12, "playouts": 8000, "prior": 0.0},
    "lmc-top8-prior": lambda: {"top": 8, "playouts": 8000, "prior": 0.5},
    "lmc-top8-x4": lambda: {"top": 8, "prior": 0.0},  # best's play-outs over the top 8
}
"""Variant name -> ``LearnedMonteCarloBot`` keyword arguments (the shipped model)."""

ROUNDS: dict[str, Any] = {
    "learned-rounds": dict,  # make_bot("learned-rounds"): the defaults of LearnedRoundsBot
    "rounds-first": lambda: {"weights": shipped_value()[0], "playout_width": 0},  # until 12-03
    "rounds-value": lambda: {"playouts": 0},  # the beam's best round end by the value alone
    "rounds-top8-x16": lambda: {"top": 8, "playouts": 16},
    "rounds-top16-x64": lambda: {"top": 16, "playouts": 64},
    "rounds-top24-x256": lambda: {"top": 24, "playouts": 256},
    "rounds-top48-x256": lambda: {"top": 48, "playouts": 256},
    "rounds-top24-x1024": lambda: {"top": 24, "playouts": 1024},
    "rounds-top96": lambda: {"top": 96},  # twice the ends
    "rounds-w64": lambda: {"width": 64},  # a wider beam while placing a round
    "rounds-w128": lambda: {"width": 128},
    "rounds-hybrid": lambda: {"playout_weights": shipped_value()[0]},  # --weights: the beam's
    "rounds-last1024": lambda: {"last_width": 1024},  # the last round searched wider
    "rounds-rp2": lambda: {"playout_width": 2, "playout_last": 0},  # round player, width 2
    "rounds-rp4": lambda: {"playout_width": 4, "playout_last": 0},  # the default until 12-03
    "rounds-rp8": lambda: {"playout_width": 8, "playout_last": 0},
    "rounds-pl16": lambda: {"playout_last": 16},  # the play-outs' last round 16 wide
    "rounds-pl32": lambda: {"playout_last": 32},
    "rounds-pl64": lambda: {"playout_last": 64},
}
"""Variant name -> ``LearnedRoundsBot`` keyword arguments (whole rounds, the bot's value unless
``--weights``; ``rounds-first`` is the default before the fine-tuned value: greedy play-outs,
the first value)."""


@functools.cache
def _weights(path: str | None) -> np.ndarray | None:
    """The value's weights in the model file at ``path`` (None: the shipped model's)."""
    return None if path is None else load_value(path)[0]


def one_game(args: tuple[str, str, int, float | None, Any, str | None]) -> dict[str, Any]:
    """Play game ``seed`` with variant ``name``; the record as a dict.

    On ``rolls`` if given, with the value in the model file ``weights`` if given.
    """
    name, dice, seed, seconds, rolls, weights = args
    bot: Bot
    if name in ROUNDS:
        kwargs = {"weights": _weights(weights), **ROUNDS[name]()}
        bot = LearnedRoundsBot(seed=seed, seconds=seconds, **kwargs)
    elif name in LEARNED:
        kwargs = {"weights": _weights(weights), **LEARNED[name]()}
        bot = LearnedMonteCarloBot(seed=seed, seconds=seconds, **kwargs)
    else:
        bot = MonteCarloBot(seed=seed, seconds=seconds, **VARIANTS[name]())
    game = RailroadInk(seed, dice, rolls)
    state = game.start()
    moves = []
    t0 = time.perf_counter()
    while not state.is_terminal():
        if state.player() == CHANCE:
            state = state.rolled(game.rolls[state.round - 1])
            continue
        state = bot.choose(state)
        if state.placement is not None:
            moves.append(str(state.placement))
    wall = time.perf_counter() - t0
    score = state.board.score().total
    assert Board.from_moves(moves, strict=True).score().total == score
    return {
        "variant": name,
        "dice": dice,
        "seed": seed,
        "score": score,
        "seconds": round(bot.thinking, 2),
        "wall": round(wall, 2),
        "engine": bot.engine,
    }


def summary(rows: list[dict[str, Any]], base: dict[int, int] | None) -> str:
    """One line: games, mean, sd, 95% interval, paired difference, seconds a game."""
    scores = [r["score"] for r in rows]
    n = len(scores)
    mean = statistics.fmean(scores)
    sd = statistics.stdev(scores) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
    line = f"{n:4d} games  mean {mean:5.2f}  sd {sd:4.1f}"
    line += f"  95% [{mean - half:5.2f}, {mean + half:5.2f}]"
    if base is not None:
        diffs = [r["score"] - base[r["seed"]] for r in rows if r["seed"] in base]
        if len(diffs) > 1:
            d = statistics.fmean(diffs)
            dh = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
            line += f"  vs first {d:+5.2f} [{d - dh:+.2f}, {d + dh:+.2f}]"
    secs = [r["seconds"] for r in rows if not math.isnan(r["seconds"])]
    if not secs:  # the anchor's own scores: no time recorded
        return line
    return line + f"  {statistics.fmean(secs):5.1f} s/game (max {max(secs):.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="anchor")
    parser.add_argument("--dice", default="revealed", choices=("known", "revealed"))
    parser.add_argument("--first", type=int, default=100)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=None, help="per game")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument(
        "--weights", default=None, help="model file of the learned variants' value (else shipped)"
    )
    parser.add_argument("--anchor-dice", type=Path, default=None, help="anchor_dice.js output")
    parser.add_argument("--anchor-results", type=Path, default=None, help="its results.txt")
    args = parser.parse_args()
    names = args.variants.split(",")
    for name in names:
        if name not in VARIANTS and name not in LEARNED and name not in ROUNDS:
            known = ", ".join([*VARIANTS, *LEARNED, *ROUNDS])
            parser.error(f"unknown variant {name!r}; known: {known}")
    seeds = range(args.first, args.first + args.games)
    dice = json.loads(args.anchor_dice.read_text()) if args.anchor_dice else None
    jobs = [
        (name, args.dice, seed, args.seconds, dice[f"final-{seed}"] if dice else None, args.weights)
        for seed in seeds
        for name in names
    ]
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    if args.anchor_results is not None:
        if dice is None:
            parser.error("--anchor-results needs --anchor-dice (the same games)")
        found = re.findall(r"Score: (-?\d+), seed: final-(\d+)", args.anchor_results.read_text())
        scores = {int(k): int(score) for score, k in found}
        names.insert(0, "anchor's own")
        rows[names[0]] = [
            {"seed": k, "score": scores[k], "seconds": math.nan, "engine": "its own"} for k in seeds
        ]
    with ProcessPoolExecutor(args.jobs) as pool:
        for row in pool.map(one_game, jobs):
            rows[row["variant"]].append(row)
            if args.out is not None:
                with args.out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
    base = {r["seed"]: r["score"] for r in rows[names[0]]}
    games = "the anchor's games final-" if dice else "seeds "
    print(
        f"dice {args.dice}, {games}{args.first}..{args.first + args.games - 1}, "
        f"engine {rows[names[-1]][0]['engine']}"
    )
    for name in names:
        print(f"{name:12s} {summary(rows[name], base if name != names[0] else None)}")


if __name__ == "__main__":
    main()
