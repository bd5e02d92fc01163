"""Iterative deepening depth-first search: a shallowest goal with memory linear in depth."""

from __future__ import annotations

import math
import sys
from collections.abc import Hashable, Iterator
from typing import Any

from treesearch._contract import FAULTS, missing_key, translate
from treesearch._run import RunContext
from treesearch.events import Pruned, Visited, VisitKind
from treesearch.result import Status
from treesearch.search import GoalSearch, GoalTest

__all__ = ["IDDFS"]

_ENTER, _RESTART = VisitKind.ENTER, VisitKind.RESTART


class IDDFS(GoalSearch):
    """Depth-limited DFS with growing limits 0, 1, 2, ...: finds a shallowest goal.

    Where the tree is narrow (deeper than 16 plies, the work of a round growing by less than
    half per ply, as on a long chain) a round may deepen by several plies, enough to about
    double the work, so a chain d deep costs O(d) rather than O(d^2); see ``_Deepening``.
    Such a round still returns a shallowest goal.

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
            number of rounds (a round abandoned for outgrowing its share counts too);
            ``max_nodes`` and ``seconds`` hold inside every round.
    """

    def _search(self, start: Any, ctx: RunContext) -> None:
        keyed, test = self._goal_test(start)
        max_rounds, max_depth = ctx.max_iterations, ctx.max_depth
        counts = _Counts(ctx.first_checkpoint())
        deepening = _Deepening()
        try:
            while True:
                if max_rounds is not None and ctx.iterations >= max_rounds:
                    ctx.status, ctx.stop_reason = Status.BUDGET_REACHED, "max_iterations"
                    return
                ctx.iterations += 1
                limit, before = deepening.limit, counts.expanded
                try:
                    cut_off = _round(start, ctx, counts, test, deepening, keyed)
                except _Abandoned:
                    deepening.abandoned()
                    continue
                if ctx.status is Status.SOLVED or not cut_off:
                    return
                if max_depth is not None and limit >= max_depth:
                    ctx.depth_cut()
                    return
                deepening.completed(counts.expanded - before, max_depth)
        finally:
            ctx.expanded, ctx.visited = counts.expanded, counts.visited
            ctx.duplicates = counts.duplicates


class _Abandoned(Exception):  # noqa: N818 - internal control flow
    """Internal: a round that deepened by several plies outgrew its share of work."""


class _Deepening:
    """The depth limit of each round: one ply deeper, or several where the tree is narrow.

    Plain IDDFS deepens one ply a round, which costs O(d^2) on a chain d deep (a 100,000-move
    chain took an hour). Once rounds are deeper than ``JUMP_FROM`` and the work of a round
    grows by less than half per ply, the next round goes as many plies deeper as should
    double the work (at most twice as deep), so a chain costs O(d). Such a round is abandoned
    past ``JUMP_WORK`` times the last round's expansions (the tree widened: the round is
    searched again one ply deeper, and later jumps are halved), so a tree that suddenly
    widens costs a bounded factor more, never an explosion. A round deeper by several plies
    still finds a shallowest goal: every state above ``shallowest`` was tested by the rounds
    before, and a deeper goal found first only lowers the round's limit (``_round``).
    """

    JUMP_FROM = 16
    JUMP_WORK = 4

    __slots__ = ("abandon", "cap", "done", "last", "limit")

    def __init__(self) -> None:
        self.limit = 0  # the depth limit of the next round
        self.done = -1  # the deepest limit searched in full
        self.last = 0  # expansions of the last completed round
        self.cap = sys.maxsize  # the largest jump allowed (halved by an abandoned round)
        self.abandon: int | None = None  # expansions past which the next round is abandoned

    @property
    def shallowest(self) -> int:
        """The depth of the shallowest goal the next round may find (none is above it)."""
        return self.done + 1

    def completed(self, work: int, max_depth: int | None) -> None:
        """Set the next limit after a round of ``work`` expansions searched in full."""
        plies = self.limit - self.done
        step = 1
        if self.limit >= self.JUMP_FROM and self.last > 0:
            growth = (work / self.last) ** (1 / plies)  # work ratio per ply
            if growth < 1.5:
                step = self.limit if growth <= 1 else int(math.log(2) / math.log(growth))
                step = max(1, min(step, self.limit, self.cap))
        if step > 1 and plies > 1:
            self.cap = min(sys.maxsize, self.cap * 2)  # the last jump went well
        self.done, self.last = self.limit, work
        self.limit += step
        if max_depth is not None and self.limit > max_depth:
            self.limit = max_depth
        self.abandon = self.JUMP_WORK * max(work, 1) if self.limit > self.done + 1 else None

    def abandoned(self) -> None:
        """The last round jumped too deep: search one ply deeper, and jump half as far."""
        self.cap = max(1, (self.limit - self.done) // 2)
        self.limit, self.abandon = self.done + 1, None


class _Counts:
    """Counters carried across deepening rounds."""

    __slots__ = ("checkpoint", "duplicates", "expanded", "visited")

    def __init__(self, checkpoint: int) -> None:
        self.checkpoint = checkpoint
        self.expanded = self.visited = self.duplicates = 0


def _round(
    start: Any,
    ctx: RunContext,
    counts: _Counts,
    test: GoalTest | None,
    deepening: _Deepening,
    keyed: bool,
) -> bool:
    """One depth-limited DFS; returns True when some state at the limit was cut off.

    A goal deeper than ``deepening.shallowest`` (in a round that deepened by several plies)
    is kept as the best so far and the rest of the round searches only above it; the round
    then ends solved with the shallowest goal it found.

    Hot loop: kept in one function, as a call per node would slow the search.
    """
    emit = ctx.emit
    limit, shallowest = deepening.limit, deepening.shallowest
    expanded, checkpoint = counts.expanded, counts.checkpoint
    abandon = None if deepening.abandon is None else expanded + deepening.abandon
    stop = checkpoint if abandon is None else min(checkpoint, abandon)
    states: list[Any] = [start]
    keys: list[Hashable] = []
    on_path: set[Hashable] = set()
    iters: list[Iterator[Any]] = []
    cut_off = found = False
    kind = _RESTART if ctx.iterations > 1 else _ENTER
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
            if test is not None and test(state, keys[-1] if keyed else None) and depth <= limit:
                if depth <= shallowest:
                    ctx.solved(state, list(states))
                    return False
                ctx.improve(state, list(states))  # a goal; a shallower one may still come
                found, limit = True, depth - 1
                iters.append(iter(()))
            elif depth >= limit:
                if not cut_off and not state.is_terminal():
                    cut_off = True
                iters.append(iter(()))
            else:
                if expanded >= stop:
                    if abandon is not None and expanded >= abandon:
                        raise _Abandoned
                    checkpoint = ctx.checkpoint(expanded)
                    stop = checkpoint if abandon is None else min(checkpoint, abandon)
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
                if found:
                    ctx.status = Status.SOLVED
                    return False
                return cut_off
    except FAULTS as exc:
        if states:
            translate(exc, states[-1], states[-2] if len(states) > 1 else None, keys=keyed)
        raise
    finally:
        counts.expanded, counts.checkpoint = expanded, checkpoint
