"""The run machinery: observers are always closed, stop requests, interrupts, events."""

from __future__ import annotations

from typing import Any

import pytest

from games.dict_tree import DictTreeIterator
from observers import RecordingObserver
from tests.helpers import Boom
from treesearch import (
    BFS,
    DFS,
    IDDFS,
    MCTS,
    AlphaBeta,
    AStar,
    Backtracking,
    BeamSearch,
    Dijkstra,
    Event,
    GreedyBestFirst,
    Observer,
    Playthrough,
    RandomWalk,
    Status,
    StopSearch,
    TreeIterator,
)
from treesearch.errors import ObserverError
from treesearch.events import SearchFinished, SearchStarted

ALL_SEARCHES: list[Any] = [
    BFS,
    DFS,
    IDDFS,
    Backtracking,
    lambda *a, **k: RandomWalk(*a, rng=0, episodes=3, **k),
    lambda *a, **k: MCTS(*a, iterations=50, rng=0, score=lambda s: 0.0, **k),
    Dijkstra,
    lambda *a, **k: AStar(*a, heuristic=lambda s: 0, **k),
    lambda *a, **k: GreedyBestFirst(*a, heuristic=lambda s: 0, **k),
    lambda *a, **k: BeamSearch(*a, width=2, value=lambda s: 0, **k),
]


@pytest.mark.parametrize("search", ALL_SEARCHES)
def test_observer_exception_closes_every_observer(seed_tree: Any, search: Any) -> None:
    first, last = RecordingObserver(), RecordingObserver()
    with pytest.raises(RuntimeError, match="observer failed"):
        search([first, Boom(3, RuntimeError("observer failed")), last]).run(seed_tree)
    assert first.closed == last.closed == 1


@pytest.mark.parametrize("search", ALL_SEARCHES)
def test_stop_search_returns_best_so_far(seed_tree: Any, search: Any) -> None:
    rec = RecordingObserver()
    result = search([Boom(2, StopSearch("video full")), rec]).run(seed_tree)
    assert result.status is Status.STOPPED and result.stop_reason == "video full"
    assert rec.closed == 1
    assert rec.result is result  # the finishing event still reaches observers
    assert len(rec.visits()) == 2  # the stop takes effect right after the event


@pytest.mark.parametrize("search", ALL_SEARCHES)
def test_keyboard_interrupt_is_reported(seed_tree: Any, search: Any) -> None:
    rec = RecordingObserver()
    result = search([Boom(2, KeyboardInterrupt()), rec]).run(seed_tree)
    assert result.status is Status.INTERRUPTED and rec.closed == 1


class _Exploding(TreeIterator):
    def get_children(self) -> list[Any]:
        raise ValueError("the game broke")


@pytest.mark.parametrize("search", ALL_SEARCHES)
def test_game_exception_still_closes_observers(search: Any) -> None:
    rec = RecordingObserver()
    with pytest.raises(ValueError, match="the game broke"):
        search(rec).run(_Exploding())
    assert rec.closed == 1


class _BadClose(Observer):
    def close(self) -> None:
        raise OSError("disk full")


class _BadFinish(RecordingObserver):
    def notify(self, event: Event) -> None:
        super().notify(event)
        if isinstance(event, SearchFinished):
            raise ValueError("cannot draw the last frame")


@pytest.mark.parametrize("search", ALL_SEARCHES)
def test_a_failing_close_keeps_the_finished_result(seed_tree: Any, search: Any) -> None:
    # Before: run() raised the OSError and the finished result was gone.
    rec = RecordingObserver()
    with pytest.raises(ObserverError, match=r"_BadClose.*OSError: disk full.*\.result") as info:
        search([_BadClose(), rec]).run(seed_tree)
    assert rec.closed == 1  # every observer is still closed
    assert isinstance(info.value.__cause__, OSError)
    assert info.value.result is rec.result and info.value.result.stats.visited > 1
    assert [type(o) for o, _ in info.value.failures] == [_BadClose]


def test_a_failure_on_the_finishing_event_keeps_the_result_too(seed_tree: Any) -> None:
    failing, last = _BadFinish(), RecordingObserver()
    with pytest.raises(ObserverError, match=r"ValueError: cannot draw.*1 more") as info:
        BFS([failing, _BadClose(), last]).run(seed_tree)
    assert info.value.result.status is Status.EXHAUSTED
    assert last.result is info.value.result  # the observers after it still got the event
    assert failing.closed == last.closed == 1
    assert [type(e) for _, e in info.value.failures] == [ValueError, OSError]


def test_a_failure_during_the_run_raises_its_own_error(seed_tree: Any) -> None:
    # The run is not finished: no result to keep; the other observers are still closed.
    first, last = RecordingObserver(), RecordingObserver()
    with pytest.raises(RuntimeError, match="mid-run") as info:
        BFS([first, Boom(2, RuntimeError("mid-run")), last]).run(seed_tree)
    assert not isinstance(info.value, ObserverError)
    assert first.closed == last.closed == 1 and first.result is None


def test_a_playthrough_keeps_its_result_when_a_close_fails(seed_tree: Any) -> None:
    show = Playthrough(seed_tree, [_BadClose()])
    finished = show.finish(value=1.0)
    with pytest.raises(ObserverError, match="disk full") as info:
        show.close()
    assert info.value.result is finished
    unfinished = Playthrough(seed_tree, [_BadClose()])
    with pytest.raises(OSError, match="disk full"):  # nothing finished: the error itself
        unfinished.close()


def test_close_error_during_another_error_is_a_warning(seed_tree: Any) -> None:
    with pytest.warns(RuntimeWarning, match="disk full"), pytest.raises(RuntimeError):
        BFS([_BadClose(), Boom(1, RuntimeError("x"))]).run(seed_tree)


def test_events_bracket_the_run(seed_tree: Any) -> None:
    rec = RecordingObserver()
    search = DFS(rec)
    result = search.run(seed_tree)
    assert isinstance(rec.events[0], SearchStarted) and rec.events[0].search is search
    assert isinstance(rec.events[-1], SearchFinished) and rec.events[-1].result is result


def test_callables_and_per_run_observers(seed_tree: Any) -> None:
    seen: list[Event] = []
    rec = RecordingObserver()
    search = BFS(seen.append)
    search.run(seed_tree, observers=rec)
    assert len(seen) == len(rec.events) > 0
    search.run(seed_tree)
    assert rec.closed == 1  # per-run observers do not stick


def test_bad_observer_argument() -> None:
    with pytest.raises(TypeError, match="42"):
        BFS([42])


def test_observers_do_not_change_the_search(seed_tree: DictTreeIterator) -> None:
    plain = DFS(goal=lambda s: s.name == "Other").run(seed_tree)
    watched = DFS([RecordingObserver()], goal=lambda s: s.name == "Other").run(seed_tree)
    assert plain.path == watched.path and plain.stats.expanded == watched.stats.expanded


def test_repr_is_short(seed_tree: DictTreeIterator) -> None:
    result = BFS().run(seed_tree)
    assert "status='exhausted'" in repr(result) and "reached=8" in repr(result)
    assert repr(BFS(graph=True)) == "BFS(graph=True)"


@pytest.mark.parametrize(
    "search", [lambda o: AlphaBeta(o), lambda o: MCTS(o, iterations=100, rng=0)]
)
def test_adversarial_searches_close_observers_too(search: Any) -> None:
    from games.tictactoe import TicTacToe

    first, last = RecordingObserver(), RecordingObserver()
    with pytest.raises(RuntimeError, match="observer failed"):
        search([first, Boom(5, RuntimeError("observer failed")), last]).run(TicTacToe())
    assert first.closed == last.closed == 1
    stopped = search([Boom(5, StopSearch("enough"))]).run(TicTacToe())
    assert stopped.status is Status.STOPPED


def test_unknown_knobs_name_the_public_class() -> None:
    from treesearch import BFS, MCTS, AStar, Dijkstra, InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match=r"BFS has no knob 'heuristic'.*goal"):
        BFS(heuristic=lambda s: 0)
    with pytest.raises(InvalidArgumentError, match=r"no knob 'goals' \(did you mean 'goal'"):
        Dijkstra(goals={1})
    with pytest.raises(InvalidArgumentError, match=r"MCTS has no knob 'iteration'.*'iterations'"):
        MCTS(iteration=5)
    with pytest.raises(InvalidArgumentError, match="only positional argument"):
        AStar((), lambda s: 0)
    assert AStar(heuristic=lambda s: 0, goal={1}).goal == frozenset({1})


class _PlainKeywords(BFS):
    """A search plugin written with ordinary (not keyword-only) parameters."""

    def __init__(self, goal: Any = None, budget: Any = None) -> None:
        super().__init__(goal=goal, budget=budget)


class _RefusingPlugin(BFS):
    def __init__(self, goal: Any = None) -> None:
        raise RuntimeError(f"no licence for goal {goal!r}")


def test_subclasses_with_ordinary_keywords_take_them(seed_tree: Any) -> None:
    from treesearch import Budget, InvalidArgumentError

    # Before: "_PlainKeywords has no knob 'goal'; its knobs are: " (only keyword-only counted).
    found = _PlainKeywords(goal=lambda s: s.name == "Other").run(seed_tree)
    assert found.status is Status.SOLVED and found.best.name == "Other"
    assert _PlainKeywords(None, Budget(max_nodes=1)).budget.max_nodes == 1
    with pytest.raises(InvalidArgumentError, match=r"no knob 'gaol' \(did you mean 'goal'\?\)"):
        _PlainKeywords(gaol={1})
    with pytest.raises(
        InvalidArgumentError, match=r"at most 2 positional arguments \(goal, budget\)"
    ):
        _PlainKeywords(None, None, 3)


def test_a_constructor_s_own_error_comes_through() -> None:
    # Before: the false "has no knob 'goal'" hid the plugin's own reason.
    with pytest.raises(RuntimeError, match="no licence for goal 1"):
        _RefusingPlugin(goal=1)


def test_bad_observer_is_an_invalid_argument() -> None:
    from treesearch import BFS, InvalidArgumentError
    from treesearch.errors import InvalidObserverError

    with pytest.raises(InvalidObserverError, match="42"):
        BFS([42])
    assert issubclass(InvalidObserverError, InvalidArgumentError)
    assert issubclass(InvalidObserverError, TypeError)
