"""Video throughput: incremental tile rendering + streamed H.264 vs encode-only vs the seed.

A 9x9 board of 100x100-pixel tiles (900x900 frames), in two workloads:

- one tile: each step changes one cell (what backtracking does);
- jump: each step shows an unrelated board (what MCTS or random restarts do).

For each, frames per second of

- end to end: ``Visited`` events fed through ``VideoObserver`` (render + encode to MP4),
  raw frames (``panel=False``);
- encode only: the same frames, precomputed, written by the same MP4 writer settings;
- the seed's way: redraw the whole board from tiles with numpy and save a PNG per frame;
- with the panel (the default: title, counters and a legend above the board): end to end
  against encode-only of raw frames (the same target as without it) and against
  encode-only of frames of the panel's (larger) size, which isolates the panel's own cost;
- MP4 writers: encode-only through ``observers``' ffmpeg pipe against imageio's ffmpeg writer
  (``imageio.v2.get_writer``, the same ffmpeg and encoder settings), paired run by run.

Run: ``python benchmarks/bench_video.py [--frames N] [--repeats R] [--writers-only]``.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import imageio.v2 as imageio
import numpy as np
from PIL import Image

from observers._sinks import open_sink
from observers.panel import Panel
from observers.video import VideoObserver
from treesearch import Visited

ROWS = COLS = 9
TILE = 100
N_TILES = 24


def make_tiles(rng: np.random.Generator) -> list[np.ndarray]:
    """Board-game-like tiles: a coloured ground with a few thick strokes (roads, rails)."""
    yy, xx = np.mgrid[0:TILE, 0:TILE]
    tiles = []
    for i in range(N_TILES):
        ground = rng.integers(150, 256, 3)
        tile = np.empty((TILE, TILE, 3), np.uint8)
        tile[:] = ground
        for _ in range(1 + i % 3):
            a, b = rng.uniform(-1, 1, 2)
            c = rng.uniform(-TILE / 2, TILE / 2)
            stroke = np.abs(a * (xx - TILE / 2) + b * (yy - TILE / 2) - c) < 6 * np.hypot(a, b)
            tile[stroke] = rng.integers(0, 120, 3)
        disc = (xx - rng.integers(20, 80)) ** 2 + (yy - rng.integers(20, 80)) ** 2 < 81
        tile[disc] = (30, 30, 30)
        tiles.append(tile)
    return tiles


class Board:
    """A state: the tile id of every cell."""

    __slots__ = ("ids",)

    def __init__(self, ids: np.ndarray) -> None:
        self.ids = ids


class Tiles:
    """The TileRenderer of ``Board``."""

    tile_size = TILE
    grid_shape = (ROWS, COLS)

    def __init__(self, images: list[np.ndarray]) -> None:
        self.images = images

    def tile_ids(self, state: Board) -> np.ndarray:
        """The board's id grid, as is."""
        return state.ids

    def tile_image(self, tile_id: int) -> np.ndarray:
        """One of the generated tiles."""
        return self.images[tile_id]

    def legend(self) -> list[tuple[tuple[int, int, int], str]]:
        """A legend of a typical length for the panel."""
        return [
            (tuple(int(v) for v in self.images[i][50, 50]), f"tile kind {i}")  # type: ignore[misc]
            for i in range(6)
        ]


def one_tile_walk(n: int, rng: np.random.Generator) -> list[Board]:
    ids = rng.integers(0, N_TILES, (ROWS, COLS))
    boards = []
    for _ in range(n):
        ids = ids.copy()
        ids[rng.integers(ROWS), rng.integers(COLS)] = rng.integers(N_TILES)
        boards.append(Board(ids))
    return boards


def jumps(n: int, rng: np.random.Generator) -> list[Board]:
    return [Board(rng.integers(0, N_TILES, (ROWS, COLS))) for _ in range(n)]


def full_render(board: Board, images: list[np.ndarray]) -> np.ndarray:
    """The seed's render: a fresh frame, every tile copied."""
    frame = np.zeros((ROWS * TILE, COLS * TILE, 3), np.uint8)
    for i in range(ROWS):
        for j in range(COLS):
            frame[i * TILE : (i + 1) * TILE, j * TILE : (j + 1) * TILE] = images[board.ids[i, j]]
    return frame


def end_to_end(
    boards: list[Board], images: list[np.ndarray], out: Path, panel: bool = False
) -> float:
    start = time.perf_counter()
    video = VideoObserver(out / "e2e.mp4", Tiles(images), panel=panel, final_frames=0)
    for depth, board in enumerate(boards):
        video.notify(Visited(board, depth))
    video.close()
    return time.perf_counter() - start


def encode_only(frames: list[np.ndarray], out: Path) -> float:
    start = time.perf_counter()
    sink = open_sink(out / "encode.mp4", fps=30)
    for frame in frames:
        sink.write(frame)
    sink.close()
    return time.perf_counter() - start


def encode_imageio(frames: list[np.ndarray], out: Path) -> float:
    """``encode_only`` through imageio's ffmpeg writer, with the pipe's encoder settings."""
    start = time.perf_counter()
    writer = imageio.get_writer(
        out / "imageio.mp4",
        format="FFMPEG",  # type: ignore[arg-type]
        mode="I",
        fps=30,
        codec="libx264",
        quality=None,
        pixelformat="yuv420p",
        macro_block_size=1,
        ffmpeg_log_level="error",
        output_params=["-preset", "ultrafast", "-crf", "23"],
    )
    for frame in frames:
        writer.append_data(frame)
    writer.close()
    return time.perf_counter() - start


def writers(boards: list[Board], images: list[np.ndarray], out: Path, repeats: int) -> str:
    """One line: imageio's MP4 writer against the pipe, raw frames and at the panel's size."""
    cells = []
    for label, frames in (
        ("raw", [full_render(b, images) for b in boards]),
        ("panel size", panel_frames([full_render(b, images) for b in boards], images)),
    ):
        iio, pipe, ratio = compare(
            len(frames),
            functools.partial(encode_imageio, frames, out),
            functools.partial(encode_only, frames, out),
            repeats,
        )
        cells.append(f"{label}: pipe {pipe:.0f} f/s, imageio {iio:.0f} f/s, {ratio:.0%}")
    return "; ".join(cells)


def panel_frames(frames: list[np.ndarray], images: list[np.ndarray]) -> list[np.ndarray]:
    """The frames at the size the panel gives them (board pasted under an empty panel)."""
    panel = Panel((ROWS * TILE, COLS * TILE), Tiles(images).legend(), pad_to_even=True)
    panel.write(("Title · searching…", "step 1 · depth 1 · expanded 0"))
    out = []
    for frame in frames:
        panel.board[...] = frame
        out.append(panel.frame.copy())
    return out


def seed_way(boards: list[Board], images: list[np.ndarray], out: Path) -> float:
    folder = out / "seed"
    folder.mkdir(exist_ok=True)
    start = time.perf_counter()
    for step, board in enumerate(boards):
        Image.fromarray(full_render(board, images)).save(folder / f"{step:06d}.png", "PNG")
    return time.perf_counter() - start


def compare(
    n: int, a: Callable[[], float], b: Callable[[], float], repeats: int
) -> tuple[float, float, float]:
    """Run ``a`` and ``b`` alternately (order swapped every round, the machine may be busy).

    Returns frames per second of each (from median times) and the median paired ratio a/b.
    """
    ta: list[float] = []
    tb: list[float] = []
    for r in range(repeats):
        if r % 2:
            tb.append(b())
            ta.append(a())
        else:
            ta.append(a())
            tb.append(b())
    ratio = statistics.median(y / x for x, y in zip(ta, tb, strict=True))
    return n / statistics.median(ta), n / statistics.median(tb), ratio


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frames", type=int, default=150, help="frames per run")
    parser.add_argument("--repeats", type=int, default=7, help="runs of each kind")
    parser.add_argument("--seed-frames", type=int, default=60, help="frames for the seed's way")
    parser.add_argument(
        "--writers-only", action="store_true", help="only the MP4 writers: imageio against the pipe"
    )
    args = parser.parse_args()
    rng = np.random.default_rng(7)
    images = make_tiles(rng)
    print(
        f"{ROWS}x{COLS} board of {TILE}px tiles ({ROWS * TILE}x{COLS * TILE} frames), "
        f"{args.frames} frames x {args.repeats} runs, libx264 ultrafast yuv420p"
    )
    if not args.writers_only:
        print(
            f"{'workload':<10} {'end-to-end':>11} {'encode-only':>12} {'ratio':>6} "
            f"{'seed (PNG)':>11} {'speed-up':>9}"
        )
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        for name, make in (("one tile", one_tile_walk), ("jump", jumps)):
            if args.writers_only:
                break
            boards = make(args.frames, rng)
            frames = [full_render(b, images) for b in boards]
            e2e, enc, ratio = compare(
                len(boards),
                functools.partial(end_to_end, boards, images, out),
                functools.partial(encode_only, frames, out),
                args.repeats,
            )
            seed_boards = boards[: args.seed_frames]
            seed = len(seed_boards) / seed_way(seed_boards, images, out)
            print(
                f"{name:<10} {e2e:>8.0f} f/s {enc:>9.0f} f/s {ratio:>6.0%} "
                f"{seed:>7.1f} f/s {e2e / seed:>8.1f}x"
            )
            p_e2e, _, p_ratio = compare(
                len(boards),
                functools.partial(end_to_end, boards, images, out, True),
                functools.partial(encode_only, frames, out),
                args.repeats,
            )
            big = panel_frames(frames, images)
            _, p_enc, p_own = compare(
                len(boards),
                functools.partial(end_to_end, boards, images, out, True),
                functools.partial(encode_only, big, out),
                args.repeats,
            )
            del big
            print(
                f"{name + '+panel':<10} {p_e2e:>8.0f} f/s {enc:>9.0f} f/s {p_ratio:>6.0%} "
                f"{seed:>7.1f} f/s {p_e2e / seed:>8.1f}x   vs encode-only at panel size "
                f"({p_enc:.0f} f/s): {p_own:.0%}"
            )
        if not args.writers_only:
            print("ratio: median over runs of end-to-end / encode-only speed, paired run by run")
        print("MP4 writers, encode-only (ratio: median of imageio / pipe speed, run by run):")
        for name, make in (("one tile", one_tile_walk), ("jump", jumps)):
            print(f"  {name:<9} {writers(make(args.frames, rng), images, out, args.repeats)}")


if __name__ == "__main__":
    main()
