"""The audit of the library's surface: every search, bad values, broken games, Ctrl-C.

In the manner of OpenSpiel's ``random_sim_test`` and Gymnasium's ``check_env``, each public
entry point (the searches' constructors and ``run()``, ``Budget``, the checkers, the plugin
records, the value adapters) is fed bad knobs, broken games and interrupts. What it must
give (issue 21):

- a bad value: one ``TreeSearchError`` line, at the entry point, naming the argument, the
  value and what would be right (numpy numbers are good numbers, bools are not);
- a game that breaks the contract: one line naming the method, the state and the fix (the
  error ``check_iterator`` gives); a game's or hook's *own* exception comes through as
  itself, with every observer closed;
- an infinite, NaN or negative budget: refused at once, never a hang;
- Ctrl-C (a real SIGINT): the run returns ``Status.INTERRUPTED`` with its observers closed.
"""

from __future__ import annotations

import math
import re
import signal
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from observers import RecordingObserver
from treesearch import (
    BFS,
    DFS,
    IDDFS,
    MCTS,
    NRPA,
    AlphaBeta,
    AStar,
    Backtracking,
    BeamSearch,
    Budget,
    Dijkstra,
    FlatMonteCarlo,
    GamePlugin,
    GreedyBestFirst,
    InvalidArgumentError,
    InvalidValueError,
    IteratorContractError,
    MissingCapabilityError,
    NotATreeIteratorError,
    Observer,
    Playthrough,
    RandomWalk,
    SearchPlugin,
    Status,
    TreeIterator,
    TreeSearchError,
    check_iterator,
    check_random_play,
    negated,
    normalised,
    terminal_value,
)
from treesearch.values import TERMINAL

# -- a small two-player game with every capability, and its faults -------------------------


class Game(TreeIterator):
    """Two players, depth 3, two moves a turn; ``fault`` breaks one method at depth 1."""

    __slots__ = ("depth", "fault", "index")

    def __init__(self, fault: str = "", depth: int = 0, index: int = 0) -> None:
        self.fault, self.depth, self.index = fault, depth, index

    def __repr__(self) -> str:
        return f"Game({self.fault!r}, {self.depth}, {self.index})"

    def _faulty(self, name: str) -> bool:
        return self.fault == name and self.depth == 1

    def get_children(self) -> Any:
        if self._faulty("children raise"):
            raise LookupError("the game's own bug")
        if self._faulty("children None"):
            return None
        if self._faulty("children 5"):
            return 5
        if self._faulty("child not a state"):
            return ["a move", "another"]
        if self.depth >= 3:
            return []
        return [type(self)(self.fault, self.depth + 1, 2 * self.index + i) for i in (0, 1)]

    def is_terminal(self) -> bool:
        return self.depth >= 3

    def key(self) -> Any:
        if self._faulty("key unhashable"):
            return [self.depth, self.index]
        return (self.depth, self.index)

    def player(self) -> Any:
        if self.depth >= 3:
            return TERMINAL
        if self._faulty("player 7"):
            return 7
        if self._faulty("player 'x'"):
            return "x"
        return self.depth % 2

    def returns(self) -> Any:
        if self.fault == "returns NaN":
            return (math.nan, math.nan)
        if self.fault == "returns 'ab'":
            return ("a", "b")
        return (1.0, -1.0) if self.index % 2 else (-1.0, 1.0)

    def step_cost(self, child: Any) -> Any:
        return {"cost NaN": math.nan, "cost -1": -1, "cost 'x'": "x"}.get(self.fault, 1)


class Solo(Game):
    """The same tree with one player, the kind of game NRPA searches."""

    __slots__ = ()

    def player(self) -> Any:
        return TERMINAL if self.depth >= 3 else 0

    def returns(self) -> Any:
        return (float(self.index),)


def _value(state: Game) -> float:
    return float(state.index)


# The searches, each made with good knobs; ``knobs`` override them.
SEARCHES: dict[str, Callable[..., Any]] = {
    "BFS": lambda **k: BFS(**k),
    "DFS": lambda **k: DFS(**k),
    "IDDFS": lambda **k: IDDFS(**k),
    "Backtracking": lambda **k: Backtracking(**{"value": _value, **k}),
    "RandomWalk": lambda **k: RandomWalk(**{"rng": 0, "episodes": 3, "value": _value, **k}),
    "Dijkstra": lambda **k: Dijkstra(**k),
    "AStar": lambda **k: AStar(**{"heuristic": lambda s: 0.0, **k}),
    "GreedyBestFirst": lambda **k: GreedyBestFirst(**{"heuristic": lambda s: 0.0, **k}),
    "BeamSearch": lambda **k: BeamSearch(**{"width": 2, "value": _value, **k}),
    "MCTS": lambda **k: MCTS(**{"iterations": 30, "rng": 0, **k}),
    "AlphaBeta": lambda **k: AlphaBeta(**k),
    "FlatMonteCarlo": lambda **k: FlatMonteCarlo(**{"first": 1, "playouts": 8, "rng": 0, **k}),
    "NRPA": lambda **k: NRPA(**{"level": 1, "iterations": 4, "value": _value, "rng": 0, **k}),
}
PATH = ["BFS", "DFS", "IDDFS", "Backtracking", "RandomWalk", "Dijkstra", "AStar"]
PATH += ["GreedyBestFirst", "BeamSearch"]
DUELS = ["MCTS", "AlphaBeta", "FlatMonteCarlo"]
SOLO = ["NRPA"]
"""Searches of single-player trees: they run on ``Solo``, the others on ``Game``."""


def _start(search: str, fault: str = "") -> Game:
    """The game ``search`` is run on, with ``fault``."""
    return Solo(fault) if search in SOLO else Game(fault)


FIX = r"must|expected|Fix:|give|needs|takes|subclass|implement|did you mean"
"""Words with which a message says what would be right."""


def _one_clear_line(exc: BaseException, *named: str) -> str:
    """The message, checked: a TreeSearchError, one line, naming each of ``named``."""
    message = str(exc)
    assert isinstance(exc, TreeSearchError), f"{type(exc).__name__}: {message}"
    assert "\n" not in message and message, message
    for text in named:
        assert text in message, f"{text!r} not in {message!r}"
    assert re.search(FIX, message), message  # says what would be right
    return message


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
    _one_clear_line(info.value, knob, shown)


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
    _one_clear_line(info.value, next(iter(budget)))


@pytest.mark.parametrize("seconds", [math.inf, math.nan, -1.0, 0])
def test_mcts_cannot_be_given_a_time_limit_that_never_ends(seconds: float) -> None:
    # Before: MCTS(seconds=inf) passed "needs a budget" and ran forever.
    with pytest.raises(InvalidArgumentError) as info:
        MCTS(seconds=seconds)
    _one_clear_line(info.value, "seconds", repr(seconds))


@pytest.mark.parametrize("search", list(SEARCHES))
def test_numpy_budgets_are_honoured(search: str) -> None:
    budget = Budget(max_nodes=np.int64(2), max_iterations=np.int32(2))
    result = SEARCHES[search](budget=budget).run(_start(search))
    assert result.stats.expanded <= 2 or result.stats.iterations <= 2


@pytest.mark.parametrize("search", list(SEARCHES))
def test_run_refuses_what_is_not_a_start_or_an_observer(search: str) -> None:
    made = SEARCHES[search]()
    for bad, named in [("a state?", "'a state?'"), (None, "None"), (42, "42")]:
        with pytest.raises(NotATreeIteratorError) as info:
            made.run(bad)
        _one_clear_line(info.value, named, "get_children()")
    with pytest.raises(InvalidArgumentError) as info:
        made.run(Game(), observers=42)
    _one_clear_line(info.value, "42", "observer")
    with pytest.raises(InvalidArgumentError) as info:
        made.run(Game(), budget=Budget(max_nodes=3))
    _one_clear_line(info.value, f"{type(made).__name__}(budget=...)")
    with pytest.raises(InvalidArgumentError) as info:
        made.run(Game(), RecordingObserver())
    _one_clear_line(info.value, "observers=")


# -- broken games ---------------------------------------------------------------------------

# fault -> (searches that ask the broken method, error class, texts the message names)
GAME_FAULTS: dict[str, tuple[list[str], type[Exception], list[str]]] = {
    "children None": (PATH + DUELS + SOLO, TreeSearchError, ["get_children()", "None", "Fix:"]),
    "children 5": (PATH + DUELS + SOLO, TreeSearchError, ["get_children()", "5", "Fix:"]),
    "child not a state": (
        PATH + DUELS + SOLO,
        NotATreeIteratorError,
        ["'a move'", "get_children()"],
    ),
    "key unhashable": (PATH, IteratorContractError, ["key()", "unhashable", "[1, 0]"]),
    "player 7": (["MCTS"], IteratorContractError, ["player()", "7"]),
    "player 'x'": (["MCTS", "AlphaBeta"], IteratorContractError, ["player()", "'x'"]),
    "returns NaN": (DUELS, IteratorContractError, ["returns()", "nan"]),
    "returns 'ab'": (DUELS, IteratorContractError, ["returns()", "'a'"]),
    "cost NaN": (["Dijkstra", "AStar", "GreedyBestFirst"], InvalidValueError, ["nan"]),
    "cost -1": (["Dijkstra", "AStar", "GreedyBestFirst"], InvalidValueError, ["-1"]),
    "cost 'x'": (["Dijkstra", "AStar", "GreedyBestFirst"], InvalidValueError, ["'x'"]),
}
BROKEN = [
    pytest.param(fault, search, id=f"{search}-{fault}")
    for fault, (searches, _, _) in GAME_FAULTS.items()
    for search in searches
]


@pytest.mark.parametrize(("fault", "search"), BROKEN)
def test_a_broken_game_is_named_with_its_method_and_fix(fault: str, search: str) -> None:
    _, error, named = GAME_FAULTS[fault]
    rec = RecordingObserver()
    knobs: dict[str, Any] = {"graph": True} if fault == "key unhashable" else {}
    with pytest.raises(error) as info:
        SEARCHES[search](**knobs).run(_start(search, fault), observers=rec)
    _one_clear_line(info.value, *named)
    assert "Game(" in str(info.value)  # the state at fault is named
    assert rec.closed == 1


@pytest.mark.parametrize("search", list(SEARCHES))
def test_a_game_s_own_exception_comes_through_as_itself(search: str) -> None:
    rec = RecordingObserver()
    with pytest.raises(LookupError, match="the game's own bug"):
        SEARCHES[search]().run(_start(search, "children raise"), observers=rec)
    assert rec.closed == 1


HOOKS: list[tuple[str, str]] = [
    ("Backtracking", "value"),
    ("RandomWalk", "value"),
    ("BeamSearch", "value"),
    ("AStar", "heuristic"),
    ("GreedyBestFirst", "heuristic"),
    ("MCTS", "evaluate"),
    ("AlphaBeta", "value"),
    ("NRPA", "value"),
]


@pytest.mark.parametrize(("search", "hook"), HOOKS)
@pytest.mark.parametrize("returned", [math.nan, "high", None, [1, "x"]])
def test_a_hook_returning_a_non_number_is_named(search: str, hook: str, returned: Any) -> None:
    knobs: dict[str, Any] = {hook: lambda state: returned}
    if search == "AlphaBeta":
        knobs["depth"] = 1
    with pytest.raises(InvalidValueError) as info:
        SEARCHES[search](**knobs).run(_start(search))
    shown = "NaN" if returned is math.nan and "NaN" in str(info.value) else repr(returned)
    _one_clear_line(info.value, shown, "Game(")


def test_nrpa_refuses_a_two_player_game_naming_the_state() -> None:
    rec = RecordingObserver()
    with pytest.raises(MissingCapabilityError) as info:
        SEARCHES["NRPA"]().run(Game(), observers=rec)
    _one_clear_line(info.value, "single-player", "player() is 1", "Game(")
    assert rec.closed == 1


def test_a_playout_returning_a_non_number_is_named() -> None:
    with pytest.raises(InvalidValueError) as info:
        SEARCHES["FlatMonteCarlo"](playout=lambda c, rng: "won").run(Game())
    _one_clear_line(info.value, "'won'", "playout")


@pytest.mark.parametrize("fault", [*GAME_FAULTS, "children raise"])
def test_the_checkers_report_every_fault_as_a_contract_error(fault: str) -> None:
    # check_iterator and check_random_play name the method and the state, the game's own
    # exception included (a bare LookupError before); costs only check_iterator reads.
    if fault != "player 7":  # a valid index: only whole games show it has no reward
        with pytest.raises(TreeSearchError) as info:
            check_iterator(Game(fault))
        _one_clear_line(info.value, "Game(")
    if not fault.startswith("cost"):
        with pytest.raises(TreeSearchError) as info:
            check_random_play(Game(fault), games=4)
        _one_clear_line(info.value, "Game(")


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: check_iterator(Game(), max_states=-1), "max_states"),
        (lambda: check_iterator(Game(), walks=2.5), "walks"),
        (lambda: check_iterator(Game(), rng="x"), "rng"),
        (lambda: check_random_play(Game(), games=0), "games"),
        (lambda: check_random_play(Game(), max_moves=math.inf), "max_moves"),
        (lambda: normalised(_value, "0", 1), "low='0'"),
        (lambda: normalised(_value, 1, 0), "low=1"),
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
    _one_clear_line(info.value, named)


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
    _one_clear_line(info.value, "PlainPlugin", "'gaol'", "'goal'")


# -- Ctrl-C -----------------------------------------------------------------------------------


class CtrlC(Game):
    """Presses Ctrl-C (a real SIGINT) when a state at depth 2 is asked for its children."""

    __slots__ = ()

    def get_children(self) -> Any:
        if self.depth == 2:
            signal.raise_signal(signal.SIGINT)
        return super().get_children()


@pytest.fixture
def default_sigint() -> Any:
    """Python's own SIGINT handler (KeyboardInterrupt), whatever the runner installed."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("search", list(SEARCHES))
@pytest.mark.usefixtures("default_sigint")
def test_ctrl_c_ends_a_run_with_its_answer_so_far(search: str) -> None:
    rec = RecordingObserver()
    knobs: dict[str, Any] = {"evaluate": _value} if search == "MCTS" else {}
    start = SoloCtrlC() if search in SOLO else CtrlC()
    result = SEARCHES[search](**knobs).run(start, observers=rec)
    assert result.status is Status.INTERRUPTED and result.stop_reason == "KeyboardInterrupt"
    assert rec.closed == 1 and rec.result is result
    with pytest.raises(KeyboardInterrupt):  # a loop of runs stops there
        result.raise_if_interrupted()


class SlowClose(RecordingObserver):
    """An observer whose close() (a video being encoded) is cut by Ctrl-C."""

    def close(self) -> None:
        super().close()
        signal.raise_signal(signal.SIGINT)


@pytest.mark.usefixtures("default_sigint")
def test_ctrl_c_while_observers_close_closes_the_others_and_keeps_the_answer() -> None:
    # Before: the KeyboardInterrupt left the later observers open and the result was lost.
    first, last = SlowClose(), RecordingObserver()
    result = BFS(goal={(2, 1)}).run(Game(), observers=[first, last])
    assert first.closed == last.closed == 1
    assert result.status is Status.INTERRUPTED and result.best.key() == (2, 1)


class SoloCtrlC(CtrlC, Solo):
    """``CtrlC`` with one player."""

    __slots__ = ()


class CtrlCAtTheEnd(Observer):
    def notify(self, event: Any) -> None:
        if type(event).__name__ == "SearchFinished":
            signal.raise_signal(signal.SIGINT)


@pytest.mark.usefixtures("default_sigint")
def test_ctrl_c_on_the_last_event_still_closes_everything() -> None:
    last = RecordingObserver()
    result = DFS().run(Game(), observers=[CtrlCAtTheEnd(), last])
    assert result.status is Status.INTERRUPTED and last.closed == 1
    assert result.stats.visited == 15  # the whole tree was searched
