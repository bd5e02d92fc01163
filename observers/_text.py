"""Text in frames with pillow: a scalable font, and a label stamped into a frame corner.

Pillow >= 10.1 ships a scalable default font (``ImageFont.load_default(size=...)``); older
versions have only a tiny bitmap font, used as the fallback. The bundled font has no
arrows or dashes: the panels write ``->`` and ``-``, and ``·`` as a separator.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from observers.tile_canvas import Frame

__all__ = ["TextPainter", "TextStamp", "load_font"]

_PAD = 2


@functools.lru_cache(maxsize=32)
def load_font(size: int) -> Any:
    """Pillow's default font at ``size`` pixels (cached), or its bitmap font before 10.1."""
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # pillow < 10.1 has only the fixed bitmap font
        return ImageFont.load_default()


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
            self._font = load_font(max(8, min(14, frame_height // 12)))
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


class TextPainter:
    """Draws text into pillow images from glyphs rasterised once: for text redrawn each frame.

    Pillow rasterises a string at ~25 µs a glyph, and a video panel redraws tens of numbers
    per frame. Here each character is rasterised once; a string's mask is composed from
    the cached glyph masks with numpy (advance widths, no kerning), kept for strings seen
    again, and pasted through pillow's compositing.

    Args:
        font: a pillow font (``load_font``).
    """

    def __init__(self, font: Any) -> None:
        self.font = font
        ascent, descent = font.getmetrics()
        self.ascent = int(ascent)
        self.height = int(ascent + descent)
        self._margin = max(1, self.height // 4)  # room for glyphs that overhang their advance
        self._glyphs: dict[str, tuple[np.ndarray, float]] = {}
        self._masks: dict[str, Image.Image] = {}

    def _glyph(self, char: str) -> tuple[np.ndarray, float]:
        glyph = self._glyphs.get(char)
        if glyph is None:
            advance = float(self.font.getlength(char))
            m = self._margin
            image = Image.new("L", (int(advance) + 2 * m + 1, self.height), 0)
            ImageDraw.Draw(image).text((m, 0), char, font=self.font, fill=255)
            glyph = self._glyphs[char] = (np.asarray(image, np.uint8), advance)
        return glyph

    def length(self, text: str) -> int:
        """Width of ``text`` in pixels, as ``draw`` lays it out."""
        return round(sum(self._glyph(c)[1] for c in text))

    def mask(self, text: str) -> Image.Image:
        """Coverage of ``text`` (an ``"L"`` image with a margin each side; cached)."""
        mask = self._masks.get(text)
        if mask is None:
            m = self._margin
            pixels = np.zeros((self.height, self.length(text) + 2 * m + 1), np.uint8)
            x = 0.0
            for char in text:
                glyph, advance = self._glyph(char)
                x0 = round(x)
                view = pixels[:, x0 : x0 + glyph.shape[1]]
                np.maximum(view, glyph[:, : view.shape[1]], out=view)
                x += advance
            if len(self._masks) > 4096:
                self._masks.clear()
            mask = self._masks[text] = Image.fromarray(pixels)
        return mask

    def draw(
        self,
        image: Image.Image,
        xy: tuple[float, float],
        text: str,
        fill: tuple[int, int, int],
        anchor: str = "la",
    ) -> None:
        """Draw ``text`` onto ``image`` at ``xy``, in place.

        ``anchor`` is two letters as in pillow: horizontal ``l``/``m``/``r`` (left, middle,
        right of the text), vertical ``a``/``t`` (top), ``m`` (middle) or ``s`` (baseline).
        """
        if not text:
            return
        mask = self.mask(text)
        m = self._margin
        x, y = xy
        width = mask.width - 2 * m - 1
        if anchor[0] == "m":
            x -= width / 2
        elif anchor[0] == "r":
            x -= width
        if anchor[1] == "m":
            y -= self.height / 2
        elif anchor[1] == "s":
            y -= self.ascent
        image.paste(fill, (round(x) - m, round(y)), mask)
