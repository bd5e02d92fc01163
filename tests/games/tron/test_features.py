"""The features of the learned evaluation: their symmetry, their meaning, both engines."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from games.tron.bots import random_bot
from games.tron.features import FEATURES, features, raw_counts
from games.tron.moves import as_player_0
from games.tron.state import TronState, hex_start
from games.tron.voronoi import race_counts
from tests.helpers import plain_python_digest
from treesearch.errors import InvalidArgumentError


def _positions() -> list[TronState]:
    """Turn starts of seeded random hex games, with their pending children."""
    out = []
    for seed in range(6):
        state, bot = hex_start(seed), random_bot(seed)
        while not state.is_terminal():
            out.append(state)
            out.extend(state.get_children())
            state = state.play(bot(state, 0), bot(state, 1))
    return out


def _digest() -> str:
    """A digest of the raw counts of ``_positions`` (the same under both engines)."""
    rows = [raw_counts(s) for s in _positions() if not s.is_terminal() and _live(s)]
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:16]


def _live(state: TronState) -> bool:
    if state.pending is None:
        return True
    cell = state.grid.steps[state.heads[0]][(state.orientations[0] + state.pending) % 6]
    return cell >= 0 and not state.walls >> cell & 1


def test_swapping_the_sides_negates_the_features() -> None:
    starts = [s for s in _positions() if s.pending is None and not s.is_terminal()]
    assert len(starts) > 50
    for state in starts:
        assert np.allclose(features(as_player_0(state, 1)), -features(state))


def test_counts_agree_with_the_race() -> None:
    for state in _positions():
        if state.is_terminal() or not _live(state):
            continue
        met, own0, own1, _, _ = race_counts(state)
        mine, theirs, free, both = raw_counts(state)
        assert (mine[0], theirs[0]) == (own0, own1)
        assert (both > 0) == met
        assert free >= max(mine[1], theirs[1])


def test_a_room_is_the_owned_cells_joined_to_the_head() -> None:
    cut = 0
    for state in _positions():
        if state.is_terminal() or not _live(state):
            continue
        mine, theirs, _, _ = raw_counts(state)
        assert mine[2] <= mine[0] and theirs[2] <= theirs[0]
        cut += mine[2] < mine[0] or theirs[2] < theirs[0]
    assert cut > 0  # some owned cells lie beyond the other's: unreachable through one's own


def test_terminal_and_bad_states() -> None:
    state = hex_start(1)
    assert features(state).shape == (len(FEATURES),)
    with pytest.raises(InvalidArgumentError, match="TronState"):
        features("not a state")  # type: ignore[arg-type]


def test_plain_python_gives_the_same_counts() -> None:
    engine, digest = plain_python_digest("tests.games.tron.test_features")
    assert engine == "python"
    assert digest == _digest()
