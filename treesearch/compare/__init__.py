"""Comparisons of searches or bots on many seeded instances, with statistics and plots.

::

    from treesearch.compare import compare, table, write

    result = compare({"bfs": run_bfs, "astar": run_astar}, instances=200, seed=1)
    print(table(result))
    write(result, "out")  # results.csv, results.json, summary.txt, cdf.png

Ctrl-C or SIGTERM stops a comparison at once and raises ``ComparisonInterrupted``, whose
``comparison`` holds the jobs that finished (``table`` and ``write`` mark it partial); a
worker that dies loses its job only (a failed row, named in ``Comparison.failed``).

Modules, each importing only those above it: ``input_checks`` (what users hand in), ``summaries``
(summaries, Student's t interval, Mann-Whitney U), ``interrupts`` (Ctrl-C and SIGTERM),
``jobs`` (local processes or Ray), ``harness`` (``compare`` and its rows), ``report``
(table, CSV, JSON, CDF plot).
"""

from treesearch.compare.harness import (
    Comparison,
    ComparisonInterrupted,
    Entrant,
    Failure,
    JobError,
    Outcome,
    Row,
    compare,
    instance_seed,
)
from treesearch.compare.interrupts import Interrupted
from treesearch.compare.jobs import BACKENDS, JobLostError, default_jobs, run_jobs
from treesearch.compare.report import plot_cdf, table, write
from treesearch.compare.summaries import Summary, mann_whitney, summarize, t_quantile

__all__ = [
    "BACKENDS",
    "Comparison",
    "ComparisonInterrupted",
    "Entrant",
    "Failure",
    "Interrupted",
    "JobError",
    "JobLostError",
    "Outcome",
    "Row",
    "Summary",
    "compare",
    "default_jobs",
    "instance_seed",
    "mann_whitney",
    "plot_cdf",
    "run_jobs",
    "summarize",
    "t_quantile",
    "table",
    "write",
]
