"""The evaluation: terminal rewards, separated fills, territory, both points of view."""

from __future__ import annotations

import pytest

from games.tron.maps import parse_map
from games.tron.state import TronState, hex_start, square_start
from games.tron.value import CONNECTED_SCALE, SEPARATED_BASE, evaluate, outlook
from treesearch.errors import InvalidArgumentError


def board(*rows: str) -> TronState:
    return square_start(parse_map("\n".join(rows) + "\n"))


def test_symmetric_starts_are_even_on_both_grids() -> None:
    assert evaluate(square_start("box15")) == 0.0
    assert evaluate(hex_start(4)) == 0.0


def test_terminal_states_score_their_returns() -> None:
    state = board("#####", "#1 2#", "#####")
    head_on = state.play(1, 3)  # both step into the middle cell
    assert head_on.is_terminal() and evaluate(head_on) == 0.0
    lost = board("######", "#1  2#", "######").play(3, 3)  # player 0 turns into the wall
    assert lost.winner() == 1
    assert (evaluate(lost, 0), evaluate(lost, 1)) == (-1.0, 1.0)


def test_separated_positions_go_by_fill_and_outrank_any_territory() -> None:
    state = board("#########", "#1  #  2#", "##### ###", "#########")
    # player 0 has 2 cells in a row, player 1 has 2 cells and the nook below: 3 moves.
    split, mine, theirs = outlook(state)
    assert split and (mine, theirs) == (2, 3)
    value = evaluate(state)
    assert -1.0 < value <= -SEPARATED_BASE
    assert evaluate(state, 1) == -value
    # parity: from B (even), the cells (1, 6) odd, (1, 5) and (2, 6) even allow 2 moves only
    even = board("#########", "#1  #  2#", "###### ##", "#########")
    assert outlook(even) == (True, 2, 2)
    assert evaluate(even) == 0.0  # same fills: both crash on the same turn: a draw


def test_territory_values_stay_inside_the_connected_scale() -> None:
    state = board("#########", "#1     2#", "#########")
    assert evaluate(state) == 0.0
    wide = board("#########", "#1     2#", "#       #", "#########")
    ahead = wide.play(1, 2)  # player 0 heads for the middle, player 1 turns away from it
    assert 0 < evaluate(ahead) < CONNECTED_SCALE
    assert evaluate(ahead, 1) == -evaluate(ahead)
    moved = state.child(1)  # player 0 has stepped, player 1 not yet: a pending state
    split, mine, theirs = outlook(moved)
    assert not split
    # player 0's new cell is its own, player 1 floods one layer first: level in time
    assert (mine, theirs) == (2, 2) and evaluate(moved) == 0.0


def test_a_pending_crash_is_a_loss_unless_the_opponent_must_crash_too() -> None:
    state = board("######", "#1  2#", "######")
    assert evaluate(state.child(3)) == -1.0  # into the wall; player 1 can still step
    boxed = board("#####", "#1#2#", "#####")
    assert evaluate(boxed.child(0)) == 0.0  # nobody can move: a draw


def test_bad_arguments_are_named() -> None:
    with pytest.raises(InvalidArgumentError, match="player must be 0 or 1, got 2"):
        evaluate(square_start("box15"), 2)
    with pytest.raises(InvalidArgumentError, match="TronState"):
        evaluate("board", 0)  # type: ignore[arg-type]
