import pytest

from games.dict_tree import DictTreeIterator
from observers.panel import PanelInfo
from treesearch import Observer, Playthrough, StopSearch
from treesearch.events import Event, SearchFinished, SearchStarted, Visited

TREE = DictTreeIterator("r", {"a": {"aa": {}}})


class Log(Observer):
    def __init__(self, stop_after: int | None = None) -> None:
        self.events: list[Event] = []
        self.closed = 0
        self.stop_after = stop_after

    def notify(self, event: Event) -> None:
        self.events.append(event)
        if self.stop_after is not None and len(self.events) >= self.stop_after:
            raise StopSearch("enough")

    def close(self) -> None:
        self.closed += 1


def _line() -> list[DictTreeIterator]:
    a = next(iter(TREE.get_children()))
    return [TREE, a, next(iter(a.get_children()))]


def test_events_in_order_and_closed_once() -> None:
    log = Log()
    r, a, aa = _line()
    with Playthrough(r, [log], name="bot") as show:
        show.advance(a)
        show.advance(aa)
        result = show.finish(7, "score 7")
        show.close()
    kinds = [type(e).__name__ for e in log.events]
    assert kinds == ["SearchStarted", "Visited", "Visited", "Visited", "SearchFinished"]
    assert isinstance(log.events[0], SearchStarted) and log.events[0].search is show
    visits = [e for e in log.events if isinstance(e, Visited)]
    assert [(v.state, v.depth, v.parent) for v in visits] == [(r, 0, None), (a, 1, r), (aa, 2, a)]
    assert isinstance(log.events[-1], SearchFinished)
    assert result.path == (r, a, aa) and result.best is aa and result.value == 7.0
    assert log.closed == 1


def test_stop_search_ends_events_not_the_game() -> None:
    log = Log(stop_after=2)
    r, a, aa = _line()
    with Playthrough(r, log) as show:
        show.advance(a)
        show.advance(aa)
        show.finish()
    assert len(log.events) == 2 and show.path == [r, a, aa] and log.closed == 1


def test_observers_closed_on_error() -> None:
    log = Log()
    with pytest.raises(KeyboardInterrupt), Playthrough(TREE, [log]):
        raise KeyboardInterrupt
    assert log.closed == 1


def test_panel_speaks_of_a_game() -> None:
    info = PanelInfo()
    r, a, _ = _line()
    with Playthrough(r, info.update, name="greedy bot") as show:
        show.advance(a)
        assert info.lines() == ("greedy bot · playing…", "move 1")
        show.finish(12, "score 12")
    assert info.lines() == ("greedy bot · game over: score 12", "move 1")


def test_name_must_be_text() -> None:
    from treesearch.errors import InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match="name must be a str"):
        Playthrough(TREE, name=3)  # type: ignore[arg-type]
