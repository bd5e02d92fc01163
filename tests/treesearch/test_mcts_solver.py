"""MCTS-Solver, final-move rules and tree reuse (issue 9, points 3 and 4)."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from games.tictactoe import TicTacToe
from tests.games_util import Gamble
from treesearch import CHANCE, MCTS, Status, TreeIterator
from treesearch.errors import InvalidValueError
from treesearch.mcts import REUSE_DEPTH
from treesearch.mcts.final import choose_child
from treesearch.mcts.node import Node


def position(*moves: int) -> TicTacToe:
    state = TicTacToe()
    for move in moves:
        state = state.play(move)
    return state


@functools.cache
def outcome(board: tuple[int, ...]) -> tuple[float, int]:
    """(value for the player to move, plies to the end): quickest wins, slowest losses."""
    state = TicTacToe(board)
    children = state.get_children()
    if not children:
        return state.returns()[state.player()], 0
    best: tuple[tuple[float, int], tuple[float, int]] | None = None
    for child in children:
        value, plies = outcome(child.board)
        value = -value
        rank = (value, -plies if value > 0 else plies)
        if best is None or rank > best[0]:
            best = (rank, (value, plies + 1))
    assert best is not None
    return best[1]


def moves_reaching(state: TicTacToe, value: float, plies: int) -> list[int]:
    """The moves after which the player to move gets ``value`` in ``plies`` plies."""
    return [
        c.move
        for c in state.get_children()  # type: ignore[misc]
        if (-outcome(c.board)[0], outcome(c.board)[1] + 1) == (value, plies)
    ]


# Positions, each checked against plain minimax below: X to move wins in exactly 1, 3 and
# 5 plies, with one winning move each; O to move loses in 4 plies (blocking at 6 delays it)
# or in 2 (every move equally).
WINS = {1: ((0, 1, 3, 2), 6), 3: ((0, 1, 2, 6), 8), 5: ((1, 6), 0)}


@pytest.mark.parametrize("plies", sorted(WINS))
def test_forced_wins_are_found_and_proven(plies: int) -> None:
    moves, winning = WINS[plies]
    start = position(*moves)
    assert outcome(start.board) == (1.0, plies) and moves_reaching(start, 1.0, plies) == [winning]
    for seed in range(3):
        result = MCTS(iterations=5000, rng=seed).run(start)
        assert result.status is Status.SOLVED and result.stop_reason is None
        assert result.stats.iterations < 1000  # stopped early, far below the budget
        assert result.info["proven"] == (1.0, -1.0) and result.value == 1.0
        assert result.best.move == winning
        chosen = next(c for c in result.info["root"].children if c.state is result.best)
        assert chosen.proven == (1.0, -1.0) and chosen.plies == plies - 1


def test_a_lost_position_is_proven_and_the_loss_delayed() -> None:
    start = position(0, 1, 3)  # X threatens 0-3-6; blocking only delays the loss
    assert outcome(start.board) == (-1.0, 4) and moves_reaching(start, -1.0, 4) == [6]
    result = MCTS(iterations=5000, rng=0).run(start)
    assert result.status is Status.SOLVED and result.stats.iterations < 5000
    assert result.info["proven"] == (1.0, -1.0) and result.value == -1.0
    assert result.best.move == 6
    children = result.info["root"].children
    assert all(c.proven == (1.0, -1.0) for c in children)
    assert (
        max(c.plies for c in children) == 3 == next(c.plies for c in children if c.state.move == 6)
    )


def test_when_every_loss_is_as_quick_the_most_visited_move_is_played() -> None:
    start = position(0, 1, 2, 3, 4)  # X threatens 6 and 8: every O move loses in 2
    result = MCTS(iterations=5000, rng=0).run(start)
    assert result.status is Status.SOLVED and result.value == -1.0
    children = result.info["root"].children
    assert {c.plies for c in children} == {1}
    assert result.best is max(children, key=lambda c: c.visits).state


def test_same_seed_same_proof() -> None:
    def run(seed: int) -> tuple[Any, ...]:
        r = MCTS(iterations=5000, rng=seed).run(position(1, 6))
        stats = [(c.state.key(), c.visits, c.total, c.proven) for c in r.info["root"].children]
        return r.stats.iterations, r.best.key(), tuple(stats)

    assert run(4) == run(4)
    assert len({run(s)[0] for s in range(4)}) > 1  # the seed matters


@pytest.mark.parametrize("plies", sorted(WINS))
def test_solver_on_and_off_play_the_same_winning_move(plies: int) -> None:
    moves, winning = WINS[plies]
    for seed in range(3):
        on = MCTS(iterations=1000, rng=seed, exploration=0.7).run(position(*moves))
        off = MCTS(iterations=1000, rng=seed, exploration=0.7, solver=False).run(position(*moves))
        assert on.best.move == off.best.move == winning
        assert off.status is Status.EXHAUSTED and off.info["proven"] is None
        assert off.stats.iterations == 1000


def test_a_proven_loss_is_never_followed_again() -> None:
    start = position(0, 4, 1)  # O must block at 2; every other move loses
    search = MCTS(iterations=60, rng=0, reuse=True)
    first = search.run(start)
    assert first.info["proven"] is None
    root = first.info["root"]
    lost = {c.state.move: c.visits for c in root.children if c.proven == (1.0, -1.0)}
    assert lost and 2 not in lost
    second = search.run(position(0, 4, 1))  # the same position: the kept root
    assert second.info["root"] is root and second.stats.iterations > 0
    assert {c.state.move: c.visits for c in root.children if c.state.move in lost} == lost
    assert second.best.move == 2


def test_a_proven_root_kept_for_reuse_answers_at_once() -> None:
    search = MCTS(iterations=5000, rng=0, reuse=True)
    moves, winning = WINS[3]
    assert search.run(position(*moves)).best.move == winning
    reply = next(m for m in range(9) if m not in (*moves, winning))
    again = search.run(position(*moves, winning, reply))  # two plies down, proven already
    assert again.status is Status.SOLVED and again.stats.iterations == 0
    assert again.info["reused_visits"] > 0 and again.value == 1.0


def test_leaf_evaluation_proves_terminal_leaves_as_they_are_added() -> None:
    result = MCTS(iterations=500, rng=0, evaluate=lambda s: 0.0).run(position(*WINS[1][0]))
    assert result.status is Status.SOLVED and result.best.move == WINS[1][1]
    assert result.stats.iterations <= 6  # the winning move proves the root when added


def test_chance_nodes_are_proven_with_the_expected_value() -> None:
    result = MCTS(iterations=3000, rng=0).run(Gamble())
    assert result.status is Status.SOLVED and result.stats.iterations < 100
    assert result.best.stage == "safe" and result.value == 0.5
    proven = {c.state.stage: c.proven for c in result.info["root"].children}
    assert proven["gamble"] == pytest.approx((0.3, -0.3))  # 0.3 * 1 + 0.7 * 0
    assert proven["safe"] == (0.5, -0.5) and result.info["proven"] == (0.5, -0.5)


class Dice(TreeIterator):
    """Player 0 rolls a die (1..3) then picks +0 or +1; reward (total - 2) / 2 for player 0."""

    __slots__ = ("rolls",)

    def __init__(self, rolls: tuple[int, ...] = ()) -> None:
        self.rolls = rolls

    def player(self) -> int:
        return CHANCE if len(self.rolls) == 0 else 0

    def chance_outcomes(self) -> list[tuple[Dice, float]]:
        return [(Dice((r,)), p) for r, p in ((1, 0.5), (2, 0.25), (3, 0.25))]

    def get_children(self) -> list[Dice]:
        if not self.rolls:
            return [c for c, _ in self.chance_outcomes()]
        return [] if len(self.rolls) == 2 else [Dice((*self.rolls, k)) for k in (0, 1)]

    def returns(self) -> tuple[float, float]:
        r = (sum(self.rolls) - 2) / 2
        return (r, -r)

    def key(self) -> tuple[int, ...]:
        return self.rolls


def test_a_chance_root_is_proven_once_every_outcome_is() -> None:
    result = MCTS(iterations=2000, rng=0).run(Dice())
    assert result.status is Status.SOLVED and result.stats.iterations < 2000
    # Best play adds 1 to every roll: (0.5 * 0 + 0.25 * 0.5 + 0.25 * 1).
    assert result.info["proven"] == pytest.approx((0.375, -0.375))
    off = MCTS(iterations=200, rng=0, solver=False).run(Dice())
    assert off.info["proven"] is None and off.status is Status.EXHAUSTED


class Scored(TicTacToe):
    """Tic-tac-toe scored 1 / 0.5 / 0 (or ``scale`` times that) instead of 1 / 0 / -1."""

    __slots__ = ()
    scale = 1.0

    def _child(self, cell: int) -> TicTacToe:
        child = super()._child(cell)
        child.__class__ = type(self)
        return child

    def returns(self) -> tuple[float, float]:
        x, o = super().returns()
        return (self.scale * (x + 1) / 2, self.scale * (o + 1) / 2)

    def random_playout(self, rng: Any) -> tuple[float, float]:
        x, o = super().random_playout(rng)
        return (self.scale * (x + 1) / 2, self.scale * (o + 1) / 2)


class Scored5(Scored):
    __slots__ = ()
    scale = 5.0


def test_rewards_in_zero_one_are_proven_with_their_range() -> None:
    start = Scored(position(*WINS[3][0]).board)
    result = MCTS(iterations=5000, rng=0, reward_range=(0.0, 1.0)).run(start)
    assert result.status is Status.SOLVED and result.best.move == WINS[3][1]
    assert result.info["proven"] == (1.0, 0.0)


def test_a_reward_outside_the_range_is_refused() -> None:
    start = Scored5(position(*WINS[1][0]).board)
    with pytest.raises(
        InvalidValueError,
        match=r"gave 5\.0 to player 0, outside "
        r"reward_range=\(-1\.0, 1\.0\).*reward_range=\(low, high\)",
    ):
        MCTS(iterations=500, rng=0).run(start)
    result = MCTS(iterations=500, rng=0, reward_range=(0, 5)).run(start)
    assert result.status is Status.SOLVED and result.value == 5.0
    assert MCTS(iterations=50, rng=0, solver=False).run(start).best is not None


def _child(
    root: Node, visits: int, mean: float, proven: tuple[float, float] | None = None, plies: int = 0
) -> Node:
    node = Node(len(root.children), root, 0)
    node.visits, node.total, node.proven, node.plies = visits, mean * visits, proven, plies
    root.children.append(node)
    return node


def _pick(root: Node, rule: str, solver: bool = True) -> Node | None:
    return choose_child(root, rule, use_max=False, solver=solver, bounds=(-1.0, 1.0), secure=1.0)


def test_final_rules() -> None:
    root = Node("root", None, -1)
    robust = _child(root, 100, 0.5)
    lucky = _child(root, 4, 0.8)  # max child, but its lower bound is 0.3 < 0.4
    assert _pick(root, "visits") is robust and _pick(root, "value") is lucky
    assert _pick(root, "secure") is robust
    assert _pick(root, "robust-max") is robust  # no move is both: the secure child
    both = _child(root, 120, 0.85)
    assert all(_pick(root, rule) is both for rule in ("visits", "value", "secure", "robust-max"))
    assert _pick(Node("leaf", None, -1), "visits") is None


def test_final_move_prefers_proven_wins_and_avoids_proven_losses() -> None:
    root = Node("root", None, -1)
    popular = _child(root, 500, 0.9, proven=(-1.0, 1.0), plies=3)  # a proven loss
    hopeful = _child(root, 50, 0.2)
    assert _pick(root, "visits") is hopeful and _pick(root, "visits", solver=False) is popular
    draw = _child(root, 3, 0.0, proven=(0.0, 0.0), plies=4)
    assert _pick(root, "visits") is hopeful  # the estimate 0.2 beats a sure draw
    hopeful.total = -0.1 * hopeful.visits
    assert _pick(root, "visits") is draw  # a sure draw beats an estimate below it
    slow = _child(root, 9, 0.1, proven=(1.0, -1.0), plies=5)
    quick = _child(root, 2, 0.1, proven=(1.0, -1.0), plies=1)
    assert _pick(root, "value") is quick and slow.plies > quick.plies


def _kept(search: MCTS, start: Any) -> int:
    visits: int = search.run(start).info["reused_visits"]
    return visits


def test_reuse_finds_the_new_root_within_a_few_plies_by_key() -> None:
    search = MCTS(iterations=3000, rng=0, reuse=True, solver=False)
    first = search.run(TicTacToe())
    line = [s.move for s in first.path[1:]]
    assert len(line) > REUSE_DEPTH
    assert _kept(search, position(*line[:2])) > 0  # the move and the reply: 2 plies
    search.run(TicTacToe())  # back to the old root? Not below the new one: a fresh tree
    assert search._root is not None and search._root.state == TicTacToe()
    fresh = MCTS(iterations=3000, rng=0, reuse=True, solver=False)
    fresh.run(TicTacToe())
    assert _kept(fresh, position(*line[:REUSE_DEPTH])) > 0
    far = MCTS(iterations=3000, rng=0, reuse=True, solver=False)
    far.run(TicTacToe())
    assert _kept(far, position(*line[: REUSE_DEPTH + 1])) == 0  # too deep: a new tree


class Nim(TreeIterator):
    """Take 1 or 2; who takes the last wins. No key(); equal piles compare equal."""

    __slots__ = ("n", "to_move")

    def __init__(self, n: int, to_move: int = 0) -> None:
        self.n, self.to_move = n, to_move

    def player(self) -> int:
        return self.to_move

    def get_children(self) -> list[Nim]:
        return [Nim(self.n - k, 1 - self.to_move) for k in (1, 2) if k <= self.n]

    def returns(self) -> tuple[float, float]:
        return (-1.0, 1.0) if self.to_move == 0 else (1.0, -1.0)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Nim) and (other.n, other.to_move) == (self.n, self.to_move)

    def __hash__(self) -> int:
        return hash((self.n, self.to_move))


def test_reuse_without_keys_compares_states() -> None:
    search = MCTS(iterations=40, rng=0, reuse=True, solver=False)
    search.run(Nim(30))
    assert _kept(search, Nim(28)) > 0  # an equal state, not the tree's own object
    assert _kept(search, Nim(3, 1)) == 0


def test_exploration_is_in_widths_of_the_reward_range() -> None:
    """The same game on [0, 1] with the same exploration searches exactly as on [-1, 1]."""
    moves = (4, 0)
    plain = MCTS(iterations=300, rng=3, exploration=0.7, solver=False)
    unit = MCTS(iterations=300, rng=3, exploration=0.7, solver=False, reward_range=(0, 1))
    assert (plain.c, unit.c) == (1.4, 0.7)
    a = plain.run(position(*moves)).info["root"].children
    b = unit.run(Scored(position(*moves).board)).info["root"].children
    assert [(c.state.move, c.visits) for c in a] == [(c.state.move, c.visits) for c in b]
    assert [c.mean for c in a] == pytest.approx([2 * c.mean - 1 for c in b])
