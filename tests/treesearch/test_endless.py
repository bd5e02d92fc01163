"""Games that never end, and very long ones: every search ends, or says which budget to give.

Issue 21, item 12: ``MCTS(iterations=N)`` on a game without terminals never ended (rollouts
played forever), MCTS on a 100,000-move chain spent its time in 100,000-move rollouts, and
DFS, Backtracking and RandomWalk without a budget on an endless game died with a bare
MemoryError (or were killed by the system).
"""

from __future__ import annotations

from typing import Any

import pytest

from treesearch import (
    DFS,
    MCTS,
    Backtracking,
    Budget,
    FlatMonteCarlo,
    RandomWalk,
    Status,
    TreeIterator,
)
from treesearch._memory import CHECK_EVERY
from treesearch.errors import UnboundedSearchError
from treesearch.mcts import ROLLOUT_LIMIT


class Endless(TreeIterator):
    """Two players take turns forever, two moves each; nobody ever wins."""

    __slots__ = ("depth",)

    def __init__(self, depth: int = 0) -> None:
        self.depth = depth

    def get_children(self) -> list[Endless]:
        return [Endless(self.depth + 1), Endless(self.depth + 1)]

    def player(self) -> int:
        return self.depth % 2

    def returns(self) -> tuple[float, float]:
        return (0.0, 0.0)


class Chain(TreeIterator):
    """One move after another for ``n`` moves; player 0 wins at the end."""

    __slots__ = ("i", "n")

    def __init__(self, i: int, n: int) -> None:
        self.i, self.n = i, n

    def get_children(self) -> list[Chain]:
        return [Chain(self.i + 1, self.n)] if self.i < self.n else []

    def player(self) -> int:
        return self.i % 2

    def returns(self) -> tuple[float, float]:
        return (1.0, -1.0)


def test_mcts_iterations_end_a_game_that_never_ends() -> None:
    # Before: the first rollout never ended, whatever iterations said.
    with pytest.warns(RuntimeWarning, match=r"6 of 6 rollouts made 10000 moves .*rollout_depth"):
        result = MCTS(iterations=6, rng=0).run(Endless())
    assert result.status is Status.EXHAUSTED and result.stats.iterations == 6
    assert result.info["endless_rollouts"] == 6 and result.best is not None


def test_mcts_rollout_depth_bounds_rollouts_without_a_warning() -> None:
    result = MCTS(iterations=50, rng=0, rollout_depth=20).run(Endless())
    assert result.stats.iterations == 50 and result.info["endless_rollouts"] == 0


def test_mcts_on_a_100000_move_chain_ends() -> None:
    with pytest.warns(RuntimeWarning, match="rollouts made 10000 moves"):
        result = MCTS(iterations=20, rng=0).run(Chain(0, 100_000))
    assert result.stats.iterations == 20 and result.best.i == 1
    assert 0 < result.info["endless_rollouts"] <= 20
    assert ROLLOUT_LIMIT == 10_000


def test_a_long_rollout_below_the_limit_is_played_to_the_end() -> None:
    result = MCTS(iterations=3, rng=0).run(Chain(0, 5_000))  # no warning: all ended
    assert result.info["endless_rollouts"] == 0 and result.value == 1.0  # player 0 wins


def test_flat_monte_carlo_values_endless_playouts_at_zero_and_says_so() -> None:
    with pytest.warns(RuntimeWarning, match=r"4 of 4 random play-outs .*playout=fn"):
        result = FlatMonteCarlo(first=2, playouts=0, rng=0).run(Endless())
    assert result.info["endless_playouts"] == 4 and result.value == 0.0


class Line(TreeIterator):
    """One move after another, forever; ``fail_at`` makes a deep state's children fail."""

    __slots__ = ("fail_at", "i")

    def __init__(self, i: int = 0, fail_at: int | None = None) -> None:
        self.i, self.fail_at = i, fail_at

    def get_children(self) -> list[Line]:
        if self.i == self.fail_at:
            raise MemoryError
        return [Line(self.i + 1, self.fail_at)]


UNBOUNDED = [DFS, Backtracking, lambda: RandomWalk(rng=0)]


@pytest.mark.parametrize("search", UNBOUNDED)
def test_an_endless_game_stops_before_the_memory_runs_out(
    search: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The machine's memory runs short after the first look (the real one takes minutes and
    # every byte of the machine; before, the run died with a bare MemoryError or was killed).
    looks = iter([10**9, -1])
    monkeypatch.setattr("treesearch._run.memory_left", lambda: next(looks))
    searcher = search()
    name = type(searcher).__name__
    with pytest.raises(UnboundedSearchError) as info:
        searcher.run(Line())
    message = str(info.value)
    assert message.startswith(f"{name} stopped before the memory ran out after expanding ")
    assert f"{name}(budget=Budget(max_depth=N))" in message and "seconds=" in message
    assert isinstance(info.value, MemoryError) and "\n" not in message
    assert info.value.result.stats.expanded == 2 * CHECK_EVERY
    assert info.value.result.stats.max_depth >= CHECK_EVERY


@pytest.mark.parametrize("search", UNBOUNDED)
def test_a_bare_memory_error_of_a_long_run_names_the_budget(search: Any) -> None:
    with pytest.raises(
        UnboundedSearchError,
        match="ran out of memory after expanding 70,001 states, 70,000 moves deep",
    ):
        search().run(Line(fail_at=70_000))


def test_a_game_s_own_memory_error_early_is_its_own() -> None:
    with pytest.raises(MemoryError) as info:
        DFS().run(Line(fail_at=3))
    assert not isinstance(info.value, UnboundedSearchError)


def test_a_budget_ends_the_endless_line() -> None:
    result = DFS(budget=Budget(max_depth=1000)).run(Line())
    assert result.status is Status.BUDGET_REACHED and result.stats.max_depth == 1000
