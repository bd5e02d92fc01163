"""The one home of the TreeIterator contract: its checks and the wording of their errors.

``check_iterator`` and ``check_random_play`` (``checks``) and the searches'
accessors in ``values`` (``player_of``, ``returns_of``, ``chance_outcomes_of``) all judge a
key, a player, rewards and chance outcomes with the checks here (``checked_key``,
``player_index``, ``finite_rewards``, ``chance_pairs``...), so they cannot drift apart.

Searches never pre-check states in their hot loops: they catch the bare ``TypeError`` or
``AttributeError`` a broken game causes, re-examine the state at fault here, and raise the
error ``check_iterator`` would have given (``raise explain_failure(s, exc, "key()") from exc``
or ``translate(exc, s)`` then a bare ``raise``). This module imports only ``errors``,
``capabilities`` (where ``CONTRACT_METHODS`` is derived) and numpy, so every other module may
import it.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Hashable, Sequence
from numbers import Real
from typing import Any

import numpy as np

from treesearch.capabilities import CONTRACT_METHODS
from treesearch.errors import (
    InvalidArgumentError,
    InvalidValueError,
    IteratorContractError,
    MissingCapabilityError,
    NotATreeIteratorError,
    TreeSearchError,
)

__all__ = [
    "CHANCE",
    "CONTRACT_METHODS",
    "FAULTS",
    "MAX_CHILDREN",
    "PROBABILITY_TOLERANCE",
    "TERMINAL",
    "all_finite_numbers",
    "bad_child",
    "bad_children",
    "bad_player",
    "bad_returns",
    "bad_step_cost",
    "chance_pairs",
    "chance_start",
    "checked_chance",
    "checked_key",
    "checked_returns",
    "diagnose",
    "explain_failure",
    "fail",
    "finite_rewards",
    "from_attribute_error",
    "game_raised",
    "is_over",
    "missing_key",
    "missing_method",
    "player_index",
    "read_children",
    "safe_repr",
    "step_cost_message",
    "terminal_flag",
    "terminal_with_moves",
    "too_many_children",
    "translate",
    "unhashable_key",
    "valid_cost",
]

FAULTS = (TypeError, AttributeError)
"""What a broken game raises from deep inside a search loop; catch these and ``translate``."""

CHANCE = -1
"""``player()`` of a chance state: its children are random outcomes."""

TERMINAL = -4
"""``player()`` of a terminal state, where nobody moves (OpenSpiel's ``PlayerId.TERMINAL``)."""

PROBABILITY_TOLERANCE = 1e-6
"""How far the chance probabilities of a state may sum away from 1."""

MAX_CHILDREN = 10_000
"""The most children the checkers read from one state: more, or an endless generator, is
refused (``check_iterator(max_children=...)`` raises it for wider games)."""

REPR_LIMIT = 1000
"""The most characters of a value's repr quoted in an error message."""

_NOTHING = object()

# How to fix each breach: the "Fix:" part of the errors below.
_FIX_CHILDREN = "return a list, tuple or generator of child states"
_FIX_HASHABLE = "return an immutable value (tuple, frozenset, int, str...)"
_FIX_KEYS = (
    "either every state has a key or none (return a hashable key from every state, "
    "or pass graph=False to search without keys)"
)
_FIX_CONTRACT = (
    "make it follow the TreeIterator contract (treesearch.check_iterator(start) "
    "explains which rule a game breaks)"
)
_FIX_PLAYER = (
    "return the index of the player to move (0, 1, ...), treesearch.CHANCE at chance "
    "states, or treesearch.TERMINAL (-4) at terminal states"
)
_FIX_TERMINAL = (
    "return TERMINAL only where the game is over (get_children() empty); elsewhere "
    "the index of the player to move or treesearch.CHANCE"
)
_FIX_RETURNS = "return a non-empty sequence of finite numbers, one per player"
_FIX_NO_RETURNS = "return one reward per player, e.g. (1, -1) when player 0 wins"
_FIX_PLAYERS = "number players from 0 and give every player a reward"
_FIX_CHANCE = "return [(child, probability), ...] with probabilities >= 0 that sum to 1"
_FIX_NO_CHANCE = "return [(child, probability), ...] for states whose player() is CHANCE"
_FIX_OUTCOMES = "list every child once with probabilities >= 0 that sum to 1"
_FIX_IS_TERMINAL = "return True only when get_children() is empty (is the test inverted?)"


def safe_repr(value: Any) -> str:
    """``repr(value)`` cut to ``REPR_LIMIT`` characters; never raises.

    A game's ``__repr__`` may itself be broken: the error being reported must not be lost
    to a second one raised while naming the state.
    """
    try:
        text = repr(value)
    except (Exception, SystemExit) as exc:  # a broken __repr__: say so, keep the real error
        return f"<{type(value).__name__} object; its __repr__ raised {type(exc).__name__}>"
    if len(text) > REPR_LIMIT:
        return f"{text[: REPR_LIMIT - 20]}... ({len(text)} characters)"
    return text


def fail(method: str, state: Any, problem: str, fix: str) -> IteratorContractError:
    """The contract error for ``method`` of ``state``: what it did and how to fix it."""
    return IteratorContractError(f"{method} of {safe_repr(state)}: {problem}. Fix: {fix}")


def bad_children(state: Any, children: Any) -> IteratorContractError:
    """``get_children()`` returned something that is not iterable (None, 5...)."""
    return fail(
        "get_children()",
        state,
        f"returned {safe_repr(children)}, which is not iterable",
        _FIX_CHILDREN,
    )


def too_many_children(state: Any, limit: int) -> IteratorContractError:
    """``get_children()`` gave more than ``limit`` children (or never stops giving them)."""
    return fail(
        "get_children()",
        state,
        f"gave more than {limit} children (the checker reads at most max_children={limit})",
        "make get_children() end (an endless generator never does), or pass a larger "
        "max_children= to check a game this wide",
    )


def read_children(state: Any, result: Any, limit: int) -> list[Any]:
    """``result``, what ``state.get_children()`` returned, as a list of at most ``limit``.

    Read lazily, so an endless generator is refused after ``limit + 1`` children.

    Raises:
        IteratorContractError: ``result`` is not iterable, or has more than ``limit`` items.
    """
    try:
        items = iter(result)
    except TypeError:
        raise bad_children(state, result) from None
    children = list(itertools.islice(items, limit + 1))
    if len(children) > limit:
        raise too_many_children(state, limit)
    return children


def bad_child(state: Any, child: Any) -> TreeSearchError:
    """``get_children()`` of ``state`` yielded ``child``, which has no ``get_children()``."""
    return NotATreeIteratorError(_child_message(state, child))


def _child_message(state: Any, child: Any) -> str:
    return (
        f"get_children() of {safe_repr(state)}: yielded {safe_repr(child)}, which has no "
        "get_children(). Fix: yield states of the game (TreeIterator objects), not moves or names"
    )


def unhashable_key(state: Any, key: Any) -> IteratorContractError:
    """``key()`` returned a value that cannot be a dict key."""
    return fail("key()", state, f"returned the unhashable {safe_repr(key)}", _FIX_HASHABLE)


def missing_key(state: Any, parent: Any) -> IteratorContractError:
    """``key()`` returned None on a state reached from a keyed start (graph mode)."""
    problem = f"returned None on this child of {safe_repr(parent)}, though the start state has keys"
    return fail("key()", state, problem, _FIX_KEYS)


def valid_cost(cost: Any) -> bool:
    """True for a finite real number >= 0 (bools excluded): what ``step_cost`` must return."""
    return not isinstance(cost, bool) and isinstance(cost, Real) and 0 <= float(cost) < math.inf


def step_cost_message(state: Any, child: Any, cost: Any) -> str:
    """What is wrong with ``state.step_cost(child) == cost`` and how to fix it."""
    fix = (
        "return a number"
        if isinstance(cost, bool) or not isinstance(cost, Real)
        else "return a finite cost >= 0"
    )
    shown = safe_repr(state)
    return f"step_cost() of {shown}: returned {safe_repr(cost)} for {safe_repr(child)}. Fix: {fix}"


def bad_step_cost(state: Any, child: Any, cost: Any) -> InvalidValueError:
    """``step_cost(child)`` is not a number >= 0 (searches raise InvalidValueError for it)."""
    return InvalidValueError(step_cost_message(state, child, cost))


def missing_method(state: Any, name: str) -> TreeSearchError:
    """``state`` lacks a contract method a search called (``name`` without parentheses)."""
    if name == "get_children":
        return NotATreeIteratorError(
            f"a child state {safe_repr(state)} is not a TreeIterator: it has no get_children() "
            "method (get_children() must yield states of the game)"
        )
    return MissingCapabilityError(
        f"state {safe_repr(state)} has no {name}() method, which this search needs from every "
        "state of the game"
    )


def diagnose(
    state: Any, parent: Any = None, *, keys: bool = False, costs: bool = False
) -> TreeSearchError | None:
    """Re-examine ``state`` and its children; return the error for the first breach, or None.

    Called only after a search caught a fault, never per node. ``parent`` (when known) is
    named if ``state`` itself is not a state; ``keys`` checks keys (graph mode) and ``costs``
    step costs. Anything the game raises while being re-examined means "no diagnosis".
    """
    try:
        return _diagnose(state, parent, keys, costs)
    except (Exception, SystemExit):  # the game even called sys.exit()
        return None


def _diagnose(state: Any, parent: Any, keys: bool, costs: bool) -> TreeSearchError | None:
    if not callable(getattr(state, "get_children", None)):
        if parent is not None:
            return bad_child(parent, state)
        return missing_method(state, "get_children")
    if keys:
        found = _key_problem(state, parent)
        if found is not None:
            return found
    result = state.get_children()
    try:
        items = iter(result)
    except TypeError:
        return bad_children(state, result)
    # The first MAX_CHILDREN only: a wide game is no fault here, an endless one never ends.
    children = list(itertools.islice(items, MAX_CHILDREN))
    for child in children:
        if not callable(getattr(child, "get_children", None)):
            return bad_child(state, child)
        if keys:
            found = _key_problem(child, state)
            if found is not None:
                return found
    if costs:
        cost = getattr(state, "step_cost", None)
        if not callable(cost):
            return missing_method(state, "step_cost")
        for child in children:
            c = cost(child)
            try:  # exactly what the searches accept (an infinite cost included)
                ok = c >= 0
            except TypeError:
                ok = False
            if not ok:
                return bad_step_cost(state, child, c)
    return None


def _key_problem(state: Any, parent: Any) -> TreeSearchError | None:
    if not callable(getattr(state, "key", None)):
        return missing_method(state, "key")
    try:
        k = checked_key(state)
    except IteratorContractError as err:
        return err
    if k is None and parent is not None:
        return missing_key(state, parent)
    return None


def translate(
    exc: BaseException, state: Any, parent: Any = None, *, keys: bool = False, costs: bool = False
) -> None:
    """Raise the contract error explaining ``exc`` (caught on ``state``), if there is one.

    Returns when the game looks fine (the fault lies elsewhere, e.g. in an observer or a
    goal predicate): the caller then re-raises ``exc`` with a bare ``raise``.
    """
    found = diagnose(state, parent, keys=keys, costs=costs)
    if found is None and isinstance(exc, AttributeError):
        found = from_attribute_error(exc)
    if found is not None:
        raise found from exc


def game_raised(exc: BaseException, state: Any) -> TreeSearchError:
    """The contract error for ``exc``, an exception a game method raised of its own.

    The method and its state are read from the traceback (the innermost contract method
    and its ``self``); ``state`` is named when none is found there. For the checkers
    (``check_iterator``, ``check_random_play``), which report a game's faults as contract
    errors; the searches let a game's own exceptions through unchanged.
    """
    method, owner = "a method", state
    tb = exc.__traceback__
    while tb is not None:
        frame = tb.tb_frame
        if frame.f_code.co_name in CONTRACT_METHODS:
            method = frame.f_code.co_name + "()"
            owner = frame.f_locals.get("self", owner)
        tb = tb.tb_next
    return explain_failure(owner, exc, method)


def from_attribute_error(exc: AttributeError) -> TreeSearchError | None:
    """Name the state and the missing method of "x has no attribute get_children/key/..."."""
    name, obj = getattr(exc, "name", None), getattr(exc, "obj", None)
    if name not in CONTRACT_METHODS or obj is None:
        return None
    return missing_method(obj, name)


def explain_failure(state: Any, exc: BaseException, method: str) -> TreeSearchError:
    """Return the error to raise for ``exc``, caught while calling ``method`` of ``state``.

    Usage: ``raise explain_failure(s, exc, "get_children()") from exc``. The answer names the
    state with ``!r``, the method, what it returned and the fix, with the wording of
    ``check_iterator``: an IteratorContractError, or NotATreeIteratorError /
    MissingCapabilityError for a missing method, InvalidValueError for a bad step cost.
    """
    found = diagnose(state, keys=method == "key()", costs=method == "step_cost()")
    if found is None and isinstance(exc, AttributeError):
        found = from_attribute_error(exc)
    if found is None and method in ("returns()", "player()"):
        found = _player_problem(state, method)
    if found is not None:
        return found
    return fail(method, state, f"raised {type(exc).__name__}: {exc}", _FIX_CONTRACT)


def _player_problem(state: Any, method: str) -> TreeSearchError | None:
    try:
        if method == "player()":
            player_index(state, state.player())
        else:
            finite_rewards(state, state.returns())
    except IteratorContractError as err:
        return err
    except (Exception, SystemExit):
        return None
    return None


def bad_player(state: Any, player: Any) -> IteratorContractError:
    """``player()`` returned something other than a player index, CHANCE or TERMINAL."""
    return fail("player()", state, f"returned {safe_repr(player)}", _FIX_PLAYER)


def terminal_with_moves(state: Any, children: int | None = None) -> IteratorContractError:
    """``player()`` returned TERMINAL at a state that still has children (``children`` many)."""
    has = "children" if children is None else f"{children} children"
    problem = f"returned treesearch.TERMINAL ({TERMINAL}) but the state has {has}"
    return fail("player()", state, problem, _FIX_TERMINAL)


def is_over(state: Any) -> bool:
    """True when ``state`` has no children (expands it: for error paths and roots only)."""
    return next(iter(state.get_children()), _NOTHING) is _NOTHING


def bad_returns(state: Any, rewards: Any) -> IteratorContractError:
    """``returns()`` gave something other than finite numbers, one per player."""
    return fail("returns()", state, f"returned {safe_repr(rewards)}", _FIX_RETURNS)


def all_finite_numbers(values: Any) -> bool:
    """True for a non-empty sequence of finite real numbers (bools excluded)."""
    return _finite_floats(values) is not None


_PLAIN_NUMBERS = frozenset({int, float, np.float64, np.float32, np.int64, np.int32})


def _is_number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, Real)


def _finite_floats(values: Any) -> tuple[float, ...] | None:
    """``values`` as floats if they are finite real numbers (no bools), at least one; else None.

    Plain numbers skip the ABC checks: searches call this at every terminal state they score.
    """
    try:
        items = values if type(values) is tuple else tuple(values)
        if not _PLAIN_NUMBERS.issuperset(map(type, items)) and not all(map(_is_number, items)):
            return None
        floats = tuple(map(float, items))
    except (TypeError, ValueError, OverflowError):
        return None
    return floats if floats and all(map(math.isfinite, floats)) else None


def finite_rewards(state: Any, raw: Any) -> tuple[float, ...]:
    """``raw``, what ``state.returns()`` gave, as floats; else the contract error.

    Rewards are finite real numbers (numpy's too, bools excluded), at least one.
    """
    rewards = _finite_floats(raw)
    if rewards is None:
        raise bad_returns(state, raw)
    return rewards


def checked_returns(state: Any, player: int) -> tuple[float, ...]:
    """The rewards of a state without children whose ``player()`` is ``player``, checked.

    Every player index has a reward, the one answered at the end of the game included.
    """
    get = getattr(state, "returns", None)
    if not callable(get):
        raise fail("returns()", state, "is missing at a terminal state", _FIX_NO_RETURNS)
    rewards = finite_rewards(state, get())
    if player >= len(rewards):
        problem = f"returned {safe_repr(player)} but returns() has {len(rewards)} players"
        raise fail("player()", state, problem, _FIX_PLAYERS)
    return rewards


def checked_key(state: Any) -> Hashable | None:
    """``state.key()``, or None for a state without a callable ``key``; unhashable is an error.

    The same rule as ``treesearch.core.key_of``, which the searches use.
    """
    get = getattr(state, "key", None)
    if not callable(get):
        return None
    k: Hashable | None = get()
    try:
        hash(k)
    except TypeError:  # a list, or a tuple holding one
        raise unhashable_key(state, k) from None
    return k


def player_index(state: Any, player: Any, children: Sequence[Any] | None = None) -> int:
    """``player``, what ``state.player()`` returned, as a plain int; else the contract error.

    Integers (numpy's too) but not bools; below CHANCE only TERMINAL, at states without
    ``children`` (None: look at the state's own).
    """
    try:
        index = operator.index(player)
    except TypeError:
        raise bad_player(state, player) from None
    if (index < CHANCE and index != TERMINAL) or type(player) is bool:  # bool is final
        raise bad_player(state, player)
    if index == TERMINAL and (not is_over(state) if children is None else len(children) > 0):
        raise terminal_with_moves(state, None if children is None else len(children))
    return index


def chance_pairs(state: Any, raw: Any) -> list[tuple[Any, float]]:
    """``raw``, what ``state.chance_outcomes()`` gave, as (child, probability) pairs, checked.

    Probabilities are finite, >= 0 and sum to 1 within ``PROBABILITY_TOLERANCE``.
    """
    try:
        pairs = [(child, float(p)) for child, p in raw]
    except (TypeError, ValueError):
        raise fail("chance_outcomes()", state, f"returned {safe_repr(raw)}", _FIX_CHANCE) from None
    total = math.fsum(p for _, p in pairs)
    if (
        not pairs
        or not all(0.0 <= p < math.inf for _, p in pairs)
        or not (abs(total - 1.0) <= PROBABILITY_TOLERANCE)
    ):
        probabilities = [p for _, p in pairs]
        problem = (
            f"gave the probabilities {safe_repr(probabilities)}, summing to {safe_repr(total)}"
        )
        raise fail("chance_outcomes()", state, problem, _FIX_CHANCE)
    return pairs


def checked_chance(state: Any, children: Sequence[Any]) -> list[tuple[Any, float]]:
    """The outcomes of a chance state with ``children``: one pair per child, checked.

    Checkers use it; searches use ``values.chance_outcomes_of`` (a missing method is a
    MissingCapabilityError there).
    """
    get = getattr(state, "chance_outcomes", None)
    if not callable(get):
        raise fail("chance_outcomes()", state, "is missing at a chance state", _FIX_NO_CHANCE)
    pairs = chance_pairs(state, get())
    if len(pairs) != len(children):
        problem = f"gave {len(pairs)} outcomes for {len(children)} children"
        raise fail("chance_outcomes()", state, problem, _FIX_OUTCOMES)
    return pairs


def terminal_flag(state: Any, children: Sequence[Any]) -> bool | None:
    """``state.is_terminal()`` checked, or None for a state without the method.

    A bool (numpy's too), and not True while the state has ``children``.
    """
    get = getattr(state, "is_terminal", None)
    if not callable(get):
        return None
    t = get()
    if not isinstance(t, (bool, np.bool_)):
        raise fail("is_terminal()", state, f"returned {safe_repr(t)}", "return True or False")
    if t and children:
        problem = f"is True but the state has {len(children)} children"
        raise fail("is_terminal()", state, problem, _FIX_IS_TERMINAL)
    return bool(t)


def chance_start(state: Any) -> InvalidArgumentError:
    """A search that picks a player's move was started at a chance state."""
    return InvalidArgumentError(
        f"the start {safe_repr(state)} is a chance state (player() is CHANCE): nothing to "
        "choose. Fix: start from a state where a player moves (draw an outcome of "
        "chance_outcomes() first)"
    )
