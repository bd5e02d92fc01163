"""MCTS simulations per second on tic-tac-toe from the empty board.

Contenders, each running searches of 2,000 simulations with random rollouts, measured in
the same run: ``treesearch.MCTS`` (defaults: MCTS-Solver on; and with ``solver=False``); a
minimal hand-written UCT on plain Python lists (the pure-Python floor, written here); and
OpenSpiel's Python ``MCTSBot`` with ``RandomRolloutEvaluator`` (its solver on, its default)
when ``open_spiel`` is installed. From the empty board no run is long enough to prove the
root, so every search runs all its simulations.

    python benchmarks/bench_mcts.py [--searches 10]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable

from games.tictactoe import LINES, TicTacToe
from treesearch import MCTS

ITERATIONS = 2000
_THROUGH = [[line for line in LINES if c in line] for c in range(9)]


def _won(board: list[int], cell: int) -> bool:
    mark = board[cell]
    return any(
        board[a] == mark and board[b] == mark and board[c] == mark for a, b, c in _THROUGH[cell]
    )


class _N:
    __slots__ = ("children", "move", "mover", "parent", "total", "untried", "visits")

    def __init__(self, parent: _N | None, move: int, mover: int, untried: list[int]) -> None:
        self.parent, self.move, self.mover, self.untried = parent, move, mover, untried
        self.children: list[_N] = []
        self.visits, self.total = 0, 0.0


def hand_uct(iterations: int, rng: random.Random) -> int:
    """A minimal UCT on a list board: select, expand one, random rollout, backup.

    Written lean (inlined UCT loop, ``int(random() * n)`` draws) so the floor is a fair one.
    """
    c = math.sqrt(2)
    sqrt, log, draw = math.sqrt, math.log, rng.random
    root = _N(None, -1, -1, list(range(9)))
    for _ in range(iterations):
        board = [0] * 9
        node, player, winner = root, 0, -1
        # Select.
        while not node.untried and node.children:
            explore = c * sqrt(log(node.visits))
            best, best_score = node, -math.inf
            for ch in node.children:
                score = ch.total / ch.visits + explore / sqrt(ch.visits)
                if score > best_score:
                    best, best_score = ch, score
            node = best
            board[node.move] = player + 1
            if _won(board, node.move):
                winner = player
            player = 1 - player
        # Expand.
        if node.untried and winner < 0:
            move = node.untried.pop(int(draw() * len(node.untried)))
            board[move] = player + 1
            if _won(board, move):
                winner = player
            rest = [i for i in range(9) if board[i] == 0] if winner < 0 else []
            child = _N(node, move, player, rest)
            node.children.append(child)
            node, player = child, 1 - player
        # Roll out.
        empty = [i for i in range(9) if board[i] == 0]
        while winner < 0 and empty:
            move = empty.pop(int(draw() * len(empty)))
            board[move] = player + 1
            if _won(board, move):
                winner = player
            player = 1 - player
        # Back up: +1 for the winner's moves, -1 for the loser's, 0 for a draw.
        n: _N | None = node
        while n is not None:
            n.visits += 1
            if winner >= 0 and n.mover >= 0:
                n.total += 1.0 if n.mover == winner else -1.0
            n = n.parent
    return max(root.children, key=lambda ch: ch.visits).move


def rate(fn: Callable[[int], object], searches: int) -> float:
    """Median simulations per second over ``searches`` searches (seeds 0..searches-1)."""
    rates = []
    for seed in range(searches):
        t0 = time.perf_counter()
        fn(seed)
        rates.append(ITERATIONS / (time.perf_counter() - t0))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--searches", type=int, default=10)
    args = parser.parse_args()

    ours = rate(lambda s: MCTS(iterations=ITERATIONS, rng=s).run(TicTacToe()), args.searches)
    floor = rate(lambda s: hand_uct(ITERATIONS, random.Random(s)), args.searches)
    plain = rate(
        lambda s: MCTS(iterations=ITERATIONS, rng=s, solver=False).run(TicTacToe()), args.searches
    )
    print(f"hand-written UCT floor   {floor:9.0f} simulations/s")
    print(f"treesearch.MCTS          {ours:9.0f} simulations/s  {ours / floor:.2f}x the floor")
    print(f"  with solver=False      {plain:9.0f} simulations/s  {plain / floor:.2f}x the floor")
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        print("open_spiel not installed: OpenSpiel comparison skipped")
        return
    game = pyspiel.load_game("tic_tac_toe")

    def openspiel(seed: int) -> object:
        rs = np.random.RandomState(seed)
        bot = mcts.MCTSBot(
            game, math.sqrt(2), ITERATIONS, mcts.RandomRolloutEvaluator(1, rs), random_state=rs
        )
        return bot.step(game.new_initial_state())

    theirs = rate(openspiel, args.searches)
    print(
        f"OpenSpiel Python MCTSBot {theirs:9.0f} simulations/s  "
        f"treesearch is {ours / theirs:.2f}x faster"
    )


if __name__ == "__main__":
    main()
