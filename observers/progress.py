"""``ProgressObserver``: a tqdm progress bar with visited states per second."""

from __future__ import annotations

import difflib
import inspect
from typing import Any

from treesearch.arguments import check_count
from treesearch.core import Observer
from treesearch.errors import InvalidArgumentError
from treesearch.events import Event, SearchFinished, SearchStarted, SolutionImproved, Visited
from treesearch.result import Status

__all__ = ["ProgressObserver"]

_FINISHED_ITS_WORK = (Status.SOLVED, Status.EXHAUSTED)


class ProgressObserver(Observer):
    """Shows a tqdm bar counting visited states; ``total`` gives it an end (e.g. max_nodes).

    The total is only a forecast, so the bar never lies at the end: a run that ends by
    itself (solved or exhausted) closes at 100% of the visits it really made, and a total
    that the visits outgrow (searches that visit more states than they expand) is raised
    to the count. A run cut short (budget, Ctrl-C) keeps its total, so the bar shows how
    much of the node budget was used. Without a total the bar only counts.

    Bad arguments, tqdm options included, raise ``InvalidArgumentError`` here, not at the
    first visit.

    Args:
        total: expected number of visits (an int >= 0); None takes the search's
            ``max_nodes`` budget (an upper bound on entered states for most searches) when
            it has one, else the bar just counts, without a total.
        desc: label of the bar.
        refresh_every: update the bar every this many visits (keeps the cost per visit low).
        **tqdm_kwargs: passed to ``tqdm.tqdm`` (``file=``, ``disable=``, ``leave=``,
            ``unit=``...).
    """

    def __init__(
        self,
        total: int | None = None,
        desc: str = "search",
        refresh_every: int = 256,
        **tqdm_kwargs: Any,
    ) -> None:
        total = check_count("total", total, 0, optional=True)
        if not isinstance(desc, str):
            raise InvalidArgumentError(f"desc must be a str, got {desc!r}")
        refresh_every = check_count("refresh_every", refresh_every, 1)
        _check_tqdm_options(tqdm_kwargs)
        self.total, self.desc, self.refresh_every = total, desc, refresh_every
        self.tqdm_kwargs = tqdm_kwargs
        self.visits = 0
        self._pending = 0
        self._bar: Any = None
        self._postfix: dict[str, Any] = {}

    def _open(self) -> Any:
        from tqdm import tqdm  # lazy: only runs that show progress need it

        options = {"unit": "node", **self.tqdm_kwargs}
        self._bar = tqdm(total=self.total, desc=self.desc, **options)
        return self._bar

    def _flush(self) -> Any:
        """Add the pending visits to the bar (raising a total they outgrow); return the bar."""
        bar = self._bar if self._bar is not None else self._open()
        if bar.total is not None and self.visits > bar.total:
            bar.total = self.visits
        bar.update(self._pending)
        self._pending = 0
        return bar

    def notify(self, event: Event) -> None:
        """Advance the bar on visits; show the best value when it improves."""
        cls = type(event)
        if cls is SearchStarted and self.total is None and self._bar is None:
            budget = getattr(event.search, "budget", None)  # type: ignore[union-attr]
            self.total = getattr(budget, "max_nodes", None)
        if cls is Visited:
            self.visits += 1
            self._pending += 1
            if self._pending >= self.refresh_every:
                self._flush()
        elif cls is SolutionImproved and event.value is not None:  # type: ignore[union-attr]
            self._postfix["best"] = event.value  # type: ignore[union-attr]
            bar = self._bar if self._bar is not None else self._open()
            bar.set_postfix(self._postfix, refresh=False)
        elif cls is SearchFinished:
            bar = self._flush()
            status = event.result.status  # type: ignore[union-attr]
            if bar.total is not None and status in _FINISHED_ITS_WORK:
                bar.total = self.visits  # the real count: the bar ends at 100%
            self._postfix["status"] = status.value
            bar.set_postfix(self._postfix)

    def close(self) -> None:
        """Close the bar (once)."""
        if self._bar is not None:
            if self._pending:
                self._flush()
            self._bar.close()
            self._bar = None


def _check_tqdm_options(options: dict[str, Any]) -> None:
    """Refuse a keyword ``tqdm`` does not take, now rather than at the first visit."""
    if not options:
        return
    from tqdm import tqdm

    taken = [
        name
        for name, p in inspect.signature(tqdm.__init__).parameters.items()
        if p.kind is p.POSITIONAL_OR_KEYWORD and name not in ("self", "iterable")
    ]
    for name in options:
        if name not in taken or name in ("total", "desc"):
            close = difflib.get_close_matches(name, taken, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise InvalidArgumentError(
                f"ProgressObserver passes keywords to tqdm, which has no option {name!r}{hint}"
            )
