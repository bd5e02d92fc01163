"""``check_random_play``: whole seeded random games, like OpenSpiel's ``random_sim_test``.

``check_iterator`` looks at the first few hundred states and a few random walks; games with
players also need every game to end properly: a valid player at every turn, a terminal state
that says so, and one finite reward per player. This plays games to their end and checks
that, failing with the same kind of message (method, state, fix).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from treesearch._contract import all_finite_numbers, bad_player, bad_returns, fail, unhashable_key
from treesearch._rng import RNGLike, check_rng, python_random
from treesearch.errors import InvalidArgumentError
from treesearch.values import CHANCE, TERMINAL

__all__ = ["RandomPlayReport", "check_random_play"]


@dataclass(frozen=True, slots=True)
class RandomPlayReport:
    """What ``check_random_play`` played: games, moves in all, players, longest game."""

    games: int
    moves: int
    players: int
    longest: int


def _key(state: Any) -> Hashable | None:
    key = getattr(state, "key", None)
    if not callable(key):
        return None
    k: Hashable | None = key()
    try:
        hash(k)
    except TypeError:
        raise unhashable_key(state, k) from None
    return k


def _player(state: Any, children: list[Any]) -> int:
    p = state.player()
    if isinstance(p, bool) or not isinstance(p, int) or (p < CHANCE and p != TERMINAL):
        raise bad_player(state, p)
    if p == TERMINAL and children:
        raise fail(
            "player()", state, f"returned TERMINAL ({TERMINAL}) before the game ended",
            "return the index of the player to move until get_children() is empty",
        )  # fmt: skip
    return int(p)


def _end(state: Any, movers: set[int]) -> int:
    """Check a finished game's last state; return its number of players."""
    terminal = getattr(state, "is_terminal", None)
    if callable(terminal) and terminal() is not True:
        raise fail(
            "is_terminal()", state, "is not True at a state without children",
            "return True exactly when get_children() is empty",
        )  # fmt: skip
    get = getattr(state, "returns", None)
    if not callable(get):
        raise fail("returns()", state, "is missing at a terminal state",
                   "return one reward per player, e.g. (1, -1) when player 0 wins")  # fmt: skip
    rewards = list(get())
    if not rewards or not all_finite_numbers(rewards):
        raise bad_returns(state, rewards)
    if movers and max(movers) >= len(rewards):
        raise fail(
            "returns()", state,
            f"gave {len(rewards)} rewards, but player {max(movers)} moved in this game",
            "give every player a reward, numbered from 0",
        )  # fmt: skip
    return len(rewards)


def check_random_play(
    state: Any, *, games: int = 20, max_moves: int = 10_000, rng: RNGLike = 0
) -> RandomPlayReport:
    """Play ``games`` seeded random games from ``state`` to their end and check every turn.

    At every state ``player()`` is a player index, ``CHANCE`` (children drawn by
    ``chance_outcomes()`` probabilities) or, at the end only, ``TERMINAL``; keys are
    hashable. At the end ``is_terminal()`` is True and ``returns()`` has one finite number per
    player, and the same number of players in every game.

    Returns:
        A RandomPlayReport of what was played.

    Raises:
        InvalidArgumentError: ``games`` or ``max_moves`` is not an int >= 1.
        IteratorContractError: naming the method, the state and the fix.
    """
    for name, v in (("games", games), ("max_moves", max_moves)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise InvalidArgumentError(f"{name} must be an int >= 1, got {v!r}")
    draw = python_random(check_rng(rng))
    moves = longest = 0
    players: int | None = None
    for _ in range(games):
        s, length = state, 0
        movers: set[int] = set()
        while True:
            children = list(s.get_children())
            p = _player(s, children)
            _key(s)
            if not children:
                break
            if length >= max_moves:
                raise fail(
                    "get_children()", state, f"gave a game still running after {max_moves} "
                    "random moves", "make every game end (or raise max_moves)",
                )  # fmt: skip
            if p == CHANCE:
                pairs = list(s.chance_outcomes())
                weights = [float(w) for _, w in pairs]
                s = draw.choices([c for c, _ in pairs], weights)[0]
            else:
                movers.add(p)
                s = children[draw.randrange(len(children))]
            length += 1
        n = _end(s, movers)
        if players is not None and n != players:
            raise fail("returns()", s, f"gave {n} rewards, but {players} in an earlier game",
                       "give every game the same number of players")  # fmt: skip
        players, moves, longest = n, moves + length, max(longest, length)
    return RandomPlayReport(games, moves, players or 0, longest)
