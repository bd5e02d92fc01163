"""Tron: the best bot against seed 004's contest heuristic on the hex board, with a video.

Run ``python examples/tron_match.py --games 4 --video tron.mp4``: games go in pairs from the
same seeded start, sides swapped; the video shows the first game, each cell tinted by who
reaches it first (Voronoi territory).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from games.tron import (
    TronAgent,
    best_bot,
    heuristic_bot,
    hex_start,
    square_start,
    write_video,
)
from treesearch.match import PairedStarts, game_start, play_match, replay


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games to play (pairs)")
    parser.add_argument("--seconds", type=float, default=0.2, help="best bot's time a move")
    parser.add_argument("--board", default="hex", help="'hex' or a square map, e.g. box15")
    parser.add_argument("--seed", type=int, default=0, help="match seed")
    parser.add_argument("--video", default=None, help="write the first game as a video")
    args = parser.parse_args(argv)

    start = PairedStarts(hex_start) if args.board == "hex" else square_start(args.board)
    best, heuristic = TronAgent(best_bot(args.seconds)), TronAgent(heuristic_bot())
    result = play_match(best, heuristic, start, games=args.games, seed=args.seed)
    if args.video and result.records:
        states = replay(game_start(start, args.seed, 0), result.records[0].moves)
        write_video(args.video, states, title=f"{best.name} (red) vs {heuristic.name} (blue)")
    print(result.summary())
    for record in result.records:
        side = "red (player 0)" if record.a_player == 0 else "blue (player 1)"
        print(
            f"game {record.index}: best bot as {side}, {len(record.moves) // 2} turns, "
            f"score {record.score}"
        )
    if args.video:
        print(f"video of game 0 -> {args.video}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
