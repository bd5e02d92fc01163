"""Tiles: every die face and special, their sides, groups, orientations and notation."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.railroad_ink.pieces import tiles as t
from games.railroad_ink.pieces.tiles import BLANK, HIGHWAY, RAILWAY, E, N, S, Tile, W
from treesearch.errors import InvalidArgumentError

H, R, _ = HIGHWAY, RAILWAY, BLANK

# name: (constant, sides N E S W, overpass, groups, distinct orientations per GAMES.md 2.2)
EXPECTED = {
    "HIGHWAY_STRAIGHT": (t.HIGHWAY_STRAIGHT, (H, _, H, _), False, ((N, S),), 2),
    "HIGHWAY_CURVE": (t.HIGHWAY_CURVE, (H, H, _, _), False, ((N, E),), 4),
    "HIGHWAY_T": (t.HIGHWAY_T, (H, H, H, _), False, ((N, E, S),), 4),
    "RAILWAY_STRAIGHT": (t.RAILWAY_STRAIGHT, (R, _, R, _), False, ((N, S),), 2),
    "RAILWAY_CURVE": (t.RAILWAY_CURVE, (R, R, _, _), False, ((N, E),), 4),
    "RAILWAY_T": (t.RAILWAY_T, (R, R, R, _), False, ((N, E, S),), 4),
    "OVERPASS": (t.OVERPASS, (H, R, H, R), True, ((N, S), (E, W)), 2),
    "STRAIGHT_STATION": (t.STRAIGHT_STATION, (H, _, R, _), False, ((N, S),), 4),
    "CURVED_STATION": (t.CURVED_STATION, (H, R, _, _), False, ((N, E),), 8),
    "HIGHWAY_CROSSING": (t.HIGHWAY_CROSSING, (H, H, H, H), False, ((N, E, S, W),), 1),
    "RAILWAY_CROSSING": (t.RAILWAY_CROSSING, (R, R, R, R), False, ((N, E, S, W),), 1),
    "THREE_HIGHWAY_STATION": (t.THREE_HIGHWAY_STATION, (H, H, H, R), False, ((N, E, S, W),), 4),
    "THREE_RAILWAY_STATION": (t.THREE_RAILWAY_STATION, (R, R, R, H), False, ((N, E, S, W),), 4),
    "ADJACENT_STATION": (t.ADJACENT_STATION, (H, H, R, R), False, ((N, E, S, W),), 4),
    "OPPOSITE_STATION": (t.OPPOSITE_STATION, (H, R, H, R), False, ((N, E, S, W),), 2),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_tile_has_its_sides_groups_and_orientation_count(name: str) -> None:
    tile, sides, overpass, groups, count = EXPECTED[name]
    assert tile == getattr(t, name)
    assert tile.sides == sides
    assert tile.overpass is overpass
    assert tile.groups == groups
    orientations = tile.orientations()
    assert len(orientations) == count
    assert len(set(orientations)) == count
    assert orientations[0] == tile
    # Every orientation is a rotation or mirror image: same side multiset, same overpass flag.
    assert all(sorted(o.sides) == sorted(sides) and o.overpass is overpass for o in orientations)


def test_dice_and_specials_hold_the_right_faces() -> None:
    assert t.ROUTE_DIE == (
        t.HIGHWAY_STRAIGHT,
        t.HIGHWAY_CURVE,
        t.HIGHWAY_T,
        t.RAILWAY_STRAIGHT,
        t.RAILWAY_CURVE,
        t.RAILWAY_T,
    )
    assert len(t.JUNCTION_DIE) == 6
    assert {f: t.JUNCTION_DIE.count(f) for f in t.JUNCTION_DIE} == {
        t.OVERPASS: 2,
        t.STRAIGHT_STATION: 2,
        t.CURVED_STATION: 2,
    }
    assert len(set(t.DIE_FACES)) == 9
    assert len(set(t.SPECIALS)) == 6
    assert not any(s.overpass for s in t.SPECIALS)
    # No special is an orientation of a die face or of another special.
    classes = [frozenset(x.orientations()) for x in t.DIE_FACES + t.SPECIALS]
    assert len(set(classes)) == 15


def test_curved_station_orientations_in_fixed_order() -> None:
    # Four quarter turns clockwise, then those of the mirror image (east and west swapped).
    assert [str(o) for o in t.CURVED_STATION.orientations()] == [
        "DL__",
        "_DL_",
        "__DL",
        "L__D",
        "D__L",
        "LD__",
        "_LD_",
        "__LD",
    ]


def test_rotation_moves_north_to_east_and_mirror_swaps_east_west() -> None:
    assert str(Tile.parse("D_L_").rotated()) == "_D_L"
    assert str(Tile.parse("DL__").mirrored()) == "D__L"
    assert Tile.parse("DLDLo").rotated() == Tile.parse("LDLDo")


def test_station_joins_highway_and_railway_overpass_keeps_axes_apart() -> None:
    assert Tile.parse("DLDL").groups == ((N, E, S, W),)
    assert Tile.parse("DLDLo").groups == ((N, S), (E, W))
    assert Tile.parse("_D_L").groups == ((E, W),)
    assert Tile.parse("____").groups == ()


@pytest.mark.parametrize("text", ["__LL", "DLDLo", "D_D_", "____", "LDLDo", "DDDDo", "DLLL"])
def test_notation_round_trips(text: str) -> None:
    assert str(Tile.parse(text)) == text


@pytest.mark.parametrize(
    "text", ["", "DLD", "DLDLx", "dldl", "DLDL o", "DLDLoo", "ABCD", "D_D_o", "DDLLo", "DLD_o"]
)
def test_bad_tile_text_is_refused_naming_it(text: str) -> None:
    with pytest.raises(InvalidArgumentError, match=re.escape(repr(text))):
        Tile.parse(text)


def test_bad_tile_values_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="tuple of 4"):
        Tile((1, 2, 3, 0))
    with pytest.raises(InvalidArgumentError, match="tuple of 4"):
        Tile((1, 2, 0))  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="overpass"):
        Tile((1, 1, 2, 2), overpass=True)
    with pytest.raises(InvalidArgumentError, match="bad tile 42"):
        Tile.parse(42)  # type: ignore[arg-type]


def test_tiles_are_immutable_values() -> None:
    a, b = Tile.parse("DL__"), Tile.parse("DL__")
    assert a == b and hash(a) == hash(b) and a is not b
    with pytest.raises(AttributeError):
        a.overpass = True  # type: ignore[misc]


side = st.sampled_from([BLANK, HIGHWAY, RAILWAY])
routes = st.sampled_from([HIGHWAY, RAILWAY])
plain_tiles = st.tuples(side, side, side, side).map(Tile)
overpasses = st.tuples(routes, routes).map(lambda ab: Tile((ab[0], ab[1], ab[0], ab[1]), True))
any_tile = plain_tiles | overpasses


@given(any_tile)
def test_tile_notation_round_trip(tile: Tile) -> None:
    assert Tile.parse(str(tile)) == tile


@given(any_tile)
def test_orientations_are_closed_under_the_eight_symmetries(tile: Tile) -> None:
    orientations = tile.orientations()
    assert len(orientations) in (1, 2, 4, 8)
    assert len(set(orientations)) == len(orientations)
    for o in orientations:
        assert o.rotated() in orientations and o.mirrored() in orientations
        assert set(o.orientations()) == set(orientations)
