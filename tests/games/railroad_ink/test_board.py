"""The board: placement legality, legal placements counted by hand, moves in and out."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.railroad_ink.pieces import tiles as t
from games.railroad_ink.pieces.geometry import CENTRE, EXITS, SIZE
from games.railroad_ink.pieces.tiles import OPPOSITE, Tile
from games.railroad_ink.rules.board import Board, Placement
from games.railroad_ink.rules.score import Score, score_tiles
from treesearch.errors import InvalidArgumentError

EXIT_SQUARES = sorted({(row, col) for row, col, _ in EXITS})
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def tile(text: str) -> Tile:
    return Tile.parse(text)


def random_board(seed: int, placements: int = 30) -> Board:
    """A board from random legal placements of die faces and specials."""
    rng = random.Random(seed)
    board = Board()
    faces = t.DIE_FACES + t.SPECIALS
    for _ in range(placements):
        legal = board.legal_placements(rng.choice(faces))
        if legal:
            p = rng.choice(legal)
            board = board.place(p.row, p.col, p.tile)
    return board


def slow_is_legal(board: Board, row: int, col: int, tile: Tile) -> bool:
    """GAMES.md 2.4 written out plainly, to check the fast path against."""
    if board.tiles[row * SIZE + col] is not None:
        return False
    connected = False
    for side, route in enumerate(tile.sides):
        if not route:
            continue
        r, c = row + STEPS[side][0], col + STEPS[side][1]
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            met = EXITS.get((row, col, side), 0)
        else:
            other = board.tiles[r * SIZE + c]
            met = other.sides[OPPOSITE[side]] if other is not None else 0
        if met and met != route:
            return False
        connected = connected or met == route
    return connected


# --- the geometry -----------------------------------------------------------------------------


def test_exits_alternate_highway_and_railway_around_the_board() -> None:
    assert len(EXITS) == 12 and len(EXIT_SQUARES) == 12
    assert list(EXITS.values()) == [t.HIGHWAY, t.RAILWAY] * 6  # listed clockwise
    assert EXITS[(0, 1, t.N)] == t.HIGHWAY and EXITS[(1, 0, t.W)] == t.RAILWAY
    assert EXITS[(3, 6, t.E)] == t.HIGHWAY and EXITS[(6, 3, t.S)] == t.RAILWAY
    assert CENTRE == (16, 17, 18, 23, 24, 25, 30, 31, 32)


def test_empty_board_opens_only_the_exit_squares() -> None:
    board = Board()
    assert board.open_squares() == EXIT_SQUARES
    assert board.to_moves() == []
    assert board.tiles == (None,) * 49


# --- legality -----------------------------------------------------------------------------------


def test_a_route_must_match_the_exit_it_faces() -> None:
    board = Board()
    assert board.is_legal(0, 1, tile("D_D_"))  # highway exit north of (0, 1)
    assert board.why_illegal(0, 3, tile("D_D_")) == ("its N side (highway) meets a railway exit")
    assert board.is_legal(0, 3, tile("L_L_"))
    assert board.is_legal(1, 0, tile("_L_L"))  # railway exit west of (1, 0)
    assert not board.is_legal(1, 0, tile("_D_D"))


def test_an_overpass_meets_an_exit_with_the_axis_facing_it() -> None:
    board = Board()
    assert board.is_legal(0, 1, tile("DLDLo")) and not board.is_legal(0, 1, tile("LDLDo"))
    assert board.is_legal(0, 3, tile("LDLDo")) and not board.is_legal(0, 3, tile("DLDLo"))


def test_blank_sides_may_face_exits_but_do_not_connect() -> None:
    reason = Board().why_illegal(0, 1, tile("_D_D"))
    assert reason is not None and "no route side" in reason


def test_round_one_uses_only_exit_squares() -> None:
    board = Board()
    for face in t.DIE_FACES + t.SPECIALS:
        squares = {(p.row, p.col) for p in board.legal_placements(face)}
        assert squares and squares <= set(EXIT_SQUARES), str(face)
    assert board.why_illegal(3, 3, tile("DDDD")) == (
        "no route side meets a matching exit or route (it would not connect)"
    )


def test_beside_a_tile_routes_must_match_and_blanks_accept_anything() -> None:
    board = Board.from_moves(["01D_D_"])  # highway down into (1, 1)
    assert board.is_legal(1, 1, tile("D_D_"))
    assert board.why_illegal(1, 1, tile("L_L_")) == (
        "its N side (railway) meets the highway of D_D_ at (0, 1)"
    )
    assert board.is_legal(1, 1, tile("D_L_"))  # a station converts
    # Beside (0, 1)'s blank east side a route is fine but does not connect by itself.
    assert not board.is_legal(0, 2, tile("_D_D"))
    assert board.why_illegal(0, 2, tile("_D_D")) == (
        "no route side meets a matching exit or route (it would not connect)"
    )
    # A highway-only tile facing the blank side, connected below: legal.
    board = Board.from_moves(["01D_D_", "11D__D", "10_D_L"], strict=False)
    assert board.is_legal(0, 0, tile("DD__")) is False  # N faces the board edge, E a blank
    assert board.why_illegal(1, 1, tile("D_D_")) == "square (1, 1) already holds D__D"


def test_a_tile_must_agree_with_every_neighbour_at_once() -> None:
    board = Board.from_moves(["01D_D_", "10_L_L"])
    need = {"D__L": True, "DL__": True, "__DL": True, "L__D": False, "_DL_": False}
    for text, legal in need.items():
        assert board.is_legal(1, 1, tile(text)) is legal, text


# --- perft-style counts ---------------------------------------------------------------------

# On the empty board a tile fits only at an exit of a type it has on the facing side. Per exit
# square, the orientations that put a route of the exit's type there (by hand, from the
# orientation lists in test_tiles): straight 1 (only the axis through the exit), curve 2, T 3,
# overpass 1, straight station 1, curved station 2, crossing 1, 3+1 station 3 at its triple's
# type and 1 at the other, 2+2 adjacent 2, 2+2 opposite 1. Six exits of each type.
EMPTY_BOARD_COUNTS = {
    "D_D_": 6,
    "DD__": 12,
    "DDD_": 18,
    "L_L_": 6,
    "LL__": 12,
    "LLL_": 18,
    "DLDLo": 12,
    "D_L_": 12,
    "DL__": 24,
    "DDDD": 6,
    "LLLL": 6,
    "DDDL": 24,
    "LLLD": 24,
    "DDLL": 24,
    "DLDL": 12,
}


@pytest.mark.parametrize("text", sorted(EMPTY_BOARD_COUNTS))
def test_legal_placements_on_the_empty_board(text: str) -> None:
    placements = Board().legal_placements(tile(text))
    assert len(placements) == EMPTY_BOARD_COUNTS[text]
    assert len(set(placements)) == len(placements)


def test_empty_board_straight_highway_goes_on_each_highway_exit_along_its_axis() -> None:
    found = sorted(str(p) for p in Board().legal_placements(t.HIGHWAY_STRAIGHT))
    assert found == ["01D_D_", "05D_D_", "30_D_D", "36_D_D", "61D_D_", "65D_D_"]


def test_legal_placements_after_two_moves() -> None:
    # Highway down from the north exit at (0, 1), railway in from the west exit at (1, 0):
    # (1, 1) now needs D on its north side and L on its west side, or nothing there.
    board = Board.from_moves(["01D_D_", "10_L_L"])
    assert board.open_squares() == sorted([*set(EXIT_SQUARES) - {(0, 1), (1, 0)}, (1, 1)])
    # Curved station: 2 at each of the 10 free exits, 3 at (1, 1) (DL__, __DL, D__L).
    curved = board.legal_placements(t.CURVED_STATION)
    assert len(curved) == 23
    assert sorted(str(p) for p in curved if (p.row, p.col) == (1, 1)) == [
        "11DL__",
        "11D__L",
        "11__DL",
    ]
    # Straight highway: the 5 free highway exits, and N-S at (1, 1).
    assert len(board.legal_placements(t.HIGHWAY_STRAIGHT)) == 6
    # 4-way railway: the 5 free railway exits; at (1, 1) its N side would meet the highway.
    assert len(board.legal_placements(t.RAILWAY_CROSSING)) == 5


@pytest.mark.parametrize("seed", range(8))
def test_legal_placements_match_the_rules_written_out(seed: int) -> None:
    board = random_board(seed, placements=seed * 4)
    for face in t.DIE_FACES + t.SPECIALS:
        fast = set(board.legal_placements(face))
        slow = {
            Placement(r, c, o)
            for r in range(SIZE)
            for c in range(SIZE)
            for o in face.orientations()
            if slow_is_legal(board, r, c, o)
        }
        assert fast == slow, (str(face), board.to_moves())
        assert all(board.is_legal(p.row, p.col, p.tile) for p in fast)


@pytest.mark.parametrize("seed", range(8))
def test_open_squares_are_the_empty_squares_something_could_connect_to(seed: int) -> None:
    board = random_board(seed, placements=seed * 4)
    every_tile = {o for face in t.DIE_FACES + t.SPECIALS for o in face.orientations()}
    expected = [
        (r, c)
        for r in range(SIZE)
        for c in range(SIZE)
        if any(slow_is_legal(board, r, c, o) for o in every_tile)
    ]
    assert board.open_squares() == expected


# --- moves in and out ---------------------------------------------------------------------------


def test_from_moves_and_to_moves_round_trip_in_placement_order() -> None:
    moves = ["10__LL", "01D_D_", "11DL__", "12_L_L"]
    board = Board.from_moves(moves)
    assert board.to_moves() == moves
    assert Board.from_moves(board.to_moves()) == board
    assert board.tiles[1 * SIZE + 0] == tile("__LL")
    same_squares = Board.from_moves([moves[1], moves[0], moves[2], moves[3]])
    assert same_squares == board and hash(same_squares) == hash(board)
    assert same_squares.to_moves() != moves


@pytest.mark.parametrize("seed", range(5))
def test_random_legal_games_round_trip(seed: int) -> None:
    board = random_board(100 + seed)
    again = Board.from_moves(board.to_moves())
    assert again == board and again.to_moves() == board.to_moves()
    parsed = [Placement.parse(m) for m in board.to_moves()]
    assert Board.from_moves(parsed) == board
    assert eval(repr(board), {"Board": Board}) == board


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        (["01D_D_", "33D_D_"], "move 2 '33D_D_' is illegal: no route side"),
        (["03D_D_"], "move 1 '03D_D_' is illegal: its N side (highway) meets a railway exit"),
        (["01D_D_", "11L_L_"], "move 2 '11L_L_' is illegal: its N side (railway) meets the"),
        (["01D_D_", "01D_D_"], "move 2 '01D_D_' is illegal: square (0, 1) already holds D_D_"),
        (["01D_D_", "7xD_D_"], "bad placement '7xD_D_': expected row and column digits 0-6"),
        (["01D_Dx"], "bad placement '01D_Dx': bad tile 'D_Dx'"),
        (["01D_D_o"], "bad placement '01D_D_o'"),
        ([42], "move 1 must be a notation string or a Placement, got 42"),
    ],
)
def test_from_moves_names_the_move_and_the_rule_broken(moves: list[str], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=re.escape(message)):
        Board.from_moves(moves)


def test_non_strict_from_moves_places_anywhere_empty_but_never_twice() -> None:
    board = Board.from_moves(["33L_D_", "03D_D_"], strict=False)
    assert board.to_moves() == ["33L_D_", "03D_D_"]
    assert (3, 2) in board.open_squares() or (2, 3) in board.open_squares()
    with pytest.raises(InvalidArgumentError, match=re.escape("move 2 '33DDDD' is illegal")):
        Board.from_moves(["33L_D_", "33DDDD"], strict=False)


def test_place_returns_a_new_board_and_leaves_the_old_one() -> None:
    empty = Board()
    board = empty.place(0, 1, t.HIGHWAY_STRAIGHT)
    assert empty == Board() and empty.tiles[1] is None
    assert board.tiles[1] == t.HIGHWAY_STRAIGHT and board != empty
    with pytest.raises(InvalidArgumentError, match=re.escape("cannot place '01DDDD'")):
        board.place(0, 1, t.HIGHWAY_CROSSING)
    with pytest.raises(InvalidArgumentError, match=re.escape("row must be an int in 0..6, got 7")):
        board.place(7, 1, t.HIGHWAY_CROSSING)
    with pytest.raises(InvalidArgumentError, match="tile must be a Tile, got 'DDDD'"):
        board.place(0, 2, "DDDD")  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        board.tiles = ()


def test_str_draws_tiles_and_exits() -> None:
    text = str(Board.from_moves(["01D_D_", "11DL__", "13DLDLo"], strict=False))
    lines = text.splitlines()
    assert len(lines) == 2 + 3 * SIZE
    assert lines[0].split() == ["D", "L", "D"]
    assert lines[-1].split() == ["D", "L", "D"]
    assert lines[5].startswith("L") and lines[5].endswith("L")  # row 1's railway exits
    assert "+L" in lines[5] and "LoL" in lines[5]
    assert lines[2][6] == "+"  # (0, 1)'s centre


side = st.sampled_from(["_", "D", "L"])
tile_text = st.tuples(side, side, side, side).map("".join) | st.sampled_from(
    ["DLDLo", "LDLDo", "DDDDo", "LLLLo", "DLDLo"]
)
digit = st.integers(0, SIZE - 1)


@given(digit, digit, tile_text)
def test_placement_notation_round_trip(row: int, col: int, text: str) -> None:
    written = f"{row}{col}{text}"
    p = Placement.parse(written)
    assert (p.row, p.col, str(p.tile)) == (row, col, text)
    assert str(p) == written and Placement.parse(str(p)) == p


@given(st.text(max_size=8))
def test_placement_parse_refuses_or_round_trips_any_text(text: str) -> None:
    try:
        p = Placement.parse(text)
    except InvalidArgumentError as error:
        assert repr(text) in str(error)
    else:
        assert str(p) == text


def test_score_is_score_tiles_of_the_board() -> None:
    board = random_board(7)
    score = board.score()
    assert isinstance(score, Score)
    assert score == score_tiles(board.tiles)
