"""A comparison's outputs: the summary table, CSV and JSON of every row, a CDF plot as PNG.

``write(comparison, out)`` writes ``results.csv``, ``results.json``, ``summary.txt`` and, with
matplotlib installed, ``cdf.png`` into the folder ``out``; what could not be written (no
matplotlib, no scipy for p-values) is said in the table and in the returned notes, never
raised, so a long comparison is not lost to a missing plotting library.
"""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import Any

from games.compare.harness import Comparison
from games.compare.stats import SCIPY_HINT

__all__ = ["MATPLOTLIB_HINT", "plot_cdf", "table", "write"]

MATPLOTLIB_HINT = 'the CDF plot needs matplotlib: pip install "treesearch[plot]"'


def _num(x: float) -> str:
    return f"{x:.4g}" if abs(x) < 1e5 else f"{x:.3e}"


def table(comparison: Comparison) -> str:
    """The summary as aligned text: one line per entrant, then the pairwise p-values."""
    c = comparison
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
                f"{k.mean:.0f}",
                str(c.failures(name)),
            ]
        )
    widths = [max(len(row[j]) for row in lines) for j in range(len(head))]
    text = [
        "  ".join(
            cell.ljust(w) if j == 0 else cell.rjust(w)
            for j, (cell, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in lines
    ]
    better = "higher" if c.higher_is_better else "lower"
    text.append(f"({c.measure}: {better} is better; 95% interval of the mean, Student's t)")
    if len(c.names) > 1:
        try:
            pvalues = c.pvalues()
        except ImportError:
            text.append(SCIPY_HINT)
        else:
            text.append("Mann-Whitney U, two-sided p-values:")
            text.extend(f"  {a} vs {b}: p = {p:.3g}" for (a, b), p in pvalues.items())
    return "\n".join(text) + "\n"


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
    """
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
    ax.legend(loc="best")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def write(comparison: Comparison, out: Path | str) -> list[str]:
    """Write the four outputs into the folder ``out`` (made if missing); return notes.

    A note says what was not written and why (e.g. the plot without matplotlib).
    """
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    rows = _rows(comparison)
    with open(folder / "results.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    document = {
        "measure": comparison.measure,
        "higher_is_better": comparison.higher_is_better,
        "entrants": list(comparison.names),
        "rows": rows,
    }
    (folder / "results.json").write_text(json.dumps(document, indent=1) + "\n", "utf-8")
    (folder / "summary.txt").write_text(table(comparison), "utf-8")
    try:
        plot_cdf(comparison, folder / "cdf.png")
    except ImportError as err:
        return [str(err)]
    return []
