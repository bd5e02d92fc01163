from __future__ import annotations

import math
from typing import Any

import pytest

from games.dict_tree import DictTreeIterator
from games.tictactoe import TicTacToe
from observers import RecordingObserver
from tests.games_util import Gamble, solve
from treesearch import AlphaBeta, Budget, Status
from treesearch.errors import InvalidArgumentError, InvalidValueError, MissingCapabilityError
from treesearch.events import Pruned


@pytest.mark.parametrize("transposition", [True, False])
def test_full_depth_finds_the_draw_with_fewer_nodes(transposition: bool) -> None:
    ab = AlphaBeta(transposition=transposition).run(TicTacToe())
    minimax = AlphaBeta(pruning=False, transposition=False).run(TicTacToe())
    assert ab.value == minimax.value == 0.0
    assert minimax.stats.expanded == 549946  # every node of the game tree
    assert ab.stats.expanded * 10 < minimax.stats.expanded
    assert ab.status is Status.EXHAUSTED


@pytest.mark.parametrize("moves", [(0,), (0, 1), (4, 0, 8), (0, 4, 8, 2), (1, 4, 7)])
def test_value_is_exact_for_the_player_to_move(moves: tuple[int, ...]) -> None:
    s = TicTacToe()
    for m in moves:
        s = s.play(m)
    result = AlphaBeta().run(s)
    exact = solve(s.board)
    assert result.value == (exact if s.player() == 0 else -exact)
    assert solve(result.best.board) == exact  # the chosen move keeps the game value


def test_principal_variation_is_a_legal_line() -> None:
    result = AlphaBeta().run(TicTacToe())
    for a, b in zip(result.path, result.path[1:], strict=False):
        assert b in a.get_children()


def test_depth_limit_uses_the_cutoff_value() -> None:
    centre_bonus = lambda s: (s.board[4] == 1) - (s.board[4] == 2)  # noqa: E731
    result = AlphaBeta(depth=1, value=centre_bonus).run(TicTacToe())
    assert result.best.move == 4 and result.value == 1
    assert result.info["depth"] == 1
    as_o = AlphaBeta(depth=1, value=centre_bonus).run(TicTacToe().play(0))
    assert as_o.best.move == 4 and as_o.value == 1  # O's own view


def test_perspective_flips_the_value() -> None:
    o_view = lambda s: (s.board[4] == 2) - (s.board[4] == 1)  # noqa: E731
    result = AlphaBeta(depth=1, value=o_view, perspective=1).run(TicTacToe())
    assert result.best.move == 4 and result.value == 1


def test_iterative_deepening_under_a_node_budget() -> None:
    value = lambda s: 0.0  # noqa: E731
    result = AlphaBeta(value=value, budget=Budget(max_nodes=3000)).run(TicTacToe())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_nodes"
    assert 1 <= result.info["depth"] < 9 and result.best is not None


def test_iterative_deepening_under_time_returns_a_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fake clock (1 ms per reading) makes the time budget deterministic on any machine;
    how deep real seconds get is measured by benchmarks/bench_alphabeta.py."""
    import treesearch._run as run_module

    ticks = iter(range(10**9))
    monkeypatch.setattr(run_module.time, "perf_counter", lambda: next(ticks) / 1000)
    result = AlphaBeta(value=lambda s: 0.0, budget=Budget(seconds=0.02)).run(TicTacToe())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "seconds"
    assert result.best in TicTacToe().get_children() and result.info["depth"] >= 1


def test_expectiminimax_averages_chance() -> None:
    result = AlphaBeta().run(Gamble())
    assert result.best.stage == "safe" and result.value == 0.5


def test_pruned_events(seed_tree: Any) -> None:
    rec = RecordingObserver()
    AlphaBeta(rec, transposition=False).run(TicTacToe().play(0).play(3).play(1).play(4))
    assert any(isinstance(e, Pruned) for e in rec.events)


def test_needs_players() -> None:
    with pytest.raises(MissingCapabilityError, match="player"):
        AlphaBeta().run(DictTreeIterator("Root", {"a": {}}))


def test_needs_a_value_to_stop_early() -> None:
    with pytest.raises(InvalidArgumentError, match="value="):
        AlphaBeta(depth=2).run(TicTacToe())


def test_nan_value_is_rejected() -> None:
    with pytest.raises(InvalidValueError, match="NaN"):
        AlphaBeta(depth=1, value=lambda s: math.nan).run(TicTacToe())


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"depth": 0}, "depth"),
        ({"depth": 2.5}, "depth"),
        ({"value": 3}, "value"),
        ({"perspective": 2}, "perspective"),
        ({"ordering": "best"}, "ordering"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        AlphaBeta(**kwargs)


def test_stopped_in_the_first_round_answers_the_best_child_so_far() -> None:
    from treesearch import StopSearch, Visited

    seen = 0

    def stop_late(event: Any) -> None:
        nonlocal seen
        if isinstance(event, Visited):
            seen += 1
            if seen == 100_000:  # after the first root child (about 60k nodes)
                raise StopSearch("enough")

    result = AlphaBeta(stop_late, transposition=False, pruning=False).run(TicTacToe())
    assert result.status is Status.STOPPED
    assert result.best in TicTacToe().get_children() and result.info["depth"] == 0
    assert result.value is not None


def test_a_child_without_returns_is_named() -> None:
    from treesearch import TreeIterator

    class Leaf(TreeIterator):
        def get_children(self) -> list[Any]:
            return []

    class Root(TreeIterator):
        def player(self) -> int:
            return 0

        def get_children(self) -> list[Any]:
            return [Leaf()]

    with pytest.raises(MissingCapabilityError, match=r"no returns\(\) method"):
        AlphaBeta().run(Root())
