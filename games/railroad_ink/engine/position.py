"""From a ``RailroadInkState`` to the engine's arrays and back: the engine's public entry points.

``Position.of(state)`` copies a state into arrays (the board, the round, the faces left, the
specials, the rolls the state may know); ``random_total(state, rng)`` plays a uniformly random
game from a state (``RailroadInkState.random_playout`` calls it); ``engine_score(board)``,
``engine_placements(board, tile)`` and ``placement_of(move)`` let tests hold the engine to
``Board`` and ``score()``.

A revealed-dice state knows only its own round's faces: the rolls of later rounds are left
to the play-out to draw (-1), so nothing built on the engine can read a future roll.

States are read through their public attributes (``GameState``), so this module sits below
``rules.game``, which calls it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from games.railroad_ink.engine.placements import add_moves, empty_board, place
from games.railroad_ink.engine.playout import UNIFORM, playout, seed_stream
from games.railroad_ink.engine.scoring import score_parts
from games.railroad_ink.engine.tables import MOVE_BASE, ORIENTED, OT_ID, PIECES
from games.railroad_ink.rules.board import Board, Placement
from games.railroad_ink.rules.dice import ROUNDS
from games.railroad_ink.rules.geometry import SIZE
from games.railroad_ink.rules.tiles import Tile
from treesearch.errors import InvalidArgumentError

__all__ = [
    "NO_POLICY",
    "PIECE_OF",
    "GameState",
    "Position",
    "board_arrays",
    "engine_placements",
    "engine_score",
    "placement_of",
    "random_total",
    "tiles_of",
]

PIECE_OF: dict[Tile, int] = {piece: p for p, piece in enumerate(PIECES)}
"""Each die face and special (base orientation) -> its piece number."""
NO_POLICY = np.zeros((ROUNDS, 4, 10), dtype=np.float64)
"""A policy table for the policies that need none (``UNIFORM``, ``RANDOM``)."""


class _Game(Protocol):
    @property
    def dice(self) -> str: ...
    @property
    def rolls(self) -> Sequence[Sequence[Tile]]: ...


class GameState(Protocol):
    """What the engine reads of a state (``RailroadInkState`` has it all)."""

    @property
    def board(self) -> Board: ...  # noqa: D102
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


def _oriented(board: Board, square: int) -> int:
    """The engine's id of the tile on ``square`` (a placed square)."""
    tile = board.tiles[square]
    ot = OT_ID.get(tile) if tile is not None else None
    if ot is None:
        raise InvalidArgumentError(
            f"the engine knows the dice faces and specials only, not {tile} on square {square}"
        )
    return ot


def tiles_of(board: Board) -> np.ndarray:
    """The engine's ``tiles`` of ``board`` alone (-1 where empty): enough to score it.

    Raises:
        InvalidArgumentError: the board holds a tile that is no die face or special.
    """
    tiles = np.full(49, -1, dtype=np.int64)
    for square in board.order:
        tiles[square] = _oriented(board, square)
    return tiles


def board_arrays(board: Board) -> tuple[np.ndarray, np.ndarray]:
    """``(tiles, slots)`` of ``board``, placed in its order.

    Raises:
        InvalidArgumentError: the board holds a tile that is no die face or special.
    """
    tiles, slots = empty_board()
    for square in board.order:
        place(tiles, slots, square, _oriented(board, square))
    return tiles, slots


def placement_of(move: int) -> Placement:
    """The ``Placement`` of an engine move (``square * 64 + oriented tile``)."""
    square, ot = divmod(int(move), MOVE_BASE)
    return Placement(square // SIZE, square % SIZE, ORIENTED[ot])


def engine_placements(board: Board, tile: Tile) -> list[Placement]:
    """Every legal placement of the piece ``tile`` (base orientation), by the engine."""
    tiles, slots = board_arrays(board)
    out = np.zeros(4096, dtype=np.int64)
    n = add_moves(tiles, slots, PIECE_OF[tile], False, out, 0)
    return [placement_of(m) for m in out[:n]]


def engine_score(board: Board) -> tuple[int, int, int, int, int]:
    """``(exits, highway, railway, centre, errors)`` of ``board``, by the engine."""
    exits, highway, railway, centre, errors, _ = score_parts(tiles_of(board))
    return int(exits), int(highway), int(railway), int(centre), int(errors)


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
        tiles, slots = board_arrays(state.board)
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

    def play(
        self,
        policy: int,
        weights: np.ndarray,
        stream: np.ndarray,
        record: np.ndarray,
        first: int,
        error_weight: float = 0.0,
        last_tries: int = 1,
    ) -> tuple[float, int, int, int]:
        """``playout`` from this position (see there), which changes its arrays in place.

        A play-out's hot path checks nothing: ``weights`` must be a ``NO_POLICY``-shaped
        table and ``stream`` a ``seed_stream``, as ``EnginePlayouts`` checks once when built
        (``engine.arrays``).
        """
        return playout(
            self.tiles,
            self.slots,
            self.round,
            self.counts,
            self.placed,
            self.used,
            self.now,
            self.rolls,
            policy,
            weights,
            stream,
            record,
            first,
            error_weight,
            last_tries,
        )


def random_total(state: GameState, rng: random.Random) -> int:
    """The final score of a uniformly random game from ``state`` (``UNIFORM`` policy).

    Chance states roll fair dice; the distribution is that of picking random children.
    """
    p = Position.of(state)
    stream = seed_stream(rng.getrandbits(32))
    record = np.zeros(64, dtype=np.int64)
    _, total, _, _ = p.play(UNIFORM, NO_POLICY, stream, record, p.round)
    return int(total)
