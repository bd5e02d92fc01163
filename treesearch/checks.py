"""``check_iterator`` and ``check_random_play``: validate a user's game against the contract.

Like Gymnasium's ``check_env``: ``check_iterator`` explores a bounded part of the game from a
state and fails with a message that says which method broke which rule, on which state, and
how to fix it. Games with players also need every game to end properly (a valid player at
every turn, a terminal state that says so, one finite reward per player), so
``check_random_play`` plays whole seeded random games to their end, like OpenSpiel's
``random_sim_test``. The rules themselves (keys, players, rewards, chance outcomes,
``is_terminal``) live in ``treesearch._contract``, shared with the searches.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np

from treesearch._contract import (
    CHANCE,
    MAX_CHILDREN,
    all_finite_numbers,
    bad_child,
    checked_chance,
    checked_key,
    checked_returns,
    fail,
    game_raised,
    missing_key,
    player_index,
    read_children,
    safe_repr,
    step_cost_message,
    terminal_flag,
    valid_cost,
)
from treesearch._rng import RNGLike, check_rng, python_random
from treesearch.arguments import check_count, is_count
from treesearch.capabilities import CAPABILITIES, capabilities_of
from treesearch.errors import IteratorContractError, TreeSearchError

__all__ = [
    "MAX_CHILDREN",
    "CheckReport",
    "RandomPlayReport",
    "check_iterator",
    "check_random_play",
]


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What ``check_iterator`` looked at, and the optional capabilities the game offers.

    ``capabilities`` names the Protocols of ``treesearch.capabilities`` (``"Players"``,
    ``"RandomPlayout"``...) that some checked state implements, in their declared order.
    """

    states_checked: int
    max_depth: int
    terminals: int
    keyed: bool
    capabilities: tuple[str, ...] = ()


def _snapshot(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return (value.shape, str(value.dtype), hash(value.tobytes()))
    return repr(value)


def _fingerprint(state: Any) -> Any:
    """A snapshot of the state's public attributes; it changes when the state is mutated.

    Attributes starting with ``_`` are skipped: they may hold caches (cached children are
    fine as long as the state's meaning does not change).
    """
    names: list[str] = []
    for cls in type(state).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    names.extend(getattr(state, "__dict__", {}))
    return [
        (name, _snapshot(getattr(state, name)))
        for name in sorted(set(names))
        if not name.startswith("_") and hasattr(state, name)
    ]


def _children(state: Any, limit: int, states: bool = False) -> list[Any]:
    """The children of ``state`` as a list of at most ``limit``, read lazily.

    With ``states``, each is checked to be a state.
    """
    get = getattr(state, "get_children", None)
    if not callable(get):
        raise fail(
            "get_children()",
            state,
            "is missing",
            "subclass treesearch.TreeIterator and implement get_children()",
        )
    children = read_children(state, get(), limit)
    for child in children if states else ():
        if not callable(getattr(child, "get_children", None)):
            raise IteratorContractError(str(bad_child(state, child)))
    return children


EXPANDED = 16
"""How many children of a state ``check_iterator`` expands to see that its parent is unchanged:
all of them up to this many, else this many spread over them (the cost of a state stays
linear in its number of children)."""


def _check_state(state: Any, keyed: bool, limit: int, movers: _Movers) -> list[Any]:
    """Check one state (at most ``limit`` children); return its children."""
    before = _fingerprint(state)
    first = _children(state, limit)
    if _fingerprint(state) != before:
        raise fail(
            "get_children()",
            state,
            "changed the state itself while making its children",
            "build each child as a new object (copy the board, then change the copy)",
        )
    second = _children(state, limit)
    if len(first) != len(second):
        raise fail(
            "get_children()",
            state,
            f"gave {len(first)} children, then {len(second)} when asked again",
            "build children from the state each time (do not return a used-up generator "
            "or depend on hidden mutable state)",
        )
    _check_children_agree(state, first, second, keyed)
    step = max(1, -(-len(first) // EXPANDED))  # at most EXPANDED, spread over the list
    for child in first[::step]:
        _children(child, limit)  # expanding a child must not change the parent
    if _fingerprint(state) != before:
        raise fail(
            "get_children()",
            state,
            "changed the state itself when its children were expanded",
            "build each child as a new object (copy the board, then change the copy)",
        )
    terminal_flag(state, first)
    cost = getattr(state, "step_cost", None)
    if callable(cost):
        for child in first:
            c = cost(child)
            if not valid_cost(c):
                raise IteratorContractError(step_cost_message(state, child, c))
    if callable(getattr(state, "player", None)):
        _check_players(state, first, movers)
    if keyed:
        k = checked_key(state)
        if k is None or k != checked_key(state):
            raise fail(
                "key()",
                state,
                f"returned {safe_repr(k)}, then something else",
                "derive the key from the state's contents only",
            )
    return first


def _check_children_agree(state: Any, first: list[Any], second: list[Any], keyed: bool) -> None:
    """Check that two lists of the same state's children are states with the same keys."""
    for i, child in enumerate(first):
        if not callable(getattr(child, "get_children", None)):
            raise IteratorContractError(str(bad_child(state, child)))
        if keyed and checked_key(child) is None:
            raise missing_key(child, state)
        if keyed and checked_key(child) != checked_key(second[i]):
            raise fail(
                "get_children()",
                state,
                f"is not deterministic: child {i} has key {safe_repr(checked_key(child))}, then "
                f"{safe_repr(checked_key(second[i]))}",
                "yield children in a fixed order (sort them, avoid iterating over sets)",
            )


class _Movers:
    """The players seen to move (each with a state where it moves) and the rewards' count.

    A player index with no reward is blamed on ``returns()`` when the players seen are
    0, 1, ... without a gap (the rewards are short), else on ``player()`` (an index out of
    range, e.g. numbered from 1).
    """

    def __init__(self) -> None:
        self.at: dict[int, Any] = {}
        self.rewards: tuple[int, Any] | None = None  # (how many, a terminal state)

    def moves(self, state: Any, player: int) -> None:
        """``player`` moves at ``state``."""
        if player not in self.at:
            self.at[player] = state
            self.judge()

    def ends(self, state: Any, rewards: int) -> None:
        """``state`` ends a game with ``rewards`` rewards."""
        if self.rewards is None:
            self.rewards = (rewards, state)
            self.judge()

    def judge(self) -> None:
        """Raise if a player seen to move has no reward at the end."""
        if self.rewards is None or not self.at:
            return
        n, end = self.rewards
        top = max(self.at)
        if top < n:
            return
        where = self.at[top]
        if len(self.at) == top + 1:  # players 0..top all move: the rewards are short
            raise fail(
                "returns()",
                end,
                f"gave {n} rewards, but player {top} moves in this game (at {safe_repr(where)})",
                "give every player a reward, numbered from 0",
            )
        raise fail(
            "player()",
            where,
            f"returned {top}, but returns() of {safe_repr(end)} gives {n} rewards "
            f"(players 0 to {n - 1})",
            _FIX_NUMBERING,
        )


_FIX_NUMBERING = (
    "number the players 0, 1, ... (one reward each in returns()), with "
    "treesearch.CHANCE at chance states and treesearch.TERMINAL at the end"
)


def _check_players(state: Any, children: list[Any], movers: _Movers) -> None:
    """Games with players: who moves, chance outcomes, and rewards at the end."""
    p = player_index(state, state.player(), children)
    if p == CHANCE:
        checked_chance(state, children)  # the searches' own check: finite, >= 0, sum 1
    elif children:
        movers.moves(state, p)
    if not children:
        movers.ends(state, len(checked_returns(state, p)))


class _Vectors:
    """The lengths of ``features()`` and ``encoding()`` seen so far: every state must agree.

    A learned value weighs a fixed number of numbers; a vector that changes length, holds a
    NaN or, for an encoding, a cell value outside ``0 .. cell_values() - 1`` would give it
    nonsense or an IndexError deep inside.
    """

    def __init__(self) -> None:
        self.lengths: dict[str, tuple[int, Any]] = {}  # method -> (length, first state)

    def check(self, state: Any) -> None:
        """Check the vectors ``state`` offers (none: nothing to check)."""
        if callable(getattr(state, "features", None)):
            self._vector(state, "features()", state.features(), "f")
        if callable(getattr(state, "encoding", None)):
            values = state.cell_values()
            if not is_count(values) or values < 2:
                raise fail("cell_values()", state, f"returned {safe_repr(values)}", _FIX_CELLS)
            cells = self._vector(state, "encoding()", state.encoding(), "iu")
            if cells.size and (cells.min() < 0 or cells.max() >= values):
                problem = f"holds {safe_repr(cells.tolist())}, outside 0..{int(values) - 1}"
                raise fail("encoding()", state, problem, _FIX_CELLS)

    def _vector(self, state: Any, method: str, raw: Any, kinds: str) -> np.ndarray:
        what = "floats" if kinds == "f" else "ints"
        ok = isinstance(raw, np.ndarray) and raw.ndim == 1
        ok = ok and (raw.dtype.kind in kinds or (kinds == "f" and raw.dtype.kind in "iu"))
        if not ok or (kinds == "f" and not np.isfinite(raw).all()):
            fix = f"return a 1-D numpy array of finite {what}"
            raise fail(method, state, f"returned {safe_repr(raw)}", fix)
        first = self.lengths.setdefault(method, (len(raw), state))
        if first[0] != len(raw):
            problem = f"gave {len(raw)} numbers, but {first[0]} on {safe_repr(first[1])}"
            raise fail(method, state, problem, "return the same number of values on every state")
        vector: np.ndarray = raw
        return vector


_FIX_CELLS = (
    "return from cell_values() an int >= 2, and from encoding() cells from 0 to cell_values() - 1"
)


def _check_playout(state: Any, draw: random.Random, movers: _Movers) -> None:
    """A state's own ``random_playout(rng)``, if it has one: finite rewards, state unchanged."""
    play = getattr(state, "random_playout", None)
    if not callable(play):
        return
    before = _fingerprint(state)
    rewards = play(random.Random(draw.getrandbits(64)))
    try:
        values = tuple(rewards)
    except TypeError:  # None, a bare number
        values = ()
    if not all_finite_numbers(values):
        raise fail(
            "random_playout()",
            state,
            f"returned {safe_repr(rewards)}, expected a sequence of finite numbers",
            "return the rewards of the game it played, one per player, as returns() does "
            "at the end",
        )
    if movers.rewards is not None and len(values) != movers.rewards[0]:
        n, end = movers.rewards
        raise fail(
            "random_playout()",
            state,
            f"returned {len(values)} rewards, but returns() of {safe_repr(end)} gives {n}",
            "return one reward per player, as returns() does at the end",
        )
    if _fingerprint(state) != before:
        raise fail(
            "random_playout()",
            state,
            "changed the state itself",
            "play the game out on a copy of the state",
        )


def check_iterator(
    state: Any,
    *,
    max_states: int = 500,
    walks: int = 20,
    max_depth: int = 200,
    rng: RNGLike = 0,
    max_children: int = MAX_CHILDREN,
) -> CheckReport:
    """Check that ``state`` and the states reachable from it honour the TreeIterator contract.

    Checks exactly ``max_states`` states breadth-first from ``state`` (fewer if the game has
    fewer), then each of ``walks`` seeded random walks checks the states it passes, from
    ``state`` on, until a state without children or ``max_depth`` states, to reach deeper
    states: at most ``max_states + walks * max_depth`` states in all, counted in the
    report (a state met twice is checked twice). ``max_states=0`` checks by walks only and
    ``walks=0`` breadth-first only. Each state may have at most ``max_children`` children,
    read lazily: a wider state, or an endless generator, is refused after
    ``max_children + 1``. For each state it checks that
    children are re-iterable, deterministic and TreeIterators, that expanding them (up to
    ``EXPANDED`` of them, spread evenly) does not mutate their parent, that terminal states
    are childless, that step costs are finite, that ``features()`` and ``encoding()`` are
    1-D arrays of one length on every state (finite floats; ints from 0 to
    ``cell_values() - 1``), that keys are hashable, stable, and
    consistent with ``==`` when the states define it, and
    for games with players that ``player()``, ``chance_outcomes()`` and ``returns()`` agree
    (``player()`` may be ``treesearch.TERMINAL`` at terminal states, and only there, and
    every player that moves has a reward), and that a state's own ``random_playout(rng)``
    (tried at the start and at the last state of each walk) returns finite rewards, one
    per player.

    An exception the game raises, ``SystemExit`` included, is reported as the fault of the
    game method that raised it; ``KeyboardInterrupt`` still interrupts.

    Returns:
        A CheckReport of what was examined, naming the optional capabilities
        (``treesearch.capabilities``) the checked states offer.

    Raises:
        InvalidArgumentError: a count is not an int (``max_children`` >= 1, the others >= 0).
        IteratorContractError: naming the method, the state and the fix.
    """
    max_states = check_count("max_states", max_states, 0)
    walks = check_count("walks", walks, 0)
    max_depth = check_count("max_depth", max_depth, 0)
    max_children = check_count("max_children", max_children, 1)
    seed = check_rng(rng)
    draw = python_random(seed)  # the play-outs' own stream: the walks' is unchanged
    gen = np.random.default_rng(seed)
    try:
        return _check_all(state, max_states, walks, max_depth, gen, max_children, draw)
    except TreeSearchError:
        raise
    except (Exception, SystemExit) as exc:  # the game's own: name its method and state
        raise game_raised(exc, state) from exc


def _check_all(
    state: Any,
    max_states: int,
    walks: int,
    max_depth: int,
    gen: np.random.Generator,
    limit: int,
    draw: random.Random,
) -> CheckReport:
    """``check_iterator``'s exploration, breadth first then random walks."""
    keyed = checked_key(state) is not None
    by_key: dict[Hashable, Any] = {}
    movers, vectors = _Movers(), _Vectors()
    checked = terminals = deepest = 0
    offered: dict[type, tuple[str, ...]] = {}  # each class's capabilities, read once

    def visit(s: Any, depth: int) -> list[Any]:
        nonlocal checked, terminals, deepest
        if type(s) not in offered:
            offered[type(s)] = capabilities_of(s)
        children = _check_state(s, keyed, limit, movers)
        vectors.check(s)
        checked += 1
        terminals += not children
        deepest = max(deepest, depth)
        if keyed:
            _check_equality(s, by_key)
        return children

    if max_states or walks:
        _check_playout(state, draw, movers)
    frontier = [state]
    depth = 0
    while frontier and checked < max_states:
        nxt = []
        for s in frontier:
            if checked >= max_states:
                break
            nxt.extend(visit(s, depth))
        frontier, depth = nxt, depth + 1
    for _ in range(walks):
        s, d, last = state, 0, None
        while d < max_depth:
            children = visit(s, d)
            if not children:
                break
            last = s
            s, d = children[int(gen.integers(len(children)))], d + 1
        if last is not None and last is not state:
            _check_playout(last, draw, movers)
    found = {name for names in offered.values() for name in names}
    capabilities = tuple(c.__name__ for c in CAPABILITIES if c.__name__ in found)
    return CheckReport(checked, deepest, terminals, keyed, capabilities)


def _check_equality(state: Any, by_key: dict[Hashable, Any]) -> None:
    """States that define ``==`` must agree with their keys."""
    if type(state).__eq__ is object.__eq__:  # type: ignore[comparison-overlap]
        return
    k = checked_key(state)
    other = by_key.setdefault(k, state)
    if other is not state and type(other) is type(state) and not state == other:
        raise fail(
            "key()",
            state,
            f"equals the key of {safe_repr(other)}, but the two states are not ==",
            "make key() include everything that __eq__ compares (or vice versa)",
        )


@dataclass(frozen=True, slots=True)
class RandomPlayReport:
    """What ``check_random_play`` played: games, moves in all, players, longest game."""

    games: int
    moves: int
    players: int
    longest: int


def _end(state: Any, player: int, movers: _Movers) -> int:
    """Check a finished game's last state; return its number of players."""
    if terminal_flag(state, []) is False:
        raise fail(
            "is_terminal()",
            state,
            "is not True at a state without children",
            "return True exactly when get_children() is empty",
        )
    rewards = checked_returns(state, player)
    movers.ends(state, len(rewards))
    return len(rewards)


def check_random_play(
    state: Any,
    *,
    games: int = 20,
    max_moves: int = 10_000,
    rng: RNGLike = 0,
    max_children: int = MAX_CHILDREN,
) -> RandomPlayReport:
    """Play ``games`` seeded random games from ``state`` to their end and check every turn.

    At every state ``player()`` is a player index (numpy integers count), ``CHANCE``
    (children drawn by ``chance_outcomes()`` probabilities, checked as the searches check
    them) or, at the end only, ``TERMINAL``; keys are hashable. At the end ``is_terminal()``
    is True and ``returns()`` has one finite number per player (the one ``player()`` names
    there included), and the same number of players in every game. The rules are those of
    ``check_iterator`` (both use ``treesearch._contract``), its ``max_children`` and its
    handling of the game's own exceptions too.

    Returns:
        A RandomPlayReport of what was played.

    Raises:
        InvalidArgumentError: ``games``, ``max_moves`` or ``max_children`` is not an int >= 1.
        IteratorContractError: naming the method, the state and the fix.
    """
    games = check_count("games", games, 1)
    max_moves = check_count("max_moves", max_moves, 1)
    max_children = check_count("max_children", max_children, 1)
    draw = python_random(check_rng(rng))
    try:
        return _play(state, games, max_moves, draw, max_children)
    except TreeSearchError:
        raise
    except (Exception, SystemExit) as exc:  # the game's own: name its method and state
        raise game_raised(exc, state) from exc


def _play(
    state: Any, games: int, max_moves: int, draw: random.Random, limit: int
) -> RandomPlayReport:
    """``check_random_play``'s games."""
    moves = longest = 0
    players: int | None = None
    for _ in range(games):
        s, length = state, 0
        movers = _Movers()
        while True:
            children = _children(s, limit, states=True)
            p = player_index(s, s.player(), children)
            checked_key(s)
            pairs = checked_chance(s, children) if p == CHANCE else []  # ended games too
            if not children:
                break
            if length >= max_moves:
                raise fail(
                    "get_children()",
                    state,
                    f"gave a game still running after {max_moves} random moves",
                    "make every game end (or raise max_moves)",
                )
            if p == CHANCE:
                s = draw.choices([c for c, _ in pairs], [w for _, w in pairs])[0]
            else:
                movers.moves(s, p)
                s = children[draw.randrange(len(children))]
            length += 1
        n = _end(s, p, movers)
        if players is not None and n != players:
            raise fail(
                "returns()",
                s,
                f"gave {n} rewards, but {players} in an earlier game",
                "give every game the same number of players",
            )
        players, moves, longest = n, moves + length, max(longest, length)
    return RandomPlayReport(games, moves, players or 0, longest)
