"""Checks of the arrays handed to the compiled engine, made before compiled code sees them.

Compiled code checks no bounds: a policy table of the wrong shape, a stream of the wrong
type or a placement code past the board reads or writes memory it does not own instead of
raising ``IndexError``. The entry points (the bots, ``EnginePlayouts``, ``engine.plans``)
call these first, so bad input gets an ``InvalidArgumentError`` naming it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from treesearch.errors import InvalidArgumentError

__all__ = ["check_codes", "check_stream", "check_table"]


def check_table(
    name: str, value: Any, shape: tuple[int, ...], *, in_place: bool = False
) -> np.ndarray:
    """``value`` as a float64 array of ``shape`` with finite entries.

    Integer and float arrays are converted, unless the array is changed in place
    (``in_place``): then it must already be a writeable float64 array.

    Raises:
        InvalidArgumentError: not a numpy array, another shape, a non-real or (in place)
            non-float64 or read-only array, or a NaN or infinite entry; naming ``name``.
    """
    want = f"{name} must be a numpy float64 array of shape {shape} of finite numbers"
    if not isinstance(value, np.ndarray):
        raise InvalidArgumentError(f"{want}, got {type(value).__name__} {value!r:.80}")
    if value.shape != shape:
        raise InvalidArgumentError(f"{want}, got shape {value.shape}")
    if in_place:
        if value.dtype != np.float64 or not value.flags.writeable:
            what = "a read-only array" if value.dtype == np.float64 else f"dtype {value.dtype}"
            raise InvalidArgumentError(f"{want} that it can change in place, got {what}")
    elif value.dtype.kind not in "iuf":
        raise InvalidArgumentError(f"{want}, got dtype {value.dtype}")
    else:
        value = value.astype(np.float64, copy=False)
    if not np.isfinite(value).all():
        raise InvalidArgumentError(f"{want}, got a NaN or infinite entry")
    table: np.ndarray = value
    return table


def check_stream(value: Any) -> np.ndarray:
    """``value`` if it is a random stream: ``seed_stream(seed)``, one int64 other than 0.

    Raises:
        InvalidArgumentError: anything else, named.
    """
    ok = (
        isinstance(value, np.ndarray)
        and value.shape == (1,)
        and value.dtype == np.int64
        and value.flags.writeable
        and 0 < int(value[0]) < 2**32
    )
    if not ok:
        raise InvalidArgumentError(
            f"stream must be a random stream made by seed_stream(seed), got {value!r:.80}"
        )
    stream: np.ndarray = value
    return stream


def check_codes(name: str, moves: Any, codes: int, longest: int) -> list[int]:
    """``moves`` as a list of at most ``longest`` ints in ``0 .. codes - 1`` (placement codes).

    Raises:
        InvalidArgumentError: not such a sequence, naming ``name`` and the first bad entry.
    """
    if isinstance(moves, (str, bytes)) or not isinstance(moves, (Sequence, np.ndarray)):
        raise InvalidArgumentError(
            f"{name} must be a sequence of placement codes, got {moves!r:.80}"
        )
    if len(moves) > longest:
        raise InvalidArgumentError(
            f"{name} must hold at most {longest} placements, got {len(moves)}"
        )
    out = []
    for m in moves:
        if isinstance(m, (bool, np.bool_)) or not isinstance(m, (int, np.integer)):
            raise InvalidArgumentError(f"{name} must hold int placement codes, got {m!r:.80}")
        if not 0 <= m < codes:
            raise InvalidArgumentError(
                f"{name} must hold placement codes in 0..{codes - 1}, got {int(m)}"
            )
        out.append(int(m))
    return out
