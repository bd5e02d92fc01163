"""The round rules of Railroad Ink on a board: which face comes next, specials, free play.

Kept apart from the TreeIterator in ``game`` so the rules of a round (GAMES.md 2.5) read in one
place and stay testable on plain boards. The rules let a player place a round's faces in any
order; we handle them in canonical order (sorted by notation) to kill permutation symmetry: the
face to place next is the first remaining face that fits somewhere. A face that fits nowhere
waits, is retried after each placement, and is skipped when no remaining face fits, which ends
the round.

Specials: at each ply where a face is placed, a player may instead place any unused special,
if the round has had none and fewer than ``MAX_SPECIALS`` were used. So a special always comes
before one of the round's faces: placing one after the round's last face (or when no face fits)
would need a "pass" move, a simplification we make.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.railroad_ink.rules.board import Board, Placement
from games.railroad_ink.rules.dice import ROUNDS, Roll, canonical
from games.railroad_ink.rules.tiles import DIE_FACES, SPECIALS, Tile

__all__ = [
    "FREE_TILES", "MAX_SPECIALS", "Settled", "free_is_over", "free_placements", "next_face",
    "settle", "special_placements",
]  # fmt: skip

MAX_SPECIALS = 3
"""Specials a game may use (at most one a round, each special once)."""

FREE_TILES: tuple[Tile, ...] = DIE_FACES + SPECIALS
"""The tiles of free play: every die face and every special, each as often as wanted."""


class Settled(NamedTuple):
    """Where the rules stand after closing the rounds in which no face fits."""

    round: int
    """The round being played, 1..7, or 8 when the game is over."""
    faces: tuple[Tile, ...] | None
    """Its faces still to place (canonical order); None before a revealed roll; () at the end."""
    skipped: int
    """Faces skipped so far, these closed rounds' included."""
    special_now: bool
    """Whether this round already had its special (False in a newly opened round)."""
    face: int
    """Index in ``faces`` of the face to place next, or -1 when none is to be placed."""
    spots: list[Placement] | None
    """Its legal placements, or None when none is to be placed."""


def next_face(board: Board, faces: Sequence[Tile]) -> tuple[int, list[Placement]] | None:
    """The first of ``faces`` that fits somewhere on ``board`` and its placements, or None."""
    for k, tile in enumerate(faces):
        if k and tile == faces[k - 1]:
            continue  # the same face again: it fits no better
        found = board.legal_placements(tile)
        if found:
            return k, found
    return None


def settle(
    board: Board, rnd: int, faces: tuple[Tile, ...] | None, skipped: int, special_now: bool,
    rolls: Sequence[Roll] | None,
) -> Settled:
    """Close every round of which no remaining face fits, counting its faces as skipped.

    The next round's faces come from ``rolls`` (known dice) or stay None (revealed dice: a
    roll is awaited). After round 7 the game is over: round 8, no faces.
    """
    while faces is not None and rnd <= ROUNDS:
        found = next_face(board, faces)
        if found is not None:
            return Settled(rnd, faces, skipped, special_now, found[0], found[1])
        skipped += len(faces)
        rnd += 1
        special_now = False
        faces = () if rnd > ROUNDS else (None if rolls is None else canonical(rolls[rnd - 1]))
    return Settled(rnd, faces, skipped, special_now, -1, None)


def special_placements(board: Board, used: int) -> list[tuple[int, Placement]]:
    """``(special index, placement)`` for every legal placement of every unused special.

    ``used`` has bit ``i`` set when ``SPECIALS[i]`` was placed. Returns [] once
    ``MAX_SPECIALS`` were used; the one-a-round limit is the caller's (it knows the round).
    """
    if bin(used).count("1") >= MAX_SPECIALS:
        return []
    return [
        (i, p)
        for i, special in enumerate(SPECIALS) if not used >> i & 1
        for p in board.legal_placements(special)
    ]


def free_placements(board: Board) -> list[Placement]:
    """Every legal placement of every tile of free play, tile by tile (``FREE_TILES`` order)."""
    return [p for tile in FREE_TILES for p in board.legal_placements(tile)]


def free_is_over(board: Board) -> bool:
    """Whether free play is over: no open square left (a full board has none).

    Equivalent to "no tile of ``FREE_TILES`` fits anywhere", and much cheaper: an open square
    faces a route side or an exit of some type t, and a curve of type t or a curved station
    (their 12 orientations put t on that side with t, the other type or a blank on either
    neighbouring side, blanks elsewhere) always fits there.
    """
    return not board.has_open_square()
