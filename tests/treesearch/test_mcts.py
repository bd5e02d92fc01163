from __future__ import annotations

import math
import random
import time
from typing import Any

import numpy as np
import pytest

from games.dict_tree import DictTreeIterator
from games.tictactoe import TicTacToe
from observers import RecordingObserver
from tests.games_util import Gamble, perfect_move, solve
from treesearch import MCTS, Budget, Status, TreeIterator, VisitKind
from treesearch.errors import InvalidArgumentError, InvalidBudgetError, InvalidValueError
from treesearch.events import SimulationPhase
from treesearch.mcts.policies import uct
from treesearch.mcts.simulate import Simulator

ITERATIONS = 2000  # the budget under which MCTS must never lose to perfect play


def _play(mcts_player: int, seed: int) -> float:
    """One game MCTS vs a perfect player; returns MCTS's reward."""
    rng = random.Random(seed)
    search = MCTS(iterations=ITERATIONS, rng=seed)
    state = TicTacToe()
    while not state.is_terminal():
        if state.player() == mcts_player:
            state = search.run(state).best
        else:
            state = perfect_move(state, rng)
    return state.returns()[mcts_player]


@pytest.mark.parametrize("mcts_player", [0, 1])
def test_never_loses_to_perfect_play(mcts_player: int) -> None:
    results = [_play(mcts_player, seed) for seed in range(8)]
    assert min(results) == 0.0  # every game a draw: perfect play cannot be beaten


def test_the_seed_article_call() -> None:
    best = MCTS(iterations=2000, rng=0).run(TicTacToe()).best
    assert isinstance(best, TicTacToe) and best in TicTacToe().get_children()
    assert solve(best.board) == 0.0  # an optimal first move


def test_finds_the_winning_move() -> None:
    s = TicTacToe()
    for m in (0, 3, 1, 4):  # X to play 2 and win
        s = s.play(m)
    result = MCTS(iterations=300, rng=1).run(s)
    assert result.best.move == 2 and result.value == pytest.approx(1.0)


def test_blocks_the_opponent() -> None:
    s = TicTacToe()
    for m in (0, 4, 8):  # O must not lose: X threatens nothing yet, but 1/3/5/7 are forced
        s = s.play(m)
    result = MCTS(iterations=2000, rng=0).run(s)
    assert solve(result.best.board) == 0.0


def _stats(result: Any) -> list[tuple[Any, int, float]]:
    return [(s.key(), n, round(v, 12)) for s, n, v in result.info["children"]]


def test_same_seed_same_tree_and_choice() -> None:
    a = MCTS(iterations=500, rng=7).run(TicTacToe())
    b = MCTS(iterations=500, rng=7).run(TicTacToe())
    assert _stats(a) == _stats(b) and a.best == b.best and a.path == b.path
    c = MCTS(iterations=500, rng=np.random.default_rng(7)).run(TicTacToe())
    d = MCTS(iterations=500, rng=np.random.default_rng(7)).run(TicTacToe())
    assert _stats(c) == _stats(d)


def test_different_seeds_may_differ() -> None:
    trees = {tuple(_stats(MCTS(iterations=200, rng=s).run(TicTacToe()))) for s in range(5)}
    assert len(trees) > 1


def test_statistics_add_up() -> None:
    result = MCTS(iterations=1000, rng=0).run(TicTacToe())
    root = result.info["root"]
    assert root.visits == 1000 == result.stats.iterations
    assert sum(c.visits for c in root.children) == 1000
    assert result.path[0] == TicTacToe() and result.path[1] is result.best


def test_tree_reuse_after_the_opponent_replies() -> None:
    search = MCTS(iterations=500, rng=0, reuse=True, exploration=0.7)  # the reply unsolved
    first = search.run(TicTacToe())
    reply = first.best.get_children()[0]
    second = search.run(reply)
    assert second.info["reused_visits"] > 0
    assert second.info["root"].visits == second.info["reused_visits"] + 500
    search.reset()
    assert search.run(reply).info["reused_visits"] == 0
    assert MCTS(iterations=10, rng=0).run(reply).info["reused_visits"] == 0


def test_chance_nodes_are_sampled() -> None:
    result = MCTS(iterations=3000, rng=0, exploration=0.25, solver=False).run(Gamble())
    stats = {s.stage: (n, v) for s, n, v in result.info["children"]}
    assert result.best.stage == "safe"
    assert stats["gamble"][1] == pytest.approx(0.3, abs=0.1)
    assert stats["safe"][1] == pytest.approx(0.5)


class _Pick(TreeIterator):
    """Three players each pick once; returns are fixed per outcome (not zero-sum)."""

    __slots__ = ("picks",)

    def __init__(self, picks: tuple[int, ...] = ()) -> None:
        self.picks = picks

    def player(self) -> int:
        return len(self.picks)

    def get_children(self) -> list[_Pick]:
        return [] if len(self.picks) == 3 else [_Pick((*self.picks, i)) for i in (0, 1)]

    def returns(self) -> tuple[float, float, float]:
        a, b, c = self.picks
        # Player 0 is paid by its own pick only; the others too: each maximises its own.
        return (0.2 + 0.6 * a, 0.9 - 0.5 * b, 0.1 + 0.3 * c)

    def key(self) -> tuple[int, ...]:
        return self.picks


def test_n_player_backup_maximises_each_players_reward() -> None:
    result = MCTS(iterations=400, rng=0).run(_Pick())
    assert [s.picks[-1] for s in result.path[1:]] == [1, 0, 1]


SCORES = {"a": 1.0, "b": 0.0, "c": 0.0, "d": 0.9, "e": 0.9}
PUZZLE = {"x": {"a": {}, "b": {}, "c": {}}, "y": {"d": {}, "e": {}}}


def test_single_player_max_backup_finds_the_best_episode() -> None:
    score = lambda s: SCORES.get(s.name, 0.0)  # noqa: E731
    puzzle = DictTreeIterator("root", PUZZLE)
    mean = MCTS(iterations=400, rng=0, score=score, exploration=0.15).run(puzzle)
    best = MCTS(iterations=400, rng=0, score=score, backup="max", exploration=0.15).run(puzzle)
    assert mean.best.name == "y" and mean.value == pytest.approx(0.9, abs=0.01)
    assert best.best.name == "x" and best.value == 1.0
    assert best.path[-1].name == "a"


def test_leaf_evaluation_replaces_rollouts() -> None:
    calls: list[Any] = []

    def centre(s: TicTacToe) -> float:
        calls.append(s)
        return 0.5 if s.board[4] == 1 else 0.0

    result = MCTS(iterations=50, rng=0, evaluate=centre).run(TicTacToe())
    assert result.best.move == 4 and calls


def test_custom_selection_and_rollout() -> None:
    chosen: list[int] = []

    def first_child(children: Any, state: Any, rng: random.Random) -> Any:
        chosen.append(len(children))
        return children[0]

    greedy = lambda child, n, c: child.mean  # noqa: E731
    result = MCTS(iterations=100, rng=0, selection=greedy, rollout=first_child).run(TicTacToe())
    assert chosen and result.best is not None
    assert uct(result.info["root"].children[0], 100, 0.0) == result.info["root"].children[0].mean


def test_phases_are_observed() -> None:
    rec = RecordingObserver()
    MCTS(rec, iterations=3, rng=0).run(TicTacToe())
    phases = [e.phase for e in rec.events if isinstance(e, SimulationPhase)]
    assert phases == ["expand", "select", "rollout", "backup"] * 3
    assert len(rec.visits(VisitKind.RESTART)) == 2


def test_budgets() -> None:
    r = MCTS(seconds=0.05, rng=0).run(TicTacToe())
    assert r.status is Status.BUDGET_REACHED and r.stop_reason == "seconds"
    r = MCTS(iterations=1000, budget=Budget(max_iterations=10), rng=0).run(TicTacToe())
    assert r.stats.iterations == 10 and r.status is Status.BUDGET_REACHED
    r = MCTS(iterations=20, rng=0).run(TicTacToe())
    assert r.status is Status.EXHAUSTED


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        # Named as typed: the Budget's internal "max_iterations" is not the user's word.
        ({"iterations": 0}, InvalidBudgetError, "^iterations must be an int >= 1 or None, got 0"),
        ({"iterations": 2.0}, InvalidBudgetError, r"^iterations must be an int >= 1 or None"),
        ({"iterations": True}, InvalidBudgetError, "^iterations .* got True"),
        ({"seconds": math.inf}, InvalidBudgetError, "^seconds must be a finite number > 0"),
        ({"seconds": math.nan}, InvalidBudgetError, "^seconds .* got nan"),
        ({}, InvalidArgumentError, "needs a budget"),
        ({"iterations": 10, "exploration": -1.0}, InvalidArgumentError, "exploration"),
        ({"iterations": 10, "exploration": math.inf}, InvalidArgumentError, "inf"),
        ({"iterations": 10, "backup": "median"}, InvalidArgumentError, "median"),
        ({"iterations": 10, "rollout": 5}, InvalidArgumentError, "rollout"),
        ({"iterations": 10, "rng": -3}, InvalidArgumentError, "-3"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        MCTS(**kwargs)


def test_nan_evaluation() -> None:
    with pytest.raises(InvalidValueError, match="NaN"):
        MCTS(iterations=5, rng=0, evaluate=lambda s: math.nan).run(TicTacToe())


def test_puzzle_without_score() -> None:
    from treesearch.errors import MissingCapabilityError

    with pytest.raises(MissingCapabilityError, match="score"):
        MCTS(iterations=5).run(DictTreeIterator("root", PUZZLE))


class _Chain(TreeIterator):
    """``n`` forced moves (one child each) to a win."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left

    def get_children(self) -> list[_Chain]:
        return [_Chain(self.left - 1)] if self.left else []

    def player(self) -> int:
        return 0

    def returns(self) -> tuple[float]:
        return (1.0,)


def test_a_forced_line_costs_no_selections(monkeypatch: pytest.MonkeyPatch) -> None:
    scored: list[int] = []
    select = Simulator._select

    def counted(self: Simulator, node: Any) -> Any:
        scored.append(1)
        return select(self, node)

    monkeypatch.setattr(Simulator, "_select", counted)
    result = MCTS(iterations=400, rng=0, evaluate=lambda s: (0.5,)).run(_Chain(300))
    assert result.status is Status.SOLVED and result.stats.iterations == 300
    assert not scored  # 45,000 UCT scorings of a lone child before


def test_seconds_are_kept_on_a_deep_forced_line(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]

    def clock() -> float:  # each reading 1 ms later
        now[0] += 0.001
        return now[0]

    monkeypatch.setattr(time, "perf_counter", clock)
    result = MCTS(iterations=120_000, seconds=1.0, rng=0).run(_Chain(100_000))
    assert result.stop_reason == "seconds" and result.stats.iterations < 100
