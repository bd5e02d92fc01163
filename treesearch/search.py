"""``TreeSearch``: the base of every search, and the helpers searches share."""

from __future__ import annotations

import difflib
import functools
import inspect
import threading
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from treesearch._run import (
    ObserverLike,
    RunContext,
    has_keys,
    normalise_observers,
    require_iterator,
)
from treesearch.budget import Budget
from treesearch.errors import (
    InvalidArgumentError,
    InvalidGoalError,
    MissingCapabilityError,
    SearchBusyError,
)
from treesearch.result import SearchResult

__all__ = ["Goal", "GoalSearch", "GoalTest", "TreeSearch"]

Goal = Callable[[Any], bool] | Collection[Hashable]
"""A goal: a predicate on states, or a collection of keys (``{24}``, ``frozenset(...)``).

Keys are what the states' ``key()`` returns; a collection of states (``{Puzzle(GOAL)}``)
would never match one, so it is refused: write ``{s.key() for s in states}`` instead.
"""

GoalTest = Callable[[Any, Hashable], bool]
"""Normalised goal: called with ``(state, key)``; key is None in tree mode."""

_S = TypeVar("_S", bound="TreeSearch")


@functools.cache
def _parameters(cls: type) -> tuple[inspect.Parameter, ...] | None:
    """The parameters of ``cls.__init__`` after ``self`` (None when it has no signature)."""
    try:
        return tuple(inspect.signature(cls.__init__).parameters.values())[1:]  # type: ignore[misc]
    except (TypeError, ValueError):  # a builtin or a wrapped __init__: Python will judge
        return None


_BY_NAME = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
_BY_PLACE = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def _check_call(cls: type, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Refuse unknown knobs and extra positional arguments, naming the public class.

    A knob is any parameter of ``__init__`` that can be given by name, keyword-only or
    not, so a subclass written ``def __init__(self, goal=None, budget=None)`` takes
    ``goal=``; an ``__init__`` with ``**kwargs`` or ``*args`` is left to Python.
    """
    params = _parameters(cls)
    if params is None:
        return
    kinds = {p.kind for p in params}
    name = cls.__name__
    named = [p.name for p in params if p.kind in _BY_NAME]
    knobs = [n for n in named if n != "observers"]
    placed = [p.name for p in params if p.kind in _BY_PLACE]
    if inspect.Parameter.VAR_POSITIONAL not in kinds and len(args) > len(placed):
        if placed == ["observers"]:
            raise InvalidArgumentError(
                f"{name} takes the observers as its only positional argument, got {len(args)} "
                f"positional arguments {args!r}; give the knobs by keyword: {', '.join(knobs)}"
            )
        raise InvalidArgumentError(
            f"{name} takes at most {len(placed)} positional arguments "
            f"({', '.join(placed)}), got {len(args)}: {args!r}; give the others by keyword"
        )
    if inspect.Parameter.VAR_KEYWORD in kinds:
        return
    for knob in kwargs:
        if knob not in named:
            close = difflib.get_close_matches(knob, knobs, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            listed = ", ".join(knobs) if knobs else "none"
            raise InvalidArgumentError(
                f"{name} has no knob {knob!r}{hint}; its knobs are: {listed}"
            )


def _bad_run_call(
    cls: type, extra: tuple[Any, ...], unexpected: dict[str, Any]
) -> InvalidArgumentError:
    """The error of ``run()`` called with more than a start state and ``observers=``."""
    name = cls.__name__
    if extra:
        return InvalidArgumentError(
            f"{name}.run() takes one start state, got {1 + len(extra)} positional arguments; "
            "give extra observers by keyword: run(start, observers=...)"
        )
    knob = next(iter(unexpected))
    params = _parameters(cls) or ()
    if any(p.name == knob and p.kind in _BY_NAME for p in params):
        return InvalidArgumentError(
            f"{name}.run() takes the start state and observers= only; {knob}= is a knob of "
            f"the search: {name}({knob}=...).run(start)"
        )
    return InvalidArgumentError(
        f"{name}.run() has no argument {knob!r}; it takes the start state and observers="
    )


_BUSY: set[int] = set()
"""``id`` of every search object running now (one run at a time per object)."""
_BUSY_LOCK = threading.Lock()


class TreeSearch:
    """Base class of all searches: holds observers and a budget, runs ``_search``.

    Args:
        observers: one observer, a callable(event), or a sequence of them. They see every
            run of this search and are closed at the end of each run.
        budget: limits for each run (see ``Budget``); None means unlimited.

    Subclasses implement ``_search(start, ctx)`` and write their answer into ``ctx``.
    An unknown knob or an extra positional argument raises ``InvalidArgumentError`` naming
    the search's own class and listing its knobs (Python's message would name a base class).
    """

    chooses_move: ClassVar[bool] = False
    """True for searches whose answer is a move to play (MCTS, AlphaBeta), not a found state."""

    def __new__(cls: type[_S], *args: Any, **kwargs: Any) -> _S:
        """Check the constructor's arguments by name before ``__init__`` sees them."""
        if kwargs or len(args) > 1:
            _check_call(cls, args, kwargs)
        return super().__new__(cls)

    def __init__(
        self,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        *,
        budget: Budget | None = None,
    ) -> None:
        self.observers = normalise_observers(observers)
        self.budget = Budget.coerce(budget)

    def run(
        self,
        start: Any,
        *extra: Any,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        **unexpected: Any,
    ) -> SearchResult:
        """Search from ``start`` and return the result.

        Args:
            start: the start state (a TreeIterator).
            observers: extra observers for this run only, added after the search's own.
            *extra: refused: ``run`` takes one start state.
            **unexpected: refused, naming the constructor when it is one of its knobs.

        Raises:
            InvalidArgumentError: another argument (a knob belongs to the constructor: the
                message says so).
            SearchBusyError: this object is already running (another thread): one search
                object per thread.
        """
        if extra or unexpected:
            raise _bad_run_call(type(self), extra, unexpected)
        require_iterator(start, "start state")
        me = id(self)
        with _BUSY_LOCK:
            if me in _BUSY:
                raise SearchBusyError(
                    f"{type(self).__name__} is already running (in another thread, or an "
                    "observer ran it again): a search keeps state between runs (its random "
                    "generator, MCTS's reused tree), so make one search object per thread"
                )
            _BUSY.add(me)
        try:
            ctx = RunContext(self.observers + normalise_observers(observers), self.budget)
            return ctx.execute(self, start)
        finally:
            with _BUSY_LOCK:
                _BUSY.discard(me)

    def _search(self, start: Any, ctx: RunContext) -> None:
        raise NotImplementedError

    def __repr__(self) -> str:
        knobs = {
            k: v
            for k, v in vars(self).items()
            if not k.startswith("_") and k != "observers" and v is not None
        }
        if self.budget.unlimited:
            knobs.pop("budget", None)
        args = ", ".join(f"{k}={v!r}" for k, v in knobs.items())
        return f"{type(self).__name__}({args})"


class GoalSearch(TreeSearch):
    """A search with the common ``goal=`` and ``graph=`` knobs (see BFS for their meaning)."""

    def __init__(
        self,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        *,
        goal: Goal | None = None,
        graph: bool | None = None,
        budget: Budget | None = None,
    ) -> None:
        super().__init__(observers, budget=budget)
        self.goal = check_goal(goal)
        self.graph = check_graph(graph)

    def _goal_test(self, start: Any) -> tuple[bool, GoalTest | None]:
        """This run's duplicate detection (``resolve_graph``) and goal test (``goal_test``)."""
        keyed = resolve_graph(self.graph, start, type(self).__name__)
        return keyed, goal_test(self.goal, keyed, start)


class ScoringSearch(GoalSearch):
    """A goal search that may score the states it ends at by ``value`` and keep the best.

    ``value`` is optional: None (default) scores nothing.
    """

    def __init__(
        self,
        observers: ObserverLike | Iterable[ObserverLike] | None = (),
        *,
        goal: Goal | None = None,
        value: Callable[[Any], float] | None = None,
        graph: bool | None = None,
        budget: Budget | None = None,
    ) -> None:
        super().__init__(observers, goal=goal, graph=graph, budget=budget)
        self.value = check_callable(value, "value", "state -> number (larger is better)")


def check_goal(goal: Goal | None) -> Goal | None:
    """Validate a goal argument at construction time."""
    if goal is None or callable(goal):
        return goal
    if isinstance(goal, (str, bytes)) or not isinstance(goal, Collection):
        raise InvalidGoalError(
            f"goal must be a predicate on states or a collection of keys, got {goal!r}; "
            f"for a single key write goal={{{goal!r}}}"
        )
    try:
        keys = frozenset(goal)
    except TypeError:
        raise InvalidGoalError(f"goal keys must be hashable, got {goal!r}") from None
    for item in keys:
        _refuse_state(item)
    return keys


def _refuse_state(item: Any) -> None:
    """Refuse a goal item that is a state (it has children and a key other than itself).

    A key-set goal is compared with the states' keys, so a state in it never matches and
    the search would explore everything without a word.
    """
    if not callable(getattr(type(item), "get_children", None)):
        return
    key = getattr(item, "key", None)
    if not callable(key):
        return
    try:
        own = key()
    except Exception:  # a key() that fails here will be reported by the search itself
        return
    if own is item or own == item:
        return  # a state that is its own key
    raise InvalidGoalError(
        f"goal holds a state, {item!r}, where keys are expected: a key-set goal is "
        f"compared with each state's key(), so write goal={{{own!r}}} (the state's key(); "
        "for many states {s.key() for s in states}) or a predicate such as "
        "goal=lambda s: s == target"
    )


def goal_test(goal: Goal | None, keyed: bool, start: Any = None) -> GoalTest | None:
    """Turn a validated goal into a ``(state, key) -> bool`` test for one run.

    ``keyed`` says the search passes each state's key; otherwise a key-set goal asks each
    tested state for its key itself, which works when ``start`` has keys (a tree search on
    keyed states, ``graph=False``).
    """
    if goal is None:
        return None
    if callable(goal):
        predicate = goal
        return lambda state, key: bool(predicate(state))
    keys = goal
    if keyed:
        return lambda state, key: key in keys
    if start is not None and has_keys(start):
        return lambda state, key: state.key() in keys
    raise MissingCapabilityError(
        f"goal {set(goal)!r} is a set of keys, but the states have no key(); give a "
        "predicate on states instead, or implement key()"
    )


def resolve_graph(graph: bool | None, start: Any, search: str) -> bool:
    """Decide duplicate detection: None means "if the states have keys"."""
    keyed = has_keys(start)
    if graph and not keyed:
        raise MissingCapabilityError(
            f"{search}(graph=True) needs state keys for duplicate detection, but "
            f"{start!r}.key() is missing or returned None; implement key() or pass graph=False"
        )
    return keyed if graph is None else bool(graph)


def check_callable(fn: Any, name: str, what: str) -> Any:
    """Validate an optional callable knob (``value=``...) at construction time."""
    if fn is not None and not callable(fn):
        raise InvalidArgumentError(f"{name} must be a callable {what} or None, got {fn!r}")
    return fn


def check_choice(name: str, value: Any, choices: tuple[str, ...]) -> None:
    """Validate a knob that takes one of a few names (``simultaneous=``, ``allocation=``...)."""
    if value not in choices:
        raise InvalidArgumentError(
            f"{name} must be one of {', '.join(map(repr, choices))}, got {value!r}"
        )


def check_graph(graph: bool | None) -> bool | None:
    """Validate a ``graph=`` knob at construction time."""
    if graph is not None and not isinstance(graph, bool):
        raise InvalidArgumentError(f"graph must be True, False or None, got {graph!r}")
    return graph


def route_path(start: Any, parents: Mapping[Hashable, Hashable | None], key: Hashable) -> list[Any]:
    """The states from ``start`` to ``key``, following a routing table of parent keys."""
    route = [key]
    while (key := parents[key]) is not None:
        route.append(key)
    route.reverse()
    return states_along(start, route)


def chain_path(chain: tuple[Any, Any] | None) -> list[Any]:
    """Unwind a ``(state, parent_chain)`` linked list into the path from the start."""
    path = []
    while chain is not None:
        path.append(chain[0])
        chain = chain[1]
    path.reverse()
    return path


def states_along(start: Any, route: Sequence[Hashable]) -> list[Any]:
    """Rebuild the states of a key route by expanding from ``start`` (route[0] is its key)."""
    states = [start]
    current = start
    for key in route[1:]:
        for child in current.get_children():
            if child.key() == key:
                current = child
                break
        else:  # pragma: no cover - only with non-deterministic games
            raise MissingCapabilityError(
                f"cannot rebuild the path: no child of {current!r} has key {key!r} any more "
                "(get_children() must be deterministic)"
            )
        states.append(current)
    return states
