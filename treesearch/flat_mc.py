"""Flat Monte Carlo: one decision among candidates, each valued by the mean of its play-outs.

No tree: every candidate (by default a child of the start) gets ``first`` play-outs, then the
remaining play-outs go where ``allocation`` says, and the candidate with the best mean is the
answer. What makes it more than a loop of random games:

- **Shared statistics.** Candidates are counted under a *label* (``label=``, default the
  state's key). A play-out may return the labels of other candidates it passed through, and
  its value is credited to each of them: in a game where one turn is several placements, a
  play-out that placed A then B informs both "A first" and "B first".
- **Reuse.** With ``reuse=True`` the play-outs of one run are kept; the next run (from the
  candidate that was played) starts from those whose labels include that candidate's label.

Allocation after the first play-outs (``ALLOCATIONS``): ``"greedy"`` plays from the best
mean, ``"ucb"`` adds ``exploration`` times the spread of the values seen
times ``sqrt(ln N / n)``, ``"halving"`` is successive halving (equal shares, then the better
half goes on).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from treesearch._contract import bad_children, safe_repr, unhashable_key
from treesearch._rng import RNGLike, check_rng, python_random
from treesearch._run import ObserverLike, RunContext, has_keys
from treesearch.arguments import check_count, check_flag, check_number
from treesearch.budget import Budget
from treesearch.errors import InvalidArgumentError, InvalidValueError, TreeSearchError
from treesearch.events import Evaluated
from treesearch.mcts.policies import ROLLOUT_LIMIT, rollout_rewards
from treesearch.result import Status
from treesearch.search import TreeSearch, check_callable, check_choice
from treesearch.values import player_of

__all__ = ["ALLOCATIONS", "Candidate", "FlatMonteCarlo", "Playout"]

ALLOCATIONS = ("greedy", "ucb", "halving")
"""The values of ``FlatMonteCarlo(allocation=...)``."""

Playout = Callable[[Any, Any], "float | tuple[float, Iterable[Hashable]]"]
"""``playout(candidate, rng) -> value`` or ``(value, labels)``; ``rng`` is a ``random.Random``."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A candidate's statistics at the end of a run (``result.info["candidates"]``)."""

    state: Any
    label: Hashable
    count: int
    mean: float


class FlatMonteCarlo(TreeSearch):
    """Choose among the start's candidates by the mean value of play-outs from each.

    Requires: ``get_children`` (unless ``candidates=``); without ``playout=``, a game with
    ``player()`` and ``returns()`` (a play-out is a uniformly random game, or the state's own
    ``random_playout(rng)``, valued for the player to move at the start).

    Args:
        observers: observers of every run; they see ``Evaluated(candidate, value)`` for
            each play-out.
        playout: ``fn(candidate, rng) -> value`` or ``(value, labels)``: the labels of other
            candidates this play-out also stands for (see the module docstring).
            Default: a uniformly random game, stopped after ``ROLLOUT_LIMIT`` (10,000)
            moves and then valued 0 (``info["endless_playouts"]`` counts those, and a
            RuntimeWarning says so).
        candidates: ``fn(start) -> states`` to choose among; default its children.
        label: ``fn(candidate) -> hashable``, the name its statistics are kept under;
            default its ``key()``, else the candidate itself.
        first: play-outs for every candidate before allocation starts.
        playouts: play-outs allocated after the first ones (a ``budget`` may cut them).
        allocation: one of ``ALLOCATIONS``.
        exploration: the UCB constant, in spreads of the values (``"ucb"`` only).
        reuse: keep play-outs between runs (the next start must be a chosen candidate).
        rng: seed or ``numpy.random.Generator`` (an int seed repeats each run's stream).
        budget: ``max_iterations`` caps the play-outs of a run, ``seconds`` its time.

    Examples:
        >>> from games.tictactoe import TicTacToe
        >>> result = FlatMonteCarlo(playouts=300, rng=1).run(TicTacToe())
        >>> result.best.move, len(result.info["candidates"])
        (4, 9)
    """

    chooses_move = True

    def __init__(
        self,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        *,
        playout: Playout | None = None,
        candidates: Callable[[Any], Sequence[Any]] | None = None,
        label: Callable[[Any], Hashable] | None = None,
        first: int = 10,
        playouts: int = 4000,
        allocation: Literal["greedy", "ucb", "halving"] = "greedy",
        exploration: float = 0.5,
        reuse: bool = False,
        rng: RNGLike = None,
        budget: Budget | None = None,
    ) -> None:
        super().__init__(observers, budget=budget)
        self.playout = check_callable(playout, "playout", "(candidate, rng) -> value")
        self.candidates = check_callable(candidates, "candidates", "start -> states")
        self.label = check_callable(label, "label", "candidate -> hashable")
        first = check_count("first", first, 0)
        playouts = check_count("playouts", playouts, 0)
        if first + playouts < 1:
            raise InvalidArgumentError("first + playouts must be at least 1, got 0")
        check_choice("allocation", allocation, ALLOCATIONS)
        exploration = check_number("exploration", exploration, minimum=0)
        reuse = check_flag("reuse", reuse)
        self.first, self.playouts, self.allocation = first, playouts, allocation
        self.exploration, self.reuse = exploration, reuse
        self.rng = check_rng(rng)
        self._stream = python_random(self.rng) if not isinstance(self.rng, int) else None
        self._kept: list[tuple[float, frozenset[Hashable]]] = []

    # -- one run ------------------------------------------------------------------------
    def _search(self, start: Any, ctx: RunContext) -> None:
        """Hot loop: kept in one function, as a call per node would slow the search."""
        rng = self._stream if self._stream is not None else python_random(self.rng)
        found = self.candidates(start) if self.candidates is not None else start.get_children()
        try:
            items = iter(found)
        except TypeError:  # None, a number: name who gave it
            raise self._not_states(start, found) from None
        states = list(items)
        ctx.expanded = 1
        if not states:
            self._kept = []
            return
        name = self.label if self.label is not None else _default_label(start)
        labels = [name(s) for s in states]
        index: dict[Hashable, list[int]] = {}
        for k, lab in enumerate(labels):
            try:
                index.setdefault(lab, []).append(k)
            except TypeError:  # an unhashable label: name the state and who made it
                raise self._unhashable(states[k], lab) from None
        stats = _Stats(len(states), index)
        kept: list[tuple[float, frozenset[Hashable]]] = []
        if self.reuse and self._kept:
            here = name(start)
            for value, passed in self._kept:
                if here in passed:
                    kept.append((value, passed))
                    stats.credit(passed, value)
        endless = [0]  # default play-outs stopped at ROLLOUT_LIMIT moves
        play = self.playout if self.playout is not None else _default_playout(start, endless)
        emit = ctx.emit
        played = [0]

        def sample(k: int) -> float:
            raw = play(states[k], rng)
            value, passed = _split(raw, states[k])
            own = labels[k]
            passed.add(own)
            frozen = frozenset(passed)
            stats.credit(frozen, value)
            if self.reuse:
                kept.append((value, frozen))
            if emit is not None:
                emit(Evaluated(states[k], value))
            return value

        try:
            if len(states) > 1:  # one candidate: nothing to decide
                self._allocate(stats, sample, ctx, played)
        finally:
            counts = stats.counts
            means = [m if n else -math.inf for m, n in zip(stats.means, counts, strict=True)]
            chosen = max(range(len(states)), key=lambda k: (means[k], counts[k], -k))
            ctx.best, ctx.path = states[chosen], (start, states[chosen])
            ctx.value = means[chosen] if counts[chosen] else None
            ranked = sorted(
                (Candidate(s, labels[k], counts[k], means[k]) for k, s in enumerate(states)),
                key=lambda c: (-c.mean, -c.count),
            )
            ctx.info = {
                "candidates": tuple(ranked),
                "playouts": played[0],
                "endless_playouts": endless[0],
            }
            self._kept = kept
            ctx.visited = len(states)
        if endless[0]:
            warnings.warn(
                f"FlatMonteCarlo: {endless[0]} of {played[0]} random play-outs made "
                f"{ROLLOUT_LIMIT} moves without reaching the end of the game and were valued "
                "0; for a game that may never end give playout=fn(candidate, rng) -> value",
                RuntimeWarning,
                stacklevel=5,  # the caller of run(): _search <- _execute <- execute <- run
            )

    def _not_states(self, start: Any, found: Any) -> TreeSearchError:
        """The error of candidates (or children) that are not a sequence of states."""
        if self.candidates is None:
            return bad_children(start, found)
        return InvalidValueError(
            f"candidates {safe_repr(self.candidates)} returned {safe_repr(found)} for "
            f"{safe_repr(start)}; expected a sequence of states (a list or tuple)"
        )

    def _unhashable(self, state: Any, label: Any) -> TreeSearchError:
        """The error of a label that cannot be a dictionary key."""
        if self.label is None:
            return unhashable_key(state, label)  # the default label is the state's key()
        return InvalidValueError(
            f"label {self.label!r} returned {label!r} for {state!r}; expected a hashable "
            "value (a tuple, str, int...)"
        )

    def _allocate(
        self, stats: _Stats, sample: Callable[[int], float], ctx: RunContext, done: list[int]
    ) -> None:
        """Play the run's play-outs: ``first`` each, then ``playouts`` by ``allocation``."""
        limit = ctx.max_iterations
        checkpoint = ctx.first_checkpoint()
        plan = self._plan(stats)
        for k in plan:
            if limit is not None and done[0] >= limit:
                ctx.status, ctx.stop_reason = Status.BUDGET_REACHED, "max_iterations"
                return
            if done[0] >= checkpoint:
                checkpoint = ctx.checkpoint(done[0])
            sample(k)
            done[0] += 1
            ctx.iterations = done[0]

    def _plan(self, stats: _Stats) -> Iterable[int]:
        """The candidate of each play-out in turn (a generator reading the live statistics)."""
        n, means = len(stats.counts), stats.means
        for _ in range(self.first):
            yield from range(n)
        left = self.playouts
        if self.allocation == "halving":
            alive = list(range(n))
            rounds = max(1, math.ceil(math.log2(n)))
            for r in range(rounds):
                share = left // max(1, rounds - r) // len(alive)
                for _ in range(max(1, share)):
                    yield from alive
                    left -= len(alive)
                alive.sort(key=lambda k: -means[k])
                alive = alive[: max(1, (len(alive) + 1) // 2)]
            while left > 0:
                yield alive[0]
                left -= 1
            return
        ucb = self.allocation == "ucb"
        c = self.exploration
        pick = means.__getitem__
        for _ in range(left):
            yield _ucb_pick(stats, c) if ucb else max(range(n), key=pick)


class _Stats:
    """Play-outs credited per candidate: counts, totals and means (+inf before the first)."""

    __slots__ = ("counts", "index", "means", "totals")

    def __init__(self, n: int, index: dict[Hashable, list[int]]) -> None:
        self.counts = [0] * n
        self.totals = [0.0] * n
        self.means = [math.inf] * n
        self.index = index

    def credit(self, passed: Iterable[Hashable], value: float) -> None:
        """Add ``value`` to every candidate whose label is in ``passed``."""
        counts, totals, means = self.counts, self.totals, self.means
        for lab in passed:
            for k in self.index.get(lab, ()):
                counts[k] += 1
                totals[k] += value
                means[k] = totals[k] / counts[k]


def _ucb_pick(stats: _Stats, c: float) -> int:
    """The candidate with the best mean plus ``c`` spreads times ``sqrt(ln N / n)``."""
    counts, means = stats.counts, stats.means
    seen = [m for m, n in zip(means, counts, strict=True) if n]
    spread = (max(seen) - min(seen)) if len(seen) > 1 else 1.0
    log = math.log(max(sum(counts), 1))
    best, best_score = 0, -math.inf
    for k, n in enumerate(counts):
        score = math.inf if not n else means[k] + c * (spread or 1.0) * math.sqrt(log / n)
        if score > best_score:
            best, best_score = k, score
    return best


def _split(raw: Any, candidate: Any) -> tuple[float, set[Hashable]]:
    """``(value, labels)`` from a play-out's answer, checked."""
    if isinstance(raw, tuple) and len(raw) == 2 and not isinstance(raw[1], (int, float)):
        value, passed = raw[0], set(raw[1])
    else:
        value, passed = raw, set()
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or value != value
        or (value in (math.inf, -math.inf))
    ):
        raise InvalidValueError(
            f"playout from {candidate!r} returned {raw!r}: expected a finite number, or "
            "(number, labels of the other candidates it passed through)"
        )
    return float(value), passed


def _default_label(start: Any) -> Callable[[Any], Hashable]:
    if has_keys(start):
        return lambda s: s.key()
    return lambda s: s


def _default_playout(start: Any, endless: list[int]) -> Playout:
    """A uniformly random game from the candidate, valued for the player to move at ``start``.

    A game still running after ``ROLLOUT_LIMIT`` moves is valued 0 and counted in
    ``endless[0]``.
    """
    player = player_of(start) if hasattr(start, "player") else 0  # numpy integers count
    if player < 0:  # CHANCE or TERMINAL: nobody to value for but player 0
        player = 0

    def cut(state: Any) -> tuple[float, ...]:
        endless[0] += 1
        return (0.0,) * (player + 1)

    def play(candidate: Any, rng: Any) -> float:
        return float(rollout_rewards(candidate, rng, None, True, None, None, cut)[player])

    return play
