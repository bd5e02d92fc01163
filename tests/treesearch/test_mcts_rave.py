"""RAVE (all-moves-as-first) in MCTS: ``MCTS(rave=K)`` (issue 19)."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from games.tictactoe import TicTacToe
from tests.games_util import solve
from treesearch import MCTS
from treesearch.errors import (
    InvalidArgumentError,
    InvalidValueError,
    IteratorContractError,
    MissingCapabilityError,
)
from treesearch.mcts.node import Node
from treesearch.mcts.policies import uct
from treesearch.mcts.rave import RaveNode, amaf_backup
from treesearch.mcts.settings import RAVE, MCTSSettings


class Take:
    """Players 0 and 1 take free cells in turn until none is left; 0 wins iff it holds cell 0.

    ``move`` is the cell taken to reach the state (None at the start).
    """

    def __init__(
        self, free: tuple[int, ...], mine: tuple[int, ...] = (), to_move: int = 0, move: Any = None
    ) -> None:
        self.free, self.mine, self.to_move, self.move = free, mine, to_move, move

    def player(self) -> int:
        return self.to_move

    def get_children(self) -> list[Take]:
        return [
            Take(
                tuple(f for f in self.free if f != c),
                (*self.mine, c) if self.to_move == 0 else self.mine,
                1 - self.to_move,
                c,
            )
            for c in self.free
        ]

    def returns(self) -> tuple[float, float]:
        return (1.0, -1.0) if 0 in self.mine else (-1.0, 1.0)

    def key(self) -> tuple[Any, ...]:
        return (self.free, self.mine)


class Anonymous(Take):
    """``Take`` whose states keep the cell taken as ``last``, not ``move``."""

    def __init__(
        self, free: tuple[int, ...], mine: tuple[int, ...] = (), to_move: int = 0, last: Any = None
    ) -> None:
        self.free, self.mine, self.to_move, self.last = free, mine, to_move, last

    def get_children(self) -> list[Take]:
        return [Anonymous(c.free, c.mine, c.to_move, c.move) for c in super().get_children()]


def _first(children: Any, state: Any, rng: random.Random) -> Any:
    return children[0]


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"rave": -1}, r"rave must be a finite number >= 0 \(the RAVE constant K.*got -1"),
        ({"rave": math.inf}, "rave must be .*got inf"),
        ({"rave": math.nan}, "rave must be .*got nan"),
        ({"rave": True}, "rave must be .*got True"),
        ({"rave": "300"}, "rave must be .*got '300'"),
        ({"rave": 300, "selection": uct}, "rave=300 .*cannot be combined with selection="),
        ({"rave": 300, "backup": "max"}, "rave=300 .*cannot be combined with backup='max'"),
        (
            {"rave": 300, "simultaneous": "decoupled"},
            "rave=300 .*cannot be combined with simultaneous='decoupled'",
        ),
        ({"move_of": 3}, "move_of must be callable, got 3"),
    ],
)
def test_rave_knobs_are_checked(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        MCTSSettings(**kwargs)
    with pytest.raises(InvalidArgumentError, match=match):
        MCTS(iterations=10, **kwargs)


def test_rave_values_kept() -> None:
    assert MCTSSettings().rave is None and MCTS(iterations=1).rave is None
    assert MCTSSettings(rave=300).rave == 300.0 and isinstance(MCTSSettings(rave=300).rave, float)
    assert MCTSSettings(rave=0).rave == 0.0
    # Off where it does not apply, for rave=0 or the default alike: no error.
    MCTSSettings(rave=0, selection=uct, backup="max")
    MCTSSettings(simultaneous="decoupled")


def _node_types(result: Any) -> set[type]:
    return {type(c) for c in result.info["root"].children}


def test_rave_off_builds_plain_nodes() -> None:
    assert _node_types(MCTS(iterations=50, rng=0, rave=0).run(TicTacToe())) == {Node}
    assert _node_types(MCTS(iterations=50, rng=0, rave=300).run(TicTacToe())) == {RaveNode}
    default = _node_types(MCTS(iterations=50, rng=0).run(TicTacToe()))
    assert default == ({Node} if RAVE is None else {RaveNode})


def _amaf(result: Any) -> list[tuple[Any, int, float, int, float]]:
    return [
        (c.state.key(), c.visits, round(c.total, 9), c.amaf_visits, round(c.amaf_total, 9))
        for c in result.info["root"].children
    ]


def test_same_seed_same_tree() -> None:
    a = MCTS(iterations=500, rng=7, rave=100).run(TicTacToe())
    b = MCTS(iterations=500, rng=7, rave=100).run(TicTacToe())
    assert _amaf(a) == _amaf(b) and a.best == b.best and a.path == b.path
    c = MCTS(iterations=500, rng=8, rave=100).run(TicTacToe())
    assert _amaf(a) != _amaf(c)


def _position(*moves: int) -> TicTacToe:
    s = TicTacToe()
    for m in moves:
        s = s.play(m)
    return s


@pytest.mark.parametrize("k", [30, 300, 3000])
def test_rave_finds_the_winning_move(k: float) -> None:
    result = MCTS(iterations=300, rng=1, rave=k).run(_position(0, 3, 1, 4))  # X plays 2
    assert result.best.move == 2 and result.value == pytest.approx(1.0)
    block = MCTS(iterations=1000, rng=2, rave=k).run(_position(0, 4, 1))  # O must take 2
    assert block.best.move == 2


@pytest.mark.parametrize("seed", range(3))
def test_rave_blocks_the_opponent(seed: int) -> None:
    result = MCTS(iterations=2000, rng=seed, rave=300).run(_position(0, 4, 8))
    assert solve(result.best.board) == 0.0


def test_amaf_update_by_hand() -> None:
    """One simulation down a hand-built tree of ``Take((0, 1, 2))``.

    Player 0 took 1 at the root, player 1 took 2 below (the leaf), the rollout had player 0
    take 0: player 0 wins, (1, -1).
    """
    root = Node(Take((0, 1, 2)), None, -1)
    a0, a1, a2 = (RaveNode(None, root, 0, m) for m in (0, 1, 2))
    root.children = [a0, a1, a2]
    a1.player = 1
    b0, b2 = RaveNode(None, a1, 1, 0), RaveNode(None, a1, 1, 2)
    a1.children = [b0, b2]
    b2.player = 0
    amaf_backup(b2, [(0, 0)], (1.0, -1.0))
    # At the root, player 0 played 1 (in the tree) and 0 (in the rollout), not 2 (player
    # 1's): a0 and a1 count player 0's +1, a2 nothing. Below a1, player 1 played 2 only:
    # b2 counts player 1's -1; b0 nothing (cell 0 was player 0's).
    got = [(n.amaf_visits, n.amaf_total) for n in (a0, a1, a2, b0, b2)]
    assert got == [(1, 1.0), (1, 1.0), (0, 0.0), (0, 0.0), (1, -1.0)]
    # A second simulation, through a0 (player 0 took 0 at the root) and a rollout in which
    # player 1 took 2 and player 0 took 1 (given twice: a repeated move counts once);
    # player 0 holds 0 and wins, (1, -1). At the root player 0 played 0 and 1.
    a0.player = 1
    amaf_backup(a0, [(1, 2), (0, 1), (0, 1)], (1.0, -1.0))
    got = [(n.amaf_visits, n.amaf_total) for n in (a0, a1, a2, b0, b2)]
    assert got == [(2, 2.0), (2, 2.0), (0, 0.0), (0, 0.0), (1, -1.0)]


def test_amaf_counts_in_a_run_cover_the_visits() -> None:
    """Every visit of a child is also an AMAF sample of it, with the same reward."""
    result = MCTS(iterations=200, rng=3, rave=50, rollout=_first, solver=False).run(
        Take(tuple(range(5)))
    )
    stack = list(result.info["root"].children)
    checked = 0
    while stack:
        n = stack.pop()
        assert isinstance(n, RaveNode)
        assert n.amaf_visits >= n.visits and n.amaf_visits <= n.parent.visits  # type: ignore[union-attr]
        assert n.amaf_visits > n.visits or n.amaf_total == pytest.approx(n.total)
        stack.extend(n.children)
        checked += 1
    assert checked > 20


def test_fast_playout_reports_the_moves_it_played() -> None:
    start = _position(4)
    for seed in range(20):
        moves: list[tuple[int, int]] = []
        rewards = start.random_playout(random.Random(seed), moves)
        assert rewards == start.random_playout(random.Random(seed))  # the same draws
        state = start
        for player, cell in moves:
            assert state.player() == player
            state = state.play(cell)
        assert state.is_terminal() and state.returns() == rewards


def test_openspiel_playout_reports_the_moves_it_played() -> None:
    pytest.importorskip("pyspiel")
    from games.openspiel import OpenSpielState

    start = OpenSpielState.initial("hex(board_size=3)")
    moves: list[tuple[int, int]] = []
    rewards = start.random_playout(random.Random(5), moves)
    assert rewards == start.random_playout(random.Random(5))
    state = start
    for player, action in moves:
        assert state.player() == player
        state = state.play(action)
    assert state.is_terminal() and state.returns() == rewards
    result = MCTS(iterations=200, rng=0, rave=100).run(start)
    assert result.best is not None and {type(c) for c in result.info["root"].children} == {RaveNode}


def test_missing_move_identity() -> None:
    start = Anonymous((0, 1, 2, 3))
    with pytest.raises(MissingCapabilityError, match=r"rave=300.*no 'move' attribute.*move_of"):
        MCTS(iterations=20, rave=300).run(start)
    # The default searches it by plain UCT, silently; move_of gives the identity.
    assert _node_types(MCTS(iterations=20, rng=0).run(start)) == {Node}

    result = MCTS(iterations=50, rng=0, rave=300, move_of=lambda s: s.last).run(start)
    assert _node_types(result) == {RaveNode}
    assert {c.move_id for c in result.info["root"].children} == {0, 1, 2, 3}


def test_a_child_without_its_move_is_refused() -> None:
    class Blank(Take):
        def get_children(self) -> list[Take]:
            out = super().get_children()
            for c in out:
                c.move = None
            return out

    with pytest.raises(MissingCapabilityError, match="move_of gave None"):
        MCTS(iterations=5, rave=300).run(Blank((0, 1, 2)))


class Silent(Take):
    """``Take`` with a fast play-out that cannot report its moves (no ``moves`` argument)."""

    def get_children(self) -> list[Take]:
        return [Silent(c.free, c.mine, c.to_move, c.move) for c in super().get_children()]

    def random_playout(self, rng: random.Random) -> tuple[float, float]:
        raise AssertionError("RAVE must not use a play-out that cannot report its moves")


def test_a_playout_without_moves_gives_way_to_the_recording_loop() -> None:
    result = MCTS(iterations=100, rng=0, rave=50, solver=False).run(Silent(tuple(range(5))))
    children = result.info["root"].children
    assert _node_types(result) == {RaveNode}
    assert sum(c.amaf_visits for c in children) > sum(c.visits for c in children)


class BadPlayout(Take):
    """``Take`` whose reporting play-out returns a NaN reward."""

    def get_children(self) -> list[Take]:
        return [BadPlayout(c.free, c.mine, c.to_move, c.move) for c in super().get_children()]

    def random_playout(
        self, rng: random.Random, moves: list[tuple[int, Any]] | None = None
    ) -> tuple[float, float]:
        return (math.nan, 0.0)


def test_a_reporting_playout_is_checked_as_the_plain_one() -> None:
    from treesearch.errors import TreeSearchError

    with pytest.raises(TreeSearchError, match=r"random_playout\(\).*nan"):
        MCTS(iterations=20, rng=0, rave=50).run(BadPlayout((0, 1, 2)))
    with pytest.raises(TreeSearchError, match=r"random_playout\(\).*nan"):
        MCTS(iterations=20, rng=0, rave=0).run(BadPlayout((0, 1, 2)))


def test_an_unhashable_move_names_move_of_and_the_state() -> None:
    mcts = MCTS(iterations=50, rave=100, rng=0, move_of=lambda s: [s.move])
    with pytest.raises(InvalidValueError, match=r"move_of .* returned \[\d\] for .*unhashable"):
        mcts.run(Take((0, 1, 2)))


def test_an_unhashable_move_attribute_is_named() -> None:
    class Listed(Take):
        def get_children(self) -> list[Take]:
            return [Listed(c.free, c.mine, c.to_move, [c.move]) for c in super().get_children()]

    with pytest.raises(InvalidValueError, match=r"move attribute for .* is \[\d\].*unhashable"):
        MCTS(iterations=50, rave=100, rng=0).run(Listed((0, 1, 2)))


@pytest.mark.parametrize("rave", [0, 100])
@pytest.mark.parametrize("answer", [None, 3.0, "ab", ()])
def test_random_playout_of_the_wrong_type_names_the_method(answer: Any, rave: int) -> None:
    class Fast(Take):
        def get_children(self) -> list[Take]:
            return [Fast(c.free, c.mine, c.to_move, c.move) for c in super().get_children()]

        def random_playout(self, rng: random.Random, moves: Any = None) -> Any:
            return answer

    with pytest.raises(IteratorContractError, match=r"random_playout\(\) of .*expected a sequence"):
        MCTS(iterations=20, rave=rave, rng=0).run(Fast((0, 1, 2)))


def test_random_playout_reporting_malformed_moves_is_named() -> None:
    class Fast(Take):
        def get_children(self) -> list[Take]:
            return [Fast(c.free, c.mine, c.to_move, c.move) for c in super().get_children()]

        def random_playout(self, rng: random.Random, moves: list[Any]) -> tuple[float, float]:
            moves.append("not a pair")
            return (1.0, -1.0)

    with pytest.raises(IteratorContractError, match=r"random_playout\(\).*appended 'not a pair'"):
        MCTS(iterations=20, rave=100, rng=0).run(Fast((0, 1, 2)))
