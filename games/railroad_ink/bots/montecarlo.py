"""The ``montecarlo`` bot: flat Monte Carlo decisions on the compiled engine.

Built from framework parts:

- each decision of rounds 1-6 is a ``FlatMonteCarlo`` run over the *meaningful* placements
  (``candidates``), each valued by play-outs on the compiled engine (``EnginePlayouts``): the
  round finished and the later rounds played by the engine's policy, scored by a
  shaped score (final exits, routes and centre, less the unfixable errors at the end of this
  round, plus half the exit points still reachable then);
- a play-out credits every placement of this round it made, so the orders of a round share
  their statistics, and the play-outs through the placement played seed the next decision
  (``reuse``);
- specials wait for rounds 5 and 6, right after the round's first face;
- the last round is solved by ``BeamSearch`` over meaningful placements with transpositions
  (``graph=True``), exact while a level holds at most ``LAST_ROUND_WIDTH`` states (the cap
  keeps open boards from blowing up), each finished board scored exactly;
- with dice known the game is a one-player puzzle, and the bot plans it whole at its first
  decision by nested rollout policy adaptation (``engine.plans``, level ``PLAN_LEVEL``), then
  plays the plan: 3.5 points above the flat scheme over 100 games (``benchmarks/RESULTS.md``);
  with ``nest`` a nested search over whole rounds (``engine.round_nest``) plans first, and
  the better of the two games is played.

With dice revealed the play-outs draw later rolls themselves (the engine never sees them);
with dice known they play the game's own rolls. ``seconds`` is spread over the decisions.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from typing import Any

import numpy as np

from games._compile import ENGINE
from games.railroad_ink.bots.base import Bot, check_count
from games.railroad_ink.bots.learned_value import rounds_value, shipped_value
from games.railroad_ink.bots.policy import load_policy
from games.railroad_ink.engine.arrays import check_table
from games.railroad_ink.engine.placements import add_moves
from games.railroad_ink.engine.plans import VALUE_SIZE, plan_moves
from games.railroad_ink.engine.playout import GUIDED, RANDOM, UNIFORM, playout, roll, seed_stream
from games.railroad_ink.engine.position import NO_POLICY, Position
from games.railroad_ink.engine.round_nest import ENDS, nested_plan
from games.railroad_ink.engine.scoring import total
from games.railroad_ink.engine.tables import FACES, MOVE_BASE, OT_ID
from games.railroad_ink.pieces.dice import ROUNDS, check_seed
from games.railroad_ink.rules.game import RailroadInkState
from games.railroad_ink.rules.rounds import MAX_SPECIALS
from treesearch.arguments import check_number
from treesearch.beam import BeamSearch
from treesearch.budget import Budget
from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError
from treesearch.flat_mc import Candidate, FlatMonteCarlo

__all__ = [
    "ERROR_WEIGHT",
    "FIRST_KNOWN",
    "FIRST_PLAYOUTS",
    "LAST_ROUND_WIDTH",
    "LAST_TRIES",
    "MAX_FUTURES",
    "NEST_SHARE",
    "PLAN_BETA",
    "PLAN_ITERATIONS",
    "PLAN_LEVEL",
    "PLAYOUTS",
    "PYTHON_SECONDS",
    "EnginePlayouts",
    "LastRound",
    "MonteCarloBot",
    "candidates",
    "move_code",
]

PLAYOUTS = 32000
"""Play-outs a decision gets after the first ones, without a time budget (measured stronger
than 4000, and a game stays under a minute compiled)."""
PYTHON_SECONDS = 45.0
"""A game's thinking time when the engine runs as plain Python and no budget is given (the
fixed play-outs would take the better part of an hour there)."""
FIRST_PLAYOUTS = 10
"""Play-outs every candidate gets first, with dice revealed."""
FIRST_KNOWN = 30
"""The same with dice known: the bot plays the best game found, and spreading the first
play-outs wider finds better ones (measured)."""
LAST_ROUND_WIDTH = 4000
"""States kept per level of the last round's search (exact below it)."""
ERROR_WEIGHT = 0.0
"""Weight of the final board's errors in a play-out's shaped score: 0, as random play-outs
leave open ends that real play closes; 0.25 and 0.5 measured no better."""
LAST_TRIES = 1
"""Times a play-out plays the last round, keeping the best board: once; four
measured no better at 1.4 times the time (``benchmarks/RESULTS.md``)."""
SPECIAL_ROUNDS = 5
"""From this round on, a special is placed right after the round's first face."""
PLAN_LEVEL = 3
"""Dice known: the nesting level of the whole-game plan (``engine.plans``)."""
PLAN_ITERATIONS = 100
"""Iterations of each level of the plan: 100 ** 3 play-outs, about 25 s compiled."""
PLAN_BETA = 0.0
"""Dice known: the weight of the learned value (``learned_value.MODEL``) in the plan's
play-outs, each placement's odds times ``exp(beta * value of its afterstate)``; 0, none.
0 keeps ``montecarlo``'s fixed budget on the unguided plan, whose figures benchmarks measure;
``best`` plans with ``beta=1.0, iterations=50`` (``roster.BEST_PLAN_BETA``), a guided
play-out costing about three unguided ones (``benchmarks/RESULTS.md``)."""
NEST_SHARE = 0.5
"""Dice known, with ``nest``: the share of the plan's time the nested search gets first, NRPA
the rest (under a clock; without one each runs to its end)."""
MAX_FUTURES = 100_000
"""The most shared roll sequences a decision draws (22 MB of rolls): more than a candidate
gets play-outs would never be met."""


def _nest_value() -> np.ndarray:
    """The value the nested search plans by: the one fine-tuned for the round player."""
    return np.ascontiguousarray(rounds_value()[0], dtype=np.float64)


def move_code(state: RailroadInkState) -> int:
    """The engine's code of the placement that made ``state`` (-1 for no placement)."""
    p = state.placement
    return -1 if p is None else p.index * MOVE_BASE + OT_ID[p.tile]


def _special_phase(state: RailroadInkState, last: bool) -> bool:
    faces = state.faces or ()
    allowed = not state.special_now and state.used.bit_count() < MAX_SPECIALS
    return allowed and len(faces) == 3 and state.round >= (ROUNDS if last else SPECIAL_ROUNDS)


def candidates(state: RailroadInkState, last: bool = False) -> list[RailroadInkState]:
    """The children worth a look: meaningful placements, specials only in their rounds.

    Rounds 5 and 6: right after the round's first face, the specials' placements only (if
    one fits). Last round (``last``): a special may also go right after the first face. When
    no face fits, the round ends (no special is placed then).
    """
    children = state.get_children()
    if state.faces is None or not children:
        return children
    p = Position.of(state)
    out = np.zeros(4096, dtype=np.int64)
    n = 0
    special = _special_phase(state, last)
    if special and not last:  # the specials, or the faces if none fits
        n = _specials(p, out)
    if n == 0:
        for face in range(FACES):
            if p.counts[face]:
                n = add_moves(p.tiles, p.slots, face, True, out, n)
        if special and last:
            n = _specials(p, out, n)
    codes = set(out[:n].tolist())
    if not codes:  # no face fits: end the round
        return [c for c in children if c.placement is None] or children
    return [c for c in children if move_code(c) in codes]


def _specials(p: Position, out: np.ndarray, n: int = 0) -> int:
    for i in range(6):
        if not p.used >> i & 1:
            n = add_moves(p.tiles, p.slots, FACES + i, True, out, n)
    return n


class EnginePlayouts:
    """``FlatMonteCarlo``'s play-out: the engine plays a candidate's game to its end.

    Returns the shaped score and the codes of this round's placements the play-out made
    (the candidates it also stands for). Positions are converted once per candidate.

    Args:
        policy: the engine's ``RANDOM`` or ``GUIDED`` policy.
        weights: the policy table for ``GUIDED``, a ``(7, 4, 10)`` array of finite numbers
            (``load_policy()``; checked here, as compiled code checks no bounds).
        futures: with dice revealed, the number of roll sequences drawn per decision and
            shared by every candidate (common random numbers: the n-th play-out of each
            candidate meets the same later rolls); 0 to let each play-out draw its own,
            at most ``MAX_FUTURES``.
        shaped: value a play-out by the shaped score; False for the final score.
        error_weight: with ``shaped``, the weight of the final board's errors in it.
        last_tries: a play-out from before the last round plays that round this many times
            and keeps the best board (the engine's ``best_last_round``); 1 plays it once.
    """

    def __init__(
        self,
        policy: int = RANDOM,
        weights: np.ndarray = NO_POLICY,
        futures: int = 0,
        shaped: bool = True,
        error_weight: float = ERROR_WEIGHT,
        last_tries: int = LAST_TRIES,
    ) -> None:
        if policy not in (GUIDED, RANDOM, UNIFORM) or isinstance(policy, bool):
            raise InvalidArgumentError(
                f"policy must be GUIDED ({GUIDED}), RANDOM ({RANDOM}) or UNIFORM ({UNIFORM}), "
                f"got {policy!r}"
            )
        weights = check_table("weights", weights, NO_POLICY.shape)
        futures = check_count("futures", futures, 0)
        if futures > MAX_FUTURES:
            raise InvalidArgumentError(
                f"futures must be at most {MAX_FUTURES} (each holds a roll sequence, "
                f"{ROUNDS * 4 * 8} bytes), got {futures!r}"
            )
        self.policy, self.weights, self.futures = policy, weights, futures
        error_weight = check_number("error_weight", error_weight, minimum=0)
        last_tries = check_count("last_tries", last_tries, 1)
        self.shaped, self.error_weight, self.last_tries = shaped, error_weight, last_tries
        self._positions: dict[int, list[Any]] = {}
        self._record = np.zeros(64, dtype=np.int64)
        self._rolls: np.ndarray | None = None
        self._round = 0
        self.best_total = -1
        """Dice known: the final score of the best game a play-out found so far."""
        self.best_game: list[int] = []
        """Its placements from the decision's state on (the candidate's first)."""

    def start(self, state: RailroadInkState, rng: random.Random) -> None:
        """Forget the positions of the last decision (``state`` is the new one)."""
        self._positions.clear()
        self._round = state.round
        self._rolls = None
        if self.futures and state.game.dice != "known":
            stream = seed_stream(rng.getrandbits(32))
            self._rolls = np.full((self.futures, ROUNDS, 4), -1, dtype=np.int64)
            for k in range(self.futures):
                for r in range(state.round, ROUNDS):
                    roll(stream, self._rolls[k, r])

    def __call__(self, candidate: RailroadInkState, rng: random.Random) -> tuple[float, list[int]]:
        """Play ``candidate``'s game out; ``(shaped score, this round's placement codes)``."""
        key = id(candidate)
        found = self._positions.get(key)
        if found is None:
            found = self._positions[key] = [Position.of(candidate), 0]
        p: Position = found[0].copy()
        if self._rolls is not None:  # the next shared future (the rounds after this one)
            shared = self._rolls[found[1] % self.futures]
            found[1] += 1
            p.rolls[self._round :] = shared[self._round :]
        record = self._record
        stream = seed_stream(rng.getrandbits(32))
        shaped, total, made, placed = playout(
            p.arrays,
            self.policy,
            self.weights,
            stream,
            record,
            self._round,
            self.error_weight,
            self.last_tries,
        )
        if total > self.best_total and self._rolls is None:
            self.best_total = int(total)
            self.best_game = [move_code(candidate), *record[:placed].tolist()]
        return float(shaped if self.shaped else total), record[:made].tolist()

    def played(self, state: RailroadInkState) -> None:
        """``state`` was reached: keep the best game only if it goes through ``state``."""
        code = move_code(state)
        if code < 0:
            return  # the end of a round: the game's next placement is in the next round
        if self.best_game and self.best_game[0] == code:
            self.best_game = self.best_game[1:]
        else:
            self.best_game, self.best_total = [], -1


class LastRound(TreeIterator):
    """A state of the last round whose children are its ``candidates(last=True)``."""

    __slots__ = ("state",)

    def __init__(self, state: RailroadInkState) -> None:
        self.state = state

    def get_children(self) -> list[LastRound]:
        """The candidate children, each in a view."""
        return [LastRound(c) for c in candidates(self.state, last=True)]

    def key(self) -> Hashable:
        """The state's key: orders of the same placements meet."""
        return self.state.key()


def _exact(view: LastRound) -> float:
    """The board's total score by the engine (exact at the end, a guide before it)."""
    return float(total(view.state.board.arrays()[0]))


def _check_knobs(
    policy: object,
    first: object,
    last_width: object,
    futures: object,
    keep_best: object,
    shaped: object,
    plan: object,
    level: object,
    iterations: object,
    nest: object,
) -> None:
    """Refuse ``MonteCarloBot``'s knobs that are not what it takes, naming the knob.

    ``playouts`` and ``allocation`` are ``FlatMonteCarlo``'s and checked there.
    """
    if policy not in (GUIDED, RANDOM) or isinstance(policy, bool):
        raise InvalidArgumentError(
            f"policy must be GUIDED ({GUIDED}) or RANDOM ({RANDOM}), got {policy!r}"
        )
    if first is not None:
        check_count("first", first)
    check_count("last_width", last_width)
    check_count("futures", futures, 0)
    check_count("level", level)
    check_count("iterations", iterations)
    if check_count("nest", nest, 0) > len(ENDS):
        raise InvalidArgumentError(f"nest must be at most {len(ENDS)}, got {nest!r}")
    for name, flag in (("keep_best", keep_best), ("shaped", shaped), ("plan", plan)):
        if not isinstance(flag, bool) and not (name != "shaped" and flag is None):
            allowed = "True or False" if name == "shaped" else "True, False or None"
            raise InvalidArgumentError(f"{name} must be {allowed}, got {flag!r}")


class MonteCarloBot(Bot):
    """Flat Monte Carlo decisions on the compiled engine, the last round solved (module doc).

    The defaults are the strongest measured (``benchmarks/RESULTS.md``): guided play-outs,
    ``PLAYOUTS`` per decision, and with dice known the whole game planned by NRPA. The plain
    scheme, with ``RANDOM`` play-outs and no plan, is
    ``MonteCarloBot(playouts=4000, first=10, policy=RANDOM, keep_best=False, plan=False)``.

    Args:
        playouts: play-outs per decision after the first ones, without a time budget.
        first: play-outs each candidate gets first; None: ``FIRST_PLAYOUTS`` with dice
            revealed, ``FIRST_KNOWN`` with dice known.
        policy: the engine's play-out policy (``GUIDED`` or ``RANDOM``).
        weights: the ``GUIDED`` policy's table, a ``(7, 4, 10)`` array of finite numbers;
            None for the shipped one (``load_policy``).
        futures: shared roll sequences per decision (``EnginePlayouts``), 0 for none, at
            most ``MAX_FUTURES``.
        keep_best: dice known, play the best whole game any play-out found (its score is
            then a floor of the bot's), not the candidate with the best mean; None: when the
            dice are known.
        shaped: value play-outs by the shaped score (False: the final score).
        error_weight: with ``shaped``, the weight of the final board's errors in a play-out's
            score (``ERROR_WEIGHT``; 0 leaves them out).
        last_tries: play-outs play the last round this many times and keep its best board
            (``LAST_TRIES``): the bot solves that round exactly, so one
            random completion undervalues what a position leaves it.
        plan: dice known, plan the whole game at the first decision by NRPA (``level``,
            ``iterations``; a ``seconds`` budget gives it 80% of what is left) and play the
            plan; None: when the dice are known. Without it (or with dice revealed) every
            decision is a flat Monte Carlo run.
        level: the plan's nesting level.
        iterations: the plan's iterations per level.
        beta: the weight of the learned value in the plan's play-outs (0: none).
        value: the learned value's weights for the plan (``engine.ntuple``'s layout, the
            final score learned); None for the shipped model, read when first planning.
        nest: dice known, with ``plan``: the level of a nested search over whole rounds
            (``engine.round_nest``, by the value fine-tuned for the round player) run before
            NRPA, with ``NEST_SHARE`` of the plan's time; the better game is played. 0: NRPA
            alone, as where the engine is not compiled.
        allocation: ``FlatMonteCarlo``'s allocation.
        last_width: the last round's beam width.
        seconds: per game; None for the fixed ``playouts`` (``PYTHON_SECONDS`` when the
            engine is not compiled).
        seed: the bot's random stream.
    """

    name = "montecarlo"

    def __init__(
        self,
        playouts: int = PLAYOUTS,
        first: int | None = None,
        policy: int = GUIDED,
        weights: np.ndarray | None = None,
        allocation: Any = "greedy",
        last_width: int = LAST_ROUND_WIDTH,
        seconds: float | None = None,
        seed: int = 0,
        futures: int = 0,
        keep_best: bool | None = None,
        shaped: bool = True,
        plan: bool | None = None,
        level: int = PLAN_LEVEL,
        iterations: int = PLAN_ITERATIONS,
        error_weight: float = ERROR_WEIGHT,
        last_tries: int = LAST_TRIES,
        beta: float = PLAN_BETA,
        value: np.ndarray | None = None,
        nest: int = 0,
    ) -> None:
        if seconds is None and ENGINE == "python":
            seconds = PYTHON_SECONDS
        super().__init__(seconds)
        seed = check_seed(seed)
        knobs = (policy, first, last_width, futures, keep_best, shaped, plan, level, iterations)
        _check_knobs(*knobs, nest)
        error_weight = check_number("error_weight", error_weight, minimum=0)
        last_tries = check_count("last_tries", last_tries, 1)
        self.beta = check_number("beta", beta, minimum=0)
        self.nest = nest
        self._value = None if value is None else check_table("value", value, (VALUE_SIZE,))
        self.engine = ENGINE
        if weights is None:
            weights = load_policy() if policy == GUIDED else NO_POLICY
        self.playouts = EnginePlayouts(policy, weights, futures, shaped, error_weight, last_tries)
        self._rng = random.Random(seed)
        self.search = FlatMonteCarlo(
            playout=self.playouts,
            candidates=candidates,
            label=move_code,
            first=FIRST_PLAYOUTS if first is None else first,
            playouts=playouts,
            allocation=allocation,
            reuse=True,
            rng=np.random.default_rng(seed),
        )
        self.last_width = last_width
        self.keep_best = keep_best
        self.plan, self.level, self.iterations = plan, level, iterations
        self.planned_total = -1
        """Dice known: the final score of the game the plan plays (-1 before planning)."""
        self._planned: list[int] = []
        self._planned_for: object = None  # the game the plan is for
        self.first = first
        self.last_decision: Sequence[Candidate] = ()
        """The candidates of the last ``choose`` with their play-out counts and means, best
        first; () when it searched nothing (one candidate, or the last round's plan)."""
        self._plan: list[RailroadInkState] = []

    def _warm(self, state: RailroadInkState) -> None:
        """Load (or compile) the engine's play-out and plan off the clock: one short run each."""
        if self.engine != "numba":
            return
        p, knobs = Position.of(state), self.playouts
        record = np.zeros(64, dtype=np.int64)
        stream = seed_stream(1)
        playout(
            p.copy().arrays,
            knobs.policy,
            knobs.weights,
            stream,
            record,
            p.round,
            knobs.error_weight,
            knobs.last_tries,
        )
        if state.game.dice == "known" and self.plan is not False:
            plan_moves(p, 1, 1, stream, value=self._plan_value(), beta=self.beta)
            if self.nest:
                nested_plan(_nest_value(), p, 1, (1,), 1, 1, 1)

    def _choose(self, state: RailroadInkState) -> RailroadInkState:
        self.last_decision = ()
        chosen = self._decide(state)
        self.playouts.played(chosen)
        return chosen

    def _decide(self, state: RailroadInkState) -> RailroadInkState:
        if state.game.dice == "known" and self.plan is not False:
            planned = self._follow(state)
            if planned is not None:
                return planned
        if self._plan and self._plan[0] in state.get_children():
            return self._plan.pop(0)
        self._plan = []
        left = self._left()
        if state.round >= ROUNDS:
            budget = None if left is None else Budget(seconds=left * 0.8)
            result = (
                BeamSearch(width=self.last_width, value=_exact, graph=True, budget=budget)
                .run(LastRound(state))
                .raise_if_interrupted()
            )
            path: list[RailroadInkState] = [view.state for view in result.path[1:]]
            if path:
                self._plan = path[1:]
                return path[0]
        decisions = 4 * max(ROUNDS - state.round, 0) + len(state.faces or ()) + 1
        self.search.budget = Budget.coerce(
            None if left is None else Budget(seconds=left * 0.6 / decisions)
        )
        if self.first is None:
            self.search.first = FIRST_KNOWN if state.game.dice == "known" else FIRST_PLAYOUTS
        self.playouts.start(state, self._rng)
        result = self.search.run(state).raise_if_interrupted()
        self.last_decision = result.info.get("candidates", ())
        best: RailroadInkState | None = result.best
        keep = state.game.dice == "known" and self.keep_best is not False
        if keep and self.playouts.best_game:
            follow = self.playouts.best_game[0]
            kept = [c.state for c in self.last_decision if c.label == follow]
            if kept:
                best = kept[0]
        return best if best is not None else state.get_children()[0]

    def _follow(self, state: RailroadInkState) -> RailroadInkState | None:
        """The plan's next placement (planning the game first), or the end of the round.

        None when the plan is spent or does not fit ``state`` (then the flat search decides).
        """
        if self._planned_for is not state.game:
            self._planned_for = state.game
            left = self._left()
            stream = seed_stream(self._rng.getrandbits(32))
            seconds = None if left is None else left * 0.8
            started, p = time.perf_counter(), Position.of(state)
            nested = self._nested(p, None if seconds is None else seconds * NEST_SHARE)
            if seconds is not None:
                seconds = max(seconds - (time.perf_counter() - started), 1e-3)
            self.planned_total, self._planned = plan_moves(
                p, self.level, self.iterations, stream, seconds,
                value=self._plan_value(), beta=self.beta,
            )  # fmt: skip
            if nested[0] > self.planned_total:
                self.planned_total, self._planned = nested
        if not self._planned:
            return None
        children = state.get_children()
        code = self._planned[0]
        for child in children:
            if move_code(child) == code:
                self._planned.pop(0)
                return child
        for child in children:
            if child.placement is None:  # the plan goes on in the next round
                return child
        self._planned = []
        return None

    def _nested(self, p: Position, seconds: float | None) -> tuple[int, list[int]]:
        """The nested search's game (``nest``) within ``seconds``; ``(-1, [])`` without one.

        Compiled engine only: in plain Python one round beam would spend the clock.
        """
        if not self.nest or self.engine != "numba":
            return -1, []
        deadline = time.perf_counter() + (math.inf if seconds is None else seconds)
        return nested_plan(_nest_value(), p, self.nest, deadline=deadline)

    def _plan_value(self) -> np.ndarray | None:
        """The value guiding the plan: the one given, else the shipped model (None: no guide).

        Raises:
            InvalidArgumentError: the shipped model learned another reward than the final
                score, which the plan's play-outs would misread.
        """
        if self.beta == 0:
            return None
        if self._value is None:
            weights, reward = shipped_value()
            if reward != "final":
                raise InvalidArgumentError(
                    f"the plan needs a value of the final score, the model learned {reward!r}"
                )
            self._value = check_table("value", weights, (VALUE_SIZE,))
        return self._value
