"""Bad knobs and arguments: one ``TreeSearchError`` line at the entry point, naming the value.

Each search's constructor and ``run()``, ``Budget``, the checkers, the plugin records and
the value adapters refuse a bad value in one line naming the argument, the value and what
would be right (numpy numbers are good numbers, bools are not); an infinite, NaN or
negative budget is refused at once, never a hang.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from observers import RecordingObserver
from tests.treesearch.faulty import SEARCHES, Game, index_value, one_clear_line, start_for
from treesearch import (
    BFS,
    MCTS,
    Budget,
    InvalidArgumentError,
    Playthrough,
    Status,
    TreeSearchError,
    check_iterator,
)
from treesearch.checks import check_random_play
from treesearch.errors import NotATreeIteratorError
from treesearch.plugins import GamePlugin, SearchPlugin
from treesearch.values import negated, normalised, terminal_value

# -- bad knobs ------------------------------------------------------------------------------

# What each kind of knob refuses (never a bare TypeError, never a hang) and accepts.
REFUSED: dict[str, list[Any]] = {
    "count": ["3", 2.5, math.nan, math.inf, -1, True, np.float64(2.0), [1], object()],
    "count0": ["3", 2.5, math.nan, math.inf, -1, True, [1]],
    "number": ["1", math.nan, math.inf, -math.inf, -1.0, True, [1.0], object()],
    "flag": [1, 0, "yes", None, [True], np.int64(1)],
    "callable": [3, "f", [len], math.nan],
    "choice": ["nope", 3, None, ["visits"], True],
    "rng": [-1, "seed", 2.5, True, math.nan],
    "budget": [100, "Budget", {"max_nodes": 3}, True],
    "goal": ["key", 3, math.nan],
    "graph": [1, "yes", 0.0, np.int64(1)],
}
ACCEPTED: dict[str, list[Any]] = {
    "count": [np.int64(3), np.uint8(2), 10**12],
    "count0": [np.int64(0), 7],
    "number": [np.float32(0.5), np.int64(2), 0],
    "flag": [True, False, np.bool_(True)],
}
KNOBS: dict[str, list[tuple[str, str]]] = {
    "BFS": [("goal", "goal"), ("graph", "graph"), ("budget", "budget")],
    "DFS": [("goal", "goal"), ("graph", "graph"), ("budget", "budget")],
    "IDDFS": [("goal", "goal"), ("graph", "graph"), ("budget", "budget")],
    "Backtracking": [("value", "callable"), ("goal", "goal"), ("graph", "graph")],
    "RandomWalk": [("episodes", "count"), ("rng", "rng"), ("value", "callable"), ("goal", "goal")],
    "Dijkstra": [("goal", "goal"), ("graph", "graph"), ("budget", "budget")],
    "AStar": [("heuristic", "callable"), ("goal", "goal"), ("graph", "graph")],
    "GreedyBestFirst": [("heuristic", "callable"), ("graph", "graph")],
    "BeamSearch": [("width", "count"), ("value", "callable"), ("goal", "goal")],
    "MCTS": [
        ("iterations", "count"),
        ("seconds", "number"),
        ("exploration", "number"),
        ("selection", "callable"),
        ("rollout", "callable"),
        ("evaluate", "callable"),
        ("score", "callable"),
        ("backup", "choice"),
        ("final", "choice"),
        ("solver", "flag"),
        ("reuse", "flag"),
        ("rollout_depth", "count"),
        ("simultaneous", "choice"),
        ("rng", "rng"),
        ("budget", "budget"),
    ],
    "AlphaBeta": [
        ("depth", "count"),
        ("value", "callable"),
        ("ordering", "callable"),
        ("pruning", "flag"),
        ("simultaneous", "choice"),
        ("rng", "rng"),
    ],
    "FlatMonteCarlo": [
        ("first", "count0"),
        ("playouts", "count0"),
        ("exploration", "number"),
        ("playout", "callable"),
        ("allocation", "choice"),
        ("reuse", "flag"),
        ("rng", "rng"),
    ],
    "NRPA": [
        ("level", "count0"),
        ("iterations", "count"),
        ("alpha", "number"),
        ("code", "callable"),
        ("value", "callable"),
        ("restarts", "count0"),
        ("rng", "rng"),
        ("budget", "budget"),
    ],
}
BAD_KNOBS = [
    pytest.param(search, knob, value, id=f"{search}-{knob}={value!r:.20}")
    for search, knobs in KNOBS.items()
    for knob, kind in knobs
    for value in REFUSED[kind]
    if not (kind == "number" and knob == "exploration" and value == 0)
]
GOOD_KNOBS = [
    pytest.param(search, knob, value, id=f"{search}-{knob}={value!r:.20}")
    for search, knobs in KNOBS.items()
    for knob, kind in knobs
    for value in ACCEPTED.get(kind, [])
    if not (knob in ("seconds", "alpha") and value == 0)  # both must be > 0
]


@pytest.mark.parametrize(("search", "knob", "value"), BAD_KNOBS)
def test_a_bad_knob_is_one_line_naming_it_and_the_value(search: str, knob: str, value: Any) -> None:
    with pytest.raises(TreeSearchError) as info:
        SEARCHES[search](**{knob: value})
    shown = repr(value) if not isinstance(value, object) or type(value) is not object else ""
    one_clear_line(info.value, knob, shown)


@pytest.mark.parametrize(("search", "knob", "value"), GOOD_KNOBS)
def test_numpy_numbers_and_flags_are_taken_as_plain_ones(
    search: str, knob: str, value: Any
) -> None:
    made = SEARCHES[search](**{knob: value})
    kept = getattr(made, knob, None)
    if kept is not None and not callable(kept) and knob != "seconds":
        assert type(kept) in (int, float, bool), (knob, type(kept))  # nothing numpy kept


@pytest.mark.parametrize(
    ("budget", "message"),
    [
        ({"max_nodes": math.inf}, "max_nodes must be an int >= 1 or None, got inf"),
        ({"max_nodes": math.nan}, "got nan"),
        ({"max_nodes": -5}, "max_nodes must be >= 1, got -5"),
        ({"max_depth": -1}, "max_depth must be >= 0, got -1"),
        ({"max_iterations": True}, "max_iterations must be an int >= 1 or None, got True"),
        ({"seconds": math.inf}, r"seconds must be a finite number > 0 or None \(no time limit\)"),
        ({"seconds": math.nan}, "got nan"),
        ({"seconds": -0.5}, "seconds must be > 0, got -0.5"),
        ({"seconds": np.float64("nan")}, "got np.float64"),
    ],
)
def test_infinite_nan_and_negative_budgets_are_refused_at_once(
    budget: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidArgumentError, match=message) as info:
        Budget(**budget)
    one_clear_line(info.value, next(iter(budget)))


@pytest.mark.parametrize("seconds", [math.inf, math.nan, -1.0, 0])
def test_mcts_cannot_be_given_a_time_limit_that_never_ends(seconds: float) -> None:
    # Before: MCTS(seconds=inf) passed "needs a budget" and ran forever.
    with pytest.raises(InvalidArgumentError) as info:
        MCTS(seconds=seconds)
    one_clear_line(info.value, "seconds", repr(seconds))


@pytest.mark.parametrize("search", list(SEARCHES))
def test_numpy_budgets_are_honoured(search: str) -> None:
    budget = Budget(max_nodes=np.int64(2), max_iterations=np.int32(2))
    result = SEARCHES[search](budget=budget).run(start_for(search))
    assert result.stats.expanded <= 2 or result.stats.iterations <= 2


@pytest.mark.parametrize("search", list(SEARCHES))
def test_run_refuses_what_is_not_a_start_or_an_observer(search: str) -> None:
    made = SEARCHES[search]()
    for bad, named in [("a state?", "'a state?'"), (None, "None"), (42, "42")]:
        with pytest.raises(NotATreeIteratorError) as info:
            made.run(bad)
        one_clear_line(info.value, named, "get_children()")
    with pytest.raises(InvalidArgumentError) as info:
        made.run(Game(), observers=42)
    one_clear_line(info.value, "42", "observer")
    with pytest.raises(InvalidArgumentError) as info:
        made.run(Game(), budget=Budget(max_nodes=3))
    one_clear_line(info.value, f"{type(made).__name__}(budget=...)")
    with pytest.raises(InvalidArgumentError) as info:
        made.run(Game(), RecordingObserver())
    one_clear_line(info.value, "observers=")


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: check_iterator(Game(), max_states=-1), "max_states"),
        (lambda: check_iterator(Game(), walks=2.5), "walks"),
        (lambda: check_iterator(Game(), rng="x"), "rng"),
        (lambda: check_random_play(Game(), games=0), "games"),
        (lambda: check_random_play(Game(), max_moves=math.inf), "max_moves"),
        (lambda: normalised(index_value, "0", 1), "low='0'"),
        (lambda: normalised(index_value, 1, 0), "low=1"),
        (lambda: normalised(3, 0, 1), "value"),
        (lambda: negated("f"), "value"),
        (lambda: terminal_value(-1), "player"),
        (lambda: terminal_value(True), "player"),
        (lambda: Playthrough(Game(), name=3), "name"),
        (lambda: Playthrough("start"), "'start'"),
        (lambda: Playthrough(Game()).finish(value=math.nan), "value"),
        (lambda: Playthrough(Game()).finish(value="x"), "value"),
        (lambda: GamePlugin(3), "make"),
        (lambda: GamePlugin(Game, kind="race"), "kind"),
        (lambda: GamePlugin(Game, bots=[1]), "bots"),
        (lambda: GamePlugin(Game, help=3), "help"),
        (lambda: SearchPlugin(BFS, kinds=3), "kinds"),
        (lambda: SearchPlugin(BFS, kinds=("path",), title=3), "title"),
        (lambda: BFS().run(Game()).find_route([0, 0]), "[0, 0]"),
    ],
)
def test_the_other_entry_points_name_bad_values(call: Callable[[], Any], named: str) -> None:
    with pytest.raises(TreeSearchError) as info:
        call()
    one_clear_line(info.value, named)


# -- subclasses and plugin searches -----------------------------------------------------------


class PlainPlugin(BFS):
    """A plugin search written with ordinary keyword parameters."""

    def __init__(self, goal: Any = None, budget: Any = None) -> None:
        super().__init__(goal=goal, budget=budget)


def test_a_plugin_search_with_ordinary_keywords_runs_and_names_a_typo() -> None:
    result = PlainPlugin(goal={(2, 3)}).run(Game())
    assert result.status is Status.SOLVED
    with pytest.raises(InvalidArgumentError) as info:
        PlainPlugin(gaol={(2, 3)})
    one_clear_line(info.value, "PlainPlugin", "'gaol'", "'goal'")
