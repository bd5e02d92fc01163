"""The colour map the search overlays share: viridis, dark (early, shallow) to yellow."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from treesearch.arguments import check_count, check_number
from treesearch.errors import InvalidArgumentError

__all__ = ["MAX_LEVELS", "VIRIDIS", "Colour", "check_levels", "colormap", "hex_colours", "palette"]

MAX_LEVELS = 4096
"""The most colours a palette spreads over the map (more are indistinguishable anyway)."""

Colour = tuple[int, int, int]


def hex_colours(text: str) -> tuple[Colour, ...]:
    """Colours written as space-separated hex triplets (``"440154 fde725"``), as RGB tuples.

    Examples:
        >>> hex_colours("440154 fde725")
        ((68, 1, 84), (253, 231, 37))
    """
    return tuple((int(h[:2], 16), int(h[2:4], 16), int(h[4:], 16)) for h in text.split())


VIRIDIS = hex_colours("440154 472c7a 3b528b 2c728e 21918c 27ad81 5cc863 aadc32 fde725")
"""Matplotlib's viridis at 9 evenly spaced stops: perceptually uniform, dark to light."""

_STOPS = np.array(VIRIDIS, dtype=float)


def colormap(t: float) -> Colour:
    """The viridis colour at ``t`` in ``[0, 1]`` (clamped), interpolated linearly.

    Examples:
        >>> colormap(0.0), colormap(1.0), colormap(2.0)
        ((68, 1, 84), (253, 231, 37), (253, 231, 37))
    """
    x = min(max(check_number("t", t), 0.0), 1.0) * (len(VIRIDIS) - 1)
    i = min(int(x), len(VIRIDIS) - 2)
    f = x - i
    r, g, b = (round(v) for v in _STOPS[i] * (1 - f) + _STOPS[i + 1] * f)
    return r, g, b


def check_levels(levels: object) -> int:
    """``levels`` as an int from 1 to ``MAX_LEVELS``, or an error naming it."""
    count: int = check_count("levels", levels, 1)
    if count > MAX_LEVELS:
        raise InvalidArgumentError(f"levels must be at most {MAX_LEVELS}, got {levels!r}")
    return count


def palette(levels: int) -> npt.NDArray[np.float64]:
    """``levels`` colours evenly spread over the map, as a ``(levels, 3)`` float array.

    Raises:
        InvalidArgumentError: ``levels`` is not an int from 1 to ``MAX_LEVELS``.
    """
    levels = check_levels(levels)
    ts = [i / (levels - 1) for i in range(levels)] if levels > 1 else [0.0]
    return np.array([colormap(t) for t in ts], dtype=float)
