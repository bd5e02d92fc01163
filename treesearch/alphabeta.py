"""Depth-limited minimax with alpha-beta pruning, chance nodes and a transposition table.

Values are computed from player 0's point of view (player 0 maximises, player 1 minimises,
chance nodes average their outcomes: expectiminimax); the result reports them from the point
of view of the player to move at the start. Requires a two-player zero-sum game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

from treesearch._run import BudgetReached, ObserverLike, RunContext, has_keys
from treesearch.budget import Budget
from treesearch.errors import InvalidArgumentError, StopSearch
from treesearch.events import Evaluated, Pruned, Visited, VisitKind
from treesearch.result import Status
from treesearch.search import TreeSearch
from treesearch.values import CHANCE, evaluate, player_of, returns_of

__all__ = ["AlphaBeta"]

_EXACT, _LOWER, _UPPER = 0, 1, 2
Ordering = Callable[[Sequence[Any]], Sequence[Any]]


class AlphaBeta(TreeSearch):
    """Minimax with alpha-beta pruning; iterative deepening when given time or depth.

    Requires: ``get_children``, ``player()`` (0, 1, or ``CHANCE``), ``returns()`` at terminal
    states; ``chance_outcomes()`` at chance states; ``key()`` for the transposition table.

    Args:
        observers: observers of every run.
        depth: search depth in plies; None searches to the end of the game (or deepens until
            the budget runs out when it has ``seconds`` or ``max_nodes``).
        value: cut-off evaluation for non-terminal states at the depth limit, a number from
            the point of view of player ``perspective``. Needed whenever the search can stop
            above the terminal states.
        perspective: the player whose point of view ``value`` takes (default 0).
        ordering: reorders a state's children before they are searched (good moves first
            make more cut-offs); the previous deepening round's best move is always tried
            first at the root.
        transposition: keep a table keyed by ``key()`` (None: when the states have keys).
        pruning: False gives plain minimax (same answer, more nodes), for comparison.
        budget: ``seconds`` or ``max_nodes`` end iterative deepening; the move of the last
            completed depth is returned.

    The result's ``best`` is the chosen child, ``value`` its minimax value for the player to
    move at the start, ``path`` the principal variation, and ``info["depth"]`` the last
    completed depth.
    """

    def __init__(
        self,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        *,
        depth: int | None = None,
        value: Callable[[Any], float] | None = None,
        perspective: int = 0,
        ordering: Ordering | None = None,
        transposition: bool | None = None,
        pruning: bool = True,
        budget: Budget | None = None,
    ) -> None:
        super().__init__(observers, budget=budget)
        if depth is not None and (
            isinstance(depth, bool) or not isinstance(depth, int) or depth < 1
        ):
            raise InvalidArgumentError(f"depth must be an int >= 1 or None, got {depth!r}")
        if value is not None and not callable(value):
            raise InvalidArgumentError(f"value must be callable, got {value!r}")
        if ordering is not None and not callable(ordering):
            raise InvalidArgumentError(f"ordering must be callable, got {ordering!r}")
        if perspective not in (0, 1):
            raise InvalidArgumentError(f"perspective must be player 0 or 1, got {perspective!r}")
        self.depth, self.value, self.perspective = depth, value, perspective
        self.ordering, self.transposition, self.pruning = ordering, transposition, pruning

    def _search(self, start: Any, ctx: RunContext) -> None:
        root_player = player_of(start)
        if root_player == CHANCE:
            raise InvalidArgumentError(f"the start {start!r} is a chance state: nothing to choose")
        use_tt = has_keys(start) if self.transposition is None else self.transposition
        run = _Run(self, ctx, use_tt)
        children = list(start.get_children())
        run.expanded = 1
        if not children:
            ctx.best, ctx.path = None, [start]
            ctx.value = returns_of(start)[root_player]
            return
        # Without a cut-off evaluation only full-depth rounds are possible.
        deadline_driven = self.depth is None and self.value is not None and (
            ctx.budget.seconds is not None or ctx.max_nodes is not None
        )
        limits: Iterable[int] = (
            range(1, (self.depth or 0) + 1) if self.depth is not None
            else _count_from(1) if deadline_driven else (10**9,)
        )
        sign = 1.0 if root_player == 0 else -1.0
        best_first: Any = None
        try:
            for limit in limits:
                ctx.iterations += 1
                best, best_value = run.root(start, children, limit, best_first)
                best_first = best
                ctx.best, ctx.value = best, sign * best_value
                ctx.path = run.principal_variation(start, best)
                ctx.info["depth"] = min(limit, run.deepest)
                if not run.cut_off:
                    break  # the whole game tree fitted: deeper rounds would change nothing
        except BudgetReached as exc:
            if ctx.best is None:
                _partial_answer(ctx, run, start, sign)
                raise
            ctx.status, ctx.stop_reason = Status.BUDGET_REACHED, str(exc.args[0])
        except (StopSearch, KeyboardInterrupt):
            if ctx.best is None:
                _partial_answer(ctx, run, start, sign)
            raise
        finally:
            ctx.expanded, ctx.visited = run.expanded, run.visited
            ctx.max_depth_seen = run.deepest


def _partial_answer(ctx: RunContext, run: _Run, start: Any, sign: float) -> None:
    """Stopped inside the first round: answer its best fully searched root child, if any."""
    if run.partial is not None:
        best, value = run.partial
        ctx.best, ctx.value, ctx.path = best, sign * value, [start, best]
        ctx.info["depth"] = 0


def _count_from(n: int) -> Iterable[int]:
    while True:
        yield n
        n += 1


class _Run:
    """The recursive search of one run (keeps counters and the table off the search object)."""

    def __init__(self, search: AlphaBeta, ctx: RunContext, use_tt: bool) -> None:
        self.ctx, self.emit = ctx, ctx.emit
        self.value, self.ordering, self.pruning = search.value, search.ordering, search.pruning
        self.flip = search.perspective == 1
        self.table: dict[tuple[Hashable, int], tuple[int, float, bool]] | None = (
            {} if use_tt else None
        )
        self.best_child: dict[Hashable, Any] = {}
        self.expanded = self.visited = self.deepest = 0
        self.checkpoint = ctx.first_checkpoint()
        self.cut_off = False
        self.partial: tuple[Any, float] | None = None  # best root child of the round so far

    def root(self, start: Any, children: list[Any], limit: int, first: Any) -> tuple[Any, float]:
        """Search one depth; return the best child and its value (player 0's view)."""
        self.cut_off = False
        self.partial = None
        maximise = player_of(start) == 0
        if first is not None:
            children = [first] + [c for c in children if c is not first]
        elif self.ordering is not None:
            children = list(self.ordering(children))
        self.visited += 1
        if self.emit is not None:
            self.emit(Visited(start, 0, VisitKind.RESTART if first else VisitKind.ENTER))
        alpha, beta = -math.inf, math.inf
        best, best_value = children[0], -math.inf if maximise else math.inf
        for child in children:
            v = self.search(child, 1, limit, alpha, beta, start)
            if (v > best_value) if maximise else (v < best_value):
                best, best_value = child, v
                self.partial = (best, best_value)
            if self.pruning:
                if maximise:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
        return best, best_value

    def search(self, state: Any, depth: int, limit: int, alpha: float, beta: float,
               parent: Any) -> float:
        """Minimax value of ``state`` from player 0's view, within (alpha, beta)."""
        self.visited += 1
        if depth > self.deepest:
            self.deepest = depth
        emit = self.emit
        if emit is not None:
            emit(Visited(state, depth, VisitKind.ENTER, parent))
        table = self.table
        remaining = limit - depth
        if table is not None:
            key = state.key()
            entry = table.get((key, remaining))
            if entry is not None:
                flag, v, cut = entry
                if cut:
                    self.cut_off = True
                if flag == _EXACT or (flag == _LOWER and v >= beta) or (
                    flag == _UPPER and v <= alpha
                ):
                    return v
        if self.expanded >= self.checkpoint:
            self.checkpoint = self.ctx.checkpoint(self.expanded)
        self.expanded += 1
        children = list(state.get_children())
        if not children:  # the contract was checked at the start: trust it per node
            return float(state.returns()[0])
        player = state.player()
        if remaining <= 0:
            self.cut_off = True
            if self.value is None:
                raise InvalidArgumentError(
                    "AlphaBeta reached its depth limit above the end of the game but has no "
                    "value= function to evaluate the position"
                )
            v = evaluate(self.value, state)
            if emit is not None:
                emit(Evaluated(state, v))
            return -v if self.flip else v
        if player == CHANCE:
            return float(sum(
                p * self.search(c, depth + 1, limit, -math.inf, math.inf, state)
                for c, p in state.chance_outcomes()
            ))
        if self.ordering is not None:
            children = list(self.ordering(children))
        if table is not None:
            hint = self.best_child.get(key)
            if hint is not None:
                for i, c in enumerate(children):
                    if c.key() == hint:
                        children.insert(0, children.pop(i))
                        break
        a0, b0, cut_before = alpha, beta, self.cut_off
        self.cut_off = False
        maximise = player == 0
        best_value = -math.inf if maximise else math.inf
        best: Any = None
        for i, child in enumerate(children):
            v = self.search(child, depth + 1, limit, alpha, beta, state)
            if maximise:
                if v > best_value:
                    best_value, best = v, child
                if self.pruning and v > alpha:
                    alpha = v
            else:
                if v < best_value:
                    best_value, best = v, child
                if self.pruning and v < beta:
                    beta = v
            if self.pruning and alpha >= beta:
                if emit is not None:
                    for skipped in children[i + 1 :]:
                        emit(Pruned(skipped, depth + 1, "alpha-beta cut-off"))
                break
        if table is not None:
            flag = _UPPER if best_value <= a0 else _LOWER if best_value >= b0 else _EXACT
            table[(key, remaining)] = (flag, best_value, self.cut_off)
            if best is not None:
                self.best_child[key] = best.key()
        self.cut_off = self.cut_off or cut_before
        return best_value

    def principal_variation(self, start: Any, best: Any) -> list[Any]:
        """The start, the chosen child, and the table's best replies after it."""
        path = [start, best]
        if self.table is None:
            return path
        state, seen = best, {start.key()}
        while (k := state.key()) not in seen and k in self.best_child:
            seen.add(k)
            hint = self.best_child[k]
            state = next((c for c in state.get_children() if c.key() == hint), None)
            if state is None:
                break
            path.append(state)
        return path
