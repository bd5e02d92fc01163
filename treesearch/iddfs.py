"""Iterative deepening depth-first search: a shallowest goal with memory linear in depth."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any

from treesearch._contract import FAULTS, missing_key, translate
from treesearch._run import RunContext
from treesearch.events import Pruned, Visited, VisitKind
from treesearch.result import Status
from treesearch.search import GoalSearch, GoalTest, goal_test, resolve_graph

__all__ = ["IDDFS"]

_ENTER, _RESTART = VisitKind.ENTER, VisitKind.RESTART


class IDDFS(GoalSearch):
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
        graph: True to skip children whose key is on the current path (needs keys), False
            for a plain tree search (on graphs with cycles it then needs a budget), None
            (default) to check cycles when the start state has a key.
        budget: limits per run; ``max_depth`` caps the deepest round, ``max_iterations`` the
            number of rounds; ``max_nodes`` and ``seconds`` hold inside every round.
    """

    def _search(self, start: Any, ctx: RunContext) -> None:
        keyed = resolve_graph(self.graph, start, "IDDFS")
        test = goal_test(self.goal, keyed, start)
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
    keys: list[Hashable] = []
    on_path: set[Hashable] = set()
    iters: list[Iterator[Any]] = []
    cut_off = False
    kind = _RESTART if limit else _ENTER
    try:
        if keyed:
            keys.append(start.key())
            on_path.add(keys[0])
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
                    if k is None:  # once per entered state: None would merge keyless ones
                        raise missing_key(child, states[-1])
                    keys.append(k)
                    on_path.add(k)
                states.append(child)
                break
            else:
                return cut_off
    except FAULTS as exc:
        if states:
            translate(exc, states[-1], states[-2] if len(states) > 1 else None, keys=keyed)
        raise
    finally:
        counts.expanded, counts.checkpoint = expanded, checkpoint
