"""Fast board features: exact where they claim (exits, centre, errors), a bound for trails."""

from __future__ import annotations

import pytest

from games.railroad_ink import Board, RailroadInk
from games.railroad_ink.bots.features import features
from games.railroad_ink.bots.value import dead_sides
from treesearch import RandomWalk


@pytest.mark.parametrize("seed", range(6))
def test_features_match_the_score_on_played_boards(seed: int) -> None:
    path = RandomWalk(rng=seed).run(RailroadInk(seed=seed).start()).path
    for state in path[1:]:
        board = state.board
        score, f = board.score(), features(board)
        assert (f.exits, f.center) == (score.exits, score.center)
        assert (f.dead, f.open) == dead_sides(board)
        assert f.dead + f.open == score.errors
        assert f.highway >= score.highway and f.railway >= score.railway
        assert f.reached == sum(len(n.exits) for n in score.networks)


def test_trail_bound_is_exact_on_a_loop_and_high_on_a_branch() -> None:
    # a closed highway loop of four tiles scores 5 (GAMES.md 2.6): the bound says 5
    loop = Board.from_moves(["22_DD_", "23__DD", "33D__D", "32DD__"], strict=False)
    assert loop.score().highway == features(loop).highway == 5
    # a T with three arms of two tiles: the longest trail takes two arms (5), the bound
    # counts 6 contacts, 4 odd nodes leave one out: 6 - 1 + 1 = 6
    arms = ["33DDD_", "23D_D_", "13__D_", "34_D_D", "35___D", "43D_D_", "53D___"]
    branch = Board.from_moves(arms, strict=False)
    assert branch.score().highway == 5
    assert features(branch).highway == 6
