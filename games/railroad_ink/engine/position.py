"""From a game state to the engine's arrays: the engine's public entry points.

``Position.of(state)`` copies a state into arrays (the board, the round, the faces left, the
specials, the rolls the state may know); ``random_total(state, rng)`` plays a uniformly random
game from a state (``RailroadInkState.random_playout`` calls it).

A revealed-dice state knows only its own round's faces: the rolls of later rounds are left
to the play-out to draw (-1), so nothing built on the engine can read a future roll.

States are read through their public attributes (``GameState``; the board gives its arrays),
so this module imports nothing of the typed views above the engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from games.railroad_ink.engine.playout import UNIFORM, Start, playout, seed_stream
from games.railroad_ink.engine.tables import ORIENTED, PIECES
from games.railroad_ink.pieces.dice import ROUNDS
from games.railroad_ink.pieces.tiles import Tile
from treesearch.errors import InvalidArgumentError

__all__ = ["NO_POLICY", "PIECE_OF", "GameState", "Position", "random_total"]

PIECE_OF: dict[Tile, int] = {piece: p for p, piece in enumerate(PIECES)}
"""Each die face and special (base orientation) -> its piece number."""
NO_POLICY = np.zeros((ROUNDS, 4, 10), dtype=np.float64)
"""A policy table for the policies that need none (``UNIFORM``, ``RANDOM``)."""


class _Board(Protocol):
    @property
    def tiles(self) -> tuple[Tile | None, ...]: ...
    def arrays(self) -> tuple[np.ndarray, np.ndarray]: ...


class _Game(Protocol):
    @property
    def dice(self) -> str: ...
    @property
    def rolls(self) -> Sequence[Sequence[Tile]]: ...


class GameState(Protocol):
    """What the engine reads of a state (``RailroadInkState`` has it all)."""

    @property
    def board(self) -> _Board: ...  # noqa: D102
    @property
    def round(self) -> int: ...  # noqa: D102
    @property
    def faces(self) -> tuple[Tile, ...] | None: ...  # noqa: D102
    @property
    def special_now(self) -> bool: ...  # noqa: D102

    @property
    def used(self) -> int: ...  # noqa: D102
    @property
    def game(self) -> _Game: ...  # noqa: D102


def _piece_arrays(board: _Board) -> tuple[np.ndarray, np.ndarray]:
    """``board.arrays()``, checked to hold only the pieces' tiles (the dice faces, specials).

    Raises:
        InvalidArgumentError: the board holds another tile, named with its square.
    """
    tiles, slots = board.arrays()
    other = np.flatnonzero(tiles >= len(ORIENTED))
    if other.size:
        square = int(other[0])
        raise InvalidArgumentError(
            f"the engine knows the dice faces and specials only, not {board.tiles[square]} "
            f"on square {square}"
        )
    return tiles, slots


@dataclass
class Position:
    """A game in progress as the engine's arrays (see ``playout``); ``copy`` before playing."""

    tiles: np.ndarray
    slots: np.ndarray
    round: int
    counts: np.ndarray
    placed: int
    used: int
    now: bool
    rolls: np.ndarray

    @classmethod
    def of(cls, state: GameState) -> Position:
        """The arrays of a known- or revealed-dice ``state`` (a chance state: round unrolled).

        Raises:
            InvalidArgumentError: ``state`` is in free play (no rounds).
        """
        if not state.round:
            raise InvalidArgumentError(f"the engine plays rounds of dice, not free play: {state!r}")
        tiles, slots = _piece_arrays(state.board)
        rolls = np.full((ROUNDS, 4), -1, dtype=np.int64)
        if state.game.dice == "known":
            rolls[:] = [[PIECE_OF[face] for face in r] for r in state.game.rolls]
        counts = np.zeros(len(PIECES) - 6, dtype=np.int64)
        faces = state.faces
        placed = 0
        if faces is not None and state.round <= ROUNDS:
            for face in faces:
                counts[PIECE_OF[face]] += 1
            placed = 4 - len(faces)
        return cls(
            tiles,
            slots,
            min(state.round, ROUNDS + 1),
            counts,
            placed,
            state.used,
            state.special_now,
            rolls,
        )

    @property
    def arrays(self) -> Start:
        """The position as the kernels take it (``playout``, the planner's walks)."""
        return (
            self.tiles, self.slots, self.round, self.counts,
            self.placed, self.used, self.now, self.rolls,
        )  # fmt: skip

    def copy(self) -> Position:
        """A copy whose arrays a play-out may change."""
        return Position(
            self.tiles.copy(),
            self.slots.copy(),
            self.round,
            self.counts.copy(),
            self.placed,
            self.used,
            self.now,
            self.rolls.copy(),
        )


def random_total(state: GameState, rng: random.Random) -> int:
    """The final score of a uniformly random game from ``state`` (``UNIFORM`` policy).

    Chance states roll fair dice; the distribution is that of picking random children.
    """
    p = Position.of(state)
    stream = seed_stream(rng.getrandbits(32))
    record = np.zeros(64, dtype=np.int64)
    _, total, _, _ = playout(p.arrays, UNIFORM, NO_POLICY, stream, record, p.round)
    return int(total)
