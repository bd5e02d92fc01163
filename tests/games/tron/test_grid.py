"""Board geometry: square and hex neighbours, the 127-cell hexagon, coordinates."""

from __future__ import annotations

import pytest

from games.tron import HEX_STEPS, hex_grid, square_grid
from treesearch.errors import InvalidArgumentError


def test_square_steps_are_n_e_s_w_and_minus_one_off_the_rectangle() -> None:
    g = square_grid(4, 3)
    assert (g.cells, g.directions, g.hex) == (12, 4, False)
    centre = g.cell(1, 1)
    assert g.steps[centre] == (g.cell(0, 1), g.cell(1, 2), g.cell(2, 1), g.cell(1, 0))
    assert g.steps[g.cell(0, 0)] == (-1, 1, 4, -1)
    assert g.steps[g.cell(2, 3)] == (7, -1, -1, 10)


def test_square_walls_are_blocked_and_not_playable() -> None:
    g = square_grid(3, 3, walls=0b101)
    assert g.blocked == 0b101
    assert g.playable() == 0b111111010


def test_hex_grid_has_127_playable_cells_clipped_by_x_plus_y() -> None:
    g = hex_grid(13)
    assert (g.cells, g.directions, g.hex) == (169, 6, True)
    assert bin(g.playable()).count("1") == 127
    for cell in range(g.cells):
        y, x = g.coords(cell)
        assert bool(g.playable() >> cell & 1) == (6 <= x + y < 19)
    assert bin(hex_grid(7).playable()).count("1") == 37  # side 4: 3*4*3 + 1


def test_hex_steps_follow_games_md_orientations() -> None:
    g = hex_grid(13)
    y, x = 6, 6
    assert [g.coords(n) for n in g.steps[g.cell(y, x)]] == [
        (y + dy, x + dx) for dy, dx in HEX_STEPS
    ]
    # NW, NE, E, SE, SW, W
    assert HEX_STEPS == ((-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1))
    assert g.steps[g.cell(0, 12)][1] == -1  # NE of the top row leaves the rectangle


def test_cell_and_coords_round_trip_and_reject_outside() -> None:
    g = square_grid(5, 4)
    assert all(g.cell(*g.coords(c)) == c for c in range(g.cells))
    with pytest.raises(InvalidArgumentError, match=r"\(4, 0\)"):
        g.cell(4, 0)
    with pytest.raises(InvalidArgumentError, match="20"):
        g.coords(20)


@pytest.mark.parametrize("bad", [1, 0, -3, 2.5, True, "5"])
def test_bad_sizes_are_refused(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="width"):
        square_grid(bad, 5)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [12, 1, "13", True])
def test_hex_needs_an_odd_size(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="odd"):
        hex_grid(bad)  # type: ignore[arg-type]


def test_walls_must_fit_the_grid() -> None:
    with pytest.raises(InvalidArgumentError, match="walls"):
        square_grid(2, 2, walls=1 << 4)
