"""The dice: seeded roll sequences and the distribution of one round's roll."""

from __future__ import annotations

import random
import re
from collections import Counter

import numpy as np
import pytest

from games.railroad_ink import JUNCTION_DIE, ROUNDS, ROUTE_DIE, Tile, roll_sequence, round_outcomes
from games.railroad_ink.pieces.dice import canonical, check_rolls
from treesearch.errors import InvalidArgumentError


def names(faces: tuple[Tile, ...]) -> list[str]:
    return [str(t) for t in faces]


def test_a_sequence_is_seven_rolls_of_three_route_faces_and_one_junction_face() -> None:
    rolls = roll_sequence(0)
    assert len(rolls) == ROUNDS == 7
    for roll in rolls:
        assert len(roll) == 4
        assert all(t in ROUTE_DIE for t in roll[:3])
        assert roll[3] in JUNCTION_DIE


def test_the_seed_fixes_the_sequence_whatever_the_global_generators_do() -> None:
    first = roll_sequence(42)
    saved, saved_np = random.getstate(), np.random.get_state()
    try:
        for seed in (1, 2):
            random.seed(seed)
            np.random.seed(seed)
            assert roll_sequence(42) == first
    finally:
        random.setstate(saved)
        np.random.set_state(saved_np)
    assert roll_sequence(np.int64(42)) == first


def test_different_seeds_give_different_sequences() -> None:
    assert len({roll_sequence(seed) for seed in range(20)}) == 20


def test_faces_come_up_about_uniformly_over_many_seeds() -> None:
    route: Counter[str] = Counter()
    junction: Counter[str] = Counter()
    for seed in range(300):
        for roll in roll_sequence(seed):
            route.update(str(t) for t in roll[:3])
            junction[str(roll[3])] += 1
    assert set(route) == {str(t) for t in ROUTE_DIE}
    assert set(junction) == {str(t) for t in JUNCTION_DIE}
    # 6300 route faces, 1050 per face expected; 2100 junction faces, 700 per face expected
    assert all(900 < n < 1200 for n in route.values()), route
    assert all(580 < n < 820 for n in junction.values()), junction


@pytest.mark.parametrize("seed", [-1, True, 1.5, "3", None])
def test_a_bad_seed_is_named(seed: object) -> None:
    with pytest.raises(InvalidArgumentError, match="seed must be an int >= 0"):
        roll_sequence(seed)  # type: ignore[arg-type]


def test_canonical_order_is_by_notation() -> None:
    faces = [Tile.parse(t) for t in ("L_L_", "DLDLo", "DD__", "D_D_")]
    assert names(canonical(faces)) == ["DD__", "DLDLo", "D_D_", "L_L_"]


def test_round_outcomes_are_the_distinct_rolls_with_probabilities_summing_to_one() -> None:
    outcomes = round_outcomes()
    assert len(outcomes) == 56 * 3  # multisets of 3 of 6 route faces, times 3 junction faces
    assert len({faces for faces, _ in outcomes}) == len(outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
    for faces, p in outcomes:
        assert faces == canonical(faces)
        assert sum(t in ROUTE_DIE for t in faces) == 3
        assert sum(t in JUNCTION_DIE for t in faces) == 1
        assert p > 0


def test_round_outcome_probabilities_worked_out_by_hand() -> None:
    probability = {tuple(names(faces)): p for faces, p in round_outcomes()}
    # three equal route faces (1/216) and the overpass (2 of 6 junction faces): 1/648
    assert probability[("DLDLo", "D_D_", "D_D_", "D_D_")] == pytest.approx(1 / 648)
    # three distinct route faces in any of 6 orders (6/216), curved station (1/3): 1/108
    assert probability[("DDD_", "DD__", "DL__", "L_L_")] == pytest.approx(1 / 108)
    # two equal and one other route face, 3 orders (3/216), straight station (1/3): 1/216
    assert probability[("D_D_", "D_D_", "D_L_", "LL__")] == pytest.approx(1 / 216)


def test_every_seeded_roll_is_one_of_the_outcomes() -> None:
    known = {faces for faces, _ in round_outcomes()}
    assert all(canonical(roll) in known for seed in range(10) for roll in roll_sequence(seed))


# The public anchor's game "training-5" (its rolls in its notation; each round's faces as its
# recorded moves used them): any orientation, junction face anywhere in the round.
ANCHOR_ROLLS = [
    ["_LL_", "_LLL", "_LL_", "__DL"],
    ["_LL_", "_DDD", "_LL_", "_D_L"],
    ["_DDD", "_L_L", "_DDD", "DLDLo"],
    ["_L_L", "_D_D", "_L_L", "__DL"],
    ["_DD_", "_D_D", "_DD_", "__DL"],
    ["_LLL", "_DDD", "_LLL", "_D_L"],
    ["__DL", "_D_D", "_LLL", "_DD_"],
]


def test_rolls_given_by_hand_become_die_faces_in_the_seeded_form() -> None:
    rolls = check_rolls(ANCHOR_ROLLS)
    assert len(rolls) == 7
    for given, roll in zip(ANCHOR_ROLLS, rolls, strict=True):
        assert all(t in ROUTE_DIE for t in roll[:3]) and roll[3] in JUNCTION_DIE
        tiles = [Tile.parse(face) for face in given]
        assert all(any(t in f.orientations() for t in tiles) for f in roll)
    assert [str(t) for t in rolls[6]] == ["D_D_", "LLL_", "DD__", "DL__"]
    assert check_rolls(rolls) == rolls  # tiles in, the same out


@pytest.mark.parametrize(
    ("rolls", "named"),
    [
        ("D_D_", "7 rounds of 4 faces"),
        (ANCHOR_ROLLS[:6], "must have 7 rounds, got 6"),
        ([*ANCHOR_ROLLS[:6], ["_D_D", "_D_D", "DLDLo", "__DL"]], "7 of rolls must be 3 route"),
        ([*ANCHOR_ROLLS[:6], ["_D_D", "_D_D", "DDLD", "__DL"]], "'DDLD' is not a face of either"),
        ([*ANCHOR_ROLLS[:6], ["_D_D", "_D_D", "XX", "__DL"]], "7 of rolls: 'XX' is not a tile"),
        ([*ANCHOR_ROLLS[:6], 5], "round 7 of rolls must be 4 faces, got 5"),
    ],
)
def test_bad_rolls_are_named(rolls: object, named: str) -> None:
    with pytest.raises(InvalidArgumentError, match=re.escape(named)):
        check_rolls(rolls)
