"""Nested Rollout Policy Adaptation (Rosin 2011) for single-player trees valued at the leaves.

A *policy* maps a move's code (``code(state, child)``, the move's identity across
positions) to a weight, 0 until learnt. A play-out walks from the start to a leaf, picking
each child with probability proportional to ``exp(weight of its code)``. A level-``L``
search runs ``iterations`` searches of level ``L - 1``, each on a copy of its policy, keeps
the best sequence seen (ties go to the newer one) and after each one *adapts* its policy
towards that sequence: along it, every child's code loses ``alpha`` times the child's
probability under the policy as it was before the adaptation, and the chosen child's code
gains ``alpha``. Level 0 is one play-out, so a run makes ``iterations ** level`` of them.
"""

from __future__ import annotations

import math
from bisect import bisect
from collections.abc import Callable, Hashable, Iterable
from itertools import accumulate
from typing import Any

from treesearch._contract import FAULTS, missing_key, translate, unhashable_key
from treesearch._rng import RNGLike, check_rng, python_random
from treesearch._run import BudgetReached, ObserverLike, RunContext, has_keys
from treesearch.arguments import check_count, check_number
from treesearch.budget import Budget
from treesearch.errors import InvalidArgumentError, InvalidValueError, MissingCapabilityError
from treesearch.events import Evaluated, Expanded, Visited, VisitKind
from treesearch.search import TreeSearch, check_callable
from treesearch.values import CHANCE, evaluate, terminal_value

__all__ = ["MAX_LEVEL", "NRPA", "Code", "Policy", "adapt"]

MAX_LEVEL = 100
"""The deepest nesting taken: each level is a Python call frame, and a level-``L`` run
makes ``iterations ** L`` play-outs, so any deeper run needs ``iterations=1`` to end."""

Code = Callable[[Any, Any], Hashable]
"""``code(state, child) -> hashable``: the identity of the move from ``state`` to ``child``."""

Policy = dict[Hashable, float]
"""Weights of move codes; a code not in the dict weighs 0."""

_Steps = list[tuple[list[Hashable], int]]
"""A play-out's moves: per step, the codes of all children and the index of the chosen one
(kept, so adapting never asks the game for children again)."""


class NRPA(TreeSearch):
    """Nested Rollout Policy Adaptation: learn a play-out policy towards the best leaf found.

    For puzzles: single-player trees whose leaves carry the value (a state whose
    ``player()`` is another player's or ``CHANCE`` is refused wherever a play-out meets it:
    ``player()`` is asked at every state expanded). The answer is the best leaf
    of any play-out, with its path and value; ``info`` holds ``playouts``, ``runs``
    (nested runs finished), ``policy`` (the top-level policy of the last run, a dict
    ``code -> weight``) and ``policy_size`` (its length).

    Requires: ``get_children``; ``key`` unless ``code=``; ``returns()`` unless ``value=``.

    Args:
        observers: observers of every run; each play-out sends ``Visited(start, RESTART)``
            (``ENTER`` for the first), ``Expanded`` and ``Visited`` per step, and
            ``Evaluated(leaf, value)``; a better leaf sends ``SolutionImproved``.
        level: nesting level, an int from 0 (a single play-out) to ``MAX_LEVEL`` (100).
        iterations: searches of the level below per level, an int >= 1.
        alpha: the learning step, a number > 0.
        code: ``fn(state, child) -> hashable``, the move's identity across positions; NRPA
            is as good as this identity. Default: ``child.key()``, which names states, not
            moves, so nothing learnt carries over to other positions.
        value: ``fn(leaf) -> float``, maximised. Default: ``leaf.returns()[0]`` of a
            one-player game.
        restarts: nested runs after the first, each from an empty policy, keeping the
            overall best; None to restart until the budget ends the run.
        rng: seed or ``numpy.random.Generator`` (a Generator is consumed, so successive runs
            differ; an int seed makes every run identical); None for fresh entropy.
        budget: limits per run: ``max_iterations`` caps the play-outs, ``max_nodes`` the
            states expanded, ``max_depth`` the length of a play-out (its last state is
            valued), ``seconds`` the time; the best leaf so far is the answer.

    Examples:
        >>> from games.dict_tree import DictTreeIterator
        >>> tree = DictTreeIterator("r", {"a": {"x": {}, "yy": {}}, "b": {"zzz": {}}})
        >>> result = NRPA(level=1, iterations=10, rng=0, value=lambda s: len(s.name)).run(tree)
        >>> [s.name for s in result.path], result.value
        (['r', 'b', 'zzz'], 3.0)
    """

    def __init__(
        self,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        *,
        level: int = 2,
        iterations: int = 100,
        alpha: float = 1.0,
        code: Code | None = None,
        value: Callable[[Any], float] | None = None,
        restarts: int | None = 0,
        rng: RNGLike = None,
        budget: Budget | None = None,
    ) -> None:
        super().__init__(observers, budget=budget)
        self.level = check_count("level", level, 0)
        if self.level > MAX_LEVEL:
            raise InvalidArgumentError(
                f"level must be at most {MAX_LEVEL} (each level nests a call, and a run "
                f"makes iterations ** level play-outs), got {level!r}"
            )
        self.iterations = check_count("iterations", iterations, 1)
        self.alpha = check_number("alpha", alpha, minimum=0, above=True)
        self.code = check_callable(code, "code", "(state, child) -> hashable")
        self.value = check_callable(value, "value", "leaf -> number (larger is better)")
        self.restarts = check_count("restarts", restarts, 0, optional=True)
        b = self.budget
        if restarts is None and b.max_nodes is b.seconds is b.max_iterations is None:
            raise InvalidArgumentError(
                "restarts=None restarts until the budget ends the run, but the budget has no "
                "max_nodes, seconds or max_iterations limit"
            )
        self.rng = check_rng(rng)

    def _search(self, start: Any, ctx: RunContext) -> None:
        code = self.code if self.code is not None else _key_code(start)
        value = self.value if self.value is not None else _own_value(start)
        walk = _Walk(self, start, ctx, code, value)
        runs = 0
        try:
            while self.restarts is None or runs <= self.restarts:
                walk.policy = {}
                walk.nested(self.level, walk.policy)
                runs += 1
        finally:
            ctx.expanded, ctx.visited = walk.expanded, walk.visited
            ctx.iterations, ctx.max_depth_seen = walk.played, walk.deepest
            info = {"playouts": walk.played, "runs": runs, "policy": walk.policy}
            ctx.info = {**info, "policy_size": len(walk.policy)}
        if walk.cut:
            ctx.depth_cut()


def adapt(policy: Policy, steps: _Steps, alpha: float) -> None:
    """Move ``policy`` towards the play-out ``steps`` by ``alpha`` (in place).

    Every probability is the one under ``policy`` before this call: the changes are summed
    first and added at the end, which is the copy of Rosin's pseudo-code without the copy.
    """
    get, exp = policy.get, math.exp
    change: dict[Hashable, float] = {}
    for codes, chosen in steps:
        weights = [get(k, 0.0) for k in codes]
        top = max(weights)
        odds = [exp(w - top) for w in weights]
        share = alpha / sum(odds)
        for k, o in zip(codes, odds, strict=True):
            change[k] = change.get(k, 0.0) - share * o
        k = codes[chosen]
        change[k] = change.get(k, 0.0) + alpha
    for k, d in change.items():
        policy[k] = get(k, 0.0) + d


class _Walk:
    """One run's play-outs: counters, the budget's checkpoints and the best leaf so far."""

    def __init__(
        self, search: NRPA, start: Any, ctx: RunContext, code: Code, value: Callable[[Any], float]
    ) -> None:
        self.start, self.ctx, self.code, self.value = start, ctx, code, value
        self.iterations, self.alpha = search.iterations, search.alpha
        self.draw = python_random(search.rng).random
        self.named = search.code  # None: the codes are keys, and errors name key()
        self.policy: Policy = {}
        self.best = -math.inf
        self.played = self.expanded = self.visited = self.deepest = 0
        self.checkpoint = ctx.first_checkpoint()
        self.cut = False  # a play-out stopped at max_depth on a state with children
        # A game with player() has it asked at every state expanded: another player or chance
        # may first appear deep in the tree, and its moves are no choices of ours to learn.
        self.players = callable(getattr(start, "player", None))

    def nested(self, level: int, policy: Policy) -> tuple[float, _Steps]:
        """``(value, steps)`` of the best play-out of a level-``level`` search on ``policy``."""
        if level == 0:
            return self.playout(policy)
        best, steps = -math.inf, []
        for _ in range(self.iterations):
            inner = dict(policy) if level > 1 else policy  # a play-out only reads its policy
            v, seq = self.nested(level - 1, inner)
            if v >= best:
                best, steps = v, seq
            adapt(policy, steps, self.alpha)
        return best, steps

    def playout(self, policy: Policy) -> tuple[float, _Steps]:
        """Walk from the start to a leaf choosing children by ``policy``; value the leaf."""
        ctx = self.ctx
        if ctx.max_iterations is not None and self.played >= ctx.max_iterations:
            raise BudgetReached("max_iterations")
        checking = not self.played  # the first play-out checks the game (players, codes)
        self.played += 1
        emit, code, get, exp, draw = ctx.emit, self.code, policy.get, math.exp, self.draw
        max_depth, players = ctx.max_depth, self.players
        state = parent = self.start
        path: list[Any] = [state]
        steps: _Steps = []
        if emit is not None:
            emit(Visited(state, 0, VisitKind.RESTART if self.played > 1 else VisitKind.ENTER))
        try:
            while True:
                if max_depth is not None and len(steps) >= max_depth:
                    self.cut = self.cut or not state.is_terminal()
                    break
                if self.expanded >= self.checkpoint:
                    self.checkpoint = ctx.checkpoint(self.expanded)
                self.expanded += 1
                children = list(state.get_children())
                if emit is not None:
                    emit(Expanded(state, len(steps), len(children)))
                if not children:
                    break
                if players and state.player() != 0:
                    _refuse(state, state.player())
                codes = [code(state, c) for c in children]
                if checking:
                    _check(children, codes, state, self.named)
                i = 0
                if len(codes) > 1:  # child i with probability exp(w_i) / sum(exp(w))
                    weights = [get(k, 0.0) for k in codes]
                    top = max(weights)  # exp(w - top) cannot overflow
                    odds = list(accumulate([exp(w - top) for w in weights]))
                    i = min(bisect(odds, draw() * odds[-1]), len(odds) - 1)
                steps.append((codes, i))
                parent, state = state, children[i]
                path.append(state)
                if emit is not None:
                    emit(Visited(state, len(steps), VisitKind.ENTER, parent))
        except FAULTS as exc:
            translate(exc, state, parent, keys=self.named is None)
            raise
        self.visited += len(path)
        self.deepest = max(self.deepest, len(steps))
        v = evaluate(self.value, state)
        if emit is not None:
            emit(Evaluated(state, v))
        if v > self.best:
            self.best = v
            ctx.improve(state, path, v)
        return v, steps


def _refuse(state: Any, p: Any) -> None:
    """Refuse ``state``, where chance or another player than the first moves."""
    if p == CHANCE:
        raise MissingCapabilityError(
            f"NRPA needs a single-player tree without chance, but {state!r} is a chance state "
            "(player() is CHANCE); search a game with every roll known, or use MCTS"
        )
    if p != 0:
        raise MissingCapabilityError(
            f"NRPA needs a single-player tree, but player() is {p!r} at {state!r}; for games "
            "of several players use MCTS or AlphaBeta"
        )


def _check(children: list[Any], codes: list[Any], state: Any, named: Code | None) -> None:
    """Refuse codes that are no dict key (``None`` keys, unhashable codes)."""
    for child, k in zip(children, codes, strict=True):
        if named is None and k is None:  # None keys would merge every keyless move
            raise missing_key(child, state)
        try:
            hash(k)
        except TypeError:
            if named is None:
                raise unhashable_key(child, k) from None
            raise InvalidValueError(
                f"code {named!r} returned {k!r} for the child {child!r} of {state!r}; "
                "expected a hashable value (a tuple, str, int...)"
            ) from None


def _key_code(start: Any) -> Code:
    """The default code: the child's key (the move's identity is where it leads)."""
    if not has_keys(start):
        raise MissingCapabilityError(
            f"NRPA needs code=fn(state, child) -> hashable, the identity of a move across "
            f"positions: {start!r} has no key() to default to"
        )
    return lambda state, child: child.key()


def _own_value(start: Any) -> Callable[[Any], float]:
    """The default value: ``returns()[0]``, the reward of a one-player game's leaf."""
    if not callable(getattr(start, "returns", None)):
        raise MissingCapabilityError(
            f"NRPA needs value=fn(leaf) -> float (larger is better): {start!r} has no "
            "returns() to default to"
        )
    return terminal_value(0)
