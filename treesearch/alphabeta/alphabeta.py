"""Depth-limited minimax with alpha-beta pruning, chance nodes and a transposition table.

Values are computed from player 0's point of view (player 0 maximises, player 1 minimises,
chance nodes average their outcomes: expectiminimax); the result reports them from the point
of view of the player to move at the start. Requires a two-player zero-sum game.

The search recurses (``alphabeta_run``), one Python frame per ply: a game deeper than Python's
recursion limit (about 1000) cannot be searched to its end, and says so with a clear error
that names the depth and the fix (``depth=`` with a ``value=`` cut-off, or
``Budget(max_depth=...)``). An explicit stack was not used because it slows every node.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Iterable
from typing import Any, Literal

import numpy as np

from treesearch._contract import chance_start
from treesearch._rng import RNGLike, check_rng, python_random
from treesearch._run import BudgetReached, ObserverLike, RunContext, has_keys
from treesearch.alphabeta.minimax import FULL_DEPTH, Ordering, Run, explain, not_two_players
from treesearch.arguments import check_count, check_flag, is_count
from treesearch.budget import Budget
from treesearch.errors import InvalidArgumentError, StopSearch
from treesearch.matrix_game import MatrixSolution, solve_matrix_game
from treesearch.result import Status
from treesearch.search import TreeSearch, check_choice
from treesearch.values import CHANCE, TERMINAL, player_of, player_out_of_range, returns_of

__all__ = ["SIMULTANEOUS", "AlphaBeta"]

SIMULTANEOUS: tuple[str, ...] = ("sequential", "matrix")
"""The values of ``AlphaBeta(simultaneous=...)``."""


class AlphaBeta(TreeSearch):
    """Minimax with alpha-beta pruning; iterative deepening when given time or depth.

    Requires: ``get_children``, ``player()`` (0, 1, or ``CHANCE``; at terminal states
    anything, ``TERMINAL`` included), ``returns()`` at terminal states; ``chance_outcomes()``
    at chance states; ``key()`` for the transposition table.

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
        transposition: keep a table keyed by ``key()`` (True, False, or None: when the
            states have keys).
        pruning: True or False; False gives plain minimax (same answer, more nodes), for
            comparison.
        simultaneous: how a start where both players move at once is played (a start of
            player 0 whose children all answer ``simultaneous() -> True``, as Tron's turns).
            "sequential" (the alternating approximation): player 1 is searched as if it saw
            player 0's pick, which overrates its replies (it can "meet" any pick head-on).
            "matrix": every joint move of the turn is searched (rows: player 0's picks,
            columns: player 1's replies to the first pick, the other picks' replies matched
            to them by ``move`` when they have one, else by their order; replies that differ
            between picks are refused), the matrix game is solved exactly
            (``treesearch.matrix_game``) and the pick is drawn from player 0's optimal mix;
            ``value`` is the game's value, ``info["matrix"]`` the values and
            ``info["mix"]`` the solution. An infinite value (a sure win or loss, from
            ``value``) outweighs every finite one. The turns below the start stay
            alternating. It
            costs about one ply of depth (no pruning across the start's joint moves).
            Other starts are searched as with "sequential".
        rng: seed or ``numpy.random.Generator``: draws the pick from a mixed strategy
            ("matrix" only; nothing else in alpha-beta is random).
        budget: ``seconds`` or ``max_nodes`` end iterative deepening (the move of the last
            completed depth is returned); ``max_iterations`` caps the deepening rounds;
            ``max_depth`` caps the depth like ``depth=`` (status ``BUDGET_REACHED``, reason
            "max_depth", when it cut the search above the end of the game).

    Without ``value`` each run is one round to the end of the game (or to ``depth``, which
    must then reach every end); with it, rounds deepen one ply at a time.

    The result's ``best`` is the chosen child (``move`` its move), ``value`` its minimax value
    for the player to move at the start, ``path`` the principal variation, and
    ``info["depth"]`` the last completed depth; ``info["exact"]`` is True when that round
    reached the end of the game everywhere (no position was scored by ``value``, so the
    value is the game's), False when it is an estimate. A terminal start gives ``best`` None and, as
    ``value``, the reward of its ``player()``; None when that is ``TERMINAL`` (nobody moves).
    """

    chooses_move = True

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
        simultaneous: Literal["sequential", "matrix"] = "sequential",
        rng: RNGLike = None,
        budget: Budget | None = None,
    ) -> None:
        super().__init__(observers, budget=budget)
        if self.budget.max_depth == 0:
            raise InvalidArgumentError(
                "AlphaBeta cannot choose a move with Budget(max_depth=0): the start may not be "
                "expanded; give max_depth >= 1"
            )
        depth = check_count("depth", depth, 1, optional=True)
        if value is not None and not callable(value):
            raise InvalidArgumentError(f"value must be callable, got {value!r}")
        if ordering is not None and not callable(ordering):
            raise InvalidArgumentError(f"ordering must be callable, got {ordering!r}")
        if not is_count(perspective) or perspective not in (0, 1):
            raise InvalidArgumentError(f"perspective must be player 0 or 1, got {perspective!r}")
        if transposition is not None and not isinstance(transposition, (bool, np.bool_)):
            raise InvalidArgumentError(
                f"transposition must be True, False or None, got {transposition!r}"
            )
        transposition = None if transposition is None else bool(transposition)
        pruning = check_flag("pruning", pruning)
        self.depth, self.value, self.perspective = depth, value, int(perspective)
        self.ordering, self.transposition, self.pruning = ordering, transposition, pruning
        check_choice("simultaneous", simultaneous, SIMULTANEOUS)
        self.simultaneous = simultaneous
        self.rng = check_rng(rng)
        self._random: random.Random | None = None  # made at the first mixed pick

    def _search(self, start: Any, ctx: RunContext) -> None:
        """Hot loop: kept in one function, as a call per node would slow the search."""
        root_player = player_of(start)
        if root_player == CHANCE:
            raise chance_start(start)
        use_tt = has_keys(start) if self.transposition is None else self.transposition
        run = Run(
            ctx,
            use_tt,
            value=self.value,
            ordering=self.ordering,
            pruning=self.pruning,
            perspective=self.perspective,
        )
        try:
            children = list(start.get_children())
        except TypeError as exc:
            explain(exc, start, None, keys=use_tt)
            raise
        run.expanded = 1
        if not children:
            rewards = returns_of(start)
            if root_player == TERMINAL:  # nobody to move: no point of view for a value
                ctx.best, ctx.path = None, [start]
                return
            if not 0 <= root_player < len(rewards):
                raise player_out_of_range(start, root_player, rewards)
            ctx.best, ctx.path, ctx.value = None, [start], rewards[root_player]
            return
        if root_player not in (0, 1):
            raise not_two_players(start, root_player)
        cap, by_budget = self.depth, False
        if ctx.max_depth is not None and (cap is None or ctx.max_depth < cap):
            cap, by_budget = ctx.max_depth, True
        limits = self._limits(cap, ctx)
        sign = 1.0 if root_player == 0 else -1.0
        best_first: Any = None
        rounds = ctx.max_iterations
        joint = self.simultaneous == "matrix" and root_player == 0 and _simultaneous(children)
        try:
            for limit in limits:
                if rounds is not None and ctx.iterations >= rounds:
                    ctx.status, ctx.stop_reason = Status.BUDGET_REACHED, "max_iterations"
                    break
                ctx.iterations += 1
                grid = run.joint(start, children, max(limit, 2)) if joint else None
                if grid is not None:
                    best, best_value = self._play_matrix(grid, children, ctx)
                else:
                    joint = False
                    best, best_value = run.root(start, children, limit, best_first)
                best_first = best
                ctx.best, ctx.value = best, sign * best_value
                ctx.path = run.principal_variation(start, best)
                ctx.info["depth"] = min(limit, run.deepest)
                ctx.info["exact"] = not run.cut_off  # no position was scored by ``value``
                if not run.cut_off:
                    break  # the whole game tree fitted: deeper rounds would change nothing
            else:
                if by_budget:
                    ctx.depth_cut()
        except BudgetReached as exc:
            if ctx.best is None:
                _partial_answer(ctx, run, start, sign)
                raise
            ctx.status, ctx.stop_reason = Status.BUDGET_REACHED, str(exc.args[0])
        except (StopSearch, KeyboardInterrupt):
            if ctx.best is None:
                _partial_answer(ctx, run, start, sign)
            raise
        except RecursionError:
            if run.deepest < sys.getrecursionlimit() // 2:
                raise  # not the depth of the game: something else recursed
            raise InvalidArgumentError(
                f"AlphaBeta went {run.deepest} plies deep from {start!r} and reached Python's "
                f"recursion limit ({sys.getrecursionlimit()}): the game is too deep to search "
                "to its end. Fix: give depth=N (with value= to evaluate the positions there) "
                "or budget=Budget(max_depth=N)"
            ) from None
        finally:
            ctx.expanded, ctx.visited = run.expanded, run.visited
            ctx.max_depth_seen = run.deepest

    def _play_matrix(
        self, grid: list[list[float]], children: list[Any], ctx: RunContext
    ) -> tuple[Any, float]:
        """Solve the turn's matrix game and draw a pick from its optimal mix; the game's value."""
        solution = _solve_extended(grid)
        ctx.info["matrix"], ctx.info["mix"] = grid, solution
        if self._random is None:
            self._random = python_random(self.rng)
        i = self._random.choices(range(len(grid)), weights=solution.rows)[0]
        return children[i], solution.value

    def _limits(self, cap: int | None, ctx: RunContext) -> Iterable[int]:
        """The depth of each round: one full round without ``value``, else deepening."""
        if self.value is None:  # only full-depth rounds are possible
            return (FULL_DEPTH if cap is None else cap,)
        if cap is not None:
            return range(1, cap + 1)
        if (
            ctx.budget.seconds is not None
            or ctx.max_nodes is not None
            or ctx.max_iterations is not None
        ):
            return _count_from(1)
        return (FULL_DEPTH,)


_INFINITE = 1e6
"""An infinite entry's weight in ``_solve_extended``, against finite ones scaled to [-1, 1]."""


def _solve_extended(grid: list[list[float]]) -> MatrixSolution:
    """``solve_matrix_game`` where entries may be ±inf (a won or lost end, a cut-off value).

    Each infinity stands for a payoff ``_INFINITE`` times the largest finite one, so a mix
    gives an infinite outcome any weight only where nothing finite does as well; a value
    beyond every finite entry is answered as the infinity it stands for.
    """
    if all(math.isfinite(x) for row in grid for x in row):
        return solve_matrix_game(grid)
    scale = max((abs(x) for row in grid for x in row if math.isfinite(x)), default=0.0) or 1.0
    big = _INFINITE * scale
    solution = solve_matrix_game(
        [[x if math.isfinite(x) else math.copysign(big, x) for x in row] for row in grid]
    )
    value = solution.value
    if abs(value) > 2 * scale:  # only an infinity weighs this much
        value = math.copysign(math.inf, value)
    return MatrixSolution(value, solution.rows, solution.columns)


def _simultaneous(children: list[Any]) -> bool:
    """Whether every child is the second half of a simultaneous turn."""
    for child in children:
        method = getattr(child, "simultaneous", None)
        if method is None or not method():
            return False
    return True


def _partial_answer(ctx: RunContext, run: Run, start: Any, sign: float) -> None:
    """Stopped inside the first round: answer its best fully searched root child, if any."""
    if run.partial is not None:
        best, value = run.partial
        ctx.best, ctx.value, ctx.path = best, sign * value, [start, best]
        ctx.info["depth"] = 0


def _count_from(n: int) -> Iterable[int]:
    while True:
        yield n
        n += 1
