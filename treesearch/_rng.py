"""Random-number plumbing: one ``numpy.random.Generator`` in, a fast private stream out."""

from __future__ import annotations

import random

import numpy as np

from treesearch.errors import InvalidArgumentError

__all__ = ["RNGLike", "check_rng", "python_random"]

RNGLike = np.random.Generator | int | None
"""A seed, a numpy Generator (consumed: it advances), or None for fresh entropy."""


def check_rng(rng: object) -> RNGLike:
    """Validate an ``rng`` argument at construction time."""
    if rng is None or isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, bool) or not isinstance(rng, (int, np.integer)) or rng < 0:
        raise InvalidArgumentError(
            f"rng must be a non-negative int seed, a numpy.random.Generator or None, got {rng!r}"
        )
    return int(rng)


def python_random(rng: RNGLike) -> random.Random:
    """A private ``random.Random`` seeded from ``rng`` (never the global stream).

    Hot loops draw from it because one numpy scalar draw costs about a microsecond.
    """
    gen = np.random.default_rng(rng)
    return random.Random(int(gen.integers(0, 2**63)))
