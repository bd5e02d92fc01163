"""Scoring (GAMES.md 2.6) on hand-built boards whose values are worked out in the comments."""

from __future__ import annotations

import itertools
import random

import pytest

from games.railroad_ink.pieces.geometry import EXITS
from games.railroad_ink.pieces.tiles import (
    JUNCTION_DIE,
    OPPOSITE,
    ROUTE_DIE,
    SPECIALS,
    E,
    N,
    S,
    Tile,
    W,
)
from games.railroad_ink.rules.score import Score, exit_points, score_tiles
from treesearch.errors import InvalidArgumentError

STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N, E, S, W as (row, col) steps


def board(*moves: str) -> list[Tile | None]:
    """49 squares from placements in the notation, e.g. ``"10__LL"``."""
    tiles: list[Tile | None] = [None] * 49
    for move in moves:
        tiles[int(move[0]) * 7 + int(move[1])] = Tile.parse(move[2:])
    return tiles


def parts(s: Score) -> tuple[int, int, int, int, int, int]:
    return s.exits, s.highway, s.railway, s.center, s.errors, s.total


def check_trail(tiles: list[Tile | None], trail: tuple[int, ...], kind: int) -> None:
    """Consecutive squares touch with ``kind`` on both facing sides, each contact used once."""
    used = set()
    for a, b in itertools.pairwise(trail):
        side = next(s for s, (dr, dc) in enumerate(STEP) if a + dr * 7 + dc == b)
        ta, tb = tiles[a], tiles[b]
        assert ta is not None and tb is not None
        assert ta.sides[side] == kind == tb.sides[OPPOSITE[side]]
        assert frozenset((a, b)) not in used
        used.add(frozenset((a, b)))


def test_exit_points_formula() -> None:
    assert [exit_points(k) for k in range(13)] == [0, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 45]
    with pytest.raises(InvalidArgumentError, match="13"):
        exit_points(13)


def test_two_exits_by_a_straight_highway() -> None:
    # Column 1, rows 0..6, joins exits N(0,1) and S(6,1): 2 exits -> 4. Highway: 6 contacts + 1
    # = 7. No centre square, no error (both ends point off the board at exits). Total 11.
    tiles = board(*(f"{r}1D_D_" for r in range(7)))
    s = score_tiles(tiles)
    assert parts(s) == (4, 7, 0, 0, 0, 11)
    assert s.highway_trail in ((1, 8, 15, 22, 29, 36, 43), (43, 36, 29, 22, 15, 8, 1))
    assert len(s.networks) == 1
    assert set(s.networks[0].exits) == {(0, 1, N), (6, 1, S)}


def test_three_exits_through_a_t() -> None:
    # Row 3 joins W(3,0) and E(3,6); column 5 comes down from N(0,5) into a T at (3,5): 3 exits
    # -> 8. Longest highway: (0,5) down to (3,5) (3 contacts) then west to (3,0) (5) = 8 + 1 = 9.
    # Centre: (3,2), (3,3), (3,4) -> 3. The T's blank south side is no error. Total 20.
    tiles = board(
        *(f"3{c}_D_D" for c in (0, 1, 2, 3, 4, 6)), "35DD_D", "05D_D_", "15D_D_", "25D_D_"
    )
    s = score_tiles(tiles)
    assert parts(s) == (8, 9, 0, 3, 0, 20)
    assert s.highway_trail[0] in (5, 21) and s.highway_trail[-1] in (5, 21)
    check_trail(tiles, s.highway_trail, 1)


def twelve_exit_moves() -> list[str]:
    # Highway columns 1 and 5 and row 3; railway column 3 and rows 1 and 5. Highway crosses
    # highway on 4-way crossings (3,1), (3,5); railway crosses railway on (1,3), (5,3); highway
    # passes over railway on overpasses (1,1), (1,5), (5,1), (5,5); (3,3) is the opposite
    # station joining row 3 to column 3. The 16 squares with even row and column stay empty.
    special = {
        (3, 1): "DDDD",
        (3, 5): "DDDD",
        (1, 3): "LLLL",
        (5, 3): "LLLL",
        (3, 3): "LDLD",
        (1, 1): "DLDLo",
        (1, 5): "DLDLo",
        (5, 1): "DLDLo",
        (5, 5): "DLDLo",
    }
    moves = []
    for r in range(7):
        for c in range(7):
            if (r, c) in special:
                moves.append(f"{r}{c}{special[r, c]}")
            elif c in (1, 5):
                moves.append(f"{r}{c}D_D_")
            elif c == 3:
                moves.append(f"{r}{c}L_L_")
            elif r in (1, 5):
                moves.append(f"{r}{c}_L_L")
            elif r == 3:
                moves.append(f"{r}{c}_D_D")
    return moves


def test_twelve_exits_in_one_network() -> None:
    # Every line runs border to border through a station or crossing, so one network holds all
    # 12 exits -> 45. Highway graph: two columns of 6 contacts crossing row 3; it is a tree, so
    # the longest trail is its longest path: (0,1) down 3, along row 3 4, up to (0,5) 3 = 10
    # contacts -> 11. Railway the same by symmetry -> 11. Centre: (2,3), (3,2), (3,3), (3,4),
    # (4,3) = 5. No error: every route side faces a route of its type or an exit. Total 72.
    tiles = board(*twelve_exit_moves())
    s = score_tiles(tiles)
    assert parts(s) == (45, 11, 11, 5, 0, 72)
    scoring = [net for net in s.networks if net.exits]
    assert len(scoring) == 1 and set(scoring[0].exits) == set(EXITS)
    check_trail(tiles, s.highway_trail, 1)
    check_trail(tiles, s.railway_trail, 2)


def test_overpass_exits_on_each_axis() -> None:
    # Overpasses "LDLDo" (railway N-S, highway E-W) at the four exits (3,0), (3,6), (0,3), (6,3)
    # and the centre (3,3); straights between them. W(3,0) and E(3,6) are highway exits reached
    # by the E-W axis, N(0,3) and S(6,3) railway exits reached by the N-S axis: two networks of
    # 2 exits -> 8. Highway row 3: 7, railway column 3: 7. Centre 5. Errors: each border
    # overpass's other axis points at two empty squares -> 8. Total 8 + 7 + 7 + 5 - 8 = 19.
    tiles = board(
        "30LDLDo",
        "31_D_D",
        "32_D_D",
        "33LDLDo",
        "34_D_D",
        "35_D_D",
        "36LDLDo",
        "03LDLDo",
        "13L_L_",
        "23L_L_",
        "43L_L_",
        "53L_L_",
        "63LDLDo",
    )
    s = score_tiles(tiles)
    assert parts(s) == (8, 7, 7, 5, 8, 19)
    by_exits = sorted(sorted(net.exits) for net in s.networks if net.exits)
    assert by_exits == [[(0, 3, N), (6, 3, S)], [(3, 0, W), (3, 6, E)]]
    assert len(s.networks) == 6  # the two scoring ones and four lone axes at the border
    assert (3 * 7 + 0, N) in s.error_sides and (0 * 7 + 3, E) in s.error_sides


def test_closed_loop_of_four_curves_scores_five() -> None:
    # 4 contacts around the loop + 1 = 5; the trail ends where it began. Centre 4. Total 9.
    tiles = board("22_DD_", "23__DD", "33D__D", "32DD__")
    s = score_tiles(tiles)
    assert parts(s) == (0, 5, 0, 4, 0, 9)
    assert len(s.highway_trail) == 5 and s.highway_trail[0] == s.highway_trail[-1]
    check_trail(tiles, s.highway_trail, 1)


def test_lasso_through_a_t() -> None:
    # Loop (2,2), (2,3), (3,3), (3,2) where (3,2) is a T with a tail down to (6,2), whose south
    # side points off the board (no exit there, no error). Tail 3 contacts + loop 4 = 7 -> 8,
    # visiting (3,2) twice. Centre: the loop and (4,2) = 5. Total 13.
    tiles = board("22_DD_", "23__DD", "33D__D", "32DDD_", "42D_D_", "52D_D_", "62D_D_")
    s = score_tiles(tiles)
    assert parts(s) == (0, 8, 0, 5, 0, 13)
    assert s.highway_trail[0] == 44 or s.highway_trail[-1] == 44
    assert s.highway_trail.count(23) == 2
    check_trail(tiles, s.highway_trail, 1)


def test_figure_eight_through_a_crossing_scores_nine() -> None:
    # Two loops of 4 contacts share the 4-way crossing at (3,3): all 8 contacts -> 9, passing
    # the crossing twice. Seven tiles, all in the centre. Total 16.
    tiles = board("22_DD_", "23__DD", "32DD__", "33DDDD", "34__DD", "44D__D", "43DD__")
    s = score_tiles(tiles)
    assert parts(s) == (0, 9, 0, 7, 0, 16)
    assert s.highway_trail.count(24) >= 2
    check_trail(tiles, s.highway_trail, 1)


def test_station_joins_a_highway_loop_and_a_railway_loop() -> None:
    # The figure-eight with the crossing replaced by the adjacent station "DLLD": highway on the
    # north-west loop, railway on the south-east one. Highway 4 contacts -> 5, railway 5 too
    # (the station counts for both); one network. Centre 7. Total 17.
    tiles = board("22_DD_", "23__DD", "32DD__", "33DLLD", "34__LL", "44L__L", "43LL__")
    s = score_tiles(tiles)
    assert parts(s) == (0, 5, 5, 7, 0, 17)
    assert len(s.networks) == 1


def test_centre_counts_occupied_squares() -> None:
    # Nine blank tiles fill the centre: 9 points and nothing else.
    s = score_tiles(board(*(f"{r}{c}____" for r in (2, 3, 4) for c in (2, 3, 4))))
    assert parts(s) == (0, 0, 0, 9, 0, 9)
    # A lone straight scores 1 for its route, 1 for the centre, and 2 errors: total 0.
    assert parts(score_tiles(board("33D_D_"))) == (0, 1, 0, 1, 2, 0)


def test_errors_at_edges_exits_and_blank_sides() -> None:
    # Corner (0,0): north points off the board where there is no exit, no error; south faces
    # the empty (1,0): one error.
    s = score_tiles(board("00D_D_"))
    assert (s.errors, s.error_sides, s.highway, s.total) == (1, ((0, S),), 1, 0)
    # At the railway exit N(0,3): the exit side is no error, the open south side is.
    s = score_tiles(board("03L_L_"))
    assert (s.errors, s.error_sides, s.networks[0].exits) == (1, ((3, S),), ((0, 3, N),))
    # A highway facing the railway exit connects nothing and is no error either.
    s = score_tiles(board("03D_D_"))
    assert (s.errors, s.networks[0].exits) == (1, ())
    # Blank sides: the straight at (3,3) faces blank tiles north and south: 2 errors; the
    # blank tile at (3,2) touches its blank west side: no error. Centre 4, highway 1: total 3.
    s = score_tiles(board("23____", "33D_D_", "43____", "32____"))
    assert parts(s) == (0, 1, 0, 4, 2, 3)
    assert s.error_sides == ((24, N), (24, S))


def test_full_board_of_rows() -> None:
    # Every square a horizontal highway: 7 row networks. Row 3 joins highway exits W and E -> 4;
    # rows 1 and 5 show highway to railway exits: not connected, no error. Longest highway: one
    # row, 7. Centre 9. Vertical contacts are blank to blank: no error. Total 20.
    s = score_tiles(board(*(f"{r}{c}_D_D" for r in range(7) for c in range(7))))
    assert parts(s) == (4, 7, 0, 9, 0, 20)
    assert len(s.networks) == 7


def test_full_twelve_exit_board() -> None:
    # The 12-exit board with blank tiles on its 16 empty squares: the blanks face only blank
    # sides of the lines, so nothing changes but the centre, now 9: 45 + 11 + 11 + 9 = 76.
    blanks = [f"{r}{c}____" for r in range(0, 7, 2) for c in range(0, 7, 2)]
    s = score_tiles(board(*twelve_exit_moves(), *blanks))
    assert parts(s) == (45, 11, 11, 9, 0, 76)


def test_highway_touching_railway_is_rejected() -> None:
    with pytest.raises(InvalidArgumentError, match=r"'33D_D_'.*'43L_L_'"):
        score_tiles(board("33D_D_", "43L_L_"))


@pytest.mark.parametrize("bad", [None, "x" * 49, [None] * 48, [None] * 48 + ["D_D_"]])
def test_bad_input_is_rejected(bad: object) -> None:
    with pytest.raises(InvalidArgumentError):
        score_tiles(bad)  # type: ignore[arg-type]


def legal(tiles: list[Tile | None], i: int, tile: Tile) -> bool:
    """GAMES.md 2.4: empty square, every route side matches exits and routes it faces, one does."""
    if tiles[i] is not None:
        return False
    r, c = divmod(i, 7)
    connected = False
    for side, kind in enumerate(tile.sides):
        if not kind:
            continue
        nr, nc = r + STEP[side][0], c + STEP[side][1]
        if not (0 <= nr < 7 and 0 <= nc < 7):
            facing = EXITS.get((r, c, side), 0)
        else:
            other = tiles[nr * 7 + nc]
            facing = other.sides[OPPOSITE[side]] if other is not None else 0
        if facing and facing != kind:
            return False
        connected = connected or facing == kind
    return connected


def random_game(seed: int) -> list[Tile | None]:
    """Seven rounds of 3 route faces + 1 junction face, a special in rounds 1-3, placed randomly."""
    rng = random.Random(seed)
    tiles: list[Tile | None] = [None] * 49
    specials = rng.sample(SPECIALS, 3)
    for rnd in range(7):
        faces = [rng.choice(ROUTE_DIE) for _ in range(3)] + [rng.choice(JUNCTION_DIE)]
        for face in faces + specials[rnd : rnd + 1]:
            options = [(i, o) for o in face.orientations() for i in range(49) if legal(tiles, i, o)]
            if options:
                i, o = rng.choice(options)
                tiles[i] = o
    return tiles


def brute_trail(tiles: list[Tile | None], kind: int) -> int:
    """Longest trail value by plain DFS over contacts from every node (no pruning)."""
    adj: dict[tuple[int, int], list[tuple[frozenset[int], tuple[int, int]]]] = {}
    for i, tile in enumerate(tiles):
        if tile is None:
            continue
        for g, group in enumerate(tile.groups):
            if any(tile.sides[s] == kind for s in group):
                adj[i, g] = []
            for s in group:
                r, c = divmod(i, 7)
                nr, nc = r + STEP[s][0], c + STEP[s][1]
                other = tiles[nr * 7 + nc] if 0 <= nr < 7 and 0 <= nc < 7 else None
                if tile.sides[s] == kind and other and other.sides[OPPOSITE[s]] == kind:
                    og = next(k for k, grp in enumerate(other.groups) if OPPOSITE[s] in grp)
                    adj[i, g].append((frozenset((i, nr * 7 + nc)), (nr * 7 + nc, og)))

    def dfs(node: tuple[int, int], used: frozenset[frozenset[int]]) -> int:
        return max([dfs(nxt, used | {e}) + 1 for e, nxt in adj[node] if e not in used], default=0)

    return max((dfs(node, frozenset()) + 1 for node in adj), default=0)


@pytest.mark.parametrize("seed", range(25))
def test_random_games_match_brute_force(seed: int) -> None:
    tiles = random_game(seed)
    s = score_tiles(tiles)
    assert (s.highway, s.railway) == (brute_trail(tiles, 1), brute_trail(tiles, 2))
    check_trail(tiles, s.highway_trail, 1)
    check_trail(tiles, s.railway_trail, 2)
    assert len(s.highway_trail) == s.highway and len(s.railway_trail) == s.railway
    assert s.exits == sum(net.points for net in s.networks)
