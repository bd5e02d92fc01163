"""Best-first searches over one ``heapq`` frontier: Dijkstra, A* and greedy best-first.

The priority is the cost ``g`` from the start (Dijkstra), ``g + h`` with a heuristic estimate
``h`` of the cost still to pay (A*), or ``h`` alone (greedy); ties go to the state pushed
first, so states are never compared. With keys, a key is pushed again when a cheaper route to
it appears and outdated entries are skipped (counted as duplicates) when popped. Goals are
tested when a state is popped, so Dijkstra and admissible A* stop with a cheapest route.

References: Dijkstra, "A note on two problems in connexion with graphs" (1959); Hart, Nilsson
and Raphael, "A formal basis for the heuristic determination of minimum cost paths" (1968).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from treesearch._contract import FAULTS, bad_step_cost, missing_key, translate
from treesearch._run import BudgetReached, ObserverLike, RunContext
from treesearch.budget import Budget
from treesearch.errors import InvalidArgumentError, StopSearch
from treesearch.events import Expanded, Pruned, Visited, VisitKind
from treesearch.search import Goal, GoalSearch, chain_path, route_path
from treesearch.values import evaluate

__all__ = ["AStar", "Dijkstra", "GreedyBestFirst"]

_ENTER = VisitKind.ENTER
_STOPS = (BudgetReached, StopSearch, KeyboardInterrupt)


class _BestFirst(GoalSearch):
    """The shared loop; subclasses choose the priority."""

    _greedy = False
    heuristic: Callable[[Any], float] | None = None

    def _search(self, start: Any, ctx: RunContext) -> None:
        """Hot loop: kept in one function, as a call per node would slow the search."""
        keyed, test = self._goal_test(start)
        emit, max_depth = ctx.emit, ctx.max_depth
        heuristic, greedy = self.heuristic, self._greedy
        push, pop = heapq.heappush, heapq.heappop
        best: dict[Hashable, Any] = {}  # cheapest cost pushed per key
        dist: dict[Hashable, Any] = {}  # cost of each settled (popped) key
        parents: dict[Hashable, Hashable | None] = {}
        k0 = None
        if keyed:
            ctx.distances, ctx.routing_table = dist, parents
        # Entries: (f, tie, g, h, depth, state, key, parent key, up); ``up`` is the parent
        # state with keys, and the parent's ``(state, up)`` chain without.
        heap: list[tuple[Any, ...]] = []
        n = expanded = visited = duplicates = deepest = 0
        cut = False
        lowest: tuple[Any, ...] | None = None  # settled entry with the lowest h
        checkpoint = ctx.first_checkpoint()
        state, up = start, None  # the state being expanded and its link, for the fault handler
        try:
            if keyed:
                k0 = start.key()
                best[k0] = 0
            h0 = 0.0 if heuristic is None else evaluate(heuristic, start)
            heap.append((h0, 0, 0, h0, 0, start, k0, None, None))
            while heap:
                entry = pop(heap)
                _, _, g, h, depth, state, k, pk, up = entry
                if keyed:
                    if g > best[k]:  # outdated: a cheaper route to k was pushed since
                        duplicates += 1
                        if emit is not None:
                            emit(Pruned(state, depth, "duplicate"))
                        continue
                    dist[k] = g
                    parents[k] = pk
                visited += 1
                if depth > deepest:
                    deepest = depth
                if emit is not None:
                    emit(Visited(state, depth, _ENTER, up if keyed or up is None else up[0]))
                if test is not None and test(state, k):
                    path = route_path(start, parents, k) if keyed else chain_path((state, up))
                    ctx.solved(state, path, g)
                    return
                if heuristic is not None and (lowest is None or h < lowest[3]):
                    lowest = entry
                if max_depth is not None and depth >= max_depth:
                    cut = cut or not state.is_terminal()
                    continue
                if expanded >= checkpoint:
                    checkpoint = ctx.checkpoint(expanded)
                expanded += 1
                cost = state.step_cost
                link = state if keyed else (state, up)
                d1 = depth + 1
                before = n + duplicates
                for child in state.get_children():
                    c = cost(child)
                    try:
                        ok = c >= 0
                    except TypeError:
                        ok = False
                    if not ok:
                        raise bad_step_cost(state, child, c)
                    g1 = g + c
                    ck = None
                    if keyed:
                        ck = child.key()
                        old = best.get(ck)
                        if old is not None and (greedy or g1 >= old):
                            duplicates += 1
                            if emit is not None:
                                emit(Pruned(child, d1, "duplicate"))
                            continue
                        if ck is None:  # once per push: None would merge every keyless state
                            raise missing_key(child, state)
                        best[ck] = g1
                    if heuristic is None:
                        h1, f = 0.0, g1
                    else:
                        h1 = evaluate(heuristic, child)
                        f = h1 if greedy else g1 + h1
                    n += 1
                    push(heap, (f, n, g1, h1, d1, child, ck, k, link))
                if emit is not None:
                    emit(Expanded(state, depth, n + duplicates - before))
            if cut:
                ctx.depth_cut()
                _keep_lowest(start, ctx, lowest, parents if keyed else None)
        except _STOPS:
            _keep_lowest(start, ctx, lowest, parents if keyed else None)
            raise
        except FAULTS as exc:
            translate(exc, state, up if keyed or up is None else up[0], keys=keyed, costs=True)
            raise
        finally:
            ctx.expanded, ctx.visited, ctx.duplicates = expanded, visited, duplicates
            ctx.max_depth_seen = deepest


def _keep_lowest(start: Any, ctx: RunContext, lowest: Any, parents: Any) -> None:
    """A run cut short: answer the popped state that looked closest to a goal (if any)."""
    if lowest is not None:
        _, _, g, _, _, state, k, _, up = lowest
        ctx.best, ctx.value = state, g
        ctx.path = chain_path((state, up)) if parents is None else route_path(start, parents, k)


class Dijkstra(_BestFirst):
    """Uniform-cost search: states in order of their cost from the start.

    Requires: ``get_children``, ``step_cost`` (numbers >= 0, else ``InvalidValueError``);
    ``key`` for graph mode; ``is_terminal`` only with a depth limit.

    Args:
        observers: observers of every run.
        goal: stop at the first popped state satisfying this predicate, or whose key is in
            this collection: a cheapest goal. ``best`` is the goal, ``path`` the states to it
            and ``value`` its cost.
        graph: True to settle each key once (needs keys), False for a tree search, None
            (default) to use keys when the start state has one.
        budget: limits per run; ``max_depth`` (in moves) stops expansion below that depth.

    With keys, ``distances`` holds the cost of every settled key (int when the step costs
    are ints) and the routing table the previous key on a cheapest route. Events:
    ``Visited`` when a state is popped, ``Expanded``, ``Pruned("duplicate")`` for states
    whose key already has a route at least as cheap, ``SolutionImproved`` at the goal.

    Examples:
        >>> from games.graph import Graph
        >>> g = Graph({0: {1: 4, 2: 1}, 1: {3: 1}, 2: {1: 1}, 3: {}})
        >>> result = Dijkstra(goal={3}).run(g.state(0))
        >>> result.value, result.find_route(3)
        (3, [0, 2, 1, 3])
    """


class _Informed(_BestFirst):
    """A* and greedy: a best-first search that also needs a heuristic."""

    def __init__(
        self,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        *,
        heuristic: Callable[[Any], float] | None = None,
        goal: Goal | None = None,
        graph: bool | None = None,
        budget: Budget | None = None,
    ) -> None:
        super().__init__(observers, goal=goal, graph=graph, budget=budget)
        name = type(self).__name__
        if heuristic is None:
            # No silent default of h = 0: that is Dijkstra, and a forgotten heuristic would
            # then only show up as a slow search.
            raise InvalidArgumentError(
                f"{name} needs heuristic=h, a callable state -> estimated cost to a goal "
                f"(0 at a goal), e.g. {name}(heuristic=manhattan); got None. Without a "
                "heuristic use Dijkstra"
            )
        if not callable(heuristic):
            raise InvalidArgumentError(
                f"{name}: heuristic must be a callable state -> estimated cost to a goal, "
                f"got {heuristic!r}"
            )
        self.heuristic = heuristic


class AStar(_Informed):
    """A*: states in order of ``g + h``, cost so far plus estimated cost to a goal.

    With an admissible heuristic (never above the true cost to the nearest goal) the goal
    found is a cheapest one. With a consistent heuristic each key is settled once; with an
    admissible but inconsistent one a key is reopened when a cheaper route to it appears.

    Requires: ``get_children``, ``step_cost`` (numbers >= 0); ``key`` for graph mode;
    ``is_terminal`` only with a depth limit.

    Args:
        observers, goal, graph: as for ``Dijkstra``.
        heuristic: ``h(state) -> float``, an estimate of the cost from ``state`` to a goal
            (NaN or a non-number raises ``InvalidValueError``).
        budget: limits per run. When a limit ends the run before a goal, ``best`` is the
            popped state with the lowest heuristic, ``value`` its cost.

    Examples:
        >>> from games.graph import Graph
        >>> g = Graph.grid(4, 4)  # cells 0..15, row * 4 + col
        >>> def manhattan(s):
        ...     return abs(s.id // 4 - 3) + abs(s.id % 4 - 3)
        >>> result = AStar(heuristic=manhattan, goal={15}).run(g.state(0))
        >>> result.value, [s.id for s in result.path]
        (6, [0, 1, 2, 3, 7, 11, 15])
    """


class GreedyBestFirst(_Informed):
    """Greedy best-first search: always expand the state whose heuristic is lowest.

    Fast towards a goal but not optimal: ``value`` is the cost of the route found. With keys
    each key is pushed once, when first generated, so ``distances`` are costs along the
    routes found, not shortest ones. Arguments, requirements and budgets as for ``AStar``,
    except that ``heuristic`` alone orders the frontier.

    Examples:
        >>> from games.graph import Graph
        >>> g = Graph({0: [1, 2], 1: [3], 2: [3], 3: []})
        >>> h = {0: 2, 1: 5, 2: 1, 3: 0}
        >>> result = GreedyBestFirst(heuristic=lambda s: h[s.id], goal={3}).run(g.state(0))
        >>> result.find_route(3)
        [0, 2, 3]
    """

    _greedy = True
