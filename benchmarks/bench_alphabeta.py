"""Alpha-beta on tic-tac-toe: what pruning and the table save, and how deep time budgets go.

Prints, measured in the same run: nodes expanded and seconds of full-depth plain minimax,
alpha-beta without and with its transposition table (ratios against minimax); and the depth
that iterative deepening completes from the empty board under wall-clock budgets (with a
cut-off value of 0), as a ratio of the 9 plies of the whole game.

    python benchmarks/bench_alphabeta.py
"""

from __future__ import annotations

import time

from games.tictactoe import TicTacToe
from treesearch import AlphaBeta, Budget


def main() -> None:
    runs = {
        "plain minimax": AlphaBeta(pruning=False, transposition=False),
        "alpha-beta": AlphaBeta(transposition=False),
        "alpha-beta + table": AlphaBeta(),
    }
    base_nodes = base_seconds = 0.0
    for name, search in runs.items():
        t0 = time.perf_counter()
        result = search.run(TicTacToe())
        seconds = time.perf_counter() - t0
        nodes = result.stats.expanded
        if not base_nodes:
            base_nodes, base_seconds = nodes, seconds
        print(
            f"{name:20} value {result.value:+.0f}  {nodes:8d} nodes ({nodes / base_nodes:.4f}x)"
            f"  {seconds:6.3f} s ({seconds / base_seconds:.4f}x)"
        )
    for budget in (0.001, 0.01, 0.2):
        result = AlphaBeta(value=lambda s: 0.0, budget=Budget(seconds=budget)).run(TicTacToe())
        depth = result.info.get("depth", 0)
        print(
            f"iterative deepening, {budget:5.3f} s: depth {depth} of 9 ({depth / 9:.2f}), "
            f"{result.status.value}, move {result.best.move if result.best else None}"
        )


if __name__ == "__main__":
    main()
