"""The knobs of ``MCTS`` as one frozen object, validated once: ``MCTSSettings``.

``MCTS(...)`` builds one from its keywords and keeps it (``mcts.settings``); the simulator
(``simulate``) takes it as is and copies what it needs into its own attributes once a
run, so no simulation looks into it. Each knob is checked here, once, by an error naming the
bad value; a bot wrapping MCTS (``games.tron.bots.mcts_bot``) builds one to check its knobs
at its own entry point. The settings also hold the forms the simulator needs (``c``,
``use_max``, ``decoupled``, ``leaf``), worked out here rather than on every run.

Not settings: the budget (``iterations``, ``seconds``, ``budget``), which is a ``Budget``,
and ``rng``, which the runs consume.

    >>> s = MCTSSettings(exploration=0.5, reward_range=(0, 1))
    >>> s.c, s.reward_range, s == MCTSSettings(exploration=0.5, reward_range=(0.0, 1.0))
    (0.5, (0.0, 1.0), True)

Imports ``final`` (the final-move rules) and ``policies`` (the hooks' types);
``simulate`` and ``mcts.mcts`` import it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, fields
from numbers import Real
from typing import Any, Literal

from treesearch.arguments import check_count, check_flag, check_number, is_count
from treesearch.errors import InvalidArgumentError
from treesearch.mcts.final import FINAL_RULES, FinalRule
from treesearch.mcts.policies import Evaluator, RolloutPolicy, SelectionFn
from treesearch.search import check_choice

__all__ = [
    "EXPLORATION",
    "LEAF_BOUNDED",
    "LEAF_EVALUATE",
    "LEAF_ROLLOUT",
    "LEAF_ROLLOUT_MOVES",
    "RAVE",
    "SIMULTANEOUS",
    "MCTSSettings",
]

EXPLORATION = 0.5
"""The default UCT constant, in widths of ``reward_range`` (benchmarks/tune_mcts.py): the
bonus is ``0.5 * (high - low) * sqrt(ln N / n)``, 1.0 on [-1, 1] and 0.5 on [0, 1]."""

SIMULTANEOUS: tuple[str, ...] = ("sequential", "decoupled")
"""The values of ``MCTS(simultaneous=...)``."""

LEAF_ROLLOUT, LEAF_EVALUATE, LEAF_BOUNDED, LEAF_ROLLOUT_MOVES = 0, 1, 2, 3
"""How a new non-terminal leaf is scored (``MCTSSettings.leaf``): a rollout to the end of the
game, ``evaluate``, or a rollout of at most ``rollout_depth`` moves. A run whose budget has
``max_depth`` or ``max_nodes`` makes every rollout a bounded one. ``LEAF_ROLLOUT_MOVES`` is a
rollout to the end that reports its moves (RAVE's simulator turns ``LEAF_ROLLOUT`` into it)."""

RAVE: float | None = None
"""The RAVE constant ``K`` that ``MCTS(rave=None)``, the default, uses on states with a move
identity (``rave``); None: plain UCT unless ``rave=K`` is given. Kept None: measured
against OpenSpiel's bot (benchmarks/tune_mcts.py ``--rave``), RAVE did not win at equal time
on hex 5x5 and lost on connect four and breakthrough 6x6."""


@dataclass(frozen=True, slots=True)
class MCTSSettings:
    """The knobs of an ``MCTS`` search, checked at construction; frozen, compared by value.

    The fields are ``MCTS``'s keywords of the same names, with the same defaults and
    meanings (see ``MCTS``). ``exploration`` and ``reward_range`` are kept as floats.
    A bad value raises ``InvalidArgumentError`` naming it; ``dataclasses.replace`` checks
    again. ``MCTS(iterations=n, **settings.keywords())`` searches with these settings.

    Attributes:
        c: the UCT constant in reward units: ``exploration * (high - low)``.
        use_max: ``backup == "max"``.
        decoupled: ``simultaneous == "decoupled"``.
        leaf: how a new leaf is scored, a ``LEAF_*`` code (the run's budget may bound it).
    """

    exploration: float = EXPLORATION
    selection: SelectionFn | None = None
    rollout: RolloutPolicy | None = None
    evaluate: Evaluator | None = None
    score: Callable[[Any], float] | None = None
    backup: Literal["mean", "max"] = "mean"
    final: FinalRule = "visits"
    solver: bool = True
    reward_range: tuple[float, float] = (-1.0, 1.0)
    reuse: bool = True
    perspective: int = 0
    rollout_depth: int | None = None
    simultaneous: Literal["sequential", "decoupled"] = "sequential"
    rave: float | None = None
    move_of: Callable[[Any], Hashable] | None = None
    c: float = field(init=False, repr=False, compare=False)
    use_max: bool = field(init=False, repr=False, compare=False)
    decoupled: bool = field(init=False, repr=False, compare=False)
    leaf: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Checked in the order of MCTS's keywords, so the first bad one is named.
        exploration = _check_exploration(self.exploration)
        for name in ("selection", "rollout", "evaluate", "score"):
            _check_callable(name, getattr(self, name))
        if self.backup not in ("mean", "max"):
            raise InvalidArgumentError(f"backup must be 'mean' or 'max', got {self.backup!r}")
        check_choice("final", self.final, FINAL_RULES)
        solver = check_flag("solver", self.solver)
        lo, hi = _check_range(self.reward_range)
        if not math.isfinite(exploration * (hi - lo)):
            raise InvalidArgumentError(
                f"exploration * (high - low) of reward_range must be finite, got exploration="
                f"{self.exploration!r} and reward_range={self.reward_range!r}"
            )
        reuse = check_flag("reuse", self.reuse)
        _check_perspective(self.perspective)
        rollout_depth = _check_rollout_depth(self.rollout_depth)
        check_choice("simultaneous", self.simultaneous, SIMULTANEOUS)
        rave = _check_rave(self.rave, self)
        _check_callable("move_of", self.move_of)
        leaf = (
            LEAF_BOUNDED
            if self.rollout_depth is not None
            else LEAF_EVALUATE
            if self.evaluate is not None
            else LEAF_ROLLOUT
        )
        for name, value in (
            ("exploration", exploration),
            ("reward_range", (lo, hi)),
            ("perspective", int(self.perspective)),
            ("solver", solver),
            ("reuse", reuse),
            ("rollout_depth", rollout_depth),
            ("rave", rave),
            ("c", exploration * (hi - lo)),
            ("use_max", self.backup == "max"),
            ("decoupled", self.simultaneous == "decoupled"),
            ("leaf", leaf),
        ):
            object.__setattr__(self, name, value)  # frozen: set once, here

    def keywords(self) -> dict[str, Any]:
        """The settings as ``MCTS`` keywords (the derived fields left out)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.init}


def _check_exploration(exploration: Any) -> float:
    return check_number("exploration", exploration, minimum=0)


def _check_callable(name: str, fn: Any) -> None:
    if fn is not None and not callable(fn):
        raise InvalidArgumentError(f"{name} must be callable, got {fn!r}")


def _check_perspective(perspective: Any) -> None:
    if not is_count(perspective) or perspective not in (0, 1):
        raise InvalidArgumentError(
            f"perspective must be player 0 or 1 (the view of a numeric evaluate), "
            f"got {perspective!r}"
        )


def _check_rollout_depth(rollout_depth: Any) -> int | None:
    depth: int | None = check_count("rollout_depth", rollout_depth, 1, optional=True)
    return depth


def _check_rave(rave: Any, settings: MCTSSettings) -> float | None:
    """``rave`` as None (the default: ``RAVE`` where it applies) or a float ``K >= 0``.

    An explicit ``K > 0`` is refused where RAVE does not apply: a custom ``selection``,
    ``backup="max"`` or ``simultaneous="decoupled"``.
    """
    if rave is None:
        return None
    k = check_number(
        "rave", rave, minimum=0, note=" (the RAVE constant K; 0 for plain UCT) or None"
    )
    if k:
        clash = (
            "selection=" + repr(settings.selection)
            if settings.selection is not None
            else "backup='max'"
            if settings.backup == "max"
            else "simultaneous='decoupled'"
            if settings.simultaneous == "decoupled"
            else None
        )
        if clash is not None:
            raise InvalidArgumentError(
                f"rave={rave!r} blends AMAF values into UCT selection on the mean; it cannot "
                f"be combined with {clash}: give rave=0 or drop {clash.split('=')[0]}"
            )
    return k


def _check_range(reward_range: Any) -> tuple[float, float]:
    """``reward_range`` as two floats ``low < high``, or an error naming the bad value."""
    try:
        lo, hi = reward_range
        ok = (
            all(
                isinstance(x, Real) and not isinstance(x, bool) and math.isfinite(x)
                for x in (lo, hi)
            )
            and lo < hi
        )
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise InvalidArgumentError(
            f"reward_range must be (low, high), two finite numbers with low < high, "
            f"got {reward_range!r}"
        )
    return float(lo), float(hi)
