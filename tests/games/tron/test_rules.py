"""Turn resolution on both grids: moves, crashes, head-on and swap draws, outcomes."""

from __future__ import annotations

import pytest

from games.tron import TronState, hex_grid, square_grid
from treesearch import TERMINAL
from treesearch.errors import InvalidArgumentError

N, E, S, W = 0, 1, 2, 3


def board(rows: str, orientations: tuple[int, int] = (-1, -1)) -> TronState:
    """A square position from text: ``#`` wall, ``a``/``b`` trails, ``A``/``B`` heads."""
    lines = rows.strip().splitlines()
    width = len(lines[0])
    walls = 0
    trails = [0, 0]
    heads = [0, 0]
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            cell = r * width + c
            if ch == "#":
                walls |= 1 << cell
            elif ch in "aAbB":
                p = ch.lower() == "b"
                trails[p] |= 1 << cell
                if ch.isupper():
                    heads[p] = cell
    grid = square_grid(width, len(lines), walls)
    return TronState(grid, (heads[0], heads[1]), orientations, (trails[0], trails[1]))


def test_a_turn_moves_both_heads_and_leaves_trails() -> None:
    s = board("#####\n#A..#\n#..B#\n#####")
    after = s.play(E, W)
    assert str(after) == "# # # # #\n# a A . #\n# . B b #\n# # # # #"
    assert after.turn == 1 and after.player() == 0 and not after.is_terminal()
    assert after.orientations == (E, W)
    assert after.walls == after.grid.blocked | after.trails[0] | after.trails[1]


def test_player_zero_picks_first_and_walls_wait_for_the_turn() -> None:
    s = board("#####\n#A..#\n#..B#\n#####")
    half = s.child(E)
    assert (half.pending, half.player(), half.walls, half.heads) == (E, 1, s.walls, s.heads)
    assert half.turn_start().key() == s.key()
    with pytest.raises(InvalidArgumentError, match="turn start"):
        half.play(E, W)


def test_square_moves_exclude_the_reverse_after_the_first_step() -> None:
    s = board("######\n#A...#\n#...B#\n######")
    assert s.legal_moves() == (N, E, S, W)
    after = s.play(E, W)
    assert after.legal_moves(0) == (N, E, S)
    assert after.legal_moves(1) == (N, S, W)
    with pytest.raises(InvalidArgumentError, match=r"move 3 is not legal for player 0; legal: "):
        after.child(W)


@pytest.mark.parametrize(
    ("rows", "moves", "winner"),
    [
        ("#####\n#A.B#\n#...#\n#####", (N, W), 1),  # player 0 into the border: loses
        ("#####\n#A.B#\n#...#\n#####", (E, N), 0),  # player 1 into the border: loses
        ("#####\n#A.B#\n#...#\n#####", (E, W), None),  # both heads on one cell: draw
        ("####\n#AB#\n####", (S, S), None),  # both into walls: double crash, draw
    ],
)
def test_crash_outcomes(rows: str, moves: tuple[int, int], winner: int | None) -> None:
    end = board(rows).play(*moves)
    assert end.is_terminal() and end.player() == TERMINAL
    assert end.winner() == winner
    expected = {None: (0.0, 0.0), 0: (1.0, -1.0), 1: (-1.0, 1.0)}[winner]
    assert end.returns() == expected
    assert (None in end.crashes) == (winner is not None)
    assert end.get_children() == [] and end.legal_moves() == ()


def test_swapping_places_kills_both() -> None:
    s = board("####\n#AB#\n#..#\n####", (E, W))
    end = s.play(E, W)
    assert end.winner() is None and end.returns() == (0.0, 0.0)
    assert end.crashes == (s.heads[1], s.heads[0])


def test_entering_the_cell_the_opponent_just_left_is_a_crash() -> None:
    # Player 1's head cell is in the walls before the turn: following into it crashes.
    s = board("#####\n#AB.#\n#...#\n#####", (E, E))
    end = s.play(E, E)
    assert end.winner() == 1 and end.crashes == (s.heads[1], None)
    assert end.heads[1] == s.heads[1] + 1  # the survivor's move is applied


def test_crashing_into_own_or_opponent_trail_loses() -> None:
    s = board("#######\n#aaa..#\n#aA...#\n#.bbbb#\n#....B#\n#######", (S, S))
    own = s.play(W, W)  # player 0 turns back into its own trail
    assert own.winner() == 1 and own.crashes == (s.grid.cell(2, 1), None)
    theirs = s.play(S, W)  # player 0 runs into player 1's trail
    assert theirs.winner() == 1 and theirs.crashes == (s.grid.cell(3, 2), None)
    safe = s.play(E, W)
    assert not safe.is_terminal()
    assert safe.play(E, N).winner() == 0  # now player 1 hits its own trail


def test_a_boxed_in_player_still_has_moves_and_loses() -> None:
    s = board("#####\n#aA#.\n#aa#B\n#####", (N, N))
    moves = s.legal_moves()
    assert moves == (N, E, W)
    assert all(s.play(m, N).winner() == 1 for m in moves)


def test_the_loser_stays_where_it_was_and_the_crash_cell_is_drawn() -> None:
    end = board("#####\n#A.B#\n#...#\n#####").play(N, S)
    assert end.heads[0] == board("#####\n#A.B#\n#...#\n#####").heads[0]
    assert "X" in str(end)


def test_hex_moves_turn_then_step() -> None:
    g = hex_grid(13)
    s = TronState(g, (g.cell(6, 6), g.cell(2, 10)), (2, 5))  # E, W
    assert s.legal_moves() == (-2, -1, 0, 1, 2)
    after = s.play(-1, 2)  # 0: E -> NE; 1: W -> NE (5 + 2 = 7 = 1)
    assert after.orientations == (1, 1)
    assert g.coords(after.heads[0]) == (5, 7)
    assert g.coords(after.heads[1]) == (1, 11)
    assert after.play(-2, 0).orientations == (5, 1)  # NE - 2 = W


def test_hex_off_field_and_clipped_corner_crash() -> None:
    g = hex_grid(13)
    # Player 0 on the top row facing NE: straight leaves the rectangle.
    s = TronState(g, (g.cell(0, 8), g.cell(6, 6)), (1, 2))
    end = s.play(0, 0)
    assert end.winner() == 1 and end.crashes[0] == -1
    # (6, 0) is the field's west corner; W of it is off the rectangle, NW (5, 0) is clipped.
    s = TronState(g, (g.cell(6, 0), g.cell(6, 6)), (5, 2))
    assert s.play(0, 0).crashes[0] == -1
    clipped = s.play(1, 0)  # W + 1 = NW
    assert clipped.crashes[0] == g.cell(5, 0) and clipped.winner() == 1


def test_hex_head_on_and_swap_draws() -> None:
    g = hex_grid(13)
    s = TronState(g, (g.cell(6, 5), g.cell(6, 7)), (2, 5))
    assert s.play(0, 0).returns() == (0.0, 0.0)  # both into (6, 6)
    s = TronState(g, (g.cell(6, 6), g.cell(6, 7)), (2, 5))
    swap = s.play(0, 0)
    assert swap.is_terminal() and swap.winner() is None


def test_positions_are_validated() -> None:
    g = square_grid(4, 4, walls=1)
    with pytest.raises(InvalidArgumentError, match="distinct"):
        TronState(g, (5, 5))
    with pytest.raises(InvalidArgumentError, match="playable"):
        TronState(g, (0, 5))
    with pytest.raises(InvalidArgumentError, match="orientations"):
        TronState(g, (5, 6), (4, 0))
    with pytest.raises(InvalidArgumentError, match=r"player 1's trail must hold its head \(row 1"):
        TronState(g, (5, 6), (0, 0), (1 << 5, 1 << 7))
    with pytest.raises(InvalidArgumentError, match="player must be 0 or 1"):
        TronState(g, (5, 6)).legal_moves(2)
