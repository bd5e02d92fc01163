"""Typed, frozen events that searches send to observers.

Together they form the complete transcript of a run: ``SearchStarted``, then ``Visited``
(entering a state, returning to it, or restarting at the start), ``Expanded``, ``Evaluated``,
``Pruned``, ``SolutionImproved`` and (MCTS) ``SimulationPhase`` in search order, and
finally ``SearchFinished``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias, Union

if TYPE_CHECKING:
    from treesearch.result import SearchResult

__all__ = [
    "Evaluated",
    "Event",
    "Expanded",
    "Pruned",
    "SearchFinished",
    "SearchStarted",
    "SimulationPhase",
    "SolutionImproved",
    "VisitKind",
    "Visited",
]


class VisitKind(enum.Enum):
    """How the search arrived at a visited state."""

    ENTER = "enter"
    """First arrival from the parent (or the start of the run)."""
    RETURN = "return"
    """Back at this state after finishing one of its children (backtracking)."""
    RESTART = "restart"
    """Jumped back to the start: a new episode, deepening round or simulation."""


@dataclass(frozen=True, slots=True)
class SearchStarted:
    """A run begins at ``start``; ``search`` is the search object."""

    search: Any
    start: Any


@dataclass(frozen=True, slots=True)
class Visited:
    """The search is at ``state``, ``depth`` moves below the start."""

    state: Any
    depth: int
    kind: VisitKind = VisitKind.ENTER
    parent: Any = None


@dataclass(frozen=True, slots=True)
class Expanded:
    """The search asked ``state`` for its children and got ``n_children`` of them."""

    state: Any
    depth: int
    n_children: int


@dataclass(frozen=True, slots=True)
class Evaluated:
    """A value function scored ``state``."""

    state: Any
    value: float


@dataclass(frozen=True, slots=True)
class Pruned:
    """``state`` was generated but not entered; ``reason`` says why (duplicate, depth...)."""

    state: Any
    depth: int
    reason: str


@dataclass(frozen=True, slots=True)
class SolutionImproved:
    """``state`` is the new best answer (a goal, or a better value)."""

    state: Any
    depth: int
    value: float | None = None


@dataclass(frozen=True, slots=True)
class SimulationPhase:
    """One phase of a Monte Carlo simulation (``select``, ``expand``, ``rollout``, ``backup``).

    ``state`` is the node the phase works on (the selected leaf, the new child, the rollout's
    start, the leaf whose reward is backed up); ``reward`` is the per-player reward vector
    for rollout and backup.
    """

    phase: str
    state: Any
    depth: int
    iteration: int
    reward: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class SearchFinished:
    """The run is over; ``result`` is what ``run`` returns."""

    result: SearchResult


Event: TypeAlias = Union[  # noqa: UP007 - evaluated at runtime on Python 3.10
    SearchStarted,
    Visited,
    Expanded,
    Evaluated,
    Pruned,
    SolutionImproved,
    SimulationPhase,
    SearchFinished,
]
