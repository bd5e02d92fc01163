"""Beam search: breadth-first, level by level, keeping only the best ``width`` states.

Each level's children, across the whole level, are scored by a value function (larger is
better) and the ``width`` best survive; ties keep generation order, and the survivors stay in
generation order, so ``width=None`` (unbounded) is a level-order BFS and ``width=1`` a greedy
descent. Survivors keep a link to their parent, so paths cost nothing to rebuild.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

from treesearch._contract import FAULTS, missing_key, translate
from treesearch._run import ObserverLike, RunContext
from treesearch.arguments import check_count
from treesearch.budget import Budget
from treesearch.errors import InvalidArgumentError
from treesearch.events import Evaluated, Expanded, Pruned, Visited, VisitKind
from treesearch.result import Status
from treesearch.search import Goal, GoalSearch, chain_path
from treesearch.values import evaluate

__all__ = ["BeamSearch"]

_ENTER = VisitKind.ENTER
_Chain = tuple[Any, Any]
"""A state and its parent's chain (None at the start)."""


class BeamSearch(GoalSearch):
    """Level-by-level search that keeps the ``width`` best states of each level.

    The answer is the best terminal state found (by value) with its path; when a budget,
    a depth limit or an observer ends the run first, or no terminal was found, it is the
    best state kept so far. ``value`` is the answer's value.

    Requires: ``get_children``; ``key`` for graph mode; ``is_terminal`` only at a depth limit
    (otherwise a state is terminal when it has no children).

    Args:
        observers: observers of every run.
        width: states kept per level, an int >= 1; None keeps every state (BFS order).
        value: ``value(state) -> float``, larger is better (NaN raises InvalidValueError).
        goal: stop at the first generated state satisfying this predicate or whose key is
            in this collection (tested before the beam drops anything).
        graph: True to generate each key at most once over the whole run (needs keys),
            False for a tree search, None (default) to use keys when the start has one.
        budget: limits per run; ``max_depth`` is the number of levels.

    Events: ``Expanded`` for each state of a level, ``Evaluated`` for every scored child,
    then in generation order ``Visited`` for each survivor and ``Pruned("beam")`` for each
    dropped child; ``Pruned("duplicate")`` for children whose key was already generated;
    ``SolutionImproved`` for each better terminal state and for a goal.

    Examples:
        >>> from games.dict_tree import DictTreeIterator
        >>> tree = DictTreeIterator("r", {"a": {"aa": {}}, "bb": {"b": {}, "bbbb": {}}})
        >>> result = BeamSearch(width=1, value=lambda s: len(s.name)).run(tree)
        >>> [s.name for s in result.path], result.value
        (['r', 'bb', 'bbbb'], 4.0)
    """

    def __init__(
        self,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        *,
        width: int | None,
        value: Callable[[Any], float],
        goal: Goal | None = None,
        graph: bool | None = None,
        budget: Budget | None = None,
    ) -> None:
        super().__init__(observers, goal=goal, graph=graph, budget=budget)
        width = check_count("width", width, 1, optional=True)
        if not callable(value):
            raise InvalidArgumentError(
                f"value must be a callable state -> number (larger is better), got {value!r}"
            )
        self.width = width
        self.value = value

    def _search(self, start: Any, ctx: RunContext) -> None:
        """Hot loop: kept in one function, as a call per node would slow the search."""
        keyed, test = self._goal_test(start)
        emit, max_depth, width, value = ctx.emit, ctx.max_depth, self.width, self.value
        seen: set[Hashable] = set()
        root: _Chain = (start, None)
        top, top_chain = -math.inf, root  # the best state kept so far
        best_end = -math.inf  # value of the best terminal state found
        expanded = duplicates = depth = 0
        visited = 1
        stopped = True  # until the beam runs out
        cut = False
        checkpoint = ctx.first_checkpoint()
        beam: list[tuple[_Chain, float]] = [(root, top)]
        try:
            k0 = start.key() if keyed else None
            seen.add(k0)
            v0 = top = evaluate(value, start)
            beam = [(root, v0)]
            if emit is not None:
                emit(Evaluated(start, v0))
                emit(Visited(start, 0, _ENTER, None))
            if test is not None and test(start, k0):
                ctx.solved(start, [start], v0)
                return
            while beam:
                if max_depth is not None and depth >= max_depth:
                    for node, v in beam:
                        if not node[0].is_terminal():
                            cut = True
                        elif v > best_end:
                            best_end = v
                            ctx.improve(node[0], chain_path(node), v)
                    break
                d1 = depth + 1
                children: list[_Chain] = []
                append = children.append
                for node, v in beam:
                    if expanded >= checkpoint:
                        checkpoint = ctx.checkpoint(expanded)
                    expanded += 1
                    state = node[0]
                    m = 0
                    for child in state.get_children():
                        m += 1
                        k = None
                        if keyed:
                            k = child.key()
                            if k in seen:
                                duplicates += 1
                                if emit is not None:
                                    emit(Pruned(child, d1, "duplicate"))
                                continue
                            if k is None:  # once per new key: None would merge keyless states
                                raise missing_key(child, state)
                            seen.add(k)
                        chain = (child, node)
                        if test is not None and test(child, k):
                            g = evaluate(value, child)
                            visited += 1
                            ctx.max_depth_seen = d1
                            if emit is not None:
                                emit(Evaluated(child, g))
                                emit(Visited(child, d1, _ENTER, state))
                            ctx.solved(child, chain_path(chain), g)
                            return
                        append(chain)
                    if emit is not None:
                        emit(Expanded(state, depth, m))
                    if m == 0 and v > best_end:
                        best_end = v
                        ctx.improve(state, chain_path(node), v)
                scores = [evaluate(value, chain[0]) for chain in children]
                if emit is not None:
                    for chain, s in zip(children, scores, strict=True):
                        emit(Evaluated(chain[0], s))
                keep: Sequence[int] = range(len(children))
                if width is not None and len(children) > width:
                    keep = sorted(heapq.nlargest(width, keep, key=scores.__getitem__))
                beam = [(children[i], scores[i]) for i in keep]
                for chain, s in beam:
                    if s > top:
                        top, top_chain = s, chain
                visited += len(beam)
                depth = d1
                if beam:
                    ctx.max_depth_seen = d1
                if emit is not None:
                    kept = set(keep)
                    for i, chain in enumerate(children):
                        if i in kept:
                            emit(Visited(chain[0], d1, _ENTER, chain[1][0]))
                        else:
                            emit(Pruned(chain[0], d1, "beam"))
            stopped = cut
            if cut:
                ctx.depth_cut()
        except FAULTS as exc:
            for node, _ in beam:  # the fault may come from any state of the level
                translate(exc, node[0], node[1] and node[1][0], keys=keyed)
            raise
        finally:
            ctx.expanded, ctx.visited, ctx.duplicates = expanded, visited, duplicates
            if ctx.status is not Status.SOLVED and (stopped or ctx.best is None):
                ctx.best, ctx.path, ctx.value = top_chain[0], chain_path(top_chain), top
