"""Monte Carlo tree search (UCT) for n-player games and single-player puzzles.

Each simulation selects a path down the tree by UCT, expands one new child, estimates it by
a random rollout (or a leaf evaluation), and backs the reward vector up the path. Every node
keeps the rewards of the player who moved into it, so each player maximises its own reward
(max^n; for two-player zero-sum games this is the usual negamax sign flip, made explicit).

Modules: ``mcts_node`` (the tree node) <- ``mcts_policies`` (hooks) <- ``mcts_simulate`` (one
simulation) <- ``mcts`` (knobs, run loop, answer); imports go one way.

References: Kocsis & Szepesvári 2006 (UCT); Browne et al. 2012 (survey).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, Literal

from treesearch._rng import RNGLike, check_rng, python_random
from treesearch._run import ObserverLike, RunContext, has_keys
from treesearch.budget import Budget
from treesearch.errors import InvalidArgumentError, MissingCapabilityError, TreeSearchError
from treesearch.mcts_node import Node
from treesearch.mcts_policies import Evaluator, RolloutPolicy, SelectionFn
from treesearch.mcts_simulate import Simulator
from treesearch.result import Status
from treesearch.search import TreeSearch

__all__ = ["MCTS", "Node"]


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
        reuse: keep the tree after a run (True or False); when the next run starts at a
            state found among the old root's children or grandchildren (by key), search on
            from there.
        perspective: the player (0 or 1) whose view a numeric ``evaluate`` takes.
        rollout_depth: moves a rollout may make (an int >= 1; None: to the end of the game).
            A rollout stopped above the end is scored by ``evaluate`` when given (so
            ``evaluate`` plus ``rollout_depth`` means "play N moves, then evaluate"), else as
            0 for every player (a draw). Games that may never end need it, ``seconds`` or
            ``Budget(max_depth=...)``.
        rng: seed or ``numpy.random.Generator`` (consumed); None for fresh entropy.
        budget: extra limits: ``max_iterations``; ``seconds`` (checked between simulations
            and every 64 rollout moves); ``max_nodes`` (tree expansions; also caps each
            rollout at that many moves, scored as for ``rollout_depth``); ``max_depth``
            (the tree grows no deeper and rollouts stop at that depth below the start, scored
            as for ``rollout_depth``; status ``BUDGET_REACHED``, reason "max_depth").

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
        rollout_depth: int | None = None,
        rng: RNGLike = None,
        budget: Budget | None = None,
    ) -> None:
        extra = Budget(max_iterations=iterations, seconds=seconds)  # validates both
        super().__init__(observers, budget=Budget.coerce(budget) | extra)
        b = self.budget
        if b.max_iterations is None and b.seconds is None and b.max_nodes is None:
            raise InvalidArgumentError(
                "MCTS needs a budget: iterations=N, seconds=S, or budget=Budget(...)"
            )
        if b.max_depth == 0:
            raise InvalidArgumentError(
                "MCTS cannot choose a move with Budget(max_depth=0): the start may not be "
                "expanded; give max_depth >= 1"
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
        if not isinstance(reuse, bool):
            raise InvalidArgumentError(f"reuse must be True or False, got {reuse!r}")
        if isinstance(perspective, bool) or not isinstance(perspective, int) or (
            perspective not in (0, 1)
        ):
            raise InvalidArgumentError(
                f"perspective must be player 0 or 1 (the view of a numeric evaluate), "
                f"got {perspective!r}"
            )
        if rollout_depth is not None and (
            isinstance(rollout_depth, bool) or not isinstance(rollout_depth, int)
            or rollout_depth < 1
        ):
            raise InvalidArgumentError(
                f"rollout_depth must be an int >= 1 or None, got {rollout_depth!r}"
            )
        self.iterations, self.exploration = iterations, float(exploration)
        self.selection, self.rollout, self.evaluate = selection, rollout, evaluate
        self.score, self.backup, self.final, self.reuse = score, backup, final, reuse
        self.perspective, self.rollout_depth = int(perspective), rollout_depth
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
        simulate = Simulator(
            ctx, players, python_random(self.rng), exploration=self.exploration,
            selection=self.selection, rollout=self.rollout, evaluate=self.evaluate,
            score=self.score, perspective=self.perspective, use_max=self.backup == "max",
            rollout_depth=self.rollout_depth,
        )
        limit = ctx.max_iterations
        checkpoint = ctx.first_checkpoint()
        i = 0
        broken = False
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
            elif simulate.depth_cut:
                ctx.depth_cut()
        except TreeSearchError:
            broken = True  # the game broke its contract: the tree is not worth keeping
            raise
        finally:
            ctx.iterations, ctx.expanded = i, simulate.expanded
            ctx.visited, ctx.max_depth_seen = simulate.visited, simulate.deepest
            self._answer(root, ctx)
            if self.reuse:
                self._root = None if broken else root

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
