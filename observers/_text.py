"""A small text label stamped into a frame corner (step, depth, value) with pillow."""

from __future__ import annotations

from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from observers.tiles import Frame

__all__ = ["TextStamp"]

_PAD = 2


class TextStamp:
    """Draws white text on a darkened box at the top-left corner of frames.

    ``stamp`` modifies the frame in place and returns what it covered, so a caller that
    owns a long-lived canvas can ``restore`` it after writing the frame instead of copying
    the whole frame each time.
    """

    def __init__(self) -> None:
        self._font: Any = None

    def _font_for(self, frame_height: int) -> Any:
        if self._font is None:
            size = max(8, min(14, frame_height // 12))
            try:
                self._font = ImageFont.load_default(size=size)
            except TypeError:  # pillow < 10.1 has only the fixed bitmap font
                self._font = ImageFont.load_default()
        return self._font

    def stamp(self, frame: Frame, text: str) -> tuple[int, int, Frame]:
        """Draw ``text`` into ``frame``; return ``(height, width, pixels covered)``."""
        font = self._font_for(frame.shape[0])
        _, _, right, bottom = font.getbbox(text)
        h = min(frame.shape[0], bottom + 2 * _PAD)
        w = min(frame.shape[1], right + 2 * _PAD)
        covered = frame[:h, :w].copy()
        box = Image.fromarray(covered // 4)
        ImageDraw.Draw(box).text((_PAD, _PAD), text, font=font, fill=(255, 255, 255))
        frame[:h, :w] = np.asarray(box)
        return h, w, covered

    @staticmethod
    def restore(frame: Frame, stamped: tuple[int, int, Frame]) -> None:
        """Put back the pixels that ``stamp`` covered."""
        h, w, covered = stamped
        frame[:h, :w] = covered
