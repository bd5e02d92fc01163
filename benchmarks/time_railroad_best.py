"""Railroad Ink: how long whole games of a bot take, decision by decision, on a busy machine.

Plays seeded games one after the other in this process and prints, per game, the score, the
wall-clock seconds of the whole game (dealing included), the bot's thinking seconds, the
longest decision, the seconds each round took and the thinking time left before the last
round, and for a flat Monte Carlo bot its play-outs and the decisions its clock cut short;
then the longest game. A game on a 2 s clock comes first, untimed: numba loads the compiled
engine then (seconds, or minutes after an edit of the games package, inside the first
game's clock otherwise). ``--busy`` keeps another core busy meanwhile (a ``nice`` busy
loop in a child process), as a shared machine is::

    python benchmarks/time_railroad_best.py --bot best --seeds 100-103 --busy
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from typing import Any

from games._compile import ENGINE
from games.railroad_ink import play
from games.railroad_ink.bots.roster import BOTS, make_bot
from games.railroad_ink.rules.game import RailroadInkState

BUSY = "while True: pass"
"""The busy loop run beside the games with ``--busy``."""


class Timed:
    """An agent maker: the named bot, each decision's round and seconds noted."""

    def __init__(self, name: str, dice: str, seconds: float | None) -> None:
        self.name, self.dice, self.seconds = name, dice, seconds
        self.decisions: list[tuple[int, float]] = []
        self.bot: Any = None
        self.playouts, self.cut = 0, 0

    def __call__(self, seed: int) -> Timed:
        """This maker itself, holding a fresh bot for game ``seed``."""
        self.bot, self.decisions = make_bot(self.name, self.dice, self.seconds, seed), []
        self.playouts, self.cut = 0, 0
        search = getattr(self.bot, "search", None)
        if search is not None:  # a flat Monte Carlo bot: count its play-outs and cuts
            run = search.run

            def counted(state: RailroadInkState) -> Any:
                result = run(state)
                self.playouts += int(result.info.get("playouts", 0))
                self.cut += result.stop_reason == "seconds"
                return result

            search.run = counted
        return self

    def choose(self, state: RailroadInkState) -> RailroadInkState:
        """The bot's choice, timed."""
        t0 = time.perf_counter()
        child: RailroadInkState = self.bot.choose(state)
        self.decisions.append((state.round, time.perf_counter() - t0))
        return child

    @property
    def thinking(self) -> float:
        """The bot's thinking seconds this game."""
        return float(self.bot.thinking)


def _seeds(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def _game(timed: Timed, seed: int) -> float:
    """Play game ``seed``, print its line; its wall-clock seconds."""
    t0 = time.perf_counter()
    record = play(seed, timed.dice, timed)
    wall = time.perf_counter() - t0
    rounds: dict[int, float] = defaultdict(float)
    for rnd, spent in timed.decisions:
        rounds[rnd] += spent
    before_last = sum(s for r, s in rounds.items() if r < 7)
    left = "" if timed.bot.seconds is None else f"{timed.bot.seconds - before_last:5.1f}"
    per_round = " ".join(f"{rounds[r]:4.1f}" for r in range(1, 8))
    longest = max(s for _, s in timed.decisions)
    print(
        f"seed {seed}: score {record.score.total:3d}  game {wall:5.1f} s  thinking "
        f"{timed.thinking:5.1f} s  longest decision {longest:4.2f} s  rounds [{per_round}]  "
        f"left for round 7 {left} s  play-outs {timed.playouts}  cut by the clock {timed.cut}",
        flush=True,
    )
    return wall


def main() -> None:
    """Time the games; print each and the longest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="best", choices=BOTS)
    parser.add_argument("--dice", default="revealed", choices=("known", "revealed"))
    parser.add_argument("--seeds", type=_seeds, default=range(100, 104), help="e.g. 100-103")
    parser.add_argument("--seconds", type=float, default=None, help="per game (bot's default)")
    parser.add_argument("--busy", action="store_true", help="a nice busy loop on another core")
    args = parser.parse_args()
    timed = Timed(args.bot, args.dice, args.seconds)
    play(0, args.dice, args.bot, seconds=2.0)  # numba loads (or compiles) the engine untimed
    busy = None
    if args.busy:
        busy = subprocess.Popen(["nice", "-n", "19", sys.executable, "-c", BUSY])
    print(f"bot {args.bot}, dice {args.dice}, seconds {args.seconds}, engine {ENGINE}")
    try:
        walls = [_game(timed, seed) for seed in args.seeds]
    finally:
        if busy is not None:
            busy.terminate()
            busy.wait()
    print(
        f"{len(walls)} games: mean {statistics.fmean(walls):.1f} s, longest {max(walls):.1f} s"
        + (" (busy loop beside)" if busy is not None else "")
    )


if __name__ == "__main__":
    main()
