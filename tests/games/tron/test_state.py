"""States as game trees: contract, perft counts, seeded starts, searches running unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from games.tron import TronState, hex_grid, hex_start, square_start
from treesearch import MCTS, AlphaBeta, check_iterator
from treesearch.errors import InvalidArgumentError

TINY = "#####\n#1  #\n#   #\n#  2#\n#####\n"


def perft(state: TronState, turns: int) -> int:
    """States reached after exactly ``turns`` whole turns (two plies each), walking children."""
    if turns == 0:
        return 1
    return sum(
        perft(c, turns - 1) if turns > 1 else 1
        for half in state.get_children()
        for c in half.get_children()
    )


def corner_start() -> TronState:
    g = hex_grid(13)
    return TronState(g, (g.cell(12, 0), g.cell(0, 12)), (1, 4))


@pytest.mark.parametrize(
    ("make", "counts"),
    [
        # By hand: 4 x 4 first moves; only E/S (player 0) x N/W (player 1) survive -> 4 x 9;
        # of those 16 second turns 6 are head-on (one at (1,3), four at (2,2), one at (3,1)).
        (lambda: square_start(TINY), (16, 36, 90)),
        (lambda: square_start("box15"), (16, 144, 1296)),  # 4 x 4, then 3 x 3 per turn
        # By hand: from the (12, 0) corner facing NE 3 of 5 moves stay on the field, then
        # 3 + 5 + 3 = 11 second moves; the same for the mirror: 25, 9 x 25, 11 x 11 x 25.
        (corner_start, (25, 225, 3025)),
        (lambda: hex_start(4), (25, 625, 15625)),
    ],
)
def test_perft_counts_of_joint_moves(make: object, counts: tuple[int, int, int]) -> None:
    start = make()  # type: ignore[operator]
    assert tuple(perft(start, d) for d in (1, 2, 3)) == counts


@pytest.mark.parametrize(
    "start", [square_start(TINY), square_start("pillars17"), hex_start(3), corner_start()]
)
def test_check_iterator_is_clean(start: TronState) -> None:
    report = check_iterator(start, max_states=400, walks=20, max_depth=400)
    assert report.terminals > 0


@pytest.mark.parametrize(
    ("seed", "heads", "facings"),
    [
        (0, ((9, 2), (3, 10)), (2, 4)),
        (1, ((11, 2), (1, 10)), (2, 5)),
        (2, ((9, 1), (3, 11)), (1, 4)),
        (3, ((9, 0), (3, 12)), (1, 4)),
    ],
)
def test_hex_start_positions_by_seed(
    seed: int, heads: tuple[tuple[int, int], ...], facings: tuple[int, int]
) -> None:
    s = hex_start(seed)
    assert tuple(s.grid.coords(h) for h in s.heads) == heads
    assert s.orientations == facings


def test_hex_starts_follow_the_contest_rule_and_are_deterministic() -> None:
    n = 13
    seen = set()
    for seed in range(60):
        s = hex_start(seed)
        (y0, x0), (y1, x1) = (s.grid.coords(h) for h in s.heads)
        v, h = n - 1 - y0, x0
        assert 0 <= v <= 3 and 0 <= h <= 3
        assert (y1, x1) == (v, n - 1 - h)  # point-symmetric
        assert s.orientations[0] in (1, 2) and s.orientations[1] in (4, 5)
        assert s.key() == hex_start(seed).key()
        seen.add(s.key())
    assert len(seen) > 20
    rng = np.random.default_rng(9)
    assert hex_start(rng).key() == hex_start(np.random.default_rng(9)).key()
    assert bin(hex_start(0, n=7).grid.playable()).count("1") == 37
    with pytest.raises(InvalidArgumentError, match="seed"):
        hex_start("1")  # type: ignore[arg-type]


def test_children_are_new_states_and_parents_do_not_change() -> None:
    s = square_start("box15").play(1, 3)
    before = (s.key(), s.walls, s.turn)
    kids = s.get_children()
    grandkids = [c.get_children() for c in kids]
    assert (s.key(), s.walls, s.turn) == before
    assert [c.move for c in kids] == list(s.legal_moves())
    assert [g.move for g in grandkids[0]] == list(kids[0].legal_moves())
    assert len({g.key() for row in grandkids for g in row}) == 9


def test_key_equality_and_turn_start() -> None:
    a = square_start("box15").play(1, 3)
    b = square_start("box15").play(1, 3)
    assert a == b and hash(a) == hash(b) and a.key() == b.key()
    half = a.child(0)
    assert half != a and half.turn_start() == a and a.turn_start() is a
    assert half.turn_start().move is None


def test_mcts_and_alphabeta_run_unchanged_and_avoid_crashing() -> None:
    # Player 0 at (1,1) of a 4x4 room facing E: N and W crash at once.
    start = square_start("######\n#1   #\n#    #\n#    #\n#   2#\n######\n").play(1, 3)
    mcts = MCTS(iterations=300, rng=5).run(start)
    assert mcts.best is not None and mcts.best.move in start.legal_moves()
    ab = AlphaBeta(depth=4, value=lambda s: 0.0).run(start)
    assert ab.best is not None and ab.best.move in start.legal_moves()
    for move in (mcts.best.move, ab.best.move):
        # whatever player 1 answers, player 0's chosen move does not crash into a wall
        assert all(c.crashes[0] is None for c in start.child(move).get_children())
    again = MCTS(iterations=300, rng=5).run(start)
    assert again.best is not None and again.best.key() == mcts.best.key()
