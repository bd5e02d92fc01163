"""``SearchResult._repr_html_``: the short table a notebook shows, escaped, never raising."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from games.dict_tree import DictTreeIterator
from tests.observers.toys import Maze
from treesearch import BFS, Budget, SearchResult, Stats, Status
from treesearch._result_html import short_repr

ROOT = Path(__file__).resolve().parents[2]


def _rows(table: str) -> dict[str, str]:
    """The table's rows as {label: text}, tags removed and entities decoded."""
    found = re.findall(r"<th[^>]*>(.*?)</th><td[^>]*>(.*?)</td>", table)
    return {label: html.unescape(re.sub(r"<[^>]+>", "", cell)) for label, cell in found}


class Odd:
    """A state whose repr is HTML, with quotes and an ampersand."""

    move = "<b>&move</b>"

    def __repr__(self) -> str:
        return '<script>alert("x & y")</script>'


class Costly:
    """A path state whose steps cost 5, or fail."""

    def __init__(self, fail: bool = False) -> None:
        self.fail = fail

    def step_cost(self, child: Any) -> float:
        if self.fail:
            raise RuntimeError("no cost here")
        return 5


def test_a_solved_traversal_shows_status_path_best_reached_and_counters() -> None:
    tree = DictTreeIterator("Root", {"a": {"c": {}}, "b": {}})
    result = BFS(goal=lambda s: s.name == "c").run(tree)
    table = result._repr_html_()
    assert table.startswith('<table class="treesearch-result">')
    assert "<caption" in table and "SearchResult" in table
    rows = _rows(table)
    assert rows["status"] == "solved"
    assert rows["path"] == "2 moves"  # unit steps: the cost is not repeated
    assert rows["best"] == repr(result.best)
    s = result.stats
    assert rows["stats"].startswith(f"{s.expanded} expanded, {s.visited} visited")
    assert rows["time"].endswith("expanded/s)") or rows["time"] == "0 s"
    assert "value" not in rows and "move" not in rows


def test_a_graph_search_counts_reached_states_and_duplicates() -> None:
    result = BFS(goal=[(3, 4)]).run(Maze())
    rows = _rows(result._repr_html_())
    assert result.distances is not None
    assert rows["reached"] == f"{len(result.distances)} states (distinct keys)"
    assert f"{result.stats.duplicates} duplicates skipped" in rows["stats"]


def test_a_budget_stop_names_its_reason() -> None:
    result = BFS(goal=[(3, 4)], budget=Budget(max_nodes=2)).run(Maze())
    assert _rows(result._repr_html_())["status"] == "budget reached (max_nodes)"


def test_odd_reprs_and_moves_are_escaped() -> None:
    result = SearchResult(Status.EXHAUSTED, best=Odd(), path=(Odd(), Odd()), value=0.125)
    table = result._repr_html_()
    assert "<script>" not in table and "<b>" not in table
    assert "&lt;script&gt;alert(&quot;x &amp; y&quot;)&lt;/script&gt;" in table
    rows = _rows(table)
    assert rows["best"] == repr(Odd())
    assert rows["move"] == repr(Odd.move)
    assert rows["value"] == "0.125"
    assert rows["path"] == "1 move"


def test_the_path_cost_shows_when_steps_cost_more_than_one() -> None:
    path = (Costly(), Costly(), Costly())
    rows = _rows(SearchResult(Status.SOLVED, best=path[-1], path=path)._repr_html_())
    assert rows["path"] == "2 moves, cost 10"


def test_a_failing_step_cost_or_repr_does_not_break_the_display() -> None:
    class BadRepr:
        def __repr__(self) -> str:
            raise ValueError("boom")

    path = (Costly(fail=True), Costly())
    rows = _rows(SearchResult(Status.SOLVED, best=BadRepr(), path=path)._repr_html_())
    assert rows["path"] == "1 move"
    assert rows["best"] == "<BadRepr: repr failed with ValueError>"


def test_a_failing_move_does_not_break_the_display() -> None:
    class BadMove:
        @property
        def move(self) -> Any:
            raise KeyError("no move")

        def __repr__(self) -> str:
            return "BadMove()"

    rows = _rows(SearchResult(Status.SOLVED, best=BadMove(), path=(BadMove(),))._repr_html_())
    assert rows["move"] == "<move failed with KeyError>" and rows["best"] == "BadMove()"


def test_long_reprs_are_cut() -> None:
    assert short_repr("x" * 200) == repr("x" * 200)[:77] + "..."
    assert len(short_repr("x" * 200)) == 80
    assert short_repr(12) == "12"


def test_counters_iterations_and_a_value_as_an_integer() -> None:
    stats = Stats(expanded=10, visited=12, max_depth=3, iterations=7, seconds=0.5)
    rows = _rows(SearchResult(Status.EXHAUSTED, stats=stats, value=3.0)._repr_html_())
    assert rows["value"] == "3"
    assert rows["stats"] == "10 expanded, 12 visited, depth 3, 7 iterations"
    assert rows["time"] == "0.5 s (20 expanded/s)"
    assert "best" not in rows and "path" not in rows


def test_importing_the_packages_does_not_import_ipython() -> None:
    code = (
        "import sys, treesearch, observers, observers.notebook, games, games.maze, "
        "games.railroad_ink\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('IPython', 'ipykernel', 'jupyter_client', 'nbformat'))\n"
        "print(bad)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == "[]", done.stdout + done.stderr
