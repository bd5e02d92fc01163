"""Backtracking: depth-first, and observers see every return to a parent.

This is the search of the seed article: a stack of states with an iterator over each one's
children. It emits ``Visited(kind=ENTER)`` on entering a state and ``Visited(kind=RETURN)``
each time it comes back to it, which is what a traversal video of backtracking shows, and
``Expanded`` when it asks a state for its children (with observers attached the children are
listed at once to count them; without, they are drawn one at a time).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator
from typing import Any

from treesearch._contract import FAULTS, missing_key, translate
from treesearch._run import RunContext
from treesearch.events import Evaluated, Expanded, Pruned, Visited, VisitKind
from treesearch.search import ScoringSearch
from treesearch.values import evaluate

__all__ = ["Backtracking"]

_ENTER, _RETURN = VisitKind.ENTER, VisitKind.RETURN
_EMPTY: Iterator[Any] = iter(())


class Backtracking(ScoringSearch):
    """Depth-first backtracking over the whole tree, reporting returns to parents.

    Requires: ``get_children``; ``key`` with ``graph=True``; ``is_terminal`` with a depth limit.

    Args:
        observers: observers of every run (``Backtracking(observer)`` works).
        goal: stop at the first state entered that satisfies this predicate or whose key
            is in this collection.
        value: optional value function; every leaf is scored and the best one kept as
            ``best`` (with its path), as for an exhaustive search of final boards.
        graph: True to enter each key at most once (a DFS that shows its backtracking;
            needs keys), False for the plain tree walk (on graphs with cycles it then needs a
            budget), None (default) to use keys when the start state has one.
        budget: limits per run; ``max_depth`` stops expansion below that depth.

    Examples:
        >>> from games.dict_tree import DictTreeIterator
        >>> from treesearch.events import Visited
        >>> seen = []
        >>> def watch(event):
        ...     if isinstance(event, Visited):
        ...         seen.append(event.state.name)
        >>> _ = Backtracking(watch).run(DictTreeIterator("Root", {"a": {}, "b": {}}))
        >>> seen
        ['Root', 'a', 'Root', 'b', 'Root']
    """

    def _search(self, start: Any, ctx: RunContext) -> None:
        """Hot loop: kept in one function, as a call per node would slow the search."""
        graph, test = self._goal_test(start)
        emit, value, max_depth = ctx.emit, self.value, ctx.max_depth
        seen: set[Hashable] | None = set() if graph else None
        states: list[Any] = [start]
        iters: list[Iterator[Any]] = []
        best_value = -math.inf
        expanded = visited = duplicates = deepest = 0
        checkpoint = ctx.first_checkpoint()
        entering = True
        try:
            if seen is not None:
                seen.add(start.key())
            while states:
                state = states[-1]
                depth = len(states) - 1
                if emit is not None:
                    parent = states[-2] if depth else None
                    emit(Visited(state, depth, _ENTER if entering else _RETURN, parent))
                if entering:
                    visited += 1
                    if depth > deepest:
                        deepest = depth
                    if test is not None and test(state, state.key() if graph else None):
                        ctx.solved(state, list(states))
                        return
                    if max_depth is not None and depth >= max_depth:
                        if not state.is_terminal():
                            ctx.depth_cut()
                        iters.append(_EMPTY)
                        fresh = False
                    else:
                        if expanded >= checkpoint:
                            checkpoint = ctx.checkpoint(expanded)
                        expanded += 1
                        if emit is None:  # children drawn one at a time, as needed
                            iters.append(iter(state.get_children()))
                        else:  # observers are told how many there are
                            children = list(state.get_children())
                            emit(Expanded(state, depth, len(children)))
                            iters.append(iter(children))
                        fresh = True
                else:
                    fresh = False
                child = None
                for candidate in iters[-1]:
                    fresh = False
                    if seen is not None:
                        k = candidate.key()
                        if k in seen:
                            duplicates += 1
                            if emit is not None:
                                emit(Pruned(candidate, depth + 1, "duplicate"))
                            continue
                        if k is None:  # once per new key: None would merge keyless states
                            raise missing_key(candidate, state)
                        seen.add(k)
                    child = candidate
                    break
                if child is None:
                    if fresh and value is not None:
                        v = evaluate(value, state)
                        if emit is not None:
                            emit(Evaluated(state, v))
                        if v > best_value:
                            best_value = v
                            ctx.improve(state, list(states), v)
                    states.pop()
                    iters.pop()
                    entering = False
                else:
                    states.append(child)
                    entering = True
        except FAULTS as exc:
            if states:
                translate(exc, states[-1], states[-2] if len(states) > 1 else None, keys=graph)
            raise
        finally:
            ctx.expanded, ctx.visited, ctx.duplicates = expanded, visited, duplicates
            ctx.max_depth_seen = deepest
