"""Monte Carlo tree search (UCT) for n-player games and single-player puzzles.

Each simulation selects a path down the tree by UCT, expands one new child, estimates it by
a random rollout (or a leaf evaluation), and backs the reward vector up the path. Every node
keeps the rewards of the player who moved into it, so each player maximises its own reward
(max^n; for two-player zero-sum games this is the usual negamax sign flip, made explicit).

References: Kocsis & Szepesvári 2006 (UCT); Browne et al. 2012 (survey).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Literal

from treesearch._rng import RNGLike, check_rng, python_random
from treesearch._run import ObserverLike, RunContext, has_keys
from treesearch.budget import Budget
from treesearch.errors import InvalidArgumentError, MissingCapabilityError
from treesearch.events import SimulationPhase, Visited, VisitKind
from treesearch.mcts_policies import (
    Evaluator,
    RolloutPolicy,
    SelectionFn,
    leaf_rewards,
    rollout_rewards,
    terminal_rewards,
)
from treesearch.result import Status
from treesearch.search import TreeSearch
from treesearch.values import CHANCE

__all__ = ["MCTS", "Node"]

_RESTART, _ENTER = VisitKind.RESTART, VisitKind.ENTER


class Node:
    """A node of the search tree; read its statistics in ``result.info["root"]``.

    Attributes:
        state: the game state.
        parent: the parent node (None at the root).
        children: expanded children, in expansion order.
        visits: simulations through this node.
        total: sum of the rewards of ``mover`` over those simulations.
        best: the largest single reward seen (for max backups).
        mover: the player who moved into this node (its rewards are this player's).
    """

    __slots__ = (
        "best", "chance", "children", "mover", "parent", "player", "state", "total",
        "untried", "visits",
    )

    def __init__(self, state: Any, parent: Node | None, mover: int) -> None:
        self.state = state
        self.parent = parent
        self.mover = mover
        self.children: list[Node] = []
        self.untried: list[Any] | None = None  # None until the children are generated
        self.visits = 0
        self.total = 0.0
        self.best = -math.inf
        self.player = 0
        self.chance: list[tuple[Any, float]] | None = None

    @property
    def mean(self) -> float:
        """Mean reward of ``mover`` (0 before the first visit)."""
        return self.total / self.visits if self.visits else 0.0

    def __repr__(self) -> str:
        return f"Node({self.state!r}, visits={self.visits}, mean={self.mean:.3f})"


class MCTS(TreeSearch):
    """UCT with pluggable selection, rollout and leaf evaluation.

    Requires: ``get_children``; for games with players ``player()`` and ``returns()``
    (per-player rewards at terminals), ``chance_outcomes()`` at chance states; for puzzles
    without players a ``score`` (or ``returns()[0]``) at terminal states; ``key()`` for tree
    reuse across moves.

    Args:
        observers: observers of every run; they see ``Visited`` for each node on the selected
            path (the root as RESTART) and ``SimulationPhase`` events.
        iterations: simulations per run. ``seconds`` or a ``budget`` may replace or cap it.
        seconds: wall-clock seconds per run.
        exploration: UCT constant c >= 0 (sqrt(2) suits rewards in [0, 1]; games with
            rewards in [-1, 1], like tic-tac-toe here, do well with it too).
        selection: ``fn(child, parent_visits, exploration) -> score``; the child with the
            highest score is followed. Default: UCT on the mean (``uct``), or on the best
            reward with ``backup="max"``.
        rollout: ``fn(children, state, rng) -> child`` choosing each rollout move (``rng`` is
            a ``random.Random``); default uniform random (using the state's fast
            ``random_playout(rng)`` when it has one).
        evaluate: leaf evaluation instead of rollouts: ``fn(state)`` returning per-player
            values, or a number from player ``perspective``'s view (zero-sum: the other
            player gets its negation).
        score: final score of a single-player puzzle's terminal state (default
            ``returns()[0]``).
        backup: "mean" (UCT) or "max" (best single outcome: puzzles where the best episode
            matters).
        final: how the recommended child is chosen: "visits" (robust child) or "value".
        reuse: keep the tree after a run; when the next run starts at a state found among
            the old root's children or grandchildren (by key), search on from there.
        perspective: the player whose view a numeric ``evaluate`` takes.
        rng: seed or ``numpy.random.Generator`` (consumed); None for fresh entropy.
        budget: extra limits (``max_iterations``, ``seconds``, ``max_nodes`` expansions).

    ``result.best`` is the recommended child, ``result.value`` its mean reward for the player
    to move at the start, ``result.path`` the principal variation (most visited line), and
    ``result.info`` holds ``root`` (the Node), ``children`` (state, visits, mean) at the root
    and ``reused_visits``.
    """

    def __init__(
        self,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = math.sqrt(2),
        selection: SelectionFn | None = None,
        rollout: RolloutPolicy | None = None,
        evaluate: Evaluator | None = None,
        score: Callable[[Any], float] | None = None,
        backup: Literal["mean", "max"] = "mean",
        final: Literal["visits", "value"] = "visits",
        reuse: bool = False,
        perspective: int = 0,
        rng: RNGLike = None,
        budget: Budget | None = None,
    ) -> None:
        extra = Budget(max_iterations=iterations, seconds=seconds)  # validates both
        super().__init__(observers, budget=(budget or Budget()) | extra)
        b = self.budget
        if b.max_iterations is None and b.seconds is None and b.max_nodes is None:
            raise InvalidArgumentError(
                "MCTS needs a budget: iterations=N, seconds=S, or budget=Budget(...)"
            )
        if isinstance(exploration, bool) or not isinstance(exploration, (int, float)) or not (
            math.isfinite(exploration) and exploration >= 0
        ):
            raise InvalidArgumentError(
                f"exploration must be a finite number >= 0, got {exploration!r}"
            )
        for name, fn in (("selection", selection), ("rollout", rollout),
                         ("evaluate", evaluate), ("score", score)):
            if fn is not None and not callable(fn):
                raise InvalidArgumentError(f"{name} must be callable, got {fn!r}")
        if backup not in ("mean", "max"):
            raise InvalidArgumentError(f"backup must be 'mean' or 'max', got {backup!r}")
        if final not in ("visits", "value"):
            raise InvalidArgumentError(f"final must be 'visits' or 'value', got {final!r}")
        self.iterations, self.exploration = iterations, float(exploration)
        self.selection, self.rollout, self.evaluate = selection, rollout, evaluate
        self.score, self.backup, self.final, self.reuse = score, backup, final, reuse
        self.perspective = perspective
        self.rng = check_rng(rng)
        self._root: Node | None = None

    def reset(self) -> None:
        """Forget the tree kept for reuse."""
        self._root = None

    # -- the run ----------------------------------------------------------------------------
    def _search(self, start: Any, ctx: RunContext) -> None:
        players = callable(getattr(start, "player", None))
        if not players and self.score is None and not callable(getattr(start, "returns", None)):
            raise MissingCapabilityError(
                f"{start!r} has no player(): MCTS treats it as a one-player puzzle, which "
                "needs score=fn(terminal_state) or a returns() method"
            )
        root = self._reroot(start)
        ctx.info["reused_visits"] = root.visits
        draw = python_random(self.rng)
        simulate = _Simulator(self, ctx, players, draw)
        limit = ctx.max_iterations
        checkpoint = ctx.first_checkpoint()
        i = 0
        try:
            while limit is None or i < limit:
                if simulate.expanded >= checkpoint:
                    checkpoint = ctx.checkpoint(simulate.expanded)
                if ctx.deadline is not None and i & 15 == 0:
                    ctx.check_time()
                simulate(root, i)
                i += 1
            if self.iterations is None or (limit is not None and limit < self.iterations):
                ctx.status, ctx.stop_reason = Status.BUDGET_REACHED, "max_iterations"
        finally:
            ctx.iterations, ctx.expanded = i, simulate.expanded
            ctx.visited, ctx.max_depth_seen = simulate.visited, simulate.deepest
            self._answer(root, ctx)
            if self.reuse:
                self._root = root

    def _reroot(self, start: Any) -> Node:
        old = self._root
        if old is not None and self.reuse and has_keys(start):
            key = start.key()
            for node in [old, *old.children, *(g for c in old.children for g in c.children)]:
                if node.state.key() == key:
                    node.parent = None
                    return node
        return Node(start, None, -1)

    def _answer(self, root: Node, ctx: RunContext) -> None:
        ctx.info["root"] = root
        ctx.info["children"] = [(c.state, c.visits, c.mean) for c in root.children]
        if not root.children:
            return
        if self.final == "visits":
            best = max(root.children, key=lambda c: (c.visits, c.mean))
        else:
            best = max(root.children, key=lambda c: (c.mean if self.backup == "mean" else c.best,
                                                      c.visits))
        path, node = [root.state, best.state], best
        while node.children:
            node = max(node.children, key=lambda c: (c.visits, c.mean))
            path.append(node.state)
        ctx.best, ctx.path = best.state, path
        ctx.value = best.mean if self.backup == "mean" else best.best


class _Simulator:
    """Runs single simulations; holds the per-run counters and strategy hooks."""

    def __init__(self, search: MCTS, ctx: RunContext, players: bool, draw: Any) -> None:
        self.emit = ctx.emit
        self.players = players
        self.rng = draw
        self.c = search.exploration
        self.selection = search.selection
        self.use_max = search.backup == "max"
        if self.selection is None and self.use_max:
            self.selection = _uct_max
        self.rollout_policy = search.rollout
        self.evaluate = search.evaluate
        self.score = search.score
        self.perspective = search.perspective
        self.expanded = self.visited = self.deepest = 0

    def __call__(self, root: Node, iteration: int) -> None:
        emit = self.emit
        if emit is not None:
            emit(Visited(root.state, 0, _RESTART if iteration else _ENTER, None))
        node, depth = root, 0
        terminal = False
        # Selection, then expansion of one new child.
        while True:
            if node.untried is None:
                self._generate(node)
            new = False
            if node.chance is not None:
                outcome = _sample(node.chance, self.rng.random())
                nxt = next((c for c in node.children if c.state is outcome), None)
                if nxt is None:
                    nxt = Node(outcome, node, CHANCE)
                    node.children.append(nxt)
                    new = True
            elif node.untried:
                untried = node.untried
                j = int(self.rng.random() * len(untried))
                untried[j], untried[-1] = untried[-1], untried[j]
                nxt = Node(untried.pop(), node, node.player)
                node.children.append(nxt)
                new = True
            elif not node.children:
                terminal = True
                break
            else:
                nxt = self._select(node)
            node, depth = nxt, depth + 1
            if emit is not None:
                emit(Visited(node.state, depth, _ENTER, nxt.parent.state))  # type: ignore[union-attr]
                if new:
                    emit(SimulationPhase("expand", node.state, depth, iteration))
            if new:
                break
        self.visited += depth + 1
        if depth > self.deepest:
            self.deepest = depth
        if emit is not None:
            emit(SimulationPhase("select", node.state, depth, iteration))
        # Evaluation: the exact outcome at terminals, else a leaf evaluation or a rollout.
        state = node.state
        if self.evaluate is not None and not terminal and node.untried is None:
            self._generate(node)
            terminal = not node.untried and node.chance is None
        if terminal:
            reward = terminal_rewards(state, self.players, self.score)
        elif self.evaluate is not None:
            reward = leaf_rewards(self.evaluate, state, self.players, self.perspective)
        else:
            reward = rollout_rewards(state, self.rng, self.rollout_policy, self.players,
                                     self.score)
        if emit is not None:
            emit(SimulationPhase("rollout", state, depth, iteration, reward))
        # Backup.
        use_max = self.use_max
        n: Node | None = node
        while n is not None:
            n.visits += 1
            if n.mover >= 0:
                r = reward[n.mover]
                n.total += r
                if use_max and r > n.best:
                    n.best = r
            n = n.parent
        if emit is not None:
            emit(SimulationPhase("backup", state, depth, iteration, reward))

    def _generate(self, node: Node) -> None:
        self.expanded += 1
        state = node.state
        if self.players:
            node.player = state.player()
            if node.player == CHANCE:
                node.chance = list(state.chance_outcomes())
                node.untried = []
                return
        node.untried = list(state.get_children())

    def _select(self, node: Node) -> Node:
        selection = self.selection
        if selection is not None:
            parent_visits, c = node.visits, self.c
            return max(node.children, key=lambda ch: selection(ch, parent_visits, c))
        # Inline UCT on the mean: the hot path.
        explore = self.c * math.sqrt(math.log(node.visits))
        sqrt = math.sqrt
        best, best_score = node.children[0], -math.inf
        for ch in node.children:
            v = ch.visits
            s = ch.total / v + explore / sqrt(v)
            if s > best_score:
                best, best_score = ch, s
        return best


def _uct_max(child: Node, parent_visits: int, exploration: float) -> float:
    return child.best + exploration * math.sqrt(math.log(parent_visits) / child.visits)


def _sample(outcomes: Sequence[tuple[Any, float]], u: float) -> Any:
    acc = 0.0
    for state, p in outcomes:
        acc += p
        if u < acc:
            return state
    return outcomes[-1][0]

