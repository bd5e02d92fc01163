"""A decision lost to the horizon: a cut-off the Voronoi race sees two turns late.

The position is from a game ``best_bot(0.2)`` lost to a one-ply Voronoi bot in the contest's
simulator (start 1, second side, turn 23): on the shared machine the clock allowed 6 plies,
where the Voronoi evaluation rates going straight on as even, and the separation it leads to
(one cell short) shows only at 8 plies. Fixed depths here, never a clock.
"""

from __future__ import annotations

import pytest

from games.tron.bots import Contempt, alphabeta_bot, heads_within
from games.tron.grid import hex_grid
from games.tron.learned_evaluation import learned_evaluation
from games.tron.state import TronState
from games.tron.value import SEPARATED_BASE, evaluate
from treesearch.alphabeta import AlphaBeta

TRAILS = (0x1001801601100900D00901900B00900000, 0xC00E00E00E00E00E007002002002000000000000)


def cut_off() -> TronState:
    """Turn 23 of that game, the bot as player 0."""
    return TronState(hex_grid(13), (33, 49), (3, 1), TRAILS, turn=22)


def _search(depth: int, value: object = evaluate) -> tuple[int, float]:
    def leaf(view: Contempt) -> float:
        return value(view.state)  # type: ignore[operator]

    search = AlphaBeta(value=leaf, depth=depth, simultaneous="matrix", rng=0)
    result = search.run(Contempt(cut_off(), 0.03))
    return int(result.move), float(result.value)


def test_six_plies_of_the_voronoi_race_walk_into_the_cut_off() -> None:
    move, value = _search(6)
    assert move == 0 and value > -SEPARATED_BASE  # straight on looks even
    deeper, lost = _search(8)
    assert deeper != 0 and lost <= -SEPARATED_BASE  # two plies more: every line separates, lost


def test_six_plies_of_the_learned_evaluation_turn_away() -> None:
    move, value = _search(6, learned_evaluation())
    voronoi_move, voronoi_value = _search(6)
    assert move != voronoi_move  # not straight on into the cut-off
    assert value < voronoi_value  # it rates the position worse than the race does


@pytest.mark.parametrize("steps, near", [(3, False), (4, True)])
def test_heads_within_counts_cells_between_the_heads(steps: int, near: bool) -> None:
    assert heads_within(cut_off(), steps) is near


def test_the_matrix_only_when_near_answers_as_the_sequential_search_far_apart() -> None:
    state = cut_off()
    near = alphabeta_bot(None, depth=4, simultaneous="matrix", matrix_within=2)
    plain = alphabeta_bot(None, depth=4)
    assert near(state, 0) == plain(state, 0)
