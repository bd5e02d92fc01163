"""The Voronoi race (``games.tron.flood``, through ``games.tron.voronoi``) on known positions.

Positions come from random games on hex starts and square maps (named and generated), every
turn start with all its pending children (crashing ones included), and each raced with
``lead`` 0 to 3 as well. Their races, counts, fills, distances and evaluations are pinned by
digests of the values the flood gave when it was checked cell by cell against an independent
big-int (bitboard) flood. With numba the flood runs compiled; under ``TREESEARCH_ENGINE=python``
the same functions run as plain Python, and a subprocess checks that they give the same
digest there as in this process.
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
from tests.games.tron.test_voronoi import reference_distances
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


# Digests of the values these positions had when the race had a second, bitboard flood that
# agreed with this one everywhere; the exact values of a few positions are spelled out below.
RACES = "5b0f716849024d2e4912bc051122acbc9b42485c832d5b1d704468812c574a26"
"""``_races()``: per position and lead, the cell sets of ``race_from`` and their counts."""
VALUES = "9f0a977d0411f9cb2d4204a9188f724a50651f6c5b7f38298fcbcd4219bb681e"
"""``_digest()``: per position, ``race`` and ``evaluate`` for both players."""
OUTLOOKS = "1be42412d6d17d2961cdd93b035f00aab8e81a1e75d5415a8d7abf5694abf72a"
"""``_outlooks()``: per position, ``outlook`` and ``voronoi.race_counts``."""
DISTANCES = "b93cae4562b6814787bb0ec041195bf214386e546c28ea4b626f081d1ad057b3"
"""``_distances()``: from player 0's head, in its race, to every fifth cell, every 8th position."""


def _hash(values: object) -> str:
    return hashlib.sha256(json.dumps(values).encode()).hexdigest()


def _races() -> str:
    """``race_from`` and ``flood.race_counts`` of every position with every lead, hashed.

    The counts are checked against the cell sets on the way: ``both`` is the cells both
    reach, the owned counts are those of the owned sets, and the fills are ``fill_bound``.
    """
    out = []
    for state in POSITIONS:
        walls, heads, facings = _arguments(state)
        for lead in range(4):
            r = voronoi.race_from(state.grid, walls, heads, facings, lead)
            both, n0, n1, fill0, fill1 = flood.race_counts(state.grid, walls, heads, facings, lead)
            assert (both, n0, n1) == (
                (r.reach[0] & r.reach[1]).bit_count(),
                r.owned[0].bit_count(),
                r.owned[1].bit_count(),
            ), (state, lead)
            fills = [
                voronoi.fill_bound(state.grid, reach, head) if reach else 0
                for reach, head in zip(r.reach, heads, strict=True)
            ]
            assert [fill0, fill1] == fills, (state, lead)
            out.append([*r, [both, n0, n1, fill0, fill1]])
    return _hash(out)


def test_the_race_gives_the_known_races_with_every_lead() -> None:
    assert _races() == RACES


def _values() -> str:
    """``race`` and ``evaluate`` of every position, hashed (floats by their exact repr)."""
    out = [[*voronoi.race(s), repr(evaluate(s)), repr(evaluate(s, 1))] for s in POSITIONS]
    return _hash(out)


def _outlooks() -> str:
    return _hash([[list(outlook(s)), list(voronoi.race_counts(s))] for s in POSITIONS])


def _distances() -> str:
    out = []
    for state in POSITIONS[::8]:
        walls, heads, facings = _arguments(state)
        cells = range(0, state.grid.cells, 5)
        out.append([voronoi.distance_to(state.grid, walls, heads[0], facings[0], t) for t in cells])
    return _hash(out)


def test_race_evaluate_and_outlook_give_the_known_values() -> None:
    assert _values() == VALUES
    assert _outlooks() == OUTLOOKS


def test_distances_are_the_known_ones() -> None:
    assert _distances() == DISTANCES


def test_on_hex_the_flood_over_cells_finds_the_layers_of_a_search_over_facings() -> None:
    """Only the head's first step is restricted (never straight back): every later cell's
    way back leads where the flood has been, so cells alone give the same layers."""
    for state in [s for s in POSITIONS if s.grid.hex][::4]:
        g = flood.arrays(state.grid)
        marks = flood._open(g.playable, flood._wall_bytes(g, state.walls))
        for head, facing in zip(state.heads, state.orientations, strict=True):
            layers = flood._flood(g.steps, marks, head, facing, True)
            found = {c: int(layers[c]) for c in range(state.grid.cells) if layers[c] >= 0}
            assert found == reference_distances(state.grid, state.walls, head, facing), state


def test_the_joint_flood_of_a_search_leaf_counts_as_the_race() -> None:
    """``_sides`` (both heads at once, as the deep search scores its leaves) gives the race's
    owners and, for separated players, its fills; stopped early it still says whether the
    players touch, and it hands its buffer back cleared. ``_sides_bits`` answers the same on
    every board with bitboards (hex and the small square maps)."""
    touching = separated = boards = 0
    for state in POSITIONS:
        walls, heads, facings = _arguments(state)
        if heads[0] == heads[1] or not all(walls >> h & 1 for h in heads):
            continue  # a head-on crash, or a pending step into a wall: no turn start to score
        g = flood.arrays(state.grid)
        raw = flood._wall_bytes(g, walls)
        both, n0, n1, fill0, fill1 = flood.race_counts(state.grid, walls, heads, facings)
        marks = flood._int_array(state.grid.cells + 1, 0)
        queue = flood._int_array(state.grid.cells, 0)
        tables = flood.bit_tables(state.grid)
        for full in (True, False):
            got = flood._sides(
                g.steps, g.playable, g.colours, raw, heads, facings, state.grid.hex, full, marks,
                queue,
            )  # fmt: skip
            assert not any(marks), state
            if both:
                assert got == ((True, n0, n1, 0, 0) if full else (True, 0, 0, 0, 0)), state
            else:
                assert got == (False, n0, n1, fill0, fill1), state
            if len(tables[0]):
                bits = flood._sides_bits(g.steps, raw, heads, facings, state.grid.hex, full, tables)
                assert bits == got, state
                boards += 1
        touching += both > 0
        separated += both == 0
    assert touching >= 1000 and separated >= 200
    assert boards >= (2000 if flood.COMPILED else 0)  # bitboards are for the compiled flood


# (position, (met, owned0, owned1, fill0, fill1) of race_counts, evaluate) at the start and for
# the first three pending moves of player 0.
KNOWN = [
    (
        hex_start(0),
        [
            (None, (True, 58, 58, 125, 125), 0.0),
            (-2, (True, 50, 67, 124, 124), -0.06692913385826772),
            (-1, (True, 55, 60, 124, 124), -0.01968503937007874),
            (0, (True, 55, 62, 124, 124), -0.027559055118110236),
        ],
    ),
    (
        square_start("box15"),
        [
            (None, (True, 77, 77, 167, 167), 0.0),
            (0, (True, 70, 84, 166, 166), -0.04142011834319527),
            (1, (True, 77, 77, 166, 166), 0.0),
            (2, (True, 70, 84, 166, 166), -0.04142011834319527),
        ],
    ),
    (
        square_start(generate_map(15, 15, 0)),
        [
            (None, (True, 64, 64, 138, 138), 0.0),
            (0, (False, 0, 128, 0, 138), -1.0),  # player 0 crashes: all of it is player 1's
            (1, (True, 64, 64, 137, 136), 0.0),
            (2, (True, 54, 74, 137, 136), -0.06896551724137931),
        ],
    ),
]


@pytest.mark.parametrize(("start", "expected"), KNOWN)
def test_starts_and_their_pending_moves_have_the_known_counts_and_values(
    start: TronState, expected: list[tuple[int | None, tuple[bool, int, int, int, int], float]]
) -> None:
    positions = [start, *start.get_children()[:3]]
    got = [(s.pending, voronoi.race_counts(s), evaluate(s)) for s in positions]
    assert got == expected
    owned = voronoi.race(start).owned
    assert [o.bit_count() for o in owned] == list(expected[0][1][1:3])
    assert voronoi.territory(start) == 0


def _digest() -> str:
    """The values, outlooks and distances digests, for the plain-Python subprocess."""
    return "-".join((_values(), _outlooks(), _distances()))


def test_plain_python_gives_the_same_races_values_and_distances() -> None:
    engine, digest = plain_python_digest("tests.games.tron.test_flood")
    assert engine == "python"
    assert digest == _digest() == "-".join((VALUES, OUTLOOKS, DISTANCES))


def test_the_race_is_compiled_when_numba_is_there() -> None:
    try:
        import numba  # noqa: F401
    except ImportError:
        assert not flood.COMPILED
    else:
        expected = "python" if os.environ.get("TREESEARCH_ENGINE") else "numba"
        assert expected == ENGINE
        assert flood.COMPILED is (ENGINE == "numba")


def test_the_race_refuses_heads_off_the_grid_by_name() -> None:
    state = hex_start(0)
    off = (-1, state.heads[1]), (state.grid.cells, state.heads[1])
    for heads, facings in [*((h, state.orientations) for h in off), (state.heads, (6, 0))]:
        with pytest.raises(InvalidArgumentError, match="heads"):
            voronoi.race_from(state.grid, state.walls, heads, facings)
    with pytest.raises(InvalidArgumentError, match="heads"):
        voronoi.distance_to(state.grid, state.walls, -1, 0, 0)
