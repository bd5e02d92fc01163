"""The learning curve as a PNG: the greedy player's score against the games played.

Drawn with pillow (a dependency of the package), so the picture exists on every install, and
imported only to draw; a title says what the axes are, so it reads without the code.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from pathlib import Path

__all__ = ["write_curve"]

_SIZE = (720, 440)
_MARGIN = (80, 50, 40, 60)  # left, top, right, bottom
_TICKS = 4  # rules across the plot, and labels along the games axis


def _decimals(step: float) -> int:
    """Decimals that tell apart values ``step`` apart (55.25 and 55.30, not 55.3 twice)."""
    return max(0, math.ceil(-math.log10(step))) if step > 0 else 0


def write_curve(
    path: str | os.PathLike[str],
    curve: Sequence[tuple[int, float]],
    *,
    title: str = "learning curve",
    label: str = "mean score of the greedy player",
) -> Path:
    """Draw ``curve``, ``(games played, score)`` points, to the PNG at ``path``."""
    from PIL import Image, ImageDraw  # here: loading a model needs numpy alone

    path = Path(path)
    image = Image.new("RGB", _SIZE, "white")
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = _MARGIN
    x1, y1 = _SIZE[0] - right, _SIZE[1] - bottom
    draw.rectangle((left, top, x1, y1), outline="black")
    draw.text((left, 15), f"{title}: {label}, by games played", fill="black")
    draw.text(((left + x1) // 2 - 40, y1 + 30), "games played", fill="black")
    if curve:
        games = [g for g, _ in curve]
        scores = [s for _, s in curve]
        g0, g1 = 0, max(max(games), 1)
        s0, s1 = min(scores), max(scores)
        if s1 - s0 < 1e-9:
            s0, s1 = s0 - 1.0, s1 + 1.0

        def at(g: float, s: float) -> tuple[float, float]:
            return (
                left + (x1 - left) * (g - g0) / (g1 - g0),
                y1 - (y1 - top) * (s - s0) / (s1 - s0),
            )

        digits = _decimals((s1 - s0) / _TICKS)
        for k in range(_TICKS + 1):  # light rules with their values, so points can be read
            s = s0 + (s1 - s0) * k / _TICKS
            y = at(g0, s)[1]
            draw.line((left, y, x1, y), fill=(225, 225, 225))
            draw.text((5, y - 6), f"{s:.{digits}f}", fill="black")
            g = g0 + (g1 - g0) * k / _TICKS
            x = at(g, s0)[0]
            draw.text((x - 12, y1 + 8), f"{g:,.0f}", fill="black")
        draw.rectangle((left, top, x1, y1), outline="black")
        points = [at(g, s) for g, s in curve]
        if len(points) > 1:
            draw.line(points, fill=(31, 119, 180), width=2)
        for x, y in points:
            draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=(31, 119, 180))
        x, y = points[-1]
        draw.text((x - 60, y - 18), f"last: {scores[-1]:.{max(digits, 1)}f}", fill=(31, 119, 180))
    image.save(path, format="PNG")
    return path
