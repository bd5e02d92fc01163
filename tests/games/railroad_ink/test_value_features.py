"""The score's cheap parts read by the learned value: against the exact score, the per-move
update against a fresh count, and the plain Python path against the compiled one."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from games.railroad_ink.engine.ntuple import (
    CAP,
    CELLS,
    FEATURE_CELL,
    _candidates,
    encode,
)
from games.railroad_ink.engine.playout import _below, load_round, play_move, seed_stream
from games.railroad_ink.engine.scoring import (
    FEATURES,
    board_networks,
    network_features,
    placed_features,
    score_parts,
)
from games.railroad_ink.engine.tables import FACES, MOVE_BASE, SLOT_INIT
from tests.helpers import plain_python_digest


def _positions(seed: int, every: int = 1) -> list[tuple[np.ndarray, np.ndarray]]:
    """``(tiles, candidates)`` of the decisions of a random game (every ``every``-th one)."""
    stream = seed_stream(seed)
    tiles, slots = np.full(49, -1, dtype=np.int64), SLOT_INIT.copy()
    counts, moves = np.zeros(FACES, dtype=np.int64), np.zeros(4096, dtype=np.int64)
    rolls = np.full((7, 4), -1, dtype=np.int64)
    used, out = 0, []
    for rnd in range(1, 8):
        load_round(rolls, rnd, counts, stream)
        placed, now = 0, False
        while (n := _candidates(tiles, slots, counts, used, now, moves)) > 0:
            if len(out) % every == 0:
                out.append((tiles.copy(), moves[:n].copy()))
            move = moves[_below(stream, n)]
            if move < 0:
                break
            used, now, placed = play_move(tiles, slots, counts, move, used, now, placed)
    out.append((tiles.copy(), moves[:0].copy()))  # the final board
    return out


def _features(tiles: np.ndarray) -> np.ndarray:
    out = np.zeros(FEATURES, dtype=np.int64)
    network_features(tiles, out, CAP)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_features_are_the_exact_score_parts_and_bound_the_trails(seed: int) -> None:
    boards = [tiles for tiles, _ in _positions(seed)]
    assert len(boards) > 25 and np.count_nonzero(boards[-1] >= 0) > 20
    for tiles in boards:
        exits, highway, railway, centre, errors, unfixable = score_parts(tiles)
        f = _features(tiles)
        assert (f[0], f[1], f[2], f[3]) == (exits, errors, unfixable, centre)
        assert f[7] + 1 >= highway and f[8] + 1 >= railway
        assert 0 <= f[5] <= f[4] <= 12 and 0 <= f[6] <= 12 - f[4]
    final = _features(boards[-1])
    assert final[1] > 0 and final[4] > 0 and final[6] < 12  # errors, exits reached


@pytest.mark.parametrize("seed", [4, 5])
def test_a_placement_updates_the_features_as_a_fresh_count_does(seed: int) -> None:
    roots = np.zeros(98, dtype=np.int64)
    counts = np.zeros((3, 98), dtype=np.int64)
    parts = np.zeros(FEATURES, dtype=np.int64)
    placed = np.zeros(FEATURES, dtype=np.int64)
    checked = 0
    for tiles, moves in _positions(seed):
        board_networks(tiles, roots, counts, parts)
        np.testing.assert_array_equal(np.minimum(parts, CAP), _features(tiles))
        for move in moves[moves >= 0].tolist():
            square, ot = divmod(move, MOVE_BASE)
            tiles[square] = ot
            placed_features(tiles, square, ot, roots, counts, parts, placed, CAP)
            np.testing.assert_array_equal(placed, _features(tiles))
            tiles[square] = -1
            checked += 1
    assert checked > 500


def test_the_encoding_ends_with_the_features() -> None:
    tiles = _positions(6)[-1][0]
    cells = np.zeros(CELLS, dtype=np.int64)
    encode(tiles, 34, 2, np.zeros(FACES, dtype=np.int64), cells)
    np.testing.assert_array_equal(cells[FEATURE_CELL:], _features(tiles))
    assert CELLS == FEATURE_CELL + FEATURES


def _digest() -> str:
    """A fingerprint of the features, fresh and per placement, over a random game."""
    roots = np.zeros(98, dtype=np.int64)
    counts = np.zeros((3, 98), dtype=np.int64)
    parts = np.zeros(FEATURES, dtype=np.int64)
    placed = np.zeros(FEATURES, dtype=np.int64)
    out = []
    for tiles, moves in _positions(7, every=3):
        board_networks(tiles, roots, counts, parts)
        out.append([parts.tolist(), roots.tolist(), counts.sum(axis=1).tolist()])
        for move in moves[moves >= 0][:20].tolist():
            square, ot = divmod(move, MOVE_BASE)
            tiles[square] = ot
            placed_features(tiles, square, ot, roots, counts, parts, placed, CAP)
            out.append(placed.tolist())
            tiles[square] = -1
    return hashlib.sha256(repr(out).encode()).hexdigest()


def test_plain_python_gives_the_very_same_features() -> None:
    engine, digest = plain_python_digest("tests.games.railroad_ink.test_value_features")
    assert engine == "python"
    assert digest == _digest()
