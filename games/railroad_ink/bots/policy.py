"""The guided play-out policy: a table of per-round feature weights, shipped as ``policy.json``.

The engine's ``GUIDED`` policy draws up to 16 placements and plays the one whose weights sum
highest (``engine.playout.policy_score``): per round, one weight per value of each feature of
a placement (matches, open sides, errors, the square's class under the board's symmetries).
The table is a naive Bayes model's log-odds that the bot picks a placement, fitted by
``benchmarks/train_railroad_policy.py`` on games the bot played with uniform play-outs.
"""

from __future__ import annotations

import functools
import json
from importlib import resources

import numpy as np

from games.railroad_ink.pieces.dice import ROUNDS
from treesearch.errors import InvalidArgumentError

__all__ = ["FEATURE_NAMES", "POLICY_FILE", "VALUES", "load_policy", "policy_table"]

FEATURE_NAMES = ("matches", "open", "errors", "square class")
VALUES = 10
"""Values a feature may take (0..9: the square classes; the counts stay below 5)."""
POLICY_FILE = "policy.json"


def policy_table(data: dict[str, object]) -> np.ndarray:
    """The ``(7, 4, 10)`` table of a policy file's contents.

    Raises:
        InvalidArgumentError: the contents have no such table.
    """
    table = np.asarray(data.get("weights"), dtype=np.float64)
    if table.shape != (ROUNDS, len(FEATURE_NAMES), VALUES) or not np.isfinite(table).all():
        raise InvalidArgumentError(
            f"a policy needs 'weights' of shape {(ROUNDS, len(FEATURE_NAMES), VALUES)} of "
            f"finite numbers, got shape {table.shape}"
        )
    return table


@functools.cache
def load_policy() -> np.ndarray:
    """The shipped policy table (read once)."""
    text = resources.files("games.railroad_ink.bots").joinpath(POLICY_FILE).read_text()
    table = policy_table(json.loads(text))
    table.setflags(write=False)
    return table
