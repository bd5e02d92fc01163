"""The MCTS bot's knobs: decoupled simultaneous moves (DUCT), playouts, reuse."""

from __future__ import annotations

from typing import Any

import pytest

from games.tron.bots import Contempt, mcts_bot, safe_moves
from games.tron.state import TronState, hex_start, square_start
from games.tron.value import evaluate
from treesearch import MCTS
from treesearch.errors import InvalidArgumentError
from treesearch.mcts.node import Node


def test_only_pending_states_are_simultaneous() -> None:
    start = hex_start(3)
    assert not start.simultaneous()
    for pending in start.get_children():
        assert pending.simultaneous() and Contempt(pending, 0.1).simultaneous()
        assert not any(child.simultaneous() for child in pending.get_children())
    assert not Contempt(start, 0.1).simultaneous()


@pytest.mark.parametrize("start", [hex_start(4), square_start("box15")])
def test_decoupled_search_shares_player_1_statistics_at_every_turn(start: TronState) -> None:
    search = MCTS(
        iterations=400, evaluate=evaluate, exploration=0.25, simultaneous="decoupled", rng=5
    )
    root: Node = search.run(start).info["root"]
    seen = 0
    turns = [root] + [g for p in root.children for g in p.children]
    for turn in turns:
        links = [p.shared for p in turn.children]
        assert all(link is not None for link in links)
        stats = {id(link.stats) for link in links if link is not None}
        assert len(stats) <= 1  # one SharedStats for all of player 0's picks at a turn
        for pending in turn.children:
            link = pending.shared
            assert link is not None
            if link.order is None:  # adopted: children in move order
                assert [c.state.move for c in pending.children] == list(pending.state.legal_moves())
                seen += 1
    assert seen > 0


@pytest.mark.parametrize("mode", ["sequential", "decoupled"])
def test_bot_is_deterministic_by_seed_and_avoids_crashes(mode: Any) -> None:
    state = square_start("box15").play(1, 3).play(1, 3)
    for player in (0, 1):
        moves = [
            mcts_bot(None, iterations=150, simultaneous=mode, seed=4)(state, player)
            for _ in range(2)
        ]
        assert moves[0] == moves[1] and moves[0] in safe_moves(state, player)


def test_playouts_and_no_reuse_play_safe_moves() -> None:
    state = hex_start(1).play(0, 0)
    for bot in (
        mcts_bot(None, iterations=100, playout=4),
        mcts_bot(None, iterations=100, reuse=False),
    ):
        assert bot(state, 0) in safe_moves(state, 0)


def test_bot_names_its_mode() -> None:
    assert mcts_bot(None, iterations=10, simultaneous="decoupled").name == (
        "mcts(10 it, decoupled)"
    )
    assert "simultaneous='decoupled'" in repr(
        mcts_bot(None, iterations=10, simultaneous="decoupled")
    )


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"simultaneous": "joint"}, "simultaneous must be one of .*'decoupled', got 'joint'"),
        ({"playout": 0}, "playout must be an int >= 1 or None, got 0"),
        ({"playout": True}, "playout must be an int >= 1 or None, got True"),
        ({"reuse": 1}, "reuse must be True or False, got 1"),
    ],
)
def test_bad_knobs_are_refused_at_once(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        mcts_bot(None, iterations=10, **kwargs)
