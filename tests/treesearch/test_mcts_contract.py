"""MCTS against broken games, endless games and every budget (issue 8, points 3, 4 and 7)."""

from __future__ import annotations

import ast
import math
import random
from pathlib import Path
from typing import Any

import pytest

from games.tictactoe import TicTacToe
from observers import RecordingObserver
from tests.games_util import Gamble
from treesearch import CHANCE, MCTS, Budget, Status, TreeIterator, Visited
from treesearch.errors import (
    InvalidArgumentError,
    IteratorContractError,
    NotATreeIteratorError,
)
from treesearch.events import SimulationPhase
from treesearch.mcts.policies import rollout_rewards


class Toy(TreeIterator):
    """Two plies, two moves each; ``fault`` breaks one method at depth 1 (or at the end)."""

    __slots__ = ("fault", "path")

    def __init__(self, fault: str = "", path: tuple[int, ...] = ()) -> None:
        self.fault, self.path = fault, path

    def player(self) -> Any:
        if len(self.path) == 1 and self.fault in ("player7", "player_text"):
            return 7 if self.fault == "player7" else "X"
        if len(self.path) == 1 and self.fault == "chance":
            return CHANCE
        return len(self.path) % 2

    def get_children(self) -> Any:
        if len(self.path) == 2:
            return []
        if len(self.path) == 1 and self.fault == "children_none":
            return None
        if len(self.path) == 1 and self.fault == "children_5":
            return 5
        if len(self.path) == 1 and self.fault == "int_children":
            return [1, 2]
        return [Toy(self.fault, (*self.path, i)) for i in (0, 1)]

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return [(c, 0.9) for c in self.get_children()]

    def returns(self) -> Any:
        special = {
            "nan": (math.nan, math.nan),
            "short": (1.0,),
            "text": ("win", "loss"),
            "inf": (math.inf, -math.inf),
            "empty": (),
        }
        if self.fault in special:
            return special[self.fault]
        r = 1.0 if self.path == (1, 1) else -0.5
        return (r, -r)

    def key(self) -> Any:
        if self.fault == "unhashable":
            return list(self.path)
        return self.path

    def __repr__(self) -> str:
        return f"Toy({self.fault!r}, {self.path!r})"


@pytest.mark.parametrize(
    ("fault", "error", "match"),
    [
        ("nan", IteratorContractError, r"returns\(\) of Toy\('nan', \(\d, \d\)\): returned \(nan"),
        ("inf", IteratorContractError, r"returns\(\) of Toy.*inf"),
        ("text", IteratorContractError, r"returns\(\) of Toy.*'win'"),
        ("short", IteratorContractError, r"player\(\) of Toy.*no entry for player 1.*returns"),
        ("empty", IteratorContractError, r"player\(\) of Toy.*\(\).*returns"),
        ("player7", IteratorContractError, r"player\(\) of Toy\('player7', \(\d,\)\): .*7"),
        ("player_text", IteratorContractError, r"player\(\) of Toy.*returned 'X'"),
        ("chance", IteratorContractError, r"chance_outcomes\(\) of Toy.*0\.9, 0\.9"),
        ("children_none", IteratorContractError, r"get_children\(\) of Toy.*returned None"),
        ("children_5", IteratorContractError, r"get_children\(\) of Toy.*returned 5"),
        ("int_children", NotATreeIteratorError, r"get_children\(\) of Toy.*yielded 1"),
    ],
)
def test_contract_breaches_are_named(fault: str, error: type[Exception], match: str) -> None:
    """Each used to give nan, a wrong preference, or a bare TypeError/IndexError."""
    with pytest.raises(error, match=match):
        MCTS(iterations=50, rng=0).run(Toy(fault))


def test_the_good_toy_is_searched() -> None:
    result = MCTS(iterations=200, rng=0, solver=False).run(Toy())
    assert result.best.path == (1,) and result.status is Status.EXHAUSTED
    solved = MCTS(iterations=200, rng=0).run(Toy())  # every move is worth -0.5: proven
    assert solved.status is Status.SOLVED and solved.value == -0.5
    assert solved.info["proven"] == (-0.5, 0.5) and solved.stats.iterations < 200


def test_a_broken_game_does_not_leave_a_tree_to_reuse() -> None:
    search = MCTS(iterations=50, rng=0, reuse=True)
    with pytest.raises(IteratorContractError):
        search.run(Toy("nan"))
    assert search._root is None


def test_rollouts_draw_chance_outcomes_by_their_probability() -> None:
    """Gamble's die pays 1 with p=0.3: a uniform draw among outcomes would average 0.5."""
    rng = random.Random(0)
    rewards = [rollout_rewards(Gamble("gamble"), rng, None, True, None)[0] for _ in range(4000)]
    assert sum(rewards) / len(rewards) == pytest.approx(0.3, abs=0.03)


class Endless(TreeIterator):
    """A game that never ends: one or two children everywhere, players alternate."""

    __slots__ = ("depth", "index")

    def __init__(self, depth: int = 0, index: int = 0) -> None:
        self.depth, self.index = depth, index

    def player(self) -> int:
        return self.depth % 2

    def get_children(self) -> list[Endless]:
        n = 1 + (self.index + self.depth) % 2
        return [Endless(self.depth + 1, 2 * self.index + i) for i in range(n)]

    def returns(self) -> tuple[float, float]:  # pragma: no cover - never terminal
        raise AssertionError("an endless game has no returns")

    def key(self) -> tuple[int, int]:
        return (self.depth, self.index)


def test_rollout_depth_ends_rollouts_of_an_endless_game_as_draws() -> None:
    result = MCTS(iterations=50, rollout_depth=20, rng=0).run(Endless())
    assert result.stats.iterations == 50 and result.status is Status.EXHAUSTED
    assert all(mean == 0.0 for _, _, mean in result.info["children"])


def test_rollout_depth_with_evaluate_plays_then_evaluates() -> None:
    seen: list[int] = []

    def evaluate(state: Endless) -> float:
        seen.append(state.depth)
        return 0.25

    result = MCTS(iterations=30, rollout_depth=5, evaluate=evaluate, rng=0).run(Endless())
    assert result.stats.iterations == 30 and len(seen) == 30
    assert all(d >= 5 for d in seen)  # five rollout moves below a leaf at depth >= 1


def test_max_depth_caps_tree_and_rollouts() -> None:
    result = MCTS(iterations=200, budget=Budget(max_depth=6), rng=0).run(Endless())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_depth"
    assert result.stats.iterations == 200 and result.stats.max_depth <= 6


def test_max_nodes_ends_an_endless_game() -> None:
    result = MCTS(rollout_depth=10, budget=Budget(max_nodes=40), rng=0).run(Endless())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_nodes"
    assert result.stats.expanded <= 41


def test_max_nodes_alone_caps_rollouts_of_an_endless_game() -> None:
    """Used to hang: a rollout with no rollout_depth never ended under a node budget."""
    result = MCTS(budget=Budget(max_nodes=30), rng=0).run(Endless())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_nodes"
    assert result.best is not None


@pytest.fixture
def fake_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every reading of the clock advances it by 1 ms: time budgets become counts."""
    import time

    ticks = iter(range(10**9))
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks) / 1000)


@pytest.mark.usefixtures("fake_clock")
def test_seconds_stop_a_rollout_that_never_ends() -> None:
    """Used to hang: the clock was read only between simulations."""
    search = MCTS(seconds=0.02, rng=0, reuse=True)
    result = search.run(Endless())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "seconds"
    assert result.stats.iterations == 0
    root = result.info["root"]
    assert root.children == []  # the unfinished simulation's new child was taken back
    assert search.run(Endless()).status is Status.BUDGET_REACHED  # the kept tree still works


@pytest.mark.usefixtures("fake_clock")
def test_seconds_with_rollout_depth_run_many_simulations() -> None:
    result = MCTS(seconds=0.5, rollout_depth=8, rng=0).run(Endless())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "seconds"
    assert result.stats.iterations > 0 and result.best is not None


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"reuse": "no"}, "reuse must be True or False, got 'no'"),
        ({"reuse": 1}, "reuse must be True or False, got 1"),
        ({"perspective": 5}, "perspective must be player 0 or 1.*got 5"),
        ({"perspective": True}, "got True"),
        ({"perspective": 0.5}, "got 0.5"),
        ({"perspective": 1.0}, "got 1.0"),
        ({"rollout_depth": 0}, "rollout_depth must be an int >= 1 or None, got 0"),
        ({"rollout_depth": 2.5}, "got 2.5"),
        ({"rollout_depth": True}, "got True"),
        ({"final": "best"}, "'best'"),
        ({"final": "robust"}, "final must be one of 'visits', 'value', 'secure', 'robust-max'"),
        ({"solver": 1}, "solver must be True or False, got 1"),
        ({"reward_range": (1, -1)}, r"reward_range must be \(low, high\).*got \(1, -1\)"),
        ({"reward_range": (0, math.inf)}, "inf"),
        ({"reward_range": 1.0}, "got 1.0"),
        ({"reward_range": (0, "1")}, "'1'"),
        ({"reward_range": (True, 2)}, "True"),
        ({"budget": Budget(max_depth=0)}, r"max_depth=0"),
        ({"budget": "fast"}, "'fast'"),
    ],
)
def test_every_knob_is_validated(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        MCTS(iterations=10, **kwargs)


def test_events_keep_their_order_and_fields() -> None:
    """Observers mirror the tree from these: Visited with parent, then the four phases."""
    rec = RecordingObserver()
    MCTS(rec, iterations=2, rng=0).run(TicTacToe())
    kinds = [
        (type(e).__name__, getattr(e, "phase", None))
        for e in rec.events
        if isinstance(e, (Visited, SimulationPhase))
    ]
    one = [
        ("Visited", None),
        ("Visited", None),
        ("SimulationPhase", "expand"),
        ("SimulationPhase", "select"),
        ("SimulationPhase", "rollout"),
        ("SimulationPhase", "backup"),
    ]
    assert kinds == one * 2
    visits = [e for e in rec.events if isinstance(e, Visited)]
    assert visits[0].parent is None and visits[1].parent == TicTacToe()
    rollout = next(e for e in rec.events if isinstance(e, SimulationPhase) and e.phase == "rollout")
    assert isinstance(rollout.reward, tuple) and len(rollout.reward) == 2


def _imports(module: str) -> set[str]:
    path = Path(__file__).resolve().parents[2] / "treesearch" / f"{module}.py"
    tree = ast.parse(path.read_text())
    return {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}


def test_mcts_imports_go_one_way() -> None:
    """mcts.node <- mcts.policies <- mcts.simulate <- mcts.mcts: no circle."""
    assert not {m for m in _imports("mcts/node") if m.startswith("treesearch.mcts")}
    assert {m for m in _imports("mcts/policies") if m.startswith("treesearch.mcts")} == {
        "treesearch.mcts.node"
    }
    assert "treesearch.mcts.mcts" not in _imports("mcts/simulate")
    assert "treesearch.alphabeta.alphabeta" not in _imports("alphabeta/minimax")
