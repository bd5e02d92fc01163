"""A learned evaluation of Tron positions: ``evaluate``'s scale, a trained weighing of features.

``LearnedEvaluation(weights)(state, player)`` scores terminal, crashed-pending and separated
positions as ``games.tron.value.evaluate`` does (returns, then fills), and a position where the
heads can still meet by ``weights @ features(state)``, fitted from self-play to the games'
outcomes or to a deeper search's values (``benchmarks/train_tron_value.py``), clipped and
scaled into ``evaluate``'s territory range ``(-0.5, 0.5)`` so that a won separation still
outranks it.

``learned_evaluation()`` loads the shipped model, ``models/tron_value.npz`` (a
``treesearch.learn`` model file of a ``LinearValue``).
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np

from games.tron.features import FEATURES, features, from_counts, raw_counts
from games.tron.state import TronState
from games.tron.value import CONNECTED_SCALE, evaluate, separated_value
from games.tron.voronoi import pending_head
from treesearch.errors import InvalidArgumentError
from treesearch.learn import LinearValue, load_model

__all__ = ["CLIP", "MODEL", "MODEL_GAME", "LearnedEvaluation", "learned_evaluation"]

MODEL = Path(__file__).resolve().parent / "models" / "tron_value.npz"
"""The shipped model file."""

MODEL_GAME = "tron-hex"
"""The game name in the model file's header."""

CLIP = 0.98
"""The learned part is clipped to ``±CLIP``, then scaled by ``CONNECTED_SCALE``."""


class LearnedEvaluation:
    """``evaluate`` with the connected positions scored by learned feature weights.

    Args:
        weights: one weight per ``FEATURES`` entry.

    Examples:
        >>> from games.tron.state import hex_start
        >>> LearnedEvaluation(np.ones(len(FEATURES)))(hex_start(4))  # a symmetric start
        0.0
    """

    __slots__ = ("__name__", "weights")

    def __init__(self, weights: np.ndarray) -> None:
        array = np.asarray(weights, dtype=np.float64)
        if array.shape != (len(FEATURES),) or not np.isfinite(array).all():
            raise InvalidArgumentError(
                f"weights must be {len(FEATURES)} finite numbers (one per feature: "
                f"{', '.join(FEATURES)}), got {weights!r}"
            )
        self.weights = array
        self.__name__ = "learned_evaluation"

    def __call__(self, state: TronState, player: int = 0) -> float:
        """The value of ``state`` for ``player`` (0 or 1), in ``[-1, 1]``."""
        if player not in (0, 1) or isinstance(player, bool):
            raise InvalidArgumentError(f"player must be 0 or 1, got {player!r}")
        if not isinstance(state, TronState):
            raise InvalidArgumentError(f"state must be a TronState, got {state!r}")
        value = self._value(state)
        return value if player == 0 else -value

    def _value(self, state: TronState) -> float:
        if state.is_terminal():
            return evaluate(state)
        if state.pending is not None:
            cell, _ = pending_head(state)
            if cell < 0 or state.walls >> cell & 1:
                return evaluate(state)
        grid = state.grid
        if not grid.hex:
            raise InvalidArgumentError(
                f"the learned evaluation is trained on the hex board, got a square {grid!r}"
            )
        mine, theirs, free, both = raw_counts(state)
        size = grid.playable().bit_count()
        if not both:  # separated: fills are the reachable counts, a pending step counted
            return separated_value(mine[1] + (state.pending is not None) - theirs[1], size)
        phi = from_counts(mine, theirs, free, size, grid.hex)
        raw = float(self.weights @ phi)
        return CONNECTED_SCALE * max(-CLIP, min(CLIP, raw))

    def features(self, state: TronState) -> np.ndarray:
        """``games.tron.features.features(state)``, the vector the weights weigh."""
        return features(state)


@functools.cache
def learned_evaluation(path: Path | None = None) -> LearnedEvaluation:
    """The evaluation of the model file at ``path`` (the shipped ``MODEL`` by default)."""
    model = load_model(MODEL if path is None else path, game=MODEL_GAME)
    value = model.value
    if not isinstance(value, LinearValue):
        raise InvalidArgumentError(
            f"{path or MODEL}: a {type(value).__name__}, expected a LinearValue of the features"
        )
    return LearnedEvaluation(value.weights)
