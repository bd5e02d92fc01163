"""The colour map the search overlays share: viridis, dark (early, shallow) to yellow."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["VIRIDIS", "Colour", "colormap", "palette"]

Colour = tuple[int, int, int]

VIRIDIS: tuple[Colour, ...] = (
    (68, 1, 84),
    (71, 44, 122),
    (59, 82, 139),
    (44, 114, 142),
    (33, 145, 140),
    (39, 173, 129),
    (92, 200, 99),
    (170, 220, 50),
    (253, 231, 37),
)
"""Matplotlib's viridis at 9 evenly spaced stops: perceptually uniform, dark to light."""

_STOPS = np.array(VIRIDIS, dtype=float)


def colormap(t: float) -> Colour:
    """The viridis colour at ``t`` in ``[0, 1]`` (clamped), interpolated linearly.

    Examples:
        >>> colormap(0.0), colormap(1.0), colormap(2.0)
        ((68, 1, 84), (253, 231, 37), (253, 231, 37))
    """
    x = min(max(float(t), 0.0), 1.0) * (len(VIRIDIS) - 1)
    i = min(int(x), len(VIRIDIS) - 2)
    f = x - i
    r, g, b = (round(v) for v in _STOPS[i] * (1 - f) + _STOPS[i + 1] * f)
    return r, g, b


def palette(levels: int) -> npt.NDArray[np.float64]:
    """``levels`` colours evenly spread over the map, as a ``(levels, 3)`` float array."""
    ts = [i / (levels - 1) for i in range(levels)] if levels > 1 else [0.0]
    return np.array([colormap(t) for t in ts], dtype=float)
