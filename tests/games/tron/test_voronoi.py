"""Voronoi territory: hand-made boards on both grids, and the flood against a plain
breadth-first search over every (cell, facing) on positions of random games."""

from __future__ import annotations

from collections import deque

import pytest

from games.tron.bots import random_bot
from games.tron.grid import Grid, hex_grid, square_grid
from games.tron.maps import parse_map
from games.tron.state import TronState, hex_start, square_start
from games.tron.voronoi import (
    distance_to,
    fill_estimate,
    pending_head,
    race,
    separated,
    territory,
    territory_owner,
)


def corridor(row: str) -> TronState:
    """A one-row map between walls: ``#1   2 #`` and the like."""
    wall = "#" * len(row)
    return square_start(parse_map(f"{wall}\n{row}\n{wall}\n"))


def test_corridor_owners_ties_and_cells_behind_a_head() -> None:
    state = corridor("#1   2 #")  # cols 2..4 between the heads, col 6 behind B
    owner = territory_owner(state)
    assert [owner[8 + c] for c in range(8)] == [-1, -1, 0, -1, 1, -1, 1, -1]
    assert territory(state, 0) == -1 and territory(state, 1) == 1
    r = race(state)
    assert r.reach[0] == sum(1 << (8 + c) for c in (2, 3, 4))  # A cannot pass B's head
    assert not separated(state)


def test_a_wall_between_the_heads_separates_them() -> None:
    state = corridor("#1 # 2#")
    assert separated(state)
    assert [o.bit_count() for o in race(state).owned] == [1, 1]


def test_parity_bound_is_below_the_cell_count_when_the_colours_are_unbalanced() -> None:
    grid = square_grid(5, 5)
    box = sum(1 << grid.cell(r, c) for r in (1, 2, 3) for c in (1, 2, 3))
    head = grid.cell(1, 2)  # the middle of the top edge of a 3x3 box: 3 cells of its colour
    reach = box & ~(1 << head)
    assert reach.bit_count() == 8
    assert fill_estimate(grid, reach, head) == 7  # the longest path misses one cell
    corner = grid.cell(1, 1)
    assert fill_estimate(grid, box & ~(1 << corner), corner) == 8
    assert fill_estimate(hex_grid(5), reach, head) == 8  # no parity on hex: the count


def test_hex_distance_respects_the_turning_constraint() -> None:
    grid = hex_grid(5)
    head = grid.cell(2, 2)
    walls = grid.blocked | 1 << head
    assert distance_to(grid, walls, head, 2, grid.cell(2, 3)) == 1  # straight on (E)
    assert distance_to(grid, walls, head, 2, grid.cell(2, 1)) == 2  # behind: turn first
    assert distance_to(grid, walls, head, 5, grid.cell(2, 1)) == 1  # facing W it is ahead
    assert distance_to(grid, walls, head, 2, grid.blocked.bit_length() - 1) is None
    square = square_grid(4, 4)
    assert distance_to(square, 1, 0, -1, 15) == 6


def test_hex_territory_of_a_small_board() -> None:
    grid = hex_grid(5)  # 19 cells
    a, b = grid.cell(2, 1), grid.cell(2, 3)
    facing_each_other = TronState(grid, (a, b), (2, 5))
    owners = territory_owner(facing_each_other)
    assert owners[grid.cell(2, 2)] == -1  # the cell between them: a tie
    free = grid.playable() & ~facing_each_other.walls
    ties = [grid.coords(c) for c, o in enumerate(owners) if o == -1 and free >> c & 1]
    assert ties == [(0, 3), (2, 2), (4, 1)]  # two steps from both heads, one each side
    assert sum(o == 0 for o in owners) == sum(o == 1 for o in owners) == 7
    same_way = TronState(grid, (a, b), (2, 2))  # B faces away: (2, 2) is behind it
    assert territory_owner(same_way)[grid.cell(2, 2)] == 0
    assert territory(same_way, 0) > 0


# -- the flood against a plain BFS ---------------------------------------------------------
def reference_distances(grid: Grid, walls: int, head: int, facing: int) -> dict[int, int]:
    """Distance to every free cell by a BFS over (cell, facing) (no reversal on hex)."""
    turns = (-2, -1, 0, 1, 2) if grid.hex else None
    dist: dict[int, int] = {}
    seen = {(head, facing)}
    queue = deque([(head, facing, 0)])
    while queue:
        cell, f, d = queue.popleft()
        directions = [(f + t) % 6 for t in turns] if turns else range(4)
        for o in directions:
            nxt = grid.steps[cell][o]
            if nxt < 0 or walls >> nxt & 1 or (nxt, o if turns else 0) in seen:
                continue
            seen.add((nxt, o if turns else 0))
            dist.setdefault(nxt, d + 1)
            queue.append((nxt, o, d + 1))
    return dist


def reference_owned(state: TronState) -> tuple[set[int], set[int]]:
    grid, walls = state.grid, state.walls
    (h0, h1), (f0, f1), lag = state.heads, state.orientations, 0
    if state.pending is not None:
        h0, f0 = pending_head(state)
        walls |= 1 << h0
        lag = 1  # player 0 already stepped: its distances are one move later in time
    d0 = reference_distances(grid, walls, h0, f0)
    d1 = reference_distances(grid, walls, h1, f1)
    inf = 10**9
    cells = set(d0) | set(d1)
    mine = {c for c in cells if d0.get(c, inf) + lag < d1.get(c, inf)} | ({h0} if lag else set())
    theirs = {c for c in cells if d1.get(c, inf) < d0.get(c, inf) + lag}
    return mine, theirs


def bits(mask: int) -> set[int]:
    return {i for i in range(mask.bit_length()) if mask >> i & 1}


@pytest.mark.parametrize("start", [hex_start(5), hex_start(8), square_start("pillars17")])
def test_flood_matches_a_plain_bfs_along_random_games(start: TronState) -> None:
    walk = random_bot(3)  # random moves that do not crash at once
    state, checked = start, 0
    while not state.is_terminal():
        for s in [state, *state.get_children()]:
            cell = pending_head(s)[0]
            if s.is_terminal() or cell < 0 or (s.pending is not None and s.walls >> cell & 1):
                continue  # a crash: race() gives player 0 nothing, not a race
            mine, theirs = reference_owned(s)
            owned = race(s).owned
            assert (bits(owned[0]), bits(owned[1])) == (mine, theirs), s
            checked += 1
        state = state.play(walk(state, 0), walk(state, 1))
    assert checked > 20
