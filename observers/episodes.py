"""``EpisodeCollector``: the best k end states a search reached, with their paths.

Collecting good episodes is separate from watching the traversal (the seed article's
wish): this observer follows the current path from ``Visited`` events (depth and parent)
and scores terminal states, and any state a search announces as a better solution, with
a value function of its own.
"""

from __future__ import annotations

import bisect
import warnings
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeAlias

from treesearch.arguments import check_count
from treesearch.core import Observer, key_of
from treesearch.errors import InvalidArgumentError
from treesearch.events import Event, SearchStarted, SolutionImproved, Visited, VisitKind
from treesearch.values import evaluate

__all__ = ["Episode", "EpisodeCollector"]

_Link: TypeAlias = tuple[Any, "_Link | None"]
"""A path as a linked list from its last state back to the start: ``(state, parent)``."""


@dataclass(frozen=True, slots=True)
class Episode:
    """An end state, its value, and the states from the start to it."""

    value: float
    state: Any
    path: tuple[Any, ...]


def _path(link: _Link | None) -> tuple[Any, ...]:
    states = []
    while link is not None:
        states.append(link[0])
        link = link[1]
    return tuple(reversed(states))


class EpisodeCollector(Observer):
    """Keeps the ``k`` best terminal states (by a value function) with their paths.

    Paths come from a stack indexed by depth, which depth-first event orders (backtracking,
    DFS, random walks, MCTS descents) keep exact at O(depth) cost. When an event's parent is
    not on that stack (BFS, best-first), the parent is looked up among the last ``memory``
    states that left the stack.

    Args:
        value: scores a state; higher is better (negate costs).
        k: how many episodes to keep.
        memory: how many states that left the path stay available as parents.

    Attributes:
        best: the episodes kept, best first (ties: the earlier one first). One episode per
            state key (or per state object, for states without keys).

    Examples:
        >>> from treesearch import Backtracking
        >>> from games.dict_tree import DictTreeIterator
        >>> best = EpisodeCollector(lambda s: len(s.name), k=1)
        >>> _ = Backtracking(best).run(DictTreeIterator("R", {"a": {"long": {}}, "bb": {}}))
        >>> [s.name for s in best.best[0].path]
        ['R', 'a', 'long']
    """

    def __init__(self, value: Callable[[Any], float], *, k: int = 5, memory: int = 100_000):
        k, memory = check_count("k", k, 1), check_count("memory", memory, 1)
        if not callable(value):
            raise InvalidArgumentError(f"value must be a callable state -> number, got {value!r}")
        self.value, self.k, self.memory = value, k, memory
        self._ranked: list[tuple[float, int, Episode, Hashable]] = []
        self._seq = 0
        self._stack: list[_Link] = []
        self._left: OrderedDict[int, _Link] = OrderedDict()
        self._warned = False

    @property
    def best(self) -> list[Episode]:
        """The episodes kept, best first."""
        return [entry[2] for entry in self._ranked]

    def notify(self, event: Event) -> None:
        """Follow the current path; record terminal states and announced solutions."""
        if isinstance(event, Visited):
            link = self._follow(event)
            if event.kind is not VisitKind.RETURN:
                terminal = getattr(event.state, "is_terminal", None)
                if callable(terminal) and terminal():
                    self._record(link)
        elif isinstance(event, SolutionImproved):
            self._record(self._find(event.state, event.depth))
        elif isinstance(event, SearchStarted):
            self._leave(0)
            self._left.clear()

    def _follow(self, event: Visited) -> _Link:
        """Put ``event.state`` on the stack at its depth and return its link."""
        stack, depth, state, parent = self._stack, event.depth, event.state, event.parent
        if (
            depth < len(stack)
            and stack[depth][0] is state
            and (depth == 0 or parent is None or stack[depth - 1][0] is parent)
        ):
            self._leave(depth + 1)  # a return to a state still on the path
            return stack[depth]
        above: _Link | None
        if depth == 0 or not stack:
            above = None
        elif parent is None:  # no parent given: trust the depth
            depth = min(depth, len(stack))
            above = stack[depth - 1]
        elif depth <= len(stack) and stack[depth - 1][0] is parent:
            above = stack[depth - 1]
        else:
            above = self._left.get(id(parent))
            if above is None or above[0] is not parent:
                self._warn(parent)
                above = (parent, None)
            self._leave(0)
            stack.extend(reversed(_links(above)))
            depth = len(stack)
        self._leave(depth)
        link = (state, above)
        stack.append(link)
        return link

    def _leave(self, depth: int) -> None:
        """Pop the stack down to ``depth`` entries, remembering what left it."""
        stack, left = self._stack, self._left
        while len(stack) > depth:
            link = stack.pop()
            left[id(link[0])] = link
            left.move_to_end(id(link[0]))
        while len(left) > self.memory:
            left.popitem(last=False)

    def _find(self, state: Any, depth: int) -> _Link:
        stack = self._stack
        if depth < len(stack) and stack[depth][0] is state:
            return stack[depth]
        for link in reversed(stack):
            if link[0] is state:
                return link
        found = self._left.get(id(state))
        return found if found is not None and found[0] is state else (state, None)

    def _warn(self, parent: Any) -> None:
        if not self._warned:
            self._warned = True
            warnings.warn(
                f"EpisodeCollector lost the path to {parent!r}: raise memory= (now "
                f"{self.memory}) so that paths of breadth-first searches stay complete",
                RuntimeWarning,
                stacklevel=4,
            )

    def _record(self, link: _Link) -> None:
        state = link[0]
        key = key_of(state)
        ident: Hashable = ("id", id(state)) if key is None else ("key", key)
        if any(entry[3] == ident for entry in self._ranked):
            return
        v = evaluate(self.value, state)
        ranked = self._ranked
        if len(ranked) >= self.k and -v >= ranked[-1][0]:
            return
        self._seq += 1
        bisect.insort(ranked, (-v, self._seq, Episode(v, state, _path(link)), ident))
        del ranked[self.k :]


def _links(link: _Link | None) -> list[_Link]:
    """The links of a path, from its last state back to the start."""
    out = []
    while link is not None:
        out.append(link)
        link = link[1]
    return out
