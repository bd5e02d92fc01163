"""``compare``: several entrants (searches or bots) on the same N seeded instances of a game.

An entrant is a function ``seed -> Outcome`` (or ``seed -> float``, timed by the harness): it
builds instance ``seed`` of its game, plays or searches it, and says how it went. Instance ``i``
gets the seed ``instance_seed(seed, i)`` for every entrant, so entrants meet the same mazes,
dice or start positions, and a row depends only on its entrant and seed, never on the workers.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from games.compare.jobs import run_jobs
from games.compare.stats import Summary, mann_whitney, summarize
from treesearch.errors import InvalidArgumentError, TreeSearchError

__all__ = ["Comparison", "Entrant", "JobError", "Outcome", "Row", "compare", "instance_seed"]


class JobError(TreeSearchError):
    """An entrant raised on an instance; the message names both, the cause is chained."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one entrant did on one instance."""

    value: float
    """The measure compared (a score, a route's cost, turns survived; NaN: no result)."""
    seconds: float
    """Time the entrant took."""
    nodes: int = 0
    """Nodes expanded (0 when the entrant does not count them)."""
    status: str = "ok"
    """A word for the run: ok, solved, no route, budget, ..."""


Entrant = Callable[[int], "Outcome | float"]
"""``seed -> Outcome`` (or a bare value, then timed by the harness)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One job's result: an entrant on an instance."""

    entrant: str
    instance: int
    seed: int
    value: float
    seconds: float
    nodes: int
    status: str


def instance_seed(seed: int, index: int) -> int:
    """The seed of instance ``index`` of a comparison seeded ``seed`` (in ``[0, 2**32)``)."""
    return int(np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(1)[0])


@dataclass(frozen=True)
class Comparison:
    """The rows of a comparison and what they measure, with its statistics."""

    rows: tuple[Row, ...]
    names: tuple[str, ...]
    measure: str = "score"
    higher_is_better: bool = True

    def values(self, name: str) -> list[float]:
        """The entrant's measured values (instance order), NaN (no result) left out."""
        return [r.value for r in self.rows if r.entrant == name and not math.isnan(r.value)]

    def summary(self, name: str, field: str = "value") -> Summary | None:
        """Summary of one entrant's ``value``, ``seconds`` or ``nodes``; None if no result."""
        if field not in ("value", "seconds", "nodes"):
            raise InvalidArgumentError(
                f"field must be 'value', 'seconds' or 'nodes', got {field!r}"
            )
        data = [
            float(getattr(r, field))
            for r in self.rows
            if r.entrant == name and not math.isnan(r.value)
        ]
        return summarize(data) if data else None

    def failures(self, name: str) -> int:
        """Instances where the entrant gave no result (NaN value)."""
        return sum(1 for r in self.rows if r.entrant == name and math.isnan(r.value))

    def pvalues(self) -> dict[tuple[str, str], float]:
        """Mann-Whitney U p-value of every pair of entrants with results (needs scipy)."""
        return {
            (a, b): mann_whitney(self.values(a), self.values(b))
            for a, b in itertools.combinations(self.names, 2)
            if self.values(a) and self.values(b)
        }


def compare(
    entrants: Mapping[str, Entrant],
    *,
    instances: int,
    seed: int = 0,
    jobs: int | None = None,
    backend: str = "local",
    measure: str = "score",
    higher_is_better: bool = True,
    progress: bool = False,
) -> Comparison:
    """Run every entrant on ``instances`` seeded instances; one row per entrant and instance.

    Args:
        entrants: name -> ``seed -> Outcome`` (insertion order is the table's order).
        instances: how many instances, an int >= 1.
        seed: the comparison's seed (an int >= 0); instance i is ``instance_seed(seed, i)``.
        jobs: worker processes (None: every core; 1: this process) or Ray jobs in flight.
        backend: "local" or "ray" (see ``games.compare.jobs``).
        measure: what ``Outcome.value`` is, for tables and plots ("score", "cost", ...).
        higher_is_better: False when smaller values are better (a route's cost).
        progress: show a tqdm bar over the jobs (on stderr).

    Raises:
        InvalidArgumentError: no entrants, a non-callable one, bad counts or seed.
    """
    if not entrants:
        raise InvalidArgumentError("compare needs at least one entrant")
    for name, entrant in entrants.items():
        if not isinstance(name, str) or not callable(entrant):
            raise InvalidArgumentError(
                f"entrants must map names to callables seed -> Outcome, got {name!r}: {entrant!r}"
            )
    for what, value, least in (("instances", instances, 1), ("seed", seed, 0)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise InvalidArgumentError(f"{what} must be an int >= {least}, got {value!r}")
    tasks = [(name, i, instance_seed(seed, i)) for i in range(instances) for name in entrants]
    job = _Job(dict(entrants))
    bar: Any = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(tasks), unit="job", desc="compare")
    try:
        results = run_jobs(
            job,
            tasks,
            jobs=jobs,
            backend=backend,
            done=None if bar is None else lambda _i, _r: bar.update(1),
        )
    finally:
        if bar is not None:
            bar.close()
    rows = tuple(
        Row(name, i, s, out.value, out.seconds, out.nodes, out.status)
        for (name, i, s), out in zip(tasks, results, strict=True)
    )
    return Comparison(rows, tuple(entrants), measure, higher_is_better)


class _Job:
    """Runs one task; a class (not a closure) so spawned workers and Ray can pickle it."""

    def __init__(self, entrants: dict[str, Entrant]) -> None:
        self.entrants = entrants

    def __call__(self, task: tuple[str, int, int]) -> Outcome:
        name, _, seed = task
        t0 = time.perf_counter()
        try:
            out = self.entrants[name](seed)
        except Exception as err:  # say which job failed: a traceback from a worker does not
            raise JobError(
                f"entrant {name!r} failed on the instance seeded {seed}: {err!r}"
            ) from err
        if isinstance(out, Outcome):
            return _finite(out, name, seed)
        if isinstance(out, (int, float)) and not isinstance(out, bool):
            return _finite(Outcome(float(out), time.perf_counter() - t0), name, seed)
        raise InvalidArgumentError(
            f"entrant {name!r} returned {out!r} for seed {seed}; expected an Outcome or a number"
        )


def _finite(out: Outcome, name: str, seed: int) -> Outcome:
    """``out``, unless its value is infinite: no mean, interval or JSON file can hold that."""
    if math.isinf(out.value):
        raise InvalidArgumentError(
            f"entrant {name!r} returned the value {out.value!r} for seed {seed}; expected a "
            "finite number (or NaN for no result)"
        )
    return out
