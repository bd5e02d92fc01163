"""Railroad Ink engine speed: whole play-outs per second and scoring, against the public API.

Measured in one run on one core:

- the reference: a uniformly random whole game through ``RailroadInkState`` (known dice,
  children picked at random) and its ``board.score()``;
- the engine: whole games from the start with their score, per policy (``UNIFORM``,
  ``RANDOM``, ``GUIDED``), games per second and the ratio to the reference;
- NRPA's play-outs (the known-dice plan, ``engine.plans``): level 2 from game starts, each
  play-out with its adaptation;
- the plan's deadline: ``plan_moves(..., seconds=S)`` at level 3, the time it took over S (it
  may finish the level-1 run under way when S runs out, so the ratio is a little above 1);
- ``score()`` of full boards: ``Board.score()`` against the engine's ``score_parts``;
- compiling: a fresh process with an empty numba cache (import and first play-out), then a
  second process loading the cache.

    python benchmarks/bench_railroad_engine.py [--games 3000]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from games._compile import ENGINE
from games.railroad_ink import RailroadInk
from games.railroad_ink.bots.policy import load_policy
from games.railroad_ink.engine.plans import nrpa, plan_moves
from games.railroad_ink.engine.playout import GUIDED, RANDOM, UNIFORM, playout, seed_stream
from games.railroad_ink.engine.position import NO_POLICY, Position
from games.railroad_ink.engine.scoring import score_parts

ROOT = Path(__file__).resolve().parent.parent
_FIRST_CALL = (
    "import time; t0 = time.perf_counter()\n"
    "import random\n"
    "from games.railroad_ink import RailroadInk\n"
    "RailroadInk(1).start().random_playout(random.Random(1))\n"
    "print(time.perf_counter() - t0)\n"
)


def reference(games: int) -> float:
    """Seconds per random whole game with its score through the public API."""
    rng = random.Random(0)
    RailroadInk(0).start().get_children()[0].board.score()  # loads the compiled functions
    t0 = time.perf_counter()
    for seed in range(games):
        state = RailroadInk(seed).start()
        while not state.is_terminal():
            children = state.get_children()
            state = children[int(rng.random() * len(children))]
        state.board.score()
    return (time.perf_counter() - t0) / games


def engine(games: int, policy: int, weights: np.ndarray) -> float:
    """Seconds per whole engine game with its score, from the start (known dice)."""
    starts = [Position.of(RailroadInk(seed).start()) for seed in range(50)]
    record = np.zeros(64, dtype=np.int64)
    stream = seed_stream(1)
    t0 = time.perf_counter()
    for g in range(games):
        p = starts[g % 50]
        start = (p.tiles.copy(), p.slots.copy(), 1, p.counts.copy(), 0, 0, False, p.rolls.copy())
        playout(
            start,
            policy,
            weights,
            stream,
            record,
            1,
        )
    return (time.perf_counter() - t0) / games


def planning(iterations: int) -> float:
    """Seconds per play-out of level-2 NRPA (its adaptations included), from game starts."""
    starts = [Position.of(RailroadInk(seed).start()) for seed in range(5)]
    nrpa(starts[0], 1, 2, 1.0, seed_stream(0))  # the first call loads the compiled functions
    t0 = time.perf_counter()
    for k, p in enumerate(starts):
        nrpa(p, 2, iterations, 1.0, seed_stream(k))
    return (time.perf_counter() - t0) / (len(starts) * iterations**2)


def deadline_overrun(seconds: float) -> float:
    """Seconds a level-3 plan with a deadline of ``seconds`` took, over ``seconds``."""
    p = Position.of(RailroadInk(4, "known").start())
    t0 = time.perf_counter()
    plan_moves(p, 3, 100, seed_stream(1), seconds=seconds)
    return (time.perf_counter() - t0) / seconds


def scoring(games: int) -> tuple[float, float]:
    """Microseconds per score of a full board: ``Board.score()`` and the engine's."""
    boards = []
    rng = random.Random(3)
    for seed in range(games):
        state = RailroadInk(seed).start()
        while not state.is_terminal():
            children = state.get_children()
            state = children[int(rng.random() * len(children))]
        boards.append(state.board)
    arrays = [b.arrays()[0] for b in boards]
    score_parts(arrays[0])  # the first call loads the compiled function
    t0 = time.perf_counter()
    for b in boards:
        b.score()
    api = (time.perf_counter() - t0) / len(boards)
    t0 = time.perf_counter()
    for tiles in arrays:
        score_parts(tiles)
    fast = (time.perf_counter() - t0) / len(arrays)
    return api * 1e6, fast * 1e6


def compile_seconds() -> tuple[float, float]:
    """Seconds to the first play-out in a process with an empty cache, then with the cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        times = []
        for _ in range(2):
            done = subprocess.run(
                [sys.executable, "-c", _FIRST_CALL],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            times.append(float(done.stdout.strip()))
    return times[0], times[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    args = parser.parse_args()
    print(f"engine: {ENGINE}")
    if ENGINE == "numba":
        cold, warm = compile_seconds()
        print(f"first play-out in a new process: {cold:.1f} s compiling, {warm:.1f} s cached")
    ref = reference(max(50, args.games // 30))
    print(
        f"reference (public API, random game + score): {ref * 1e6:8.0f} us  {1 / ref:8.0f} games/s"
    )
    for name, policy, weights in (
        ("UNIFORM", UNIFORM, NO_POLICY),
        ("RANDOM", RANDOM, NO_POLICY),
        ("GUIDED", GUIDED, load_policy()),
    ):
        engine(20, policy, weights)  # warm
        t = engine(args.games, policy, weights)
        print(
            f"engine {name:8s} game + score:               {t * 1e6:8.1f} us  "
            f"{1 / t:8.0f} games/s  x{ref / t:.0f}"
        )
    t = planning(100)
    print(
        f"engine NRPA play-out + adaptation (level 2):  {t * 1e6:8.1f} us  "
        f"{1 / t:8.0f} play-outs/s  x{ref / t:.0f}"
    )
    for seconds in (0.5, 2.0):
        print(f"plan with a {seconds:.1f} s deadline: x{deadline_overrun(seconds):.2f} its time")
    api, fast = scoring(200)
    print(
        f"score of a full board: Board.score() {api:.0f} us, engine {fast:.1f} us "
        f"(x{api / fast:.0f})"
    )


if __name__ == "__main__":
    main()
