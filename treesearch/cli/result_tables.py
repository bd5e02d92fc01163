"""Results as aligned tables, with one line under the table per status that appeared.

Rows are printed as each search finishes (a long comparison shows progress, and Ctrl-C
keeps the rows done so far), so the columns have fixed widths. Path problems show the
route's moves and its cost (the sum of each move's ``step_cost``: mud makes a longer route
cheaper); score games the best state's score; duels the chosen move and its value.
"""

from __future__ import annotations

import itertools
import signal
import sys
from collections.abc import Callable
from typing import Any, TextIO

from games.maze import path_cost
from treesearch import MCTS, AlphaBeta, RandomWalk, SearchResult, Status, TreeSearch
from treesearch.compare.interrupts import Watch, signal_name
from treesearch.game_entry import Problem

__all__ = ["Table", "explain", "principal_variation", "route_cost"]


def route_cost(path: Any) -> float:
    """The cost of a route: the sum of its ``step_cost``s, or its moves without them."""
    if path and not callable(getattr(path[0], "step_cost", None)):
        return float(len(path) - 1)
    return float(path_cost(path))


_SEARCH, _STATUS, _TIME = ("search", 13, "<"), ("status", 14, "<"), ("time", 11, ">")
_COUNTS = (("expanded", 9, ">"), ("visited", 9, ">"))
_PATH_COLUMNS = (
    _SEARCH,
    _STATUS,
    ("moves", 6, ">"),
    ("cost", 8, ">"),
    *_COUNTS,
    _TIME,
    ("best", 0, "<"),
)
_DUEL_COLUMNS = (
    _SEARCH,
    _STATUS,
    ("move", 9, "<"),
    ("value", 7, ">"),
    *_COUNTS,
    ("iterations", 11, ">"),
    _TIME,
)
_SCORE_COLUMNS = (*_PATH_COLUMNS[:3], ("score", 7, ">"), *_PATH_COLUMNS[4:])
_LIMIT_FLAGS = {
    "max_nodes": ("--max-nodes", "max_nodes"),
    "seconds": ("--seconds", "seconds"),
    "max_iterations": ("--iterations", "max_iterations"),
    "max_depth": ("a depth limit", "max_depth"),
}


def _line(cells: tuple[str, ...], columns: tuple[tuple[str, int, str], ...]) -> str:
    parts = (f"{c:{align}{width}}" for c, (_, width, align) in zip(cells, columns, strict=True))
    return "  ".join(parts).rstrip()


def _time(result: SearchResult) -> str:
    """The search's own time; drawing (observers) is said apart, under the table."""
    return _seconds(result.stats.search_seconds)


def _seconds(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.1f} s"


class Table:
    """Prints a header, then one row per finished search, then the status explanations.

    Args:
        problem: what the searches were run on (its kind picks the columns).
        out: where to print; default stdout (flushed after every row).
    """

    def __init__(self, problem: Problem, out: TextIO | None = None) -> None:
        self.problem = problem
        self.out = sys.stdout if out is None else out
        self.columns = {"duel": _DUEL_COLUMNS, "score": _SCORE_COLUMNS}.get(
            problem.kind, _PATH_COLUMNS
        )
        self.notes: dict[tuple[str, str], list[str]] = {}
        self.drawing: list[str] = []  # "name 2.1 s": time in observers, not in "time"
        self._header = False

    def _print(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def row(self, name: str, search: TreeSearch, result: SearchResult) -> None:
        """Print the row of one search, and remember what its status means."""
        if not self._header:
            self._print(_line(tuple(c[0] for c in self.columns), self.columns))
            self._header = True
        s = result.stats
        status = result.status.value
        counts, time = (str(s.expanded), str(s.visited)), _time(result)
        if self.problem.kind == "duel":
            best = result.best
            move = "-" if getattr(best, "move", None) is None else self.problem.label(best)
            value = "-" if result.value is None else f"{result.value + 0.0:+.3f}"  # no -0
            cells: tuple[str, ...] = (name, status, move, value, *counts, str(s.iterations), time)
        else:
            path = result.path
            moves = str(len(path) - 1) if path else "-"
            judge = self.problem.score
            if judge is not None:  # a score game: the best state's score
                cost = "-" if result.best is None else f"{judge(result.best):g}"
            else:
                cost = f"{route_cost(path):g}" if path else "-"
            best = "-" if result.best is None else self.problem.label(result.best)
            cells = (name, status, moves, cost, *counts, time, best)
        self._print(_line(cells, self.columns))
        self.notes.setdefault((status, explain(search, result, self.problem)), []).append(name)
        if s.observer_seconds >= 0.0005:  # shows as at least 0.1 ms... or it is noise
            self.drawing.append(f"{name} {_seconds(s.observer_seconds)}")

    def explain_statuses(self) -> None:
        """Print one line per status (and meaning) that appeared, naming its searches."""
        for (status, meaning), names in self.notes.items():
            self._print(f"  {', '.join(names)}: {status} = {meaning}")
        if self.drawing:
            self._print(
                f"  time in observers (drawing, recording, counting), not in the time column: "
                f"{', '.join(self.drawing)}"
            )


def explain(search: TreeSearch, result: SearchResult, problem: Problem) -> str:
    """What the status of ``result`` means for this search on this problem, in one line."""
    return _MEANINGS[result.status](search, result, problem)


def _solved(search: TreeSearch, result: SearchResult, problem: Problem) -> str:
    if isinstance(search, MCTS):
        return (
            f"proved the game's value in {result.stats.iterations} simulations (MCTS-Solver): "
            "the value is exact and the move achieves it"
        )
    why = problem.cost_note
    return f"reached the goal; moves and cost are its route's (cost sums the step costs{why})"


def _exhausted(search: TreeSearch, result: SearchResult, problem: Problem) -> str:
    if isinstance(search, MCTS) and result.best is None and result.info.get("root") is not None:
        return (
            f"ran all {result.stats.iterations} simulations from a chance state: nobody "
            "chooses there (the dice or cards fall first), so there is no move"
        )
    if problem.kind == "score":
        return "ran to the end of its budget-free search; best is the best-valued state it saw"
    if isinstance(search, RandomWalk):
        episodes = result.stats.iterations
        goal, best = problem.goal, result.best
        if goal is not None and best is not None and goal(best):
            return f"all {episodes} episodes ran; the best one ended on the goal"
        return (
            f"all {episodes} episodes ended without reaching the goal; best is the end "
            "nearest to it"
        )
    if isinstance(search, MCTS):
        return f"ran all {result.stats.iterations} simulations; the move is the most visited"
    if isinstance(search, AlphaBeta):
        if result.info.get("exact") is False:
            return (
                f"searched {result.info.get('depth')} plies and scored the positions there with "
                "the game's evaluation: the value is an estimate, not the game's"
            )
        return "searched to the end of the game: the value is exact (0 = a draw with best play)"
    return "searched every reachable state without reaching the goal"


def _budget(search: TreeSearch, result: SearchResult, problem: Problem) -> str:
    reason = result.stop_reason or "a limit"
    flag, field = _LIMIT_FLAGS.get(reason, (reason, reason))
    limit = getattr(search.budget, field, None)
    told = flag if limit is None else f"{flag} {limit}"
    return f"stopped by {told} before finishing; best is the best found so far, if any"


def _stopped(search: TreeSearch, result: SearchResult, problem: Problem) -> str:
    return f"an observer stopped it ({result.stop_reason})"


def _interrupted(search: TreeSearch, result: SearchResult, problem: Problem) -> str:
    watch = Watch.active
    signum = None if watch is None else watch.signum
    what = "Ctrl-C" if signum is None or signum == signal.SIGINT else signal_name(signum)
    return f"{what} ended it; nothing after it was run"


_MEANINGS: dict[Status, Callable[[TreeSearch, SearchResult, Problem], str]] = {
    Status.SOLVED: _solved,
    Status.EXHAUSTED: _exhausted,
    Status.BUDGET_REACHED: _budget,
    Status.STOPPED: _stopped,
    Status.INTERRUPTED: _interrupted,
}


def principal_variation(problem: Problem, path: tuple[Any, ...]) -> str:
    """The moves of a duel's line, each by its mover's side: ``"X 4 (1,1) -> O 0 (0,0)"``."""
    moves = []
    for parent, state in itertools.pairwise(path):
        moves.append(f"{problem.side(parent.player())} {problem.label(state)}")
    return " -> ".join(moves) if moves else "(none: the game is over)"
