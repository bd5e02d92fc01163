"""Breadth-first and depth-first traversals, as in the PyRat course.

On states with keys they are graph traversals: each key is entered once, and the result
carries ``distances`` (moves from the start) and a ``routing_table`` (parent key of each
reached key) for ``find_route``. Without keys they are tree searches that a budget bounds.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from treesearch._contract import FAULTS, missing_key, translate
from treesearch._run import RunContext
from treesearch.events import Expanded, Pruned, Visited, VisitKind
from treesearch.search import GoalSearch, GoalTest, chain_path, route_path

__all__ = ["BFS", "DFS"]

_ENTER = VisitKind.ENTER


class _Traversal(GoalSearch):
    """Shared dispatch of BFS and DFS: graph traversal with keys, tree search without."""

    def _search(self, start: Any, ctx: RunContext) -> None:
        graph, test = self._goal_test(start)
        if graph:
            self._graph(start, ctx, test)
        else:
            self._tree(start, ctx, test)

    def _graph(self, start: Any, ctx: RunContext, test: GoalTest | None) -> None:
        raise NotImplementedError

    def _tree(self, start: Any, ctx: RunContext, test: GoalTest | None) -> None:
        raise NotImplementedError


class BFS(_Traversal):
    """Breadth-first search: states in order of their number of moves from the start.

    Requires: ``get_children``; ``key`` for graph mode; ``is_terminal`` only with a depth limit.

    Args:
        observers: observers of every run.
        goal: stop at the first state satisfying this predicate, or whose key is in this
            collection; the result is then ``solved`` with ``best`` the goal. Goals are
            tested when a state is first reached, so the goal found is a shallowest one.
            A collection holds keys (what ``key()`` returns), never states: a state in
            it is refused with ``InvalidGoalError`` naming its key.
        graph: True to visit each key once (needs keys), False for a tree search, None
            (default) to use keys when the start state has one.
        budget: limits per run; ``max_depth`` stops expansion below that depth.

    With keys, ``distances`` are shortest hop counts and the routing table records the
    first discoverer of each key (children in the order the game yields them).

    Examples:
        >>> from games.dict_tree import DictTreeIterator
        >>> tree = DictTreeIterator("Root", {"a": {"b": {}}, "c": {}})
        >>> BFS(goal=lambda s: s.name == "b").run(tree).best.name
        'b'
    """

    def _graph(self, start: Any, ctx: RunContext, test: GoalTest | None) -> None:
        """Hot loop: kept in one function, as a call per node would slow the search."""
        emit = ctx.emit
        max_depth = ctx.max_depth
        dist: dict[Hashable, float] = {}
        parents: dict[Hashable, Hashable | None] = {}
        ctx.distances, ctx.routing_table = dist, parents
        expanded = duplicates = depth = 0
        state = start  # the state being expanded, for the fault handler
        try:
            k0 = start.key()
            dist[k0], parents[k0] = 0, None
            if emit is not None:
                emit(Visited(start, 0, _ENTER, None))
            if test is not None and test(start, k0):
                ctx.solved(start, [start])
                return
            checkpoint = ctx.first_checkpoint()
            frontier = [start]
            while frontier:
                if max_depth is not None and depth >= max_depth:
                    if any(not s.is_terminal() for s in frontier):
                        ctx.depth_cut()
                    return
                d1 = depth + 1
                nxt: list[Any] = []
                append = nxt.append
                for state in frontier:
                    if expanded >= checkpoint:
                        checkpoint = ctx.checkpoint(expanded)
                    expanded += 1
                    pk = state.key()
                    if emit is not None:
                        before = len(nxt) + duplicates
                    for child in state.get_children():
                        k = child.key()
                        if k in dist:
                            duplicates += 1
                            if emit is not None:
                                emit(Pruned(child, d1, "duplicate"))
                            continue
                        if k is None:  # once per new key: None would merge every keyless state
                            raise missing_key(child, state)
                        dist[k] = d1
                        parents[k] = pk
                        append(child)
                        if emit is not None:
                            emit(Visited(child, d1, _ENTER, state))
                        if test is not None and test(child, k):
                            ctx.solved(child, route_path(start, parents, k))
                            return
                    if emit is not None:
                        emit(Expanded(state, depth, len(nxt) + duplicates - before))
                frontier = nxt
                depth = d1
        except FAULTS as exc:
            translate(exc, state, keys=True)
            raise
        finally:
            ctx.expanded, ctx.duplicates = expanded, duplicates
            ctx.visited = len(dist)
            ctx.max_depth_seen = int(max(dist.values(), default=0))

    def _tree(self, start: Any, ctx: RunContext, test: GoalTest | None) -> None:
        emit = ctx.emit
        max_depth = ctx.max_depth
        ctx.visited = 1
        if emit is not None:
            emit(Visited(start, 0, _ENTER, None))
        if test is not None and test(start, None):
            ctx.solved(start, [start])
            return
        expanded = visited = depth = 0
        checkpoint = ctx.first_checkpoint()
        node: tuple[Any, Any] = (start, None)
        frontier = [node]
        try:
            while frontier:
                if max_depth is not None and depth >= max_depth:
                    if any(not s.is_terminal() for s, _ in frontier):
                        ctx.depth_cut()
                    return
                d1 = depth + 1
                nxt: list[tuple[Any, Any]] = []
                for node in frontier:
                    if expanded >= checkpoint:
                        checkpoint = ctx.checkpoint(expanded)
                    expanded += 1
                    state = node[0]
                    n = 0
                    for child in state.get_children():
                        n += 1
                        visited += 1
                        chain = (child, node)
                        nxt.append(chain)
                        if emit is not None:
                            emit(Visited(child, d1, _ENTER, state))
                        if test is not None and test(child, None):
                            ctx.max_depth_seen = d1
                            ctx.solved(child, chain_path(chain))
                            return
                    if emit is not None:
                        emit(Expanded(state, depth, n))
                frontier = nxt
                depth = d1
                if frontier:
                    ctx.max_depth_seen = depth
        except FAULTS as exc:
            translate(exc, node[0], node[1] and node[1][0])
            raise
        finally:
            ctx.expanded = expanded
            ctx.visited = visited + 1


class DFS(_Traversal):
    """Depth-first search with an explicit stack; the first child is explored first.

    Requires: ``get_children``; ``key`` for graph mode; ``is_terminal`` only with a depth limit.

    Args:
        observers: observers of every run.
        goal: stop at the first entered state satisfying this predicate or whose key is in
            this collection (not necessarily the closest one).
        graph: True to enter each key once (needs keys), False for a tree search, None
            (default) to use keys when the start state has one.
        budget: limits per run; ``max_depth`` stops expansion below that depth.

    With keys, ``distances`` are depths in the DFS tree (lengths of the routes in the routing
    table), not shortest distances; the parent of a key is the state that pushed it last.
    """

    def _graph(self, start: Any, ctx: RunContext, test: GoalTest | None) -> None:
        emit = ctx.emit
        max_depth = ctx.max_depth
        dist: dict[Hashable, float] = {}
        parents: dict[Hashable, Hashable | None] = {}
        ctx.distances, ctx.routing_table = dist, parents
        expanded = duplicates = deepest = 0
        checkpoint = ctx.first_checkpoint()
        stack: list[tuple[Any, Hashable, Hashable | None, int, Any]] = []
        pop, push = stack.pop, stack.append
        state = parent = None  # the state being expanded and its parent, for the fault handler
        try:
            push((start, start.key(), None, 0, None))
            while stack:
                state, k, pk, depth, parent = pop()
                if k in dist:
                    duplicates += 1
                    if emit is not None:
                        emit(Pruned(state, depth, "duplicate"))
                    continue
                if k is None:  # once per new key: None would merge every keyless state
                    raise missing_key(state, parent)
                dist[k] = depth
                parents[k] = pk
                if depth > deepest:
                    deepest = depth
                if emit is not None:
                    emit(Visited(state, depth, _ENTER, parent))
                if test is not None and test(state, k):
                    ctx.solved(state, route_path(start, parents, k))
                    return
                if max_depth is not None and depth >= max_depth:
                    if not state.is_terminal():
                        ctx.depth_cut()
                    continue
                if expanded >= checkpoint:
                    checkpoint = ctx.checkpoint(expanded)
                expanded += 1
                children = list(state.get_children())
                if emit is not None:
                    emit(Expanded(state, depth, len(children)))
                d1 = depth + 1
                for child in reversed(children):
                    ck = child.key()
                    if ck in dist:
                        duplicates += 1
                    else:
                        push((child, ck, k, d1, state))
        except FAULTS as exc:
            translate(exc, start if state is None else state, parent, keys=True)
            raise
        finally:
            ctx.expanded, ctx.duplicates = expanded, duplicates
            ctx.visited, ctx.max_depth_seen = len(dist), deepest

    def _tree(self, start: Any, ctx: RunContext, test: GoalTest | None) -> None:
        emit = ctx.emit
        max_depth = ctx.max_depth
        expanded = visited = deepest = 0
        checkpoint = ctx.first_checkpoint()
        chain: tuple[Any, Any] = (start, None)
        stack: list[tuple[tuple[Any, Any], int]] = [(chain, 0)]
        pop, push = stack.pop, stack.append
        try:
            while stack:
                chain, depth = pop()
                state = chain[0]
                visited += 1
                if depth > deepest:
                    deepest = depth
                if emit is not None:
                    parent = chain[1][0] if chain[1] is not None else None
                    emit(Visited(state, depth, _ENTER, parent))
                if test is not None and test(state, None):
                    ctx.solved(state, chain_path(chain))
                    return
                if max_depth is not None and depth >= max_depth:
                    if not state.is_terminal():
                        ctx.depth_cut()
                    continue
                if expanded >= checkpoint:
                    checkpoint = ctx.checkpoint(expanded)
                expanded += 1
                children = list(state.get_children())
                if emit is not None:
                    emit(Expanded(state, depth, len(children)))
                d1 = depth + 1
                for child in reversed(children):
                    push(((child, chain), d1))
        except FAULTS as exc:
            translate(exc, chain[0], chain[1] and chain[1][0])
            raise
        finally:
            ctx.expanded, ctx.visited, ctx.max_depth_seen = expanded, visited, deepest
