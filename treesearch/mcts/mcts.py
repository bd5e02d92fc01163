"""Monte Carlo tree search (UCT) for n-player games and single-player puzzles.

Each simulation selects a path down the tree by UCT, expands one new child, estimates it by
a random rollout (or a leaf evaluation), and backs the reward vector up the path. Every node
keeps the rewards of the player who moved into it, so each player maximises its own reward
(max^n; for two-player zero-sum games this is the usual negamax sign flip, made explicit).
With ``solver=True`` (the default) exact values proven at terminal states pass up the tree
(MCTS-Solver): a proven root ends the run early with status ``SOLVED``.

Simultaneous moves: a game plays a turn as two plies (player 0 picks, then player 1) and
marks the second half with ``simultaneous() -> True``; ``simultaneous="decoupled"`` keeps
player 1 from seeing player 0's pick in the tree (``decoupled``).

Modules: ``node`` (the tree node) <- ``policies`` (hooks), ``solver``
(proofs), ``final`` (the recommended move) <- ``settings`` (the knobs, checked
once: ``MCTSSettings``) <- ``simulate`` (one simulation) <- ``decoupled`` (DUCT)
and ``rave`` (RAVE, ``rave=K``) <- ``mcts.mcts`` (budget, run loop, answer); imports go one
way.

References: Kocsis & Szepesvári 2006 (UCT); Winands, Björnsson & Saito 2008 (MCTS-Solver);
Chaslot et al. 2008 (final move rules); Gelly & Silver 2007, 2011 (RAVE); Browne et al.
2012 (survey).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Generic, Literal, NoReturn, TypeVar, overload

from treesearch._rng import RNGLike, check_rng, python_random
from treesearch._run import ObserverLike, RunContext, has_keys
from treesearch.arguments import check_count, check_seconds
from treesearch.budget import Budget
from treesearch.errors import (
    InvalidArgumentError,
    InvalidBudgetError,
    MissingCapabilityError,
    TreeSearchError,
)
from treesearch.mcts.decoupled import DecoupledSimulator
from treesearch.mcts.final import FinalRule, choose_child, value_of
from treesearch.mcts.node import Node
from treesearch.mcts.policies import ROLLOUT_LIMIT, Evaluator, RolloutPolicy, SelectionFn
from treesearch.mcts.rave import RaveSimulator, rave_constant
from treesearch.mcts.settings import EXPLORATION, MCTSSettings
from treesearch.mcts.simulate import Simulator
from treesearch.result import Status
from treesearch.search import TreeSearch

__all__ = ["MCTS", "REUSE_DEPTH"]

REUSE_DEPTH = 4
"""How many tree levels below the old root ``reuse`` looks for the next run's start: the
agent's move and the opponent's reply, with a chance level after each (dice games)."""

_T = TypeVar("_T")

_REPR_KNOBS = (
    "reward_range",
    "simultaneous",
    "iterations",
    "exploration",
    "c",
    "selection",
    "rollout",
    "evaluate",
    "score",
    "backup",
    "final",
    "reuse",
    "solver",
    "perspective",
    "rollout_depth",
    "rave",
    "move_of",
    "rng",
)  # the order ``repr`` has always shown them in


class _Setting(Generic[_T]):
    """A read-only knob of ``MCTS``: the field of the same name of its ``settings``.

    Reads like a property: ``mcts.exploration`` is ``mcts.settings.exploration``, of the
    field's type ``_T``. Assigning to it raises AttributeError: the knobs are checked once.
    """

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self.name = ""

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self.name = name

    @overload
    def __get__(self, search: None, owner: type[Any]) -> _Setting[_T]: ...
    @overload
    def __get__(self, search: MCTS, owner: type[Any]) -> _T: ...
    def __get__(self, search: MCTS | None, owner: type[Any]) -> _Setting[_T] | _T:
        if search is None:
            return self
        value: _T = getattr(search.settings, self.name)
        return value

    def __set__(self, search: MCTS, value: NoReturn) -> NoReturn:
        raise AttributeError(
            f"MCTS.{self.name} is read-only: its settings are checked once; make a new MCTS"
        )


class MCTS(TreeSearch):
    """UCT with pluggable selection, rollout and leaf evaluation.

    Requires: ``get_children``; for games with players ``player()`` and ``returns()``
    (per-player rewards at terminals), ``chance_outcomes()`` at chance states; for puzzles
    without players a ``score`` (or ``returns()[0]``) at terminal states; ``key()`` for tree
    reuse across moves (or ``==`` between states). At a chance start nobody chooses: the
    run estimates its value (``info["proven"]`` once proven) and ``best`` is None.

    Args:
        observers: observers of every run; they see ``Visited`` for each node on the selected
            path (the root as RESTART) and ``SimulationPhase`` events.
        iterations: simulations per run. ``seconds`` or a ``budget`` may replace or cap it.
            A simulation costs time in proportion to the depth it reaches (the tree's path,
            then the rollout): on a line of ``n`` forced moves, ``iterations * n`` steps,
            hours for 100,000 of each; for deep games give ``seconds`` (kept inside long
            rollouts too) or ``Budget(max_depth=...)``.
        seconds: wall-clock seconds per run.
        exploration: UCT constant >= 0, in widths of ``reward_range``: the bonus added to
            mean rewards is ``c * sqrt(ln N / n)`` with ``c = exploration * (high - low)``,
            so one value means the same on [0, 1] and on [-1, 1] (Kocsis & Szepesvári's
            sqrt(2) is on [0, 1]; OpenSpiel's ``uct_c=2`` on [-1, 1] is exploration 1.0).
            The default ``EXPLORATION`` is the strongest measured against OpenSpiel's bot.
        selection: ``fn(child, parent_visits, c) -> score``; the child with the
            highest score is followed. Default: UCT on the mean (``uct``), or on the best
            reward with ``backup="max"``.
        rollout: ``fn(children, state, rng) -> child`` choosing each rollout move (``rng`` is
            a ``random.Random``); default uniform random (using the state's fast
            ``random_playout(rng)`` when it has one).
        evaluate: leaf evaluation instead of rollouts: ``fn(state)`` returning per-player
            values, or a number from player ``perspective``'s view (zero-sum: the other
            player gets its negation).
        score: final score of a single-player puzzle's terminal state (default
            ``returns()[0]``).
        backup: "mean" (UCT) or "max" (best single outcome: puzzles where the best episode
            matters).
        final: how the recommended child is chosen (``treesearch.mcts.final``):
            "visits" (robust child: most simulated), "value" (max child: highest mean),
            "secure" (highest ``mean - c / sqrt(visits)``) or "robust-max" (a
            move both most visited and of highest mean, else the secure child). With the
            solver, proven wins come first and proven losses last.
        solver: MCTS-Solver (``treesearch.mcts.solver``, on by default: it costs about 1%
            of speed): exact values proven at terminal states pass up the tree; in
            selection a proven child scores its exact value with no exploration bonus and a
            proven loss is never followed; a proven root ends the run early with status
            ``SOLVED`` (``stats.iterations`` shows how few were needed;
            ``info["proven"]`` holds the root's proven rewards). A terminal leaf is proven
            on its second visit (the first is the rollout that found it over), at once
            under leaf evaluation. Chance nodes are proven once every outcome is, with
            the probability-weighted mean.
        reward_range: ``(low, high)`` bounding every reward of ``returns()`` (and puzzle
            scores), which the solver needs to know a win: a child proven at ``high`` for
            the player to move settles its parent, one at ``low`` is never followed.
            Default (-1, 1), right for win/draw/loss games scored +1/0/-1; pass (0, 1) for
            games scored in [0, 1]. A terminal reward outside it raises
            ``InvalidValueError`` (wrong bounds would give wrong proofs).
        reuse: keep the tree after a run (True or False); when the next run starts at a
            state found within ``REUSE_DEPTH`` levels below the old root (the agent's move
            and the reply, chance levels included), search on from there, proofs and all.
            A state is found by ``key()``, or for games without keys by ``==`` (identity
            unless the class defines equality). On by default (measured stronger in play,
            ``benchmarks/tune_mcts.py``): running the same object twice from one state goes
            on with the first run's tree; ``reset()`` or ``reuse=False`` for runs that
            start afresh.
        perspective: the player (0 or 1) whose view a numeric ``evaluate`` takes.
        rollout_depth: moves a rollout may make (an int >= 1, however large; None: to the
            end of the game, but at most ``ROLLOUT_LIMIT`` = 10,000 moves). A rollout
            stopped above the end is scored by ``evaluate`` when given (so ``evaluate`` plus
            ``rollout_depth`` means "play N moves, then evaluate"), else as 0 for every
            player (a draw). With None, rollouts stopped at ``ROLLOUT_LIMIT`` are counted in
            ``info["endless_rollouts"]`` and a RuntimeWarning says so once a run: a game that
            may never end should say how far to play with ``rollout_depth``. (A state's own
            ``random_playout`` is the game's to end.)
        simultaneous: how a turn of simultaneous moves is searched, for games whose states
            answer ``simultaneous() -> True`` at a turn's second half (player 1 to move
            after player 0 picked). "sequential" (the alternating approximation): player 1
            selects as if it saw player 0's pick. "decoupled" (DUCT,
            ``treesearch.mcts.decoupled``): player 1 selects by UCB (on the mean, whatever
            ``selection`` or ``backup`` say) over its moves' statistics aggregated over all
            of player 0's picks at that turn, so its choice cannot depend on player 0's.
            Games without the method are searched the same either way.
        rave: RAVE / all-moves-as-first (``treesearch.mcts.rave``): ``K > 0`` blends each
            child's mean with its AMAF mean (its value over the simulations in which the
            player played that move at that node or later) in selection, with weight
            ``beta = sqrt(K / (3 n + K))`` after ``n`` visits (half at ``n = K``), so a move
            is learned from far more simulations early on; 0: plain UCT. None (the default):
            ``RAVE`` (``treesearch.mcts.settings``) on states with a move identity where it
            applies, which is None, plain UCT: against OpenSpiel's bot RAVE wins more on hex
            5x5 at equal simulations but not at equal time, and loses on connect four and
            breakthrough, where an action id is not the same move in every position
            (``benchmarks/RESULTS.md``). Opt in for games like Hex and Go. Needs UCT selection
            on the mean (no ``selection``, ``backup="mean"``, sequential moves) and a move
            identity the same across positions. Costs time a simulation (AMAF updates along
            the path, rollouts that report their moves); none with RAVE off.
        move_of: ``fn(child) -> hashable``, the move that made a child, the same move in any
            position (RAVE's move identity); default the child's ``move`` attribute (an
            OpenSpiel action, a tic-tac-toe cell). ``rave=K`` on states with neither raises
            ``MissingCapabilityError``. A state's ``random_playout(rng, moves)`` that appends
            ``(player, move)`` pairs to ``moves`` keeps rollouts fast under RAVE (with the
            default ``move_of`` only); otherwise the rollout loop records each move.
        rng: seed or ``numpy.random.Generator`` (consumed); None for fresh entropy.
        budget: extra limits: ``max_iterations``; ``seconds`` (checked between simulations
            and every 64 rollout moves); ``max_nodes`` (tree expansions; also caps each
            rollout at that many moves, scored as for ``rollout_depth``); ``max_depth``
            (the tree grows no deeper and rollouts stop at that depth below the start, scored
            as for ``rollout_depth``; status ``BUDGET_REACHED``, reason "max_depth").

    ``result.best`` is the recommended child, ``result.value`` its mean reward for the player
    to move at the start (its exact value when proven), ``result.path`` the principal
    variation (most visited line), and ``result.info`` holds ``root`` (the Node),
    ``children`` (state, visits, mean) at the root, ``reused_visits``, ``proven`` (the
    root's proven rewards, or None) and ``endless_rollouts`` (rollouts stopped at
    ``ROLLOUT_LIMIT``, see ``rollout_depth``).

    The knobs are checked once and kept as ``settings``, a frozen ``MCTSSettings``
    (``treesearch.mcts.settings``); ``exploration``, ``c`` (the UCT constant in reward units:
    ``exploration * (high - low)``), ``reuse`` and the other knobs read them. ``iterations``
    and ``rng`` are kept as given.
    """

    chooses_move = True

    def __init__(
        self,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        selection: SelectionFn | None = None,
        rollout: RolloutPolicy | None = None,
        evaluate: Evaluator | None = None,
        score: Callable[[Any], float] | None = None,
        backup: Literal["mean", "max"] = "mean",
        final: FinalRule = "visits",
        solver: bool = True,
        reward_range: tuple[float, float] = (-1.0, 1.0),
        reuse: bool = True,
        perspective: int = 0,
        rollout_depth: int | None = None,
        simultaneous: Literal["sequential", "decoupled"] = "sequential",
        rave: float | None = None,
        move_of: Callable[[Any], Hashable] | None = None,
        rng: RNGLike = None,
        budget: Budget | None = None,
    ) -> None:
        # Checked under the names the caller typed (Budget would say "max_iterations").
        iterations = check_count(
            "iterations", iterations, 1, optional=True, error=InvalidBudgetError
        )
        seconds = check_seconds("seconds", seconds, error=InvalidBudgetError)
        extra = Budget(max_iterations=iterations, seconds=seconds)
        super().__init__(observers, budget=Budget.coerce(budget) | extra)
        _check_budget(self.budget)
        self.settings = MCTSSettings(
            exploration=exploration,
            selection=selection,
            rollout=rollout,
            evaluate=evaluate,
            score=score,
            backup=backup,
            final=final,
            solver=solver,
            reward_range=reward_range,
            reuse=reuse,
            perspective=perspective,
            rollout_depth=rollout_depth,
            simultaneous=simultaneous,
            rave=rave,
            move_of=move_of,
        )
        self.iterations = iterations
        self.rng = check_rng(rng)
        self._root: Node | None = None

    def reset(self) -> None:
        """Forget the tree kept for reuse."""
        self._root = None

    # -- the knobs, read from ``settings`` ---------------------------------------------------
    exploration: _Setting[float] = _Setting("The UCT constant, in widths of ``reward_range``.")
    c: _Setting[float] = _Setting(
        "The UCT constant in reward units: ``exploration * (high - low)``."
    )
    selection: _Setting[SelectionFn | None] = _Setting("The selection score (None: UCT).")
    rollout: _Setting[RolloutPolicy | None] = _Setting("The rollout policy (None: uniform random).")
    evaluate: _Setting[Evaluator | None] = _Setting("The leaf evaluation (None: rollouts).")
    score: _Setting[Callable[[Any], float] | None] = _Setting("A puzzle's terminal score.")
    backup: _Setting[Literal["mean", "max"]] = _Setting('The backup rule: "mean" or "max".')
    final: _Setting[FinalRule] = _Setting("How the recommended child is chosen.")
    solver: _Setting[bool] = _Setting("Whether MCTS-Solver proves values.")
    reward_range: _Setting[tuple[float, float]] = _Setting("``(low, high)`` bounding every reward.")
    reuse: _Setting[bool] = _Setting("Whether the tree is kept for the next run.")
    perspective: _Setting[int] = _Setting("The player whose view a numeric ``evaluate`` takes.")
    rollout_depth: _Setting[int | None] = _Setting("Moves a rollout may make (None: to the end).")
    simultaneous: _Setting[Literal["sequential", "decoupled"]] = _Setting(
        "How simultaneous turns are searched."
    )
    rave: _Setting[float | None] = _Setting("The RAVE constant K (None: the default, 0: off).")
    move_of: _Setting[Callable[[Any], Hashable] | None] = _Setting(
        "A child's move identity for RAVE (None: its ``move`` attribute)."
    )

    def __repr__(self) -> str:
        knobs = {"budget": self.budget, **{k: getattr(self, k) for k in _REPR_KNOBS}}
        args = ", ".join(f"{k}={v!r}" for k, v in knobs.items() if v is not None)
        return f"MCTS({args})"

    # -- the run ----------------------------------------------------------------------------
    def _search(self, start: Any, ctx: RunContext) -> None:
        settings = self.settings
        players = callable(getattr(start, "player", None))
        if not players and settings.score is None and not callable(getattr(start, "returns", None)):
            raise MissingCapabilityError(
                f"{start!r} has no player(): MCTS treats it as a one-player puzzle, which "
                "needs score=fn(terminal_state) or a returns() method"
            )
        root = self._reroot(start)
        ctx.info["reused_visits"] = root.visits
        k = rave_constant(settings, start)
        rng = python_random(self.rng)
        simulate: Simulator
        if k:
            simulate = RaveSimulator(ctx, players, rng, settings, k=k)
        else:
            make = DecoupledSimulator if settings.decoupled else Simulator
            simulate = make(ctx, players, rng, settings)
        limit = ctx.max_iterations
        checkpoint = ctx.first_checkpoint()
        i = 0
        broken = False
        try:
            while (limit is None or i < limit) and root.proven is None:
                if simulate.expanded >= checkpoint:
                    checkpoint = ctx.checkpoint(simulate.expanded)
                if ctx.deadline is not None and i & 15 == 0:
                    ctx.check_time()
                simulate(root, i)
                i += 1
            if root.proven is not None:
                ctx.status = Status.SOLVED
            elif self.iterations is None or (limit is not None and limit < self.iterations):
                ctx.status, ctx.stop_reason = Status.BUDGET_REACHED, "max_iterations"
            elif simulate.depth_cut:
                ctx.depth_cut()
        except TreeSearchError:
            broken = True  # the game broke its contract: the tree is not worth keeping
            raise
        finally:
            ctx.iterations, ctx.expanded = i, simulate.expanded
            ctx.visited, ctx.max_depth_seen = simulate.visited, simulate.deepest
            ctx.info["endless_rollouts"] = simulate.endless
            self._answer(root, ctx)
            if settings.reuse:
                self._root = None if broken else root
        if simulate.endless:
            _warn_endless(simulate.endless, i, settings.evaluate is not None)

    def _reroot(self, start: Any) -> Node:
        """The kept node of ``start`` within ``REUSE_DEPTH`` levels of the old root, or a new one.

        Searched level by level, so the usual two plies cost little.
        """
        old = self._root
        if old is None or not self.settings.reuse:
            return Node(start, None, -1)
        if has_keys(start):
            key = start.key()
            same: Callable[[Any], bool] = lambda state: state.key() == key  # noqa: E731
        else:
            same = lambda state: state is start or state == start  # noqa: E731
        level = [old]
        for _ in range(REUSE_DEPTH + 1):
            for node in level:
                if same(node.state):
                    node.parent = None
                    return node
            level = [c for node in level for c in node.children]
            if not level:
                break
        return Node(start, None, -1)

    def _answer(self, root: Node, ctx: RunContext) -> None:
        ctx.info["root"] = root
        ctx.info["children"] = [(c.state, c.visits, c.mean) for c in root.children]
        ctx.info["proven"] = root.proven
        if root.chance is not None:  # a chance start: its value is estimated, nobody chooses
            return
        settings = self.settings
        use_max = settings.use_max
        best = choose_child(
            root,
            settings.final,
            use_max=use_max,
            solver=settings.solver,
            bounds=settings.reward_range,
            secure=settings.c,
        )
        if best is None:
            return
        path, node = [root.state, best.state], best
        while node.children:
            node = max(node.children, key=lambda c: (c.visits, c.mean))
            if not node.visits:  # a decoupled simultaneous node's children exist unvisited
                break
            path.append(node.state)
        ctx.best, ctx.path = best.state, path
        ctx.value = value_of(best, use_max)


def _warn_endless(endless: int, iterations: int, evaluated: bool) -> None:
    """Say once a run that rollouts were stopped by ``ROLLOUT_LIMIT``, and how to choose."""
    scored = "by evaluate" if evaluated else "as draws (0 for every player)"
    warnings.warn(
        f"MCTS: {endless} of {iterations} rollouts made {ROLLOUT_LIMIT} moves without "
        f"reaching the end of the game and were scored {scored}; for a game that "
        "may never end give rollout_depth=N (with evaluate= to score where they stop)",
        RuntimeWarning,
        stacklevel=6,  # the caller of run(): here <- _search <- _execute <- execute <- run
    )


def _check_budget(budget: Budget) -> None:
    """Refuse a budget that cannot give MCTS a move: none at all, or ``max_depth=0``."""
    if budget.max_iterations is None and budget.seconds is None and budget.max_nodes is None:
        raise InvalidArgumentError(
            "MCTS needs a budget: iterations=N, seconds=S, or budget=Budget(...)"
        )
    if budget.max_depth == 0:
        raise InvalidArgumentError(
            "MCTS cannot choose a move with Budget(max_depth=0): the start may not be "
            "expanded; give max_depth >= 1"
        )
