"""Seed 001's Railroad Ink videos: backtracking and a random walk placing tiles in free play.

Run ``python examples/railroad_ink_free.py --out DIR``. In ``backtracking.mp4`` the search
fills one corner and keeps undoing and redoing its last tiles there (depth first, it never
leaves); in ``random_walk.mp4`` random boards are played to the end, each ending on a scored
frame (networks coloured, longest routes in yellow, errors in red, the score beside the board).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from games.railroad_ink import RailroadInk, RailroadInkTiles
from observers import VideoObserver
from treesearch import Backtracking, RandomWalk, TreeSearch


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("railroad_ink_videos"))
    parser.add_argument("--seed", type=int, default=1, help="seed of the game and the walk")
    parser.add_argument("--frames", type=int, default=300, help="frames per video, at most")
    parser.add_argument("--fps", type=float, default=10, help="frames per second")
    parser.add_argument("--tile-size", type=int, default=100, help="pixels per square")
    args = parser.parse_args(argv)

    start = RailroadInk(seed=args.seed, dice="free").start()
    searches: dict[str, TreeSearch] = {
        "backtracking": Backtracking(),
        "random_walk": RandomWalk(rng=args.seed, episodes=args.frames),  # frames end it first
    }
    for name, search in searches.items():
        title = f"{type(search).__name__} · free play, any tile anywhere · seed {args.seed}"
        video = VideoObserver(
            args.out / f"{name}.mp4",
            RailroadInkTiles(args.tile_size),
            fps=args.fps,
            max_frames=args.frames,
            title=title,
            final_frames=round(2 * args.fps),
        )
        result = search.run(start, observers=[video])
        print(f"{name}: {result.status.value}, {video.frames} frames -> {video.path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
