"""Frames of a replay kept small: a first frame, then patches of the 16x16 blocks that changed.

A search changes a few cells of its board per step: on the demo's 21x21 maze (frames of
510x636 pixels) consecutive frames differ in about a thousand pixels. So ``FramePatches``
keeps the first frame whole and, for every later frame, a *patch*: the indices of the
16x16-pixel blocks that differ from the previous frame (one numpy comparison) and their
pixels (zlib-compressed in memory until the end). Whole frames as PNG cost ~13 KB each
there; a patch costs about 1 KB.

When more frames arrive than the cap, adjacent pairs of patches merge into one (the union
of their blocks, the later frame's pixels winning): the frames then span the whole run at
half the resolution, and the caller draws half as often from then on.

``encode`` turns the frames into what the page needs to seek: full *key frames* (rebuilt
by applying the patches in numpy) every ``key_every`` frames, once the patches since the
last one hold at least a whole frame's worth of blocks (a key frame that saves the page
fewer block copies than it has blocks is left out), and the patches' blocks
packed in order into a few PNG *sheets*; the page draws the key frame at or before the
frame wanted, then the blocks of the patches after it. Every picture is a lossless PNG
(a palette image when it has at most 256 colours), so the page shows exactly the pixels
recorded.
"""

from __future__ import annotations

import base64
import io
import zlib
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image

from observers.tile_canvas import Frame

__all__ = ["BLOCK", "FramePatches", "png_data_uri"]

BLOCK = 16
"""Side of a block, in pixels."""
SHEET_COLUMNS = 32
"""Blocks per row of a sheet (512 pixels)."""
SHEET_ROWS = 256
"""Block rows per sheet (4096 pixels): 8,192 blocks a sheet."""


def png_bytes(image: Frame) -> bytes:
    """A lossless PNG of an RGB image: with a palette when it has at most 256 colours.

    zlib level 6 (pillow's default): level 9 makes pictures of search boards about 5%
    smaller for five times the time.
    """
    rgb = np.ascontiguousarray(image)
    picture = Image.fromarray(rgb, "RGB")
    counted = picture.getcolors(256)
    if counted is not None:  # at most 256 colours: index them exactly
        colours = np.array(sorted(c for _, c in counted), np.uint32).reshape(-1, 3)
        packed = colours[:, 0] << 16 | colours[:, 1] << 8 | colours[:, 2]
        flat = rgb[..., 0].astype(np.uint32) << 16 | rgb[..., 1].astype(np.uint32) << 8
        index = np.searchsorted(packed, flat | rgb[..., 2])
        picture = Image.fromarray(index.astype(np.uint8), "P")
        picture.putpalette(colours.astype(np.uint8).reshape(-1).tolist())
    out = io.BytesIO()
    picture.save(out, "PNG", compress_level=6)
    return out.getvalue()


def png_data_uri(image: Frame) -> str:
    """``data:image/png;base64,...`` of ``png_bytes(image)``."""
    return "data:image/png;base64," + base64.b64encode(png_bytes(image)).decode("ascii")


@dataclass
class _Patch:
    """The blocks that changed: their indices (row-major over the block grid), pixels."""

    blocks: np.ndarray  # int64, sorted
    pixels: bytes  # zlib of the (n, BLOCK, BLOCK, 3) uint8 pixels

    def unpack(self) -> np.ndarray:
        n = len(self.blocks)
        return np.frombuffer(zlib.decompress(self.pixels), np.uint8).reshape(n, BLOCK, BLOCK, 3)


def _pack(blocks: np.ndarray, pixels: np.ndarray) -> _Patch:
    return _Patch(blocks, zlib.compress(np.ascontiguousarray(pixels).tobytes(), 1))


def _merge(first: _Patch, second: _Patch) -> _Patch:
    """One patch doing both: the union of the blocks, ``second``'s pixels winning."""
    if not len(first.blocks):
        return second
    blocks = np.union1d(first.blocks, second.blocks)
    pixels = np.empty((len(blocks), BLOCK, BLOCK, 3), np.uint8)
    pixels[np.searchsorted(blocks, first.blocks)] = first.unpack()
    if len(second.blocks):
        pixels[np.searchsorted(blocks, second.blocks)] = second.unpack()
    return _pack(blocks, pixels)


class FramePatches:
    """Frames recorded as the first one whole and a patch per later frame (module doc).

    Attributes:
        shape: ``(height, width)`` of the frames (None before the first).
        count: frames recorded.
    """

    def __init__(self) -> None:
        self.shape: tuple[int, int] | None = None
        self._first: np.ndarray | None = None
        self._prev: np.ndarray | None = None
        self._cur: np.ndarray | None = None
        self._patches: list[_Patch] = []  # patch i turns frame i into frame i + 1

    @property
    def count(self) -> int:
        """Frames recorded."""
        return 0 if self._first is None else len(self._patches) + 1

    def add(self, frame: Frame) -> None:
        """Record one RGB frame (copied); every frame must have the first one's size.

        Raises:
            ValueError: the frame's size differs from the first frame's.
        """
        h, w = frame.shape[:2]
        if self._first is None:
            self.shape = (h, w)
            padded = np.zeros((-(-h // BLOCK) * BLOCK, -(-w // BLOCK) * BLOCK, 3), np.uint8)
            padded[:h, :w] = frame
            self._first, self._prev, self._cur = padded.copy(), padded, padded.copy()
            return
        if (h, w) != self.shape:
            raise ValueError(
                f"frame {self.count} has size {(h, w)!r} but the first frame had {self.shape!r}; "
                "a renderer must keep one frame size"
            )
        cur, prev = self._cur, self._prev
        assert cur is not None and prev is not None
        cur[:h, :w] = frame
        ph, pw = cur.shape[:2]
        rows, cols = ph // BLOCK, pw // BLOCK
        # Compared 8 bytes at a time: a block's row of 16 pixels is 48 bytes, 6 words
        # (BLOCK * 3 must be a multiple of 8). The 16 pixel rows of a block row are or-ed
        # first (whole rows at once), then each block's 6 words: a reduction over strided
        # axes at once is several times slower on large frames.
        words = (pw * 3) // 8
        now = cur.reshape(ph, pw * 3).view(np.uint64).reshape(rows, BLOCK, words)
        then = prev.reshape(ph, pw * 3).view(np.uint64).reshape(rows, BLOCK, words)
        differs = np.logical_or.reduce(now != then, axis=1)  # (rows, words)
        changed = differs.reshape(rows, cols, words // cols).any(axis=2)
        blocks = np.flatnonzero(changed)
        grid = cur.reshape(rows, BLOCK, cols, BLOCK, 3)
        pixels = grid[blocks // cols, :, blocks % cols]  # (n, BLOCK, BLOCK, 3)
        self._patches.append(_pack(blocks, pixels))
        self._prev, self._cur = cur, prev

    def halve(self) -> list[int]:
        """Merge adjacent pairs of patches; return the indices of the frames kept.

        Frame 0 stays; frames 1 and 2 become one (frame 2), 3 and 4 too... so the last
        frame is always kept.
        """
        patches = self._patches
        merged = [_merge(patches[i], patches[i + 1]) for i in range(0, len(patches) - 1, 2)]
        kept = list(range(0, len(patches) + 1, 2))
        if len(patches) % 2:
            merged.append(patches[-1])
            kept.append(len(patches))
        self._patches = merged
        return kept

    def encode(self, key_every: int) -> dict[str, Any]:
        """What the page needs to draw any frame (see the module docstring).

        Returns:
            ``width``, ``height``, ``block``; ``keys``: ``[[frame, data URI], ...]``;
            ``sheets``: data URIs; ``sheet_columns`` and ``sheet_rows`` (in blocks);
            ``patches``: per frame after the first, its block indices as deltas (the first
            absolute). The blocks of patch 1, then patch 2... fill the sheets row by row.
        """
        if self._first is None or self.shape is None:
            return _encoded(0, 0, [], [], [])
        h, w = self.shape
        frame = self._first.copy()
        ph, pw = frame.shape[:2]
        rows, cols = ph // BLOCK, pw // BLOCK
        grid = frame.reshape(rows, BLOCK, cols, BLOCK, 3)
        keys = [[0, png_data_uri(frame[:h, :w])]]
        per_sheet = SHEET_COLUMNS * SHEET_ROWS
        sheet = np.zeros((per_sheet, BLOCK, BLOCK, 3), np.uint8)
        filled, sheets, patches = 0, [], []
        since = last_key = 0  # blocks since the last key frame, and its index
        for i, patch in enumerate(self._patches, 1):
            blocks = patch.blocks
            patches.append(np.diff(blocks, prepend=0).tolist())
            if not len(blocks):
                continue
            since += len(blocks)
            pixels = patch.unpack()
            grid[blocks // cols, :, blocks % cols] = pixels
            done = 0
            while done < len(pixels):
                take = min(len(pixels) - done, per_sheet - filled)
                sheet[filled : filled + take] = pixels[done : done + take]
                filled += take
                done += take
                if filled == per_sheet:
                    sheets.append(_sheet_uri(sheet, filled))
                    filled = 0
            if i - last_key >= key_every and since >= rows * cols:
                keys.append([i, png_data_uri(frame[:h, :w])])
                since, last_key = 0, i
        if filled:
            sheets.append(_sheet_uri(sheet, filled))
        return _encoded(w, h, keys, sheets, patches)

    def frame(self, index: int) -> Frame:
        """Frame ``index`` rebuilt from the first frame and the patches (for tests)."""
        assert self._first is not None and self.shape is not None
        frame = self._first.copy()
        rows, cols = frame.shape[0] // BLOCK, frame.shape[1] // BLOCK
        grid = frame.reshape(rows, BLOCK, cols, BLOCK, 3)
        for patch in self._patches[:index]:
            if len(patch.blocks):
                grid[patch.blocks // cols, :, patch.blocks % cols] = patch.unpack()
        h, w = self.shape
        out: Frame = frame[:h, :w].copy()
        return out


def _encoded(
    width: int, height: int, keys: list[Any], sheets: list[str], patches: list[list[int]]
) -> dict[str, Any]:
    return {
        "width": width,
        "height": height,
        "block": BLOCK,
        "keys": keys,
        "sheets": sheets,
        "sheet_columns": SHEET_COLUMNS,
        "sheet_rows": SHEET_ROWS,
        "patches": patches,
    }


def _sheet_uri(sheet: np.ndarray, filled: int) -> str:
    """The first ``filled`` blocks of ``sheet`` laid out row by row, as a PNG data URI."""
    rows = -(-filled // SHEET_COLUMNS)
    blocks = sheet[: rows * SHEET_COLUMNS].copy()
    blocks[filled:] = 0
    image = blocks.reshape(rows, SHEET_COLUMNS, BLOCK, BLOCK, 3).transpose(0, 2, 1, 3, 4)
    return png_data_uri(image.reshape(rows * BLOCK, SHEET_COLUMNS * BLOCK, 3))
