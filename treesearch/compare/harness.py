"""``compare``: several entrants (searches or bots) on the same N seeded instances of a game.

An entrant is a function ``seed -> Outcome`` (or ``seed -> float``, timed by the harness): it
builds instance ``seed`` of its game, plays or searches it, and says how it went. Instance ``i``
gets the seed ``instance_seed(seed, i)`` for every entrant, so entrants meet the same mazes,
dice or start positions, and a row depends only on its entrant and seed, never on the workers.

Nothing finished is lost. A job whose worker dies, or whose entrant raises KeyboardInterrupt
or SystemExit, becomes a failed row (no value) named in ``Comparison.failed``, and the other
jobs go on. Ctrl-C or SIGTERM stops the comparison at once and raises
``ComparisonInterrupted``, which carries the rows that had finished (a partial comparison);
an entrant's error raises ``JobError``, which carries them too.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from treesearch.compare.input_checks import (
    MAX_JOBS,
    check_flag,
    check_names,
    count,
    outcome_problem,
    real,
)
from treesearch.compare.interrupts import Interrupted, deferred, signal_name
from treesearch.compare.jobs import run_jobs
from treesearch.compare.summaries import Summary, mann_whitney, summarize
from treesearch.errors import InvalidArgumentError, TreeSearchError

__all__ = [
    "Comparison",
    "ComparisonInterrupted",
    "Entrant",
    "Failure",
    "JobError",
    "Outcome",
    "Row",
    "compare",
    "instance_seed",
]


class JobError(TreeSearchError):
    """An entrant raised on an instance; the message names both, the cause is chained.

    Raised by ``compare`` with ``comparison`` set to the rows that had finished.
    """

    comparison: Comparison | None = None
    """The partial comparison: every job that finished before this one failed."""


class ComparisonInterrupted(Interrupted):
    """Ctrl-C or SIGTERM stopped a comparison; ``comparison`` holds the jobs that finished.

    A ``KeyboardInterrupt``: a script that does not catch it stops as on any Ctrl-C.
    """

    def __init__(self, signum: int, comparison: Comparison) -> None:
        super().__init__(
            signum,
            f"{signal_name(signum)} stopped the comparison after {len(comparison.rows)} of "
            f"{comparison.planned} jobs; .comparison holds them",
        )
        self.comparison = comparison

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.signum, self.comparison)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one entrant did on one instance."""

    value: float
    """The measure compared (a score, a route's cost, turns survived; NaN: no result)."""
    seconds: float
    """Time the entrant took."""
    nodes: int = 0
    """Nodes expanded (0 when the entrant does not count them; all 0: shown as "-")."""
    status: str = "ok"
    """A word for the run: ok, solved, no route, budget, ..."""


Entrant = Callable[[int], "Outcome | float"]
"""``seed -> Outcome`` (or a bare value, then timed by the harness)."""


@dataclass(frozen=True, slots=True)
class Failure:
    """A job that gave no result: its worker died or its entrant was interrupted."""

    entrant: str
    instance: int
    seed: int
    reason: str
    """Why, e.g. "its worker died with exit code 3"."""

    def __str__(self) -> str:
        return f"{self.entrant} on instance {self.instance} (seed {self.seed}): {self.reason}"


@dataclass(frozen=True, slots=True)
class _Lost:
    """What a lost job gives instead of an Outcome."""

    reason: str


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
    """The seed of instance ``index`` of a comparison seeded ``seed`` (in ``[0, 2**32)``).

    Raises:
        InvalidArgumentError: a seed or index that is not an int >= 0.
    """
    seed, index = count("seed", seed, 0), count("index", index, 0)
    return int(np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(1)[0])


_COLUMNS = ("entrant", "instance", "seed", "seconds", "nodes", "status")
"""The columns of a comparison's CSV besides the measure."""


def _check_measure(measure: object) -> None:
    if not isinstance(measure, str) or not measure.strip() or measure in _COLUMNS:
        raise InvalidArgumentError(
            f"measure must be a non-empty name other than {', '.join(_COLUMNS)} (it names "
            f"a column of the results), got {measure!r}"
        )


@dataclass(frozen=True)
class Comparison:
    """The rows of a comparison and what they measure, with its statistics.

    A failed job has a row without a value (NaN, status "failed") and a ``Failure`` in
    ``failed`` saying why. A comparison stopped by a signal is partial: fewer rows than
    ``planned``, and ``stopped_by`` names the signal.
    """

    rows: tuple[Row, ...]
    names: tuple[str, ...]
    measure: str = "score"
    higher_is_better: bool = True
    planned: int = -1
    """Jobs planned (entrants x instances); -1: as many as there are rows."""
    stopped_by: str | None = None
    """The signal that stopped the comparison (e.g. "SIGINT (Ctrl-C)"); None: it ran to the end."""
    failed: tuple[Failure, ...] = ()
    """Jobs that gave no result, and why."""

    def __post_init__(self) -> None:
        if self.planned < 0:
            object.__setattr__(self, "planned", len(self.rows))

    @property
    def partial(self) -> bool:
        """Whether some planned jobs never finished (a signal stopped the comparison)."""
        return self.stopped_by is not None or len(self.rows) < self.planned

    def values(self, name: str) -> list[float]:
        """The entrant's measured values (instance order), NaN (no result) left out."""
        return [r.value for r in self.rows if r.entrant == name and not math.isnan(r.value)]

    def summary(self, name: str, field: str = "value") -> Summary | None:
        """Summary of one entrant's ``value``, ``seconds`` or ``nodes``; None if no result.

        Raises:
            InvalidArgumentError: an unknown entrant or field, naming the known ones.
        """
        if name not in self.names:
            raise InvalidArgumentError(
                f"no entrant {name!r} in this comparison; its entrants: {', '.join(self.names)}"
            )
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
        backend: "local" or "ray" (see ``treesearch.compare.jobs``).
        measure: what ``Outcome.value`` is, for tables and plots ("score", "cost", ...).
        higher_is_better: False when smaller values are better (a route's cost).
        progress: show a tqdm bar over the jobs (on stderr).

    Raises:
        InvalidArgumentError: no entrants, a non-callable one, bad counts or seed, or an
            entrant's result that is neither an Outcome nor a finite number.
        JobError: an entrant raised (``.comparison``: the jobs finished before).
        ComparisonInterrupted: Ctrl-C or SIGTERM (``.comparison``: the jobs finished).
    """
    entrants = check_names(entrants)
    instances, seed = count("instances", instances, 1), count("seed", seed, 0)
    jobs = None if jobs is None else count("jobs", jobs, 1, " or None")
    _check_measure(measure)
    higher_is_better = check_flag("higher_is_better", higher_is_better)
    progress = check_flag("progress", progress)
    if instances * len(entrants) > MAX_JOBS:
        raise InvalidArgumentError(
            f"instances={instances!r} for {len(entrants)} entrant(s) makes "
            f"{instances * len(entrants)} jobs; a comparison holds at most {MAX_JOBS}"
        )
    tasks = [(name, i, instance_seed(seed, i)) for i in range(instances) for name in entrants]
    finished: dict[int, Outcome | _Lost] = {}

    def comparison(stopped_by: str | None = None) -> Comparison:
        """The comparison of the jobs finished so far, in task order."""
        return _comparison(tasks, finished, tuple(entrants), measure, higher_is_better, stopped_by)

    _run_tasks(entrants, tasks, finished, comparison, jobs=jobs, backend=backend, progress=progress)
    return comparison()


def _run_tasks(
    entrants: Mapping[str, Entrant],
    tasks: list[tuple[str, int, int]],
    finished: dict[int, Outcome | _Lost],
    comparison: Callable[..., Comparison],
    *,
    jobs: int | None,
    backend: str,
    progress: bool,
) -> None:
    """Run the tasks, each outcome into ``finished``; a stop carries the partial comparison.

    Raises:
        JobError: an entrant raised (``.comparison``: the jobs finished before).
        ComparisonInterrupted: Ctrl-C or SIGTERM (``.comparison``: the jobs finished).
    """
    bar: Any = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(tasks), unit="job", desc="compare")

    def done(i: int, out: Outcome | _Lost) -> None:
        finished[i] = out
        if bar is not None:
            bar.update(1)

    def lost(_task: tuple[str, int, int], why: str) -> Outcome | _Lost:
        return _Lost(why)

    try:
        run_jobs(
            _Job(dict(entrants)),
            tasks,
            jobs=jobs,
            backend=backend,
            done=done,
            lost=lost,
        )
    except Interrupted as stop:
        with deferred():  # a second Ctrl-C must not lose the partial comparison
            partial = comparison(signal_name(stop.signum))
            if bar is not None:
                bar.close()
        raise ComparisonInterrupted(stop.signum, partial) from None
    except JobError as err:
        err.comparison = comparison()
        raise
    finally:
        if bar is not None:
            bar.close()  # again is harmless


def _comparison(
    tasks: list[tuple[str, int, int]],
    finished: Mapping[int, Outcome | _Lost],
    names: tuple[str, ...],
    measure: str,
    higher_is_better: bool,
    stopped_by: str | None,
) -> Comparison:
    """The rows of the ``finished`` jobs (task order); a lost job is a failed row."""
    rows: list[Row] = []
    failed: list[Failure] = []
    for k in sorted(finished):
        (name, i, s), out = tasks[k], finished[k]
        if isinstance(out, _Lost):
            failed.append(Failure(name, i, s, out.reason))
            out = Outcome(math.nan, 0.0, 0, "failed")
        rows.append(Row(name, i, s, out.value, out.seconds, out.nodes, out.status))
    return Comparison(
        tuple(rows), names, measure, higher_is_better, len(tasks), stopped_by, tuple(failed)
    )


class _Job:
    """Runs one task; a class (not a closure) so spawned workers and Ray can pickle it."""

    def __init__(self, entrants: dict[str, Entrant]) -> None:
        self.entrants = entrants

    def __call__(self, task: tuple[str, int, int]) -> Outcome | _Lost:
        name, _, seed = task
        t0 = time.perf_counter()
        try:
            out = self.entrants[name](seed)
        except Exception as err:  # say which job failed: a traceback from a worker does not
            raise JobError(
                f"entrant {name!r} failed on the instance seeded {seed}: {err!r}"
            ) from err
        if not isinstance(out, Outcome):
            if real(out) is None:
                raise InvalidArgumentError(
                    f"entrant {name!r} returned {out!r} for seed {seed}; expected an Outcome "
                    "or a number"
                )
            out = Outcome(out, time.perf_counter() - t0)
        problem = outcome_problem(out.value, out.seconds, out.nodes, out.status)
        if problem is not None:
            raise InvalidArgumentError(f"entrant {name!r} returned {problem} for seed {seed}")
        return Outcome(float(out.value), float(out.seconds), int(out.nodes), out.status)
