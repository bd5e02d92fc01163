"""Tron: are the draws against the 2018 Hexatron winner forced? Probes in the contest's simulator.

Issue 19 asks for at most 10% draws against the winner (``maximdeclercq/Hexatron``,
``agents/v10-5.py``); ``best_bot`` draws 30-50% of its games, most of them head-on at the
centre. These probes measure what is reachable at all:

- ``lineage``: the winner's own earlier versions (``agents/old/*.py`` and ``v8-4``: its
  method at earlier stages) against it, starts as ``bench_tron_contest.py`` draws them.
- ``beam``: a beam search over *our* moves in which the winner's reply to each position is
  its real ``generate_move`` (its ties seeded per turn), positions ranked by ``evaluate``.
  A win it finds is a line that beats this opponent's policy: the draw was not forced by
  the game, only by treating the opponent as a best responder.

The contest's code is read at run time from the checkouts ``bench_tron_contest.py`` names,
never copied into this project::

    python benchmarks/probe_tron_draws.py lineage --first 100 --starts 15
    python benchmarks/probe_tron_draws.py beam --seeds 100,102,108 --width 20
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import io
import random
import sys
import time
from pathlib import Path
from typing import Any

from bench_tron_contest import CONTEST, HOW, OPPONENTS, SIMULATOR, _load, _start

from games.tron.contest import state_from_contest
from games.tron.value import evaluate

WINNER = OPPONENTS["winner"]
MAX_TURNS = 200
ACTIONS = (-2, -1, 0, 1, 2)


def _view(game: Any, k: int) -> tuple[Any, Any, Any]:
    """Player ``k``'s observation, as the contest hands it to its agent (itself first)."""
    obs = game._get_observation()
    step = 1 if k == 0 else -1
    board = obs["board"] if k == 0 else obs["board"][:, :, ::-1]
    return board, obs["positions"][::step], obs["orientations"][::step]


def _ask(agent: Any, game: Any, k: int) -> int:
    with contextlib.redirect_stdout(io.StringIO()):
        return int(agent(*_view(game, k)))


def _result(status: list[int], side: int) -> str:
    mine, other = bool(status[side]), bool(status[1 - side])
    return "D" if mine == other else ("L" if mine else "W")


def versus(path: Path, seed: int, side: int) -> tuple[str, int, bool]:
    """The agent at ``path`` (on ``side``) against the winner: result, turns, head-on."""
    simulator = _load(SIMULATOR, "contest_game")
    ours = _load(path, "contest_other").generate_move
    theirs = _load(WINNER, "contest_winner").generate_move
    agents = [ours, theirs] if side == 0 else [theirs, ours]
    random.seed(seed * 2 + side)
    game = simulator.Hexatron(13)
    _start(game, simulator, seed)
    status = [0, 0]
    turns = 0
    while turns < MAX_TURNS:
        turns += 1
        _, done, status = game.act(*(_ask(a, game, k) for k, a in enumerate(agents)))
        if done:
            break
    heads = [(p.y, p.x) for p in game.players]
    result = _result(status, side)
    return result, turns, result == "D" and heads[0] == heads[1]


def lineage(first: int, starts: int, versions: list[str]) -> None:
    """Each named earlier version of the winner against it, both sides of each start."""
    agents = CONTEST / "Hexatron" / "agents"
    for name in versions:
        path = agents / f"{name}.py"
        if not path.exists():
            path = agents / "old" / f"{name}.py"
        tally = {"W": 0, "D": 0, "L": 0}
        early = 0
        t0 = time.perf_counter()
        try:
            for seed in range(first, first + starts):
                for side in (0, 1):
                    result, turns, head_on = versus(path, seed, side)
                    tally[result] += 1
                    early += head_on and turns <= 7
        except Exception as exc:  # an old version that no longer runs: say so, go on
            print(f"{path.stem}: does not run ({type(exc).__name__}: {exc})")
            continue
        n = 2 * starts
        score = (tally["W"] + tally["D"] / 2) / n
        print(
            f"{path.stem} vs v10-5, starts {first}-{first + starts - 1}: W {tally['W']} "
            f"D {tally['D']} L {tally['L']}  score {score:.3f}  draws {tally['D'] / n:.0%} "
            f"(head-on by turn 7: {early})  {time.perf_counter() - t0:.0f} s"
        )


def beam(seed: int, side: int, width: int) -> None:
    """Search our moves against the winner's real replies; the first win found, if any."""
    simulator = _load(SIMULATOR, "contest_game")
    winner = _load(WINNER, "contest_winner").generate_move
    game = simulator.Hexatron(13)
    _start(game, simulator, seed)
    frontier: list[tuple[float, Any, list[int]]] = [(0.0, game, [])]
    ends = {"W": 0, "D": 0, "L": 0}
    calls, win = 0, None
    t0 = time.perf_counter()
    for turn in range(1, MAX_TURNS + 1):
        children = []
        for _, position, line in frontier:
            random.seed(seed * 1000 + turn)  # its ties: one draw per turn, the same in every line
            theirs = _ask(winner, position, 1 - side)
            calls += 1
            for action in ACTIONS:
                child = copy.deepcopy(position)
                _, done, status = child.act(*((action, theirs) if side == 0 else (theirs, action)))
                if done:
                    result = _result(status, side)
                    ends[result] += 1
                    if result == "W" and win is None:
                        win = (turn, [*line, action])
                    continue
                value = evaluate(state_from_contest(*_view(child, side)), 0)
                children.append((value, child, [*line, action]))
        if win is not None or not children:
            break
        children.sort(key=lambda c: -c[0])
        frontier = children[:width]
    found = f"first win at turn {win[0]}: {win[1]}" if win else "no win found"
    print(
        f"start {seed} side {side} width {width}: {found}; ends seen W {ends['W']} D "
        f"{ends['D']} L {ends['L']}; {calls} winner calls, {time.perf_counter() - t0:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("probe", choices=("lineage", "beam"))
    parser.add_argument("--first", type=int, default=100, help="lineage: first start seed")
    parser.add_argument("--starts", type=int, default=15, help="lineage: starts (both sides)")
    parser.add_argument(
        "--versions",
        default="v5-6,v6-3,v7-1,v8-3,v8-4,v10-0,v10-4",
        help="lineage: the winner's versions (the last of each; v2-v4 take a minute a game)",
    )
    parser.add_argument("--seeds", default="100,102,108", help="beam: start seeds")
    parser.add_argument("--sides", default="0,1", help="beam: our sides")
    parser.add_argument("--width", type=int, default=20, help="beam: positions kept a turn")
    args = parser.parse_args()
    if not SIMULATOR.exists() or not WINNER.exists():
        print(f"missing the contest's code; get it with:{HOW}")
        sys.exit(2)
    if args.probe == "lineage":
        lineage(args.first, args.starts, args.versions.split(","))
        return
    for seed in (int(s) for s in args.seeds.split(",")):
        for side in (int(s) for s in args.sides.split(",")):
            beam(seed, side, args.width)


if __name__ == "__main__":
    main()
