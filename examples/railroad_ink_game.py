"""A whole game of Railroad Ink played by a bot, as a video: the dice beside the board, the score.

Run ``python examples/railroad_ink_game.py --out DIR``: ``game_seed1.mp4`` shows each round's
roll, every placement, and a last frame with the networks coloured and the score part by part.
The game is played first, then filmed from its record (``film``): with the default bot
(``best``, the montecarlo bot within 50 s a game) the frame before each placement
shows its five best candidates with their play-out means, so a viewer sees why it chose it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from games.railroad_ink import film, play


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("railroad_ink_videos"))
    parser.add_argument("--seed", type=int, default=1, help="seed of the dice")
    parser.add_argument("--bot", default="best", help="a bot of games.railroad_ink.BOTS")
    parser.add_argument("--dice", default="revealed", help="revealed (round by round) or known")
    parser.add_argument("--seconds", type=float, default=None, help="the bot's thinking time")
    parser.add_argument("--fps", type=float, default=None, help="frames per second")
    parser.add_argument("--tile-size", type=int, default=100, help="pixels per square")
    args = parser.parse_args(argv)

    path = args.out / f"game_seed{args.seed}.mp4"
    title = f"{args.bot} bot · seed {args.seed} · dice {args.dice}"
    record = play(args.seed, args.dice, args.bot, args.seconds)
    frames = film(record, path, tile_size=args.tile_size, fps=args.fps, title=title)
    s = record.score
    print(
        f"{record.bot} on seed {record.seed}: {s.total} points (exits {s.exits}, highway "
        f"{s.highway}, railway {s.railway}, centre {s.center}, errors -{s.errors}), "
        f"{record.seconds:.1f} s thinking, {frames} frames -> {path}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
