"""A comparison's outputs: the summary table, CSV and JSON of every row, a CDF plot as PNG.

``write(comparison, out)`` writes ``results.csv``, ``results.json``, ``summary.txt`` and, with
matplotlib installed, ``cdf.png`` into the folder ``out``; what could not be written (no
matplotlib, no scipy for p-values) is said in the table and in the returned notes, never
raised, so a long comparison is not lost to a missing plotting library. A partial
comparison (stopped by Ctrl-C or SIGTERM) says so in the table's first line and in
``results.json`` (``"partial": true``); failed jobs are named under the table and listed in
``results.json``.
"""

from __future__ import annotations

import csv
import json
import math
from os import PathLike
from pathlib import Path
from typing import Any

from treesearch.compare.harness import Comparison
from treesearch.compare.summaries import SCIPY_HINT
from treesearch.errors import InvalidArgumentError

__all__ = ["MATPLOTLIB_HINT", "plot_cdf", "table", "write"]

MATPLOTLIB_HINT = 'the CDF plot needs matplotlib: pip install "treesearch[plot]"'


def _num(x: float) -> str:
    return f"{x:.4g}" if abs(x) < 1e5 else f"{x:.3e}"


def _status(comparison: Comparison) -> str | None:
    """The line that says a comparison is partial, or None when it ran to the end."""
    c = comparison
    if not c.partial:
        return None
    why = f": {c.stopped_by} stopped it" if c.stopped_by else ""
    return f"partial: {len(c.rows)} of {c.planned} jobs finished{why}"


def table(comparison: Comparison) -> str:
    """The summary as aligned text: one line per entrant, then the pairwise p-values.

    A partial comparison says so first; failed jobs are named after the table. An entrant
    that counted no node on any instance (a bot, a match: ``Outcome.nodes`` left at 0) shows
    "-" for its mean nodes, not a 0 it never measured.
    """
    c = _comparison(comparison, "table")
    lines = _summary_rows(c)
    widths = [max(len(row[j]) for row in lines) for j in range(len(lines[0]))]
    status = _status(c)
    text = [] if status is None else [status]
    text += [
        "  ".join(
            cell.ljust(w) if j == 0 else cell.rjust(w)
            for j, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in lines
    ]
    better = "higher" if c.higher_is_better else "lower"
    text.append(f"({c.measure}: {better} is better; 95% interval of the mean, Student's t)")
    if any(row[8] == "-" and row[1] != "0" for row in lines[1:]):
        text.append("(mean nodes: '-' where the entrant counts no nodes, e.g. a bot or a match)")
    if c.failed:
        text.append(f"{len(c.failed)} failed job(s), counted under 'failed':")
        text.extend(f"  {failure}" for failure in c.failed)
    text.extend(_pvalue_lines(c))
    return "\n".join(text) + "\n"


def _summary_rows(c: Comparison) -> list[list[str]]:
    """The table's cells: a head, then one row per entrant."""
    head = [
        "entrant",
        "n",
        f"mean {c.measure}",
        "median",
        "95% interval",
        "worst",
        "best",
        "mean s",
        "mean nodes",
        "failed",
    ]
    lines = [head]
    for name in c.names:
        s, t, k = c.summary(name), c.summary(name, "seconds"), c.summary(name, "nodes")
        if s is None or t is None or k is None:
            lines.append([name, "0", "-", "-", "-", "-", "-", "-", "-", str(c.failures(name))])
            continue
        worst, best = (s.worst, s.best) if c.higher_is_better else (s.best, s.worst)
        lines.append(
            [
                name,
                str(s.n),
                _num(s.mean),
                _num(s.median),
                f"[{_num(s.low)}, {_num(s.high)}]",
                _num(worst),
                _num(best),
                f"{t.mean:.3f}",
                f"{k.mean:.0f}" if k.best > 0 else "-",  # all 0: nothing was counted
                str(c.failures(name)),
            ]
        )
    return lines


def _pvalue_lines(c: Comparison) -> list[str]:
    """The pairwise Mann-Whitney p-values (none for a single entrant), or how to get them."""
    text: list[str] = []
    if len(c.names) > 1:
        try:
            pvalues = c.pvalues()
        except ImportError:
            text.append(SCIPY_HINT)
        else:
            if pvalues:
                text.append("Mann-Whitney U, two-sided p-values:")
                text.extend(f"  {a} vs {b}: p = {p:.3g}" for (a, b), p in pvalues.items())
            else:
                text.append("Mann-Whitney U: no two entrants have results to compare")
    return text


def _comparison(comparison: object, what: str) -> Comparison:
    """``comparison`` if it is one; else the error that names what ``what`` needs."""
    if not isinstance(comparison, Comparison):
        raise InvalidArgumentError(
            f"{what}() needs a Comparison (what compare() returns), got {comparison!r}"
        )
    return comparison


def _folder(out: object) -> Path:
    """``out`` as a folder path that is not an existing file."""
    if not isinstance(out, (str, PathLike)) or not str(out):
        raise InvalidArgumentError(f"out must be a folder path (a str or Path), got {out!r}")
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise InvalidArgumentError(f"out must be a folder; {str(folder)!r} is a file")
    return folder


def _columns(comparison: Comparison) -> list[str]:
    return ["entrant", "instance", "seed", comparison.measure, "seconds", "nodes", "status"]


def _rows(comparison: Comparison) -> list[dict[str, Any]]:
    return [
        {
            "entrant": r.entrant,
            "instance": r.instance,
            "seed": r.seed,
            comparison.measure: None if math.isnan(r.value) else r.value,
            "seconds": r.seconds,
            "nodes": r.nodes,
            "status": r.status,
        }
        for r in comparison.rows
    ]


def plot_cdf(comparison: Comparison, path: Path) -> None:
    """Draw each entrant's empirical CDF of the measure into the PNG ``path``.

    Raises:
        ImportError: matplotlib is not installed (the message names the pip install).
        InvalidArgumentError: ``comparison`` is not a Comparison.
    """
    comparison = _comparison(comparison, "plot_cdf")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as err:
        raise ImportError(MATPLOTLIB_HINT) from err
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=100)
    for name in comparison.names:
        data = sorted(comparison.values(name))
        if data:
            ys = [(i + 1) / len(data) for i in range(len(data))]
            ax.step(data, ys, where="post", label=f"{name} (n={len(data)})")
    better = "higher" if comparison.higher_is_better else "lower"
    n = len({r.instance for r in comparison.rows})
    ax.set_title(f"{comparison.measure}: cumulative distribution over {n} seeded instances")
    ax.set_xlabel(f"{comparison.measure} ({better} is better)")
    ax.set_ylabel("fraction of instances at or below")
    ax.set_ylim(0, 1.02)
    ax.grid(alpha=0.3)
    if any(comparison.values(name) for name in comparison.names):
        ax.legend(loc="best")  # (with no line, matplotlib would warn: nothing to label)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def write(comparison: Comparison, out: Path | str) -> list[str]:
    """Write the four outputs into the folder ``out`` (made if missing); return notes.

    A note says what was not written and why (e.g. the plot without matplotlib); a
    ``cdf.png`` left there by an earlier comparison is then removed, so the folder never
    holds a plot of other results.
    A bad ``out`` (not a path, or an existing file) is refused before anything is written.
    ``results.json`` says whether the comparison is partial (jobs planned and finished,
    the signal that stopped it) and lists the failed jobs with their reasons.
    """
    c = _comparison(comparison, "write")
    folder = _folder(out)
    folder.mkdir(parents=True, exist_ok=True)
    rows = _rows(c)
    with open(folder / "results.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=_columns(c))
        writer.writeheader()
        writer.writerows(rows)
    document = {
        "measure": c.measure,
        "higher_is_better": c.higher_is_better,
        "entrants": list(c.names),
        "partial": c.partial,
        "jobs": c.planned,
        "finished": len(c.rows),
        "stopped_by": c.stopped_by,
        "failed": [
            {"entrant": f.entrant, "instance": f.instance, "seed": f.seed, "reason": f.reason}
            for f in c.failed
        ],
        "rows": rows,
    }
    (folder / "results.json").write_text(json.dumps(document, indent=1) + "\n", "utf-8")
    (folder / "summary.txt").write_text(table(comparison), "utf-8")
    try:
        plot_cdf(comparison, folder / "cdf.png")
    except ImportError as err:
        (folder / "cdf.png").unlink(missing_ok=True)
        return [str(err)]
    return []
