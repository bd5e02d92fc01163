"""What every Tron bot shares: the ``Bot`` shape, turn-start checks, safe moves, side swap.

A bot is ``bot(state, player) -> move``, called at a turn start (``pending is None``): it
never sees the opponent's choice for the turn. A ``TronBot`` also has a ``name`` and
``for_game(seed)``, a fresh copy for one game of a match (a random bot reseeded, a search
tree dropped), so games replay from their seeds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from games.tron.state import TronState
from games.tron.voronoi import check_position
from treesearch.errors import InvalidArgumentError

__all__ = ["Bot", "TronBot", "as_player_0", "check_turn_start", "safe_moves", "target"]

Bot = Callable[[TronState, int], int]
"""``bot(state, player) -> move``: one of ``state.legal_moves(player)`` at a turn start."""


@runtime_checkable
class TronBot(Protocol):
    """A bot with a name that a match can copy afresh for every game."""

    name: str

    def __call__(self, state: TronState, player: int) -> int:
        """The move ``player`` makes at the turn start ``state``."""
        ...

    def for_game(self, seed: int) -> TronBot:
        """A fresh copy for one game, seeded with ``seed`` where it draws at random."""
        ...


def check_turn_start(state: object, player: object) -> None:
    """Raise unless ``state`` is a live TronState at a turn start and ``player`` is 0 or 1."""
    if not isinstance(state, TronState):
        raise InvalidArgumentError(f"a bot plays a games.tron.TronState, got {state!r}")
    if state.pending is not None:
        raise InvalidArgumentError(
            f"a bot is called at a turn start, but {state!r} holds player 0's pending move; "
            "pass state.turn_start()"
        )
    if state.is_terminal():
        raise InvalidArgumentError(f"the game is over at {state!r}: no move to make")
    if player not in (0, 1) or isinstance(player, bool):
        raise InvalidArgumentError(f"player must be 0 or 1, got {player!r}")


def target(state: TronState, player: int, move: int) -> tuple[int, int]:
    """The cell and facing ``player`` reaches with ``move`` (cell -1: off the rectangle)."""
    grid = state.grid
    facing = (state.orientations[player] + move) % 6 if grid.hex else move
    return grid.steps[state.heads[player]][facing], facing


def safe_moves(state: TronState, player: int) -> list[int]:
    """The moves of ``player`` into a free cell (they may still meet the other head)."""
    check_position(state, player)
    walls = state.walls
    out = []
    for move in state.legal_moves(player):
        cell, _ = target(state, player, move)
        if cell >= 0 and not walls >> cell & 1:
            out.append(move)
    return out


def as_player_0(state: TronState, player: int) -> TronState:
    """The position seen by ``player`` as player 0: the sides swapped for player 1."""
    if player == 0:
        return state
    return TronState(
        state.grid,
        (state.heads[1], state.heads[0]),
        (state.orientations[1], state.orientations[0]),
        (state.trails[1], state.trails[0]),
        turn=state.turn,
    )
