"""Railroad Ink: scoring and move-generation speed, then the bots' strength on seeded games.

(a) Speed, on the boards of random legal games (known dice): mean and worst ``score()`` time
per board, the mean ``features()`` time (the heuristic's fast pass) and its ratio to
``score()``, ``HEURISTIC`` evaluations per second, legal placements generated per second.

(b) Strength: for each dice mode and bot, games ``0 .. games-1`` played by ``play`` (the seed
fixes the dice, so every bot meets the same rolls): mean, median, best and worst score and the
bot's thinking seconds per game, with random's mean for scale. Printed as a markdown table.

Usage::

    python benchmarks/bench_railroad_ink.py [--games 50] [--first 0]
        [--bots random,greedy,beam,mcts,lookahead,best] [--dice known,revealed]
        [--seconds S] [--jobs 1] [--speed-games 200]
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from games.railroad_ink import RailroadInk, RailroadInkState, Tile
from games.railroad_ink.bots.features import features
from games.railroad_ink.bots.roster import BOTS
from games.railroad_ink.bots.value import HEURISTIC
from games.railroad_ink.records import InkRecord, play
from treesearch import RandomWalk


def speed(games: int) -> None:
    """Time ``score()``, the heuristic and ``legal_placements`` on boards of random games."""
    states: list[RailroadInkState] = []
    for seed in range(games):
        path = RandomWalk(rng=seed).run(RailroadInk(seed).start()).path
        states.extend(path[1:])
    times = []
    for state in states:
        board = state.board
        t0 = time.perf_counter()
        board.score()
        times.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    for state in states:
        features(state.board)
    fast = (time.perf_counter() - t0) / len(states)
    t0 = time.perf_counter()
    for state in states:
        HEURISTIC(state)
    heuristic = len(states) / (time.perf_counter() - t0)
    faces = [Tile.parse(t) for t in ("D_D_", "DD__", "DDD_", "L_L_", "LL__", "DLDLo", "DL__")]
    boards = [state.board for state in states]
    for board in boards:  # warm each board's per-square needs, as play does
        board.legal_placements(faces[0])
    found = 0
    t0 = time.perf_counter()
    for board in boards:
        for face in faces:
            found += len(board.legal_placements(face))
    placements = found / (time.perf_counter() - t0)
    print(f"## Speed ({games} random games, {len(states)} boards of 1..49 tiles)\n")
    print(f"- score(): mean {statistics.mean(times) * 1e6:.0f} us, worst {max(times) * 1e6:.0f} us")
    mean = statistics.mean(times)
    print(f"- features(): mean {fast * 1e6:.0f} us ({mean / fast:.1f}x faster than score())")
    print(f"- HEURISTIC: {heuristic:,.0f} evaluations/s")
    print(f"- legal_placements: {placements:,.0f} placements/s\n")


def one(args: tuple[int, str, str, float | None]) -> InkRecord:
    seed, dice, bot, seconds = args
    return play(seed, dice, bot, seconds)


def strength(
    games: int, bots: list[str], modes: list[str], seconds: float | None, jobs: int, first: int = 0
) -> None:
    """Play every bot in every mode on the same seeds; print one markdown table."""
    last = first + games - 1
    print(f"## Strength ({games} games per row, seeds {first}..{last}, seconds={seconds})\n")
    print("| dice | bot | mean | median | best | worst | s/game (mean, max) |")
    print("|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(jobs) if jobs > 1 else _Serial() as pool:
        for dice in modes:
            for bot in bots:
                work = [(seed, dice, bot, seconds) for seed in range(first, first + games)]
                records = list(pool.map(one, work))
                scores = [r.score.total for r in records]
                spent = [r.seconds for r in records]
                print(
                    f"| {dice} | {bot} | {statistics.mean(scores):.1f} | "
                    f"{statistics.median(scores):g} | {max(scores)} | {min(scores)} | "
                    f"{statistics.mean(spent):.2f}, {max(spent):.2f} |",
                    flush=True,
                )


class _Serial:
    """A stand-in for a process pool with one job: maps in this process."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn, items):  # type: ignore[no-untyped-def]
        return map(fn, items)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="seeded games per mode and bot")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--bots", default=",".join(BOTS), help="comma-separated bot names")
    parser.add_argument("--dice", default="known,revealed", help="comma-separated dice modes")
    parser.add_argument("--seconds", type=float, default=None, help="bot time per game")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    parser.add_argument("--speed-games", type=int, default=200, help="random games for (a)")
    args = parser.parse_args()
    if args.speed_games:
        speed(args.speed_games)
    if args.games:
        strength(
            args.games,
            args.bots.split(","),
            args.dice.split(","),
            args.seconds,
            args.jobs,
            args.first,
        )


if __name__ == "__main__":
    main()
