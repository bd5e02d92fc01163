"""The optional capabilities of a state, each declared as a typing ``Protocol``.

``TreeIterator`` (``treesearch.core``) is all a search needs. Anything more, a search looks
up on the state with ``getattr`` and uses when it is there: players and their rewards,
chance outcomes, a fast random play-out, simultaneous turns, the move that made a state, a
goal test, a heuristic, a vector of features or a board encoding for learned values. These
are Protocols rather than methods of ``TreeIterator`` because their absence means something
(no ``player()``: a puzzle; no ``random_playout``: roll out state by state), so no default
would be right. Each is declared here once, with what each member must return; games
implement them structurally, with no inheritance. ``check_iterator`` lists the ones a game
offers (``CheckReport.capabilities``), and ``CONTRACT_METHODS``, every method a search may
call on a state, is derived from ``TreeIterator`` and these Protocols so the two cannot
drift apart.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Hashable, Sequence
from typing import Any, Protocol, runtime_checkable

from treesearch.core import TreeIterator

__all__ = [
    "CAPABILITIES",
    "CONTRACT_METHODS",
    "Chance",
    "Encoded",
    "Features",
    "Goal",
    "Heuristic",
    "Moved",
    "Players",
    "RandomPlayout",
    "Scored",
    "Simultaneous",
    "capabilities_of",
]


@runtime_checkable
class Players(Protocol):
    """A game with players: who moves at each state (games with players are also ``Scored``)."""

    def player(self) -> int:
        """Return the player to move: 0, 1, ...; ``CHANCE`` or, at the end only, ``TERMINAL``."""
        ...


@runtime_checkable
class Scored(Protocol):
    """A game that ends with a score: one reward per player (a puzzle's score alone)."""

    def returns(self) -> Sequence[float]:
        """Return one finite reward per player at the end: ``(1, -1)`` when player 0 wins.

        A one-player puzzle returns its score as ``(score,)``.
        """
        ...


@runtime_checkable
class Chance(Protocol):
    """A game with chance: states whose ``player()`` is ``CHANCE`` draw their children."""

    def chance_outcomes(self) -> Sequence[tuple[Any, float]]:
        """Return ``[(child, probability), ...]`` at a chance state.

        Every child once, with probabilities >= 0 that sum to 1.
        """
        ...


@runtime_checkable
class RandomPlayout(Protocol):
    """A fast play-out: MCTS and flat Monte Carlo use it instead of a state per random move."""

    def random_playout(self, rng: random.Random) -> Sequence[float]:
        """Play random moves to the end and return the final ``returns()``.

        The moves are uniform among the children, as a random rollout picks them, drawn
        only from ``rng``, and this state is left unchanged. It may also take a ``moves``
        list and append ``(player, move)`` for each move played (``MCTS(rave=K)`` needs it).
        """
        ...


@runtime_checkable
class Simultaneous(Protocol):
    """Simultaneous turns, written as two sequential moves whose second half is marked."""

    def simultaneous(self) -> bool:
        """Return True when this state is the second half of a simultaneous turn.

        Its player chooses without seeing the move that made it, so every sibling lists the
        same moves in the same order.
        """
        ...


@runtime_checkable
class Moved(Protocol):
    """States that carry the move that made them (records, replies and RAVE use it)."""

    @property
    def move(self) -> Hashable:
        """The move played to reach this state from its parent, None at the start.

        Hashable; the same move played from different parents compares equal.
        """
        ...


@runtime_checkable
class Goal(Protocol):
    """A path problem that knows its goals (the default goal test of a path game)."""

    def is_goal(self) -> bool:
        """Return True when this state is a goal, where a path search stops."""
        ...


@runtime_checkable
class Heuristic(Protocol):
    """A path problem that estimates its distance to a goal (the default A* heuristic)."""

    def heuristic(self) -> float:
        """Return an estimate >= 0 of the cheapest cost from this state to a goal.

        A* finds a cheapest path when the estimate never exceeds the true cost.
        """
        ...


@runtime_checkable
class Features(Protocol):
    """A state described by numbers: what a linear learned value weighs (``treesearch.learn``)."""

    def features(self) -> Any:
        """Return a 1-D numpy array of finite floats, of the same length on every state."""
        ...


@runtime_checkable
class Encoded(Protocol):
    """A board as cells of a few values: what an n-tuple network looks up (``treesearch.learn``)."""

    def encoding(self) -> Any:
        """Return a 1-D numpy array of ints, one per cell, the same length on every state.

        Each cell holds a value from 0 to ``cell_values() - 1``.
        """
        ...

    def cell_values(self) -> int:
        """Return how many values a cell of ``encoding()`` may hold (an int >= 2)."""
        ...


CAPABILITIES: tuple[type, ...] = (
    Players,
    Scored,
    Chance,
    RandomPlayout,
    Simultaneous,
    Moved,
    Goal,
    Heuristic,
    Features,
    Encoded,
)
"""Every optional capability, in the order ``CheckReport.capabilities`` lists them."""


def _members(cls: type) -> tuple[tuple[str, bool], ...]:
    """The public members ``cls`` declares itself, each with whether it is a method."""
    return tuple(
        (name, inspect.isfunction(value))
        for name, value in vars(cls).items()
        if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, property))
    )


CONTRACT_METHODS: tuple[str, ...] = tuple(
    name for cls in (TreeIterator, *CAPABILITIES) for name, method in _members(cls) if method
)
"""Every method a search may call on a state: ``TreeIterator``'s and each capability's."""


def capabilities_of(state: Any) -> tuple[str, ...]:
    """The names of the capabilities ``state`` offers, in the order of ``CAPABILITIES``.

    A method counts when it is callable, an attribute (``move``) when it is present.
    """
    return tuple(
        cap.__name__
        for cap in CAPABILITIES
        if all(
            callable(getattr(state, name, None)) if method else hasattr(state, name)
            for name, method in _members(cap)
        )
    )
