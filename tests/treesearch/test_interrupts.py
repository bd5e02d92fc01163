"""Ctrl-C (a real SIGINT): a run returns ``Status.INTERRUPTED`` with its observers closed."""

from __future__ import annotations

import signal
from typing import Any

import pytest

from observers import RecordingObserver
from tests.treesearch.faulty import SEARCHES, SOLO, Game, Solo, index_value
from treesearch import BFS, DFS, Observer, Status


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
    knobs: dict[str, Any] = {"evaluate": index_value} if search == "MCTS" else {}
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
