"""Flat Monte Carlo: allocation, statistics shared across move orders, reuse, budgets, errors."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

import numpy as np
import pytest

from games.tictactoe import TicTacToe
from tests.games_util import Gamble
from treesearch import Budget, FlatMonteCarlo, Status, TreeIterator
from treesearch.errors import InvalidArgumentError, InvalidValueError
from treesearch.events import Evaluated


class Arms(TreeIterator):
    """A bandit: the root's children are arms, each paying 1 with its own probability."""

    __slots__ = ("p",)

    def __init__(self, p: float | None = None) -> None:
        self.p = p

    def get_children(self) -> list[Arms]:
        return [] if self.p is not None else [Arms(q) for q in (0.2, 0.7, 0.45, 0.1, 0.3)]

    def key(self) -> Hashable:
        return self.p


def pull(arm: Arms, rng: random.Random) -> float:
    return float(rng.random() < (arm.p or 0.0))


class PickTwo(TreeIterator):
    """A turn of two picks from {0, 1, 2}, in any order; the pair (set) decides the value.

    The pair {0, 2} is worth 1, any other 0: picking 0 first or 2 first is equally good, and a
    play-out that picks 0 then 2 speaks for both orders.
    """

    __slots__ = ("picked",)

    def __init__(self, picked: tuple[int, ...] = ()) -> None:
        self.picked = picked

    def get_children(self) -> list[PickTwo]:
        if len(self.picked) == 2:
            return []
        return [PickTwo((*self.picked, k)) for k in range(3) if k not in self.picked]

    def key(self) -> Hashable:
        return self.picked


def finish(state: PickTwo, rng: random.Random) -> tuple[float, list[Hashable]]:
    """Pick the second item at random; name the first pick as the label of that order too."""
    if len(state.picked) == 1:
        state = rng.choice(state.get_children())
    value = 1.0 if set(state.picked) == {0, 2} else 0.0
    return value, [(k,) for k in state.picked]  # each pick, as the label of its own candidate


@pytest.mark.parametrize("allocation", ["greedy", "ucb", "halving"])
def test_every_allocation_finds_the_best_arm(allocation: Any) -> None:
    search = FlatMonteCarlo(playout=pull, first=20, playouts=3000, allocation=allocation, rng=4)
    result = search.run(Arms())
    assert result.best.p == 0.7
    counts = {c.state.p: c.count for c in result.info["candidates"]}
    assert sum(counts.values()) == result.info["playouts"] == 5 * 20 + 3000
    assert counts[0.7] == max(counts.values())
    if allocation == "greedy":  # pure greedy: every play-out after the first ones on the best
        assert counts[0.7] == 20 + 3000


def test_defaults_play_random_games_for_the_player_to_move() -> None:
    assert FlatMonteCarlo(playouts=400, rng=0).run(Gamble()).best.stage == "safe"
    board = TicTacToe((1, 1, 0, 2, 2, 0, 0, 0, 0))  # X to move wins at cell 2
    assert FlatMonteCarlo(playouts=300, rng=0).run(board).best.move == 2


class _NumpyPlayers(TicTacToe):
    """Tic-tac-toe whose ``player()`` answers numpy integers, as numpy-backed games do."""

    def player(self) -> int:
        return np.int64(super().player())  # type: ignore[return-value]

    def get_children(self) -> list[TicTacToe]:
        return [_NumpyPlayers(c.board, move=c.move) for c in super().get_children()]


def test_default_playouts_value_for_a_numpy_integer_player() -> None:
    board = _NumpyPlayers((1, 1, 0, 2, 2, 0, 1, 0, 0))  # O to move wins at cell 5
    assert FlatMonteCarlo(playouts=300, rng=0).run(board).best.move == 5


def test_a_playout_credits_every_candidate_it_passed_through() -> None:
    search = FlatMonteCarlo(playout=finish, label=lambda s: s.picked, first=4, playouts=0, rng=1)
    result = search.run(PickTwo())
    counts = {c.label: c.count for c in result.info["candidates"]}
    # 12 play-outs; each also counts for the other first pick it made
    assert result.info["playouts"] == 12
    assert sum(counts.values()) == 12 * 2
    means = {c.label: c.mean for c in result.info["candidates"]}
    assert means[(1,)] == 0.0 and means[(0,)] > 0 and means[(2,)] > 0


def test_reuse_seeds_the_next_decision_with_the_playouts_through_the_move_played() -> None:
    search = FlatMonteCarlo(
        playout=finish, label=lambda s: s.picked[-1:], first=10, playouts=0, reuse=True, rng=2
    )
    first = search.run(PickTwo())
    chosen = first.best
    second = search.run(chosen)  # labels are the last pick: the kept play-outs name them
    counts = {c.label: c.count for c in second.info["candidates"]}
    assert second.info["playouts"] == 20
    assert sum(counts.values()) > 20  # kept play-outs through the chosen pick were credited


def test_one_candidate_needs_no_playout_and_a_leaf_has_no_answer() -> None:
    calls: list[Any] = []
    two = FlatMonteCarlo(playout=lambda s, r: calls.append(s) or 0.0).run(PickTwo((0,)))
    assert two.info["playouts"] == len(calls) == 2 * 10 + 4000
    calls.clear()
    single = FlatMonteCarlo(
        candidates=lambda s: s.get_children()[:1], playout=lambda s, r: calls.append(s) or 0.0
    ).run(PickTwo((0,)))
    assert single.best.picked == (0, 1) and single.info["playouts"] == 0 and calls == []
    leaf = FlatMonteCarlo(playout=pull).run(Arms(0.3))
    assert leaf.best is None and leaf.status is Status.EXHAUSTED


def test_budgets_cut_the_playouts_and_keep_the_best_so_far() -> None:
    result = FlatMonteCarlo(playout=pull, budget=Budget(max_iterations=57), rng=0).run(Arms())
    assert result.info["playouts"] == 57 and result.status is Status.BUDGET_REACHED
    assert result.best is not None
    timed = FlatMonteCarlo(playout=pull, playouts=10**9, budget=Budget(seconds=0.05)).run(Arms())
    assert timed.status is Status.BUDGET_REACHED and timed.stop_reason == "seconds"
    assert timed.best is not None and timed.info["playouts"] > 50


def test_same_seed_same_choice_and_observers_see_each_playout() -> None:
    seen: list[Any] = []
    a = FlatMonteCarlo(playout=pull, playouts=200, rng=np.random.default_rng(5)).run(Arms())
    b = FlatMonteCarlo(seen.append, playout=pull, playouts=200, rng=np.random.default_rng(5)).run(
        Arms()
    )
    assert [c.count for c in a.info["candidates"]] == [c.count for c in b.info["candidates"]]
    assert a.value == b.value
    assert sum(isinstance(e, Evaluated) for e in seen) == 250


def test_bad_knobs_and_bad_playouts_are_named() -> None:
    with pytest.raises(InvalidArgumentError, match="allocation must be one of"):
        FlatMonteCarlo(allocation="best")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="playouts must be an int >= 0, got -1"):
        FlatMonteCarlo(playouts=-1)
    with pytest.raises(InvalidArgumentError, match="first \\+ playouts must be at least 1"):
        FlatMonteCarlo(first=0, playouts=0)
    with pytest.raises(
        InvalidArgumentError, match="exploration must be a finite number >= 0, got nan"
    ):
        FlatMonteCarlo(exploration=float("nan"))
    with pytest.raises(InvalidArgumentError, match="playout must be a callable"):
        FlatMonteCarlo(playout=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidValueError, match="returned nan: expected a finite number"):
        FlatMonteCarlo(playout=lambda s, r: float("nan")).run(Arms())


@pytest.mark.parametrize("answer", [None, 5])
def test_candidates_of_the_wrong_type_are_named(answer: Any) -> None:
    search = FlatMonteCarlo(candidates=lambda s: answer, rng=0)
    with pytest.raises(InvalidValueError, match=rf"candidates .* returned {answer} for .*sequence"):
        search.run(TicTacToe())
