"""``SearchResult`` as a short HTML table, for notebooks (``SearchResult._repr_html_``).

Plain HTML from the standard library's ``html.escape``: no IPython, no CSS framework. Every
value is escaped, since a state's ``repr`` is the user's and may hold ``<`` or ``&``. Reading
a result never raises here: a cost that cannot be computed (a ``step_cost`` that fails) is left
out of the table, and a ``repr`` or ``move`` that fails is named in its place, rather than
breaking the notebook's display.
"""

from __future__ import annotations

import html
import itertools
import math
import numbers
from typing import Any

__all__ = ["SHORT", "result_html", "short_repr"]

SHORT = 80
"""Longest ``repr`` of a state shown whole; longer ones are cut with an ellipsis."""


def short_repr(value: Any, limit: int = SHORT) -> str:
    """``repr(value)`` cut to ``limit`` characters (an ellipsis ends a cut one).

    Examples:
        >>> short_repr("x" * 100, limit=10)
        "'xxxxxx..."
    """
    try:
        text = repr(value)
    except Exception as exc:  # a repr must not break a notebook's display
        text = f"<{type(value).__name__}: repr failed with {type(exc).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _number(value: float) -> str:
    """A value for a reader: integers without a fraction, others to 4 significant digits."""
    if isinstance(value, int) or (math.isfinite(value) and float(value).is_integer()):
        return str(int(value))
    return f"{value:.4g}"


def _cost(path: tuple[Any, ...]) -> float | None:
    """The sum of ``step_cost`` along ``path``; None if a state has none or one fails."""
    total: float = 0
    try:
        for a, b in itertools.pairwise(path):
            step = getattr(a, "step_cost", None)
            if not callable(step):
                return None
            total += step(b)
    except Exception:  # a display never raises; the row is left out
        return None
    return total if isinstance(total, numbers.Real) else None


def _rows(result: Any) -> list[tuple[str, str]]:
    """The table's (label, value) rows, unescaped."""
    status = result.status.value
    if result.stop_reason is not None:
        status += f" ({result.stop_reason})"
    rows = [("status", status)]
    if result.value is not None:
        rows.append(("value", _number(result.value)))
    if result.path:
        moves = len(result.path) - 1
        text = f"{moves} move{'s' * (moves != 1)}"
        cost = _cost(result.path)
        if cost is not None and cost != moves:
            text += f", cost {_number(cost)}"
        rows.append(("path", text))
    try:
        move = getattr(result.best, "move", None)
    except Exception as exc:  # a ``move`` property that fails: say so, as for a repr
        rows.append(("move", f"<move failed with {type(exc).__name__}>"))
    else:
        if move is not None:
            rows.append(("move", short_repr(move)))
    if result.best is not None:
        rows.append(("best", short_repr(result.best)))
    if result.distances is not None:
        rows.append(("reached", f"{len(result.distances)} states (distinct keys)"))
    s = result.stats
    counts = f"{s.expanded} expanded, {s.visited} visited"
    if s.duplicates:
        counts += f", {s.duplicates} duplicates skipped"
    counts += f", depth {s.max_depth}"
    if s.iterations:
        counts += f", {s.iterations} iterations"
    rows.append(("stats", counts))
    time = f"{s.search_seconds:.3g} s"
    if s.search_seconds > 0:
        time += f" ({s.nodes_per_second:,.0f} expanded/s)"
    if s.observer_seconds > 0:
        time += f", and {s.observer_seconds:.3g} s in observers"
    rows.append(("time", time))
    return rows


def result_html(result: Any) -> str:
    """A ``SearchResult`` as an HTML table: status, value, path, move, best, counters, time.

    Examples:
        >>> from treesearch.result import SearchResult, Status
        >>> page = result_html(SearchResult(Status.SOLVED, best="<goal>"))
        >>> page.startswith('<table class="treesearch-result">')
        True
        >>> "<code>&#x27;&lt;goal&gt;&#x27;</code>" in page  # the best state's repr, escaped
        True
    """
    cells = []
    for label, value in _rows(result):
        text = html.escape(value, quote=True)
        if label in ("best", "move"):
            text = f"<code>{text}</code>"
        cells.append(
            f'<tr><th style="text-align:left;padding-right:1em">{label}</th>'
            f'<td style="text-align:left">{text}</td></tr>'
        )
    caption = '<caption style="text-align:left;font-weight:bold">SearchResult</caption>'
    return f'<table class="treesearch-result">{caption}{"".join(cells)}</table>'
