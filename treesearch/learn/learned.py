"""Values that learn: a table over ``key()``, a linear value over ``features()``, n-tuples.

Each is a callable ``value(state) -> float`` from player 0's point of view (a puzzle's score
to maximise; in a two-player zero-sum game, what ``returns()[0]`` is expected to be), so it
plugs in wherever a hand-written value does: ``value=`` of ``BeamSearch``,
``GreedyBestFirst``, ``Backtracking`` and ``AlphaBeta`` (its default ``perspective=0``),
``evaluate=`` of ``MCTS``, and ``playout_policy(value)`` as MCTS's ``rollout=``.

``update(state, target, alpha)`` moves the value of ``state`` a fraction ``alpha`` of the way
to ``target``: exactly so for a table, and for the linear value and the n-tuples too when a
state's features (or looked-up weights) are not shared with the others (the step is
normalised by the squared length of the features, or by the number of tuples), so one
``alpha`` means the same for all three.
"""

from __future__ import annotations

import ast
import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar

import numpy as np

from treesearch.arguments import check_count, check_number
from treesearch.errors import InvalidArgumentError, MissingCapabilityError

__all__ = ["LearnedValue", "LinearValue", "NTupleValue", "TableValue", "playout_policy"]


class LearnedValue:
    """A value of states learned from play: ``value(state)`` and ``update``, saved in a file.

    Subclasses define ``kind`` (the name in a model file), ``value``, ``update``, ``spec``
    (the JSON-able shape of the value) and ``arrays`` (its weights), and rebuild themselves
    from the two with ``from_parts``.
    """

    kind: ClassVar[str] = ""

    def value(self, state: Any) -> float:
        """The value of ``state`` from player 0's view."""
        raise NotImplementedError

    def __call__(self, state: Any) -> float:
        """The value of ``state``: a learned value is a plain value function too."""
        return self.value(state)

    def update(self, state: Any, target: float, alpha: float) -> None:
        """Move the value of ``state`` a fraction ``alpha`` of the way to ``target``."""
        raise NotImplementedError

    def spec(self) -> dict[str, Any]:
        """What the value is, apart from its weights, as JSON-able data."""
        raise NotImplementedError

    def arrays(self) -> dict[str, np.ndarray]:
        """The weights, by name (what a model file stores)."""
        raise NotImplementedError

    @classmethod
    def from_parts(cls, spec: dict[str, Any], arrays: dict[str, np.ndarray]) -> LearnedValue:
        """The value described by ``spec`` with the weights ``arrays`` (a model file's parts).

        Raises:
            ValueError, KeyError, TypeError: the parts do not fit together (the model file's
                loader says which file and what).
        """
        raise NotImplementedError

    def check_state(self, state: Any) -> None:
        """Raise ``MissingCapabilityError`` if ``state`` lacks what this value reads."""

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.spec().items() if k != "tuples")
        return f"{type(self).__name__}({shown})"


def _require(state: Any, method: str, kind: str, fix: str) -> None:
    if not callable(getattr(state, method, None)):
        raise MissingCapabilityError(
            f"{kind} reads {method}() of every state, and {state!r} has none. Fix: {fix}"
        )


class TableValue(LearnedValue):
    """One number per ``key()``: exact for small games, the default without features.

    Args:
        initial: the value of a state not yet updated.

    Keys are stored in a model file by their ``repr``, so they must be Python literals
    (ints, strings, tuples of them...), as the keys of the bundled games are.

    Examples:
        >>> from games.tictactoe import TicTacToe
        >>> table = TableValue()
        >>> start = TicTacToe()
        >>> table.update(start, 1.0, 0.5)
        >>> table(start), len(table)
        (0.5, 1)
    """

    kind = "table"

    def __init__(self, *, initial: float = 0.0) -> None:
        self.initial = check_number("initial", initial)
        self.table: dict[Hashable, float] = {}

    def value(self, state: Any) -> float:
        """The value stored for ``state.key()``, else ``initial``."""
        return self.table.get(state.key(), self.initial)

    __call__ = value

    def update(self, state: Any, target: float, alpha: float) -> None:
        """Move the value of ``state`` a fraction ``alpha`` of the way to ``target``."""
        k = state.key()
        v = self.table.get(k, self.initial)
        self.table[k] = v + alpha * (target - v)

    def __len__(self) -> int:
        return len(self.table)

    def check_state(self, state: Any) -> None:
        """A table needs ``key()``, and a key that is not None."""
        _require(state, "key", "TableValue", "give the game key() or use LinearValue/NTupleValue")
        if state.key() is None:
            raise MissingCapabilityError(
                f"TableValue looks states up by key(), and {state!r} answers None. Fix: return "
                "a hashable key, or use LinearValue or NTupleValue"
            )

    def spec(self) -> dict[str, Any]:
        """The kind and the initial value."""
        return {"kind": self.kind, "initial": self.initial}

    def arrays(self) -> dict[str, np.ndarray]:
        """The keys (their ``repr``) and their values."""
        keys = list(self.table)
        return {
            "keys": np.array([repr(k) for k in keys], dtype=np.str_),
            "values": np.array([self.table[k] for k in keys], dtype=np.float64),
        }

    @classmethod
    def from_parts(cls, spec: dict[str, Any], arrays: dict[str, np.ndarray]) -> TableValue:
        """The table of a model file."""
        table = cls(initial=spec["initial"])
        keys, values = arrays["keys"], arrays["values"]
        if keys.shape != values.shape or keys.ndim != 1:
            raise ValueError(f"{len(keys)} keys for {len(values)} values")
        table.table = {
            ast.literal_eval(str(k)): float(v) for k, v in zip(keys, values, strict=True)
        }
        return table


class LinearValue(LearnedValue):
    """A weighted sum of ``state.features()``: ``weights @ features``.

    Args:
        features: the length of every state's ``features()``.

    Examples:
        >>> import numpy as np
        >>> class S:
        ...     def features(self):
        ...         return np.array([1.0, 2.0])
        >>> linear = LinearValue(2)
        >>> linear.update(S(), 5.0, 1.0)
        >>> round(linear(S()), 6), linear.weights.tolist()
        (5.0, [1.0, 2.0])
    """

    kind = "linear"

    def __init__(self, features: int) -> None:
        n = check_count("features", features, 1)
        self.weights = np.zeros(n, dtype=np.float64)

    def value(self, state: Any) -> float:
        """``weights @ state.features()``."""
        return float(self.weights @ state.features())

    __call__ = value

    def update(self, state: Any, target: float, alpha: float) -> None:
        """A normalised gradient step: the value moves ``alpha`` of the way to ``target``."""
        phi = state.features()
        norm = float(phi @ phi)
        if norm > 0.0:
            self.weights += (alpha * (target - float(self.weights @ phi)) / norm) * phi

    def check_state(self, state: Any) -> None:
        """The state has ``features()`` of this value's length."""
        _require(state, "features", "LinearValue", "give the game features() or use TableValue")
        n = len(state.features())
        if n != len(self.weights):
            raise InvalidArgumentError(
                f"LinearValue has {len(self.weights)} weights, but {state!r} has {n} features"
            )

    def spec(self) -> dict[str, Any]:
        """The kind and the number of features."""
        return {"kind": self.kind, "features": len(self.weights)}

    def arrays(self) -> dict[str, np.ndarray]:
        """The weights."""
        return {"weights": self.weights}

    @classmethod
    def from_parts(cls, spec: dict[str, Any], arrays: dict[str, np.ndarray]) -> LinearValue:
        """The linear value of a model file."""
        linear = cls(spec["features"])
        weights = np.asarray(arrays["weights"], dtype=np.float64)
        if weights.shape != linear.weights.shape:
            raise ValueError(f"weights of shape {weights.shape}, expected {linear.weights.shape}")
        linear.weights = weights.copy()
        return linear


class NTupleValue(LearnedValue):
    """An n-tuple network over ``state.encoding()``: a weight per pattern of each tuple.

    Each tuple names cells of the encoding; the values in those cells, read as a number in
    base ``cell_values``, pick one weight of the tuple's table; the value of a state is the
    sum of the weights its tuples pick.

    Args:
        tuples: the tuples, each a non-empty sequence of cell indices.
        cells: the length of every state's ``encoding()``.
        cell_values: how many values a cell holds (the game's ``cell_values()``).

    Examples:
        >>> import numpy as np
        >>> class Board:
        ...     def encoding(self):
        ...         return np.array([2, 0, 1])
        >>> net = NTupleValue([(0, 1), (1, 2)], cells=3, cell_values=3)
        >>> net.update(Board(), 1.0, 1.0)
        >>> net(Board()), net.weights.size
        (1.0, 18)
    """

    kind = "ntuple"

    def __init__(self, tuples: Sequence[Sequence[int]], *, cells: int, cell_values: int) -> None:
        self.cells = check_count("cells", cells, 1)
        self.cell_values = check_count("cell_values", cell_values, 2)
        self.tuples = _checked_tuples(tuples, self.cells)
        width = max(len(t) for t in self.tuples)
        # Each tuple padded to ``width`` with cell 0 at power 0: one array expression reads all.
        self._cells = np.array([[*t, *[0] * (width - len(t))] for t in self.tuples], np.intp)
        self._powers = np.array(
            [
                [self.cell_values**i for i in range(len(t))] + [0] * (width - len(t))
                for t in self.tuples
            ],
            dtype=np.intp,
        )
        sizes = [self.cell_values ** len(t) for t in self.tuples]
        self._offsets = np.cumsum([0, *sizes[:-1]]).astype(np.intp)
        uniform = all(len(t) == width for t in self.tuples)
        self._base = self._powers[0].copy() if uniform else None
        self.weights = np.zeros(sum(sizes), dtype=np.float64)

    def indices(self, state: Any) -> np.ndarray:
        """The index into ``weights`` that each tuple picks on ``state``."""
        cells = state.encoding().take(self._cells)
        if self._base is not None:  # tuples of one length: one product reads them all
            picked: np.ndarray = self._offsets + cells @ self._base
            return picked
        picked = self._offsets + (cells * self._powers).sum(axis=1)
        return picked

    def value(self, state: Any) -> float:
        """The sum of the weights the tuples pick on ``state``."""
        return float(self.weights.take(self.indices(state)).sum())

    __call__ = value

    def update(self, state: Any, target: float, alpha: float) -> None:
        """Each picked weight moves by ``alpha * error / len(tuples)``."""
        idx = self.indices(state)
        error = target - float(self.weights[idx].sum())
        np.add.at(self.weights, idx, alpha * error / len(self.tuples))

    def check_state(self, state: Any) -> None:
        """The state has an ``encoding()`` of ``cells`` cells of ``cell_values`` values."""
        _require(state, "encoding", "NTupleValue", "give the game encoding() or use TableValue")
        n = len(state.encoding())
        if n != self.cells:
            raise InvalidArgumentError(
                f"NTupleValue reads {self.cells} cells, but {state!r} has an encoding of {n}"
            )
        values = getattr(state, "cell_values", None)
        if callable(values) and values() != self.cell_values:
            raise InvalidArgumentError(
                f"NTupleValue reads cells of {self.cell_values} values, but "
                f"{state!r} says cell_values() is {values()!r}"
            )

    def spec(self) -> dict[str, Any]:
        """The kind, the tuples and the shape of the encoding."""
        return {
            "kind": self.kind,
            "tuples": [list(t) for t in self.tuples],
            "cells": self.cells,
            "cell_values": self.cell_values,
        }

    def arrays(self) -> dict[str, np.ndarray]:
        """Every tuple's weights, one after the other."""
        return {"weights": self.weights}

    @classmethod
    def from_parts(cls, spec: dict[str, Any], arrays: dict[str, np.ndarray]) -> NTupleValue:
        """The n-tuple network of a model file."""
        net = cls(spec["tuples"], cells=spec["cells"], cell_values=spec["cell_values"])
        weights = np.asarray(arrays["weights"], dtype=np.float64)
        if weights.shape != net.weights.shape:
            raise ValueError(f"weights of shape {weights.shape}, expected {net.weights.shape}")
        net.weights = weights.copy()
        return net


def _checked_tuples(tuples: Any, cells: int) -> tuple[tuple[int, ...], ...]:
    try:
        checked = tuple(tuple(check_count("a cell", c, 0) for c in t) for t in tuples)
    except (TypeError, InvalidArgumentError):
        checked = ()
    if not checked or not all(checked) or any(max(t) >= cells for t in checked):
        raise InvalidArgumentError(
            f"tuples must be non-empty sequences of cell indices 0..{cells - 1}, got {tuples!r}"
        )
    return checked


KINDS: dict[str, type[LearnedValue]] = {
    cls.kind: cls for cls in (TableValue, LinearValue, NTupleValue)
}
"""Each learned value by the ``kind`` a model file names."""


def playout_policy(
    value: Callable[[Any], float], *, temperature: float = 0.0
) -> Callable[[list[Any], Any, random.Random], Any]:
    """A play-out policy for MCTS's ``rollout=``: the child ``value`` likes best.

    ``value`` takes player 0's view; player 1 picks the child it rates lowest.
    ``temperature`` 0 picks the best child (ties drawn at random), above 0 draws a child
    with probability proportional to ``exp(value / temperature)`` (softmax), from the
    ``rng`` MCTS passes, so a seeded search stays reproducible.
    """
    temperature = check_number("temperature", temperature, minimum=0.0)

    def choose(children: list[Any], state: Any, rng: random.Random) -> Any:
        player = getattr(state, "player", None)
        sign = -1.0 if player is not None and player() == 1 else 1.0
        scores = [sign * value(c) for c in children]
        top = max(scores)
        if temperature == 0.0:
            ties = [i for i, s in enumerate(scores) if s == top]
            return children[ties[int(rng.random() * len(ties))] if len(ties) > 1 else ties[0]]
        weights = [math.exp((s - top) / temperature) for s in scores]
        u, acc = rng.random() * math.fsum(weights), 0.0
        for child, w in zip(children, weights, strict=True):
            acc += w
            if u < acc:
                return child
        return children[-1]

    choose.__qualname__ = f"playout_policy({value!r}, temperature={temperature!r})"
    return choose
