"""``check_random_play``: whole seeded random games, like OpenSpiel's ``random_sim_test``.

``check_iterator`` looks at the first few hundred states and a few random walks; games with
players also need every game to end properly: a valid player at every turn, a terminal state
that says so, and one finite reward per player. This plays games to their end and checks
that, failing with the same kind of message (method, state, fix).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from treesearch._contract import (
    CHANCE,
    bad_child,
    bad_children,
    checked_chance,
    checked_key,
    checked_returns,
    fail,
    game_raised,
    player_index,
    terminal_flag,
)
from treesearch._rng import RNGLike, check_rng, python_random
from treesearch.arguments import check_count
from treesearch.errors import IteratorContractError, TreeSearchError

__all__ = ["RandomPlayReport", "check_random_play"]


@dataclass(frozen=True, slots=True)
class RandomPlayReport:
    """What ``check_random_play`` played: games, moves in all, players, longest game."""

    games: int
    moves: int
    players: int
    longest: int


def _end(state: Any, player: int, movers: set[int]) -> int:
    """Check a finished game's last state; return its number of players."""
    if terminal_flag(state, []) is False:
        raise fail(
            "is_terminal()",
            state,
            "is not True at a state without children",
            "return True exactly when get_children() is empty",
        )
    rewards = checked_returns(state, player)
    if movers and max(movers) >= len(rewards):
        raise fail(
            "returns()",
            state,
            f"gave {len(rewards)} rewards, but player {max(movers)} moved in this game",
            "give every player a reward, numbered from 0",
        )
    return len(rewards)


def _children(state: Any) -> list[Any]:
    """The children of ``state``, checked to be an iterable of states."""
    raw = state.get_children()
    try:
        children = list(raw)
    except TypeError:
        raise bad_children(state, raw) from None
    for child in children:
        if not callable(getattr(child, "get_children", None)):
            raise IteratorContractError(str(bad_child(state, child)))
    return children


def check_random_play(
    state: Any, *, games: int = 20, max_moves: int = 10_000, rng: RNGLike = 0
) -> RandomPlayReport:
    """Play ``games`` seeded random games from ``state`` to their end and check every turn.

    At every state ``player()`` is a player index (numpy integers count), ``CHANCE``
    (children drawn by ``chance_outcomes()`` probabilities, checked as the searches check
    them) or, at the end only, ``TERMINAL``; keys are hashable. At the end ``is_terminal()``
    is True and ``returns()`` has one finite number per player (the one ``player()`` names
    there included), and the same number of players in every game. The rules are those of
    ``check_iterator`` (both use ``treesearch._contract``).

    Returns:
        A RandomPlayReport of what was played.

    Raises:
        InvalidArgumentError: ``games`` or ``max_moves`` is not an int >= 1.
        IteratorContractError: naming the method, the state and the fix.
    """
    games = check_count("games", games, 1)
    max_moves = check_count("max_moves", max_moves, 1)
    draw = python_random(check_rng(rng))
    try:
        return _play(state, games, max_moves, draw)
    except TreeSearchError:
        raise
    except Exception as exc:  # the game's own: a contract error naming method and state
        raise game_raised(exc, state) from exc


def _play(state: Any, games: int, max_moves: int, draw: random.Random) -> RandomPlayReport:
    """``check_random_play``'s games."""
    moves = longest = 0
    players: int | None = None
    for _ in range(games):
        s, length = state, 0
        movers: set[int] = set()
        while True:
            children = _children(s)
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
                movers.add(p)
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
