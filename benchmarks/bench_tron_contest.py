"""Tron: our best bot inside the Hexatron contest's own simulator, against the contest's agents.

``best_bot`` (``--seconds`` a move), wrapped by ``to_contest_agent``, plays in the 2018 UGent
contest's ``game.py`` (github ``pvmolle/hexatron``: its ``Hexatron(13)`` board, move and crash
rules) against:

- ``seed004``: seed 004's contest bot (github ``GillesVandewiele/Hexatron-Bot``, ``agent.py``);
- ``winner``: the 2018 winner (github ``maximdeclercq/Hexatron``, ``agents/v10-5.py``, first in
  the play-offs).

Games come in pairs from one seeded start (drawn like the contest's ``reset``: each cycle 0-3
squares in from its corner, facing one of its two inward directions), sides swapped. Printed
per opponent: wins, draws, losses, the score (W + D/2) / N with its 95% Wilson interval, the
draws that were head-on collisions in the first 7 turns, turns a game and seconds a move per
side. ``--out FILE`` appends one JSON row a game, with its moves (``[first, second]`` a turn),
so a lost game can be replayed from its start seed. Targets (issue 19): >= 0.85 against the
winner with <= 10% draws, >= 0.90 against seed004, 60 games each at 0.2 s a move.

The contest's code is read at run time from local checkouts, never copied into this project
(``.contest/`` is ignored by git); the script says how to get them and exits when they are
missing::

    git clone https://github.com/pvmolle/hexatron .contest/hexatron
    git clone https://github.com/maximdeclercq/Hexatron .contest/Hexatron
    git clone https://github.com/GillesVandewiele/Hexatron-Bot .contest/Hexatron-Bot
    python benchmarks/bench_tron_contest.py --games 60 --seconds 0.2 --jobs 2 [--out g.jsonl]

The contest's agents draw from Python's global ``random`` (the winner breaks ties with
``random.choice``); each game seeds it in its worker process so a run can be repeated.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import io
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from games.tron import bots as tron_bots
from games.tron import endgame as tron_endgame
from games.tron.bots import TronBot, best_bot
from games.tron.contest import to_contest_agent
from treesearch.match.record import wilson_interval

ROOT = Path(__file__).resolve().parent.parent
CONTEST = ROOT / ".contest"
SIMULATOR = CONTEST / "hexatron" / "game.py"
OPPONENTS = {
    "seed004": CONTEST / "Hexatron-Bot" / "agent.py",
    "winner": CONTEST / "Hexatron" / "agents" / "v10-5.py",
}
HOW = __doc__.split("::")[1].split("python benchmarks")[0]
MAX_TURNS = 200  # 127 cells: a game is over well before
EARLY = 7
"""Head-on draws up to this turn are the ones issue 19 names."""


def _load(path: Path, name: str) -> ModuleType:
    """A module from a file of a checkout (a fresh copy each call: no state between games)."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _start(game: Any, simulator: ModuleType, seed: int) -> dict[str, Any]:
    """Put the cycles where the contest's ``reset`` would, drawn from ``seed``."""
    rng = np.random.default_rng(seed)
    size = game.size
    down, across = int(rng.integers(4)), int(rng.integers(4))
    game.grid = np.zeros([size, size, 2])
    game.players = [
        simulator.Player(size - 1 - down, across, int(rng.choice([1, 2]))),
        simulator.Player(down, size - 1 - across, int(rng.choice([4, 5]))),
    ]
    game._update()
    observation: dict[str, Any] = game._get_observation()
    return observation


def make_bot(spec: str, seconds: float) -> TronBot:
    """``best`` or a call of a ``games.tron.bots`` maker, e.g. ``alphabeta_bot(0.2, draw=0.1)``.

    The names of ``games.tron.endgame`` can be used too (``value=fill_evaluate``).
    """
    if spec == "best":
        return best_bot(seconds)
    names = {**vars(tron_endgame), **vars(tron_bots)}
    bot: TronBot = eval(spec, names)  # a benchmark's own command line
    return bot


def one_game(args: tuple[str, int, int, float, str]) -> dict[str, Any]:
    """Game ``seed`` against ``opponent``, ours first (``side`` 0) or second; a result row."""
    opponent, seed, side, seconds, spec = args
    simulator = _load(SIMULATOR, "contest_game")
    theirs = _load(OPPONENTS[opponent], f"contest_{opponent}").generate_move
    ours = to_contest_agent(make_bot(spec, seconds))
    agents = [ours, theirs] if side == 0 else [theirs, ours]
    random.seed(seed * 2 + side)
    game = simulator.Hexatron(13)
    observation = _start(game, simulator, seed)
    spent = [0.0, 0.0]
    status = [0, 0]
    turn = 0
    played: list[list[int]] = []
    with contextlib.redirect_stdout(io.StringIO()):  # seed004's agent prints every move
        while turn < MAX_TURNS:
            turn += 1
            moves = []
            for k, agent in enumerate(agents):
                board = observation["board"] if k == 0 else observation["board"][:, :, ::-1]
                positions = observation["positions"][:: 1 if k == 0 else -1]
                orientations = observation["orientations"][:: 1 if k == 0 else -1]
                t0 = time.perf_counter()
                moves.append(int(agent(board, positions, orientations)))
                spent[k] += time.perf_counter() - t0
            played.append(moves)
            observation, done, status = game.act(*moves)
            if done:
                break
    crashed = [bool(s) for s in status]
    mine, other = crashed[side], crashed[1 - side]
    result = "draw" if mine == other else ("loss" if mine else "win")
    heads = [(p.y, p.x) for p in game.players]
    return {
        "opponent": opponent,
        "seed": seed,
        "side": side,
        "result": result,
        "turns": turn,
        "head_on": result == "draw" and heads[0] == heads[1],
        "ours_s": spent[side] / turn,
        "theirs_s": spent[1 - side] / turn,
        "moves": played,
    }


def summary(rows: list[dict[str, Any]]) -> str:
    """One line: W D L, score with its Wilson interval, draws, turns, seconds a move."""
    n = len(rows)
    wins = sum(r["result"] == "win" for r in rows)
    draws = sum(r["result"] == "draw" for r in rows)
    score = (wins + draws / 2) / n
    lo, hi = wilson_interval(wins + draws / 2, n)
    early = sum(r["head_on"] and r["turns"] <= EARLY for r in rows)
    turns = statistics.fmean(r["turns"] for r in rows)
    ours = statistics.fmean(r["ours_s"] for r in rows)
    theirs = statistics.fmean(r["theirs_s"] for r in rows)
    return (
        f"{n:3d} games  W {wins:3d}  D {draws:3d}  L {n - wins - draws:3d}  score {score:.3f} "
        f"[{lo:.3f}, {hi:.3f}]  draws {draws / n:5.1%} (head-on by turn {EARLY}: {early})  "
        f"{turns:4.1f} turns  s/move ours {ours:.3f} theirs {theirs:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--opponents", default="winner,seed004")
    parser.add_argument("--games", type=int, default=60, help="per opponent (even)")
    parser.add_argument("--first", type=int, default=0, help="first start seed")
    parser.add_argument("--seconds", type=float, default=0.2, help="our bot's time a move")
    parser.add_argument(
        "--bot",
        default="best",
        help="best, or a games.tron.bots call: 'alphabeta_bot(0.2, draw=0.1)'",
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    names = args.opponents.split(",")
    missing = [p for p in (SIMULATOR, *(OPPONENTS[n] for n in names)) if not p.exists()]
    if missing:
        print(f"missing {', '.join(map(str, missing))}; get the contest's code with:{HOW}")
        sys.exit(2)
    jobs = [
        (name, args.first + k // 2, k % 2, args.seconds, args.bot)
        for name in names
        for k in range(args.games)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(one_game, jobs))
    if args.out is not None:
        with args.out.open("a") as out:
            out.writelines(json.dumps(r) + "\n" for r in rows)
    for name in names:
        mine = [r for r in rows if r["opponent"] == name]
        label = f"best_bot({args.seconds}s)" if args.bot == "best" else args.bot
        print(f"{label} vs {name}: {summary(mine)}")


if __name__ == "__main__":
    main()
