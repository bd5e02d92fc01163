"""Iterative deepening depth-first search: a shallowest goal with memory linear in depth."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from treesearch._run import ObserverLike, RunContext, has_keys
from treesearch.budget import Budget
from treesearch.events import Pruned, Visited, VisitKind
from treesearch.result import Status
from treesearch.search import Goal, GoalTest, TreeSearch, check_goal, goal_test

__all__ = ["IDDFS"]

_ENTER, _RESTART = VisitKind.ENTER, VisitKind.RESTART


class IDDFS(TreeSearch):
    """Depth-limited DFS with limits 0, 1, 2, ...: finds a shallowest goal.

    Memory is proportional to the depth (one child iterator per level), unlike BFS. On states
    with keys, a child whose key is already on the current path is skipped, so cycles cannot
    trap the search; transpositions elsewhere are re-explored (that is the price of O(depth)
    memory). Each round starts with a ``Visited(kind=RESTART)`` of the start state.

    Requires: ``get_children``; ``key`` for cycle checks; ``is_terminal`` to tell whether a
    round was cut off (so the search knows when the tree is exhausted).

    Args:
        observers: observers of every run.
        goal: predicate on states, or collection of keys.
        budget: limits per run; ``max_depth`` caps the deepest round, ``max_iterations`` the
            number of rounds.
    """

    def __init__(
        self,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        *,
        goal: Goal | None = None,
        budget: Budget | None = None,
    ) -> None:
        super().__init__(observers, budget=budget)
        self.goal = check_goal(goal)

    def _search(self, start: Any, ctx: RunContext) -> None:
        keyed = has_keys(start)
        test = goal_test(self.goal, keyed)
        limit = 0
        max_rounds = ctx.max_iterations
        counts = _Counts(ctx.first_checkpoint())
        try:
            while True:
                if max_rounds is not None and limit >= max_rounds:
                    ctx.status, ctx.stop_reason = Status.BUDGET_REACHED, "max_iterations"
                    return
                ctx.iterations = limit + 1
                cut_off = _round(start, ctx, counts, test, limit, keyed)
                if ctx.status is Status.SOLVED or not cut_off:
                    return
                if ctx.max_depth is not None and limit >= ctx.max_depth:
                    ctx.depth_cut()
                    return
                limit += 1
        finally:
            ctx.expanded, ctx.visited = counts.expanded, counts.visited
            ctx.duplicates = counts.duplicates


class _Counts:
    """Counters carried across deepening rounds."""

    __slots__ = ("checkpoint", "duplicates", "expanded", "visited")

    def __init__(self, checkpoint: int) -> None:
        self.checkpoint = checkpoint
        self.expanded = self.visited = self.duplicates = 0


def _round(
    start: Any, ctx: RunContext, counts: _Counts, test: GoalTest | None, limit: int, keyed: bool
) -> bool:
    """One depth-limited DFS; returns True when some state at ``limit`` was cut off."""
    emit = ctx.emit
    expanded, checkpoint = counts.expanded, counts.checkpoint
    states: list[Any] = [start]
    keys: list[Hashable] = [start.key()] if keyed else []
    on_path: set[Hashable] = set(keys)
    iters: list[Iterator[Any]] = []
    cut_off = False
    kind = _RESTART if limit else _ENTER
    try:
        while True:
            # Enter states[-1].
            state = states[-1]
            depth = len(states) - 1
            counts.visited += 1
            if depth > ctx.max_depth_seen:
                ctx.max_depth_seen = depth
            if emit is not None:
                emit(Visited(state, depth, kind, states[-2] if depth else None))
            kind = _ENTER
            if test is not None and test(state, keys[-1] if keyed else None):
                ctx.solved(state, list(states))
                return False
            if depth >= limit:
                if not cut_off and not state.is_terminal():
                    cut_off = True
                iters.append(iter(()))
            else:
                if expanded >= checkpoint:
                    checkpoint = ctx.checkpoint(expanded)
                expanded += 1
                iters.append(iter(state.get_children()))
            # Find the next state to enter, backing up as needed.
            while iters:
                child = next(iters[-1], None)
                if child is None:
                    iters.pop()
                    states.pop()
                    if keyed:
                        on_path.discard(keys.pop())
                    continue
                if keyed:
                    k = child.key()
                    if k in on_path:
                        counts.duplicates += 1
                        if emit is not None:
                            emit(Pruned(child, len(states), "cycle"))
                        continue
                    keys.append(k)
                    on_path.add(k)
                states.append(child)
                break
            else:
                return cut_off
    finally:
        counts.expanded, counts.checkpoint = expanded, checkpoint
