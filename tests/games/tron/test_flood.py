"""The compiled Voronoi race (``games.tron.flood``) against the bitboard flood, per position.

Positions come from random games on hex starts and square maps (named and generated), every
turn start with all its pending children (crashing ones included), and each raced with
``lead`` 0 to 3 as well. With numba the flood runs compiled; under ``TREESEARCH_ENGINE=python``
the same functions run as plain Python, and a subprocess checks that ``race`` and ``evaluate``
give the same digest on the plain path as in this process.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator

import pytest

from games._compile import ENGINE
from games.tron import flood, voronoi
from games.tron.bots import random_bot
from games.tron.maps import generate_map
from games.tron.state import TronState, hex_start, square_start
from games.tron.value import evaluate, outlook
from tests.helpers import plain_python_digest
from treesearch.errors import InvalidArgumentError


def _starts() -> Iterator[tuple[TronState, int]]:
    for seed in range(12):
        yield hex_start(seed), seed
    for seed, board in enumerate(["box15", "pillars17", "box15", "pillars17"]):
        yield square_start(board), 100 + seed
    for seed in range(12):
        size = (11, 15, 21)[seed % 3]
        yield square_start(generate_map(size, size, seed)), 200 + seed


def positions() -> Iterator[TronState]:
    """Turn starts of random games and all their pending children, terminal ones left out."""
    for start, seed in _starts():
        walk, state = random_bot(seed), start
        while not state.is_terminal():
            yield state
            yield from (c for c in state.get_children() if not c.is_terminal())
            state = state.play(walk(state, 0), walk(state, 1))


POSITIONS = list(positions())


def _arguments(state: TronState) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """Walls, heads and facings of the race ``race(state)`` runs (player 0's pending step taken)."""
    cell, facing = voronoi.pending_head(state)
    if state.pending is None or cell < 0 or state.walls >> cell & 1:
        return state.walls, state.heads, state.orientations
    return state.walls | 1 << cell, (cell, state.heads[1]), (facing, state.orientations[1])


def test_there_are_enough_positions_of_every_kind() -> None:
    assert len(POSITIONS) >= 2000
    assert sum(s.grid.hex for s in POSITIONS) >= 800
    assert sum(not s.grid.hex for s in POSITIONS) >= 800
    assert sum(s.pending is not None for s in POSITIONS) >= 1000
    crashing = [s for s in POSITIONS if s.pending is not None and _arguments(s)[1] == s.heads]
    assert len(crashing) >= 50


def test_the_flood_gives_the_bitboard_race_with_every_lead() -> None:
    # Run as plain Python (TREESEARCH_ENGINE=python) the flood is slow: every 8th position.
    for state in POSITIONS if flood.COMPILED else POSITIONS[::8]:
        walls, heads, facings = _arguments(state)
        for lead in range(4):
            expected = voronoi.race_bitboards(state.grid, walls, heads, facings, lead)
            own0, own1, reach0, reach1 = flood.race_bits(state.grid, walls, heads, facings, lead)
            assert voronoi.Race((own0, own1), (reach0, reach1), heads) == expected, (state, lead)
            both, n0, n1, fill0, fill1 = flood.race_counts(state.grid, walls, heads, facings, lead)
            assert (both, n0, n1) == (
                (expected.reach[0] & expected.reach[1]).bit_count(),
                expected.owned[0].bit_count(),
                expected.owned[1].bit_count(),
            )
            fills = [
                voronoi.fill_bound(state.grid, reach, head) if reach else 0
                for reach, head in zip(expected.reach, heads, strict=True)
            ]
            assert [fill0, fill1] == fills, (state, lead)


def test_race_and_evaluate_are_the_same_on_both_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled = [(voronoi.race(s), evaluate(s), evaluate(s, 1), outlook(s)) for s in POSITIONS]
    monkeypatch.setattr(flood, "COMPILED", False)
    plain = [(voronoi.race(s), evaluate(s), evaluate(s, 1), outlook(s)) for s in POSITIONS]
    assert compiled == plain


def _digest() -> str:
    """``race`` and ``evaluate`` of every position, hashed (floats by their exact repr)."""
    out = [[*voronoi.race(s), repr(evaluate(s)), repr(evaluate(s, 1))] for s in POSITIONS]
    return hashlib.sha256(json.dumps(out).encode()).hexdigest()


def test_plain_python_gives_the_same_races_and_values() -> None:
    engine, digest = plain_python_digest("tests.games.tron.test_flood")
    assert engine == "python"
    assert digest == _digest()


def test_the_race_is_compiled_when_numba_is_there() -> None:
    try:
        import numba  # noqa: F401
    except ImportError:
        assert not flood.COMPILED
    else:
        expected = "python" if os.environ.get("TREESEARCH_ENGINE") else "numba"
        assert expected == ENGINE
        assert flood.COMPILED is (ENGINE == "numba")


@pytest.mark.skipif(not flood.COMPILED, reason="the bitboard flood takes any int")
def test_the_compiled_race_refuses_heads_off_the_grid_by_name() -> None:
    state = hex_start(0)
    for heads, facings in [((-1, state.heads[1]), state.orientations), (state.heads, (6, 0))]:
        with pytest.raises(InvalidArgumentError, match="heads"):
            voronoi.race_from(state.grid, state.walls, heads, facings)
