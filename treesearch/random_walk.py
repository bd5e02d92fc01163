"""Random walks from the start to a terminal state, for one or many episodes."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from treesearch._contract import FAULTS, missing_key, translate
from treesearch._rng import RNGLike, check_rng, python_random
from treesearch._run import ObserverLike, RunContext
from treesearch.arguments import check_count
from treesearch.budget import Budget
from treesearch.errors import InvalidArgumentError
from treesearch.events import Evaluated, Expanded, Pruned, Visited, VisitKind
from treesearch.result import Status
from treesearch.search import Goal, ScoringSearch
from treesearch.values import evaluate

__all__ = ["RandomWalk"]

_ENTER, _RESTART = VisitKind.ENTER, VisitKind.RESTART


class RandomWalk(ScoringSearch):
    """Walk from the start, picking a uniformly random child, until no child is left.

    Each episode restarts at the start (observers see ``Visited(kind=RESTART)``). With a
    value function the end state of every episode is scored and the best one is kept as
    ``best`` with its path; without one, ``best`` is where the last episode ended.

    Requires: ``get_children``; ``key`` for self-avoiding walks on graphs.

    Args:
        observers: observers of every run.
        rng: seed or ``numpy.random.Generator`` (a Generator is consumed, so successive runs
            differ; an int seed makes every run identical); None for fresh entropy.
        episodes: number of walks; None to walk until the budget ends the run (or a goal).
        goal: stop the run, ``solved``, at the first state entered in any episode that
            satisfies this predicate or whose key is in this collection; ``path`` is that
            episode's walk from the start. Without reaching it the run ends as without goal.
        value: optional value function scoring the end state of each episode.
        graph: with keys (None = if the states have them, the default) a walk never
            re-enters a key already on its own path, so it ends on any finite graph; False
            for a plain random walk, which needs terminals or a budget to end.
        budget: limits per run; ``max_depth`` caps the length of each episode,
            ``max_iterations`` the number of episodes; ``max_nodes`` and ``seconds`` hold
            inside an episode too (every step expands one state).

    Examples:
        >>> from games.graph import Graph
        >>> ring = Graph({v: [(v + 1) % 6, (v - 1) % 6] for v in range(6)})
        >>> result = RandomWalk(rng=0, episodes=None, goal={3}, graph=False,
        ...                     budget=Budget(max_nodes=1000)).run(ring.state(0))
        >>> result.status.value, result.path[-1].id
        ('solved', 3)
    """

    def __init__(
        self,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        *,
        rng: RNGLike = None,
        episodes: int | None = 1,
        goal: Goal | None = None,
        value: Callable[[Any], float] | None = None,
        graph: bool | None = None,
        budget: Budget | None = None,
    ) -> None:
        super().__init__(observers, goal=goal, value=value, graph=graph, budget=budget)
        self.rng = check_rng(rng)
        episodes = check_count("episodes", episodes, 1, optional=True)
        b = self.budget
        if (
            episodes is None
            and b.max_nodes is None
            and b.seconds is None
            and (b.max_iterations is None)
        ):
            raise InvalidArgumentError(
                "episodes=None walks until the budget ends the run, but the budget has no "
                "max_nodes, seconds or max_iterations limit"
            )
        self.episodes = episodes

    def _search(self, start: Any, ctx: RunContext) -> None:
        """Hot loop: kept in one function, as a call per node would slow the search."""
        graph, test = self._goal_test(start)
        draw = python_random(self.rng).random  # int(draw() * n) is uniform and fast
        emit, value, max_depth = ctx.emit, self.value, ctx.max_depth
        limit = self.episodes
        if ctx.max_iterations is not None and (limit is None or ctx.max_iterations < limit):
            limit = ctx.max_iterations
        best_value = -math.inf
        cut = False
        expanded = visited = duplicates = deepest = episode = 0
        checkpoint = ctx.first_checkpoint()
        state = parent = start  # the state being expanded and its parent, for the fault handler
        path = [start]
        try:
            k0 = start.key() if graph else None
            while limit is None or episode < limit:
                ctx.iterations = episode + 1
                state = start
                path = [start]
                on_path: set[Hashable] | None = {k0} if graph else None
                if emit is not None:
                    emit(Visited(start, 0, _RESTART if episode else _ENTER, None))
                visited += 1
                if test is not None and test(start, k0):
                    ctx.solved(start, path)
                    return
                while max_depth is None or len(path) <= max_depth:
                    if expanded >= checkpoint:
                        checkpoint = ctx.checkpoint(expanded)
                    expanded += 1
                    children = list(state.get_children())
                    if emit is not None:
                        emit(Expanded(state, len(path) - 1, len(children)))
                    if on_path is not None and children:
                        fresh = [c for c in children if c.key() not in on_path]
                        duplicates += len(children) - len(fresh)
                        if emit is not None:
                            for c in children:
                                if c.key() in on_path:
                                    emit(Pruned(c, len(path), "on path"))
                        children = fresh
                    if not children:
                        break
                    parent = state
                    n = len(children)
                    state = children[int(draw() * n)] if n > 1 else children[0]
                    k = None
                    if on_path is not None:
                        k = state.key()
                        if k is None:  # one comparison per step: None would merge states
                            raise missing_key(state, parent)
                        on_path.add(k)
                    path.append(state)
                    visited += 1
                    if emit is not None:
                        emit(Visited(state, len(path) - 1, _ENTER, parent))
                    if test is not None and test(state, k):
                        deepest = max(deepest, len(path) - 1)
                        ctx.solved(state, path)
                        return
                else:
                    cut = cut or not state.is_terminal()
                if len(path) - 1 > deepest:
                    deepest = len(path) - 1
                if value is None:
                    ctx.improve(state, path)
                else:
                    v = evaluate(value, state)
                    if emit is not None:
                        emit(Evaluated(state, v))
                    if v > best_value:
                        best_value = v
                        ctx.improve(state, path, v)
                episode += 1
            if limit is not None and limit != self.episodes:
                ctx.status, ctx.stop_reason = Status.BUDGET_REACHED, "max_iterations"
            elif cut:
                ctx.depth_cut()
        except FAULTS as exc:
            translate(exc, state, parent, keys=graph)
            raise
        finally:
            ctx.expanded, ctx.visited, ctx.duplicates = expanded, visited, duplicates
            ctx.max_depth_seen = max(deepest, len(path) - 1)  # an episode cut short too
