"""MCTS against perfect play (alpha-beta) at tic-tac-toe, with an optional video of MCTS.

Run ``python examples/tictactoe_match.py --games 4 --video mcts.mp4``: MCTS plays both
sides in turn; every game should be a draw. The video shows MCTS choosing its first move
(``observers.MCTSView``): the visits and mean reward of each opening move as a heat map over
the board and as bars, the best line found so far, filling up simulation after simulation
(about ten seconds whatever ``--iterations``), then a second on the decision.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from games.tictactoe import TicTacToe
from games.tictactoe_render import TicTacToeTiles
from observers import MCTSView, VideoObserver
from treesearch import MCTS, AlphaBeta


def play(mcts: MCTS, mcts_player: int) -> float:
    """One game; returns MCTS's reward (1 win, 0 draw, -1 loss)."""
    state, perfect = TicTacToe(), AlphaBeta()
    while not state.is_terminal():
        search = mcts if state.player() == mcts_player else perfect
        state = search.run(state).best
    print(f"{state}\n")
    return state.returns()[mcts_player]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games to play")
    parser.add_argument("--iterations", type=int, default=2000, help="MCTS simulations a move")
    parser.add_argument("--video", default=None, help="write MCTS's first search as a video")
    args = parser.parse_args(argv)

    if args.video:
        tiles = TicTacToeTiles(tile_size=128)
        with VideoObserver(args.video, MCTSView(tiles), fps=30, title="MCTS, X to move") as video:
            first = MCTS(video, iterations=args.iterations, rng=0).run(TicTacToe())
        print(
            f"video of {video.frames} frames ({video.frames / video.fps:.1f} s) -> "
            f"{args.video}; MCTS opens with {tiles.move_label(first.best)}"
        )
    rewards = [
        play(MCTS(iterations=args.iterations, rng=g), mcts_player=g % 2) for g in range(args.games)
    ]
    print(f"MCTS results: {rewards} (0 = draw; perfect play cannot be beaten)")
    return 0 if min(rewards, default=0) >= 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
