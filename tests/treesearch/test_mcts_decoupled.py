"""Decoupled MCTS (``simultaneous="decoupled"``) on simultaneous-move toy games."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.helpers import Simul
from treesearch import MCTS
from treesearch.errors import InvalidArgumentError, IteratorContractError
from treesearch.mcts.node import Node, SharedStats
from treesearch.result import Status

PENNIES = [[1.0, -1.0], [-1.0, 1.0]]  # player 0 wins on a match


def _run(
    mode: str, game: Simul, *, iterations: int = 4000, seed: int = 1, solver: bool = False
) -> Node:
    search = MCTS(iterations=iterations, simultaneous=mode, solver=solver, rng=seed)  # type: ignore[arg-type]
    root: Node = search.run(game).info["root"]
    root.children.sort(key=lambda c: c.state.a)  # by player 0's move, not expansion order
    return root


def _share_of_first(pending: Node) -> float:
    """How often player 1 picked its move 0 at this pending node."""
    visits = [c.visits for c in sorted(pending.children, key=lambda c: c.state.b)]
    return visits[0] / sum(visits)


def test_player_1_statistics_are_shared_by_the_pending_siblings() -> None:
    root = _run("decoupled", Simul(PENNIES))
    heads, tails = root.children
    assert heads.shared is not None and tails.shared is not None
    stats = heads.shared.stats
    assert isinstance(stats, SharedStats) and tails.shared.stats is stats
    assert heads.shared.order is None and tails.shared.order is None  # all replies expanded
    for i in range(2):
        assert stats.visits[i] == heads.children[i].visits + tails.children[i].visits
        total = heads.children[i].total + tails.children[i].total
        assert stats.totals[i] == pytest.approx(total)
    assert stats.n == sum(stats.visits) == heads.visits + tails.visits - 2  # minus expansions
    assert root.shared is None and heads.children[0].shared is None


@pytest.mark.parametrize("seed", range(5))
def test_decoupled_player_1_cannot_use_player_0_s_pick(seed: int) -> None:
    # UCB's deterministic updates may fall into step and correlate the two players' picks
    # for a while, but never as much as seeing the pick would (the sequential test below).
    root = _run("decoupled", Simul(PENNIES), iterations=2000, seed=seed)
    shares = [_share_of_first(p) for p in root.children]
    assert abs(shares[0] - shares[1]) < 0.5
    stats = root.children[0].shared.stats  # type: ignore[union-attr]
    assert stats is not None and 0.4 < stats.visits[0] / stats.n < 0.6  # 50/50 overall
    assert all(c.mean > -0.5 for c in root.children)  # player 1 does not win every time


def test_sequential_player_1_exploits_the_pick_it_sees() -> None:
    root = _run("sequential", Simul(PENNIES))
    heads, tails = root.children
    assert _share_of_first(heads) < 0.1  # answers heads with tails
    assert _share_of_first(tails) > 0.9  # and tails with heads
    assert heads.mean < -0.7 and tails.mean < -0.7


def test_decoupled_finds_a_pure_equilibrium() -> None:
    # Player 1 prefers its move 1 whatever player 0 picks; player 0 then prefers move 0.
    game = Simul([[0.5, 0.2], [-0.4, -0.6]])
    root = _run("decoupled", game, iterations=3000)
    stats = root.children[0].shared.stats  # type: ignore[union-attr]
    assert stats is not None and stats.visits[1] > 2 * stats.visits[0]
    assert max(root.children, key=lambda c: c.visits) is root.children[0]


def test_same_seed_same_tree() -> None:
    first = _run("decoupled", Simul(PENNIES), iterations=500, seed=7)
    again = _run("decoupled", Simul(PENNIES), iterations=500, seed=7)
    other = _run("decoupled", Simul(PENNIES), iterations=500, seed=8)
    link, link_again = first.children[0].shared, again.children[0].shared
    assert link is not None and link_again is not None
    assert link.stats.visits == link_again.stats.visits
    assert link.stats.totals == link_again.stats.totals
    assert [c.visits for c in first.children] == [c.visits for c in again.children]
    assert [[g.visits for g in c.children] for c in first.children] != [
        [g.visits for g in c.children] for c in other.children
    ] or [c.visits for c in first.children] != [c.visits for c in other.children]


@pytest.mark.parametrize("mode", ["sequential", "decoupled"])
def test_games_without_the_hook_search_sequentially(mode: str) -> None:
    plain = _run("sequential", Simul(PENNIES), iterations=600, seed=3)
    hidden = _run(mode, Simul(PENNIES, hook=False), iterations=600, seed=3)
    assert [[g.visits for g in c.children] for c in plain.children] == [
        [g.visits for g in c.children] for c in hidden.children
    ]
    assert all(c.shared is None for c in hidden.children)


def test_default_is_sequential() -> None:
    assert MCTS(iterations=1).simultaneous == "sequential"


@pytest.mark.parametrize("bad", ["joint", "", None, 1, "Decoupled"])
def test_bad_mode_is_refused(bad: object) -> None:
    with pytest.raises(InvalidArgumentError, match="simultaneous must be one of") as err:
        MCTS(iterations=10, simultaneous=bad)  # type: ignore[arg-type]
    assert repr(bad) in str(err.value) and "'decoupled'" in str(err.value)


class Ragged(Simul):
    """Player 1 has more moves after player 0's move 1: not a simultaneous turn."""

    def get_children(self) -> list[Simul]:
        if self.a == 1 and self.b is None:
            return [Ragged(self.payoff, 1, b) for b in range(3)]
        if self.a is None:
            return [Ragged(self.payoff, a) for a in range(2)]
        return super().get_children()

    def returns(self) -> tuple[float, float]:
        return 0.0, 0.0


def test_siblings_listing_different_moves_are_refused() -> None:
    with pytest.raises(IteratorContractError, match="lists 3 moves where a sibling"):
        MCTS(iterations=50, simultaneous="decoupled", rng=0).run(Ragged(PENNIES))


def test_solver_proves_a_pick_only_when_every_reply_agrees() -> None:
    # Move 0 is matching pennies; move 1 loses whatever player 1 does.
    game = Simul([[1.0, -1.0], [-1.0, -1.0]])
    result = MCTS(iterations=2000, simultaneous="decoupled", rng=2, exploration=0.7).run(game)
    root: Node = result.info["root"]
    pennies, lost = sorted(root.children, key=lambda c: c.state.a)
    assert lost.proven == (-1.0, 1.0)
    assert pennies.proven is None  # one reply wins for player 1, but it cannot know to play it
    assert result.status is not Status.SOLVED
    assert result.best is pennies.state
    sequential = MCTS(iterations=2000, rng=2).run(game)
    assert sequential.status is Status.SOLVED and sequential.value == -1.0


def test_decoupled_module_imports_go_one_way() -> None:
    """mcts.simulate <- mcts.decoupled <- mcts.mcts; the simulator never imports DUCT."""
    root = Path(__file__).resolve().parents[2] / "treesearch"

    def imports(module: str) -> set[str]:
        tree = ast.parse((root / f"{module}.py").read_text())
        return {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}

    mine = {m for m in imports("mcts/decoupled") if m.startswith("treesearch.mcts")}
    assert mine == {"treesearch.mcts.node", "treesearch.mcts.simulate"}
    assert "treesearch.mcts.decoupled" not in imports("mcts/simulate") | imports("mcts/node")
    assert "treesearch.mcts.decoupled" in imports("mcts/mcts")
