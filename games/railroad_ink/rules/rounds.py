"""The round rules of Railroad Ink on a board: which faces may go next, specials, free play.

Kept apart from the TreeIterator in ``game`` so the rules of a round read in one
place and stay testable on plain boards:

- the faces of a round may be placed in **any order**: at each ply the player picks any face
  still to place that fits somewhere, and where it goes;
- a face is skipped only when, with the round's other faces placed, it still fits nowhere: the
  round ends once no face left fits (the ones left are skipped);
- at most one special a round and ``MAX_SPECIALS`` a game, each special once, placed at any
  point of the round, also after its last face: when no face is left to place (or none fits)
  and a special still fits, the player chooses between placing one and ending the round.

The permutation symmetry of a round is not removed by fixing an order (that changes the game:
a face placed first can open the only square where another fits) but by transpositions: the
faces left are a sorted multiset, so the same set of placements reaches the same board and the
same state key in whatever order it was made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.railroad_ink.pieces.dice import ROUNDS, Roll, canonical
from games.railroad_ink.pieces.tiles import DIE_FACES, SPECIALS, Tile
from games.railroad_ink.rules.board import Board, Placement

__all__ = [
    "FREE_TILES",
    "MAX_SPECIALS",
    "FacePlacements",
    "Settled",
    "face_placements",
    "free_is_over",
    "free_placements",
    "next_round",
    "settle",
    "special_placements",
    "specials_allowed",
]

MAX_SPECIALS = 3
"""Specials a game may use (at most one a round, each special once)."""

FREE_TILES: tuple[Tile, ...] = DIE_FACES + SPECIALS
"""The tiles of free play: every die face and every special, each as often as wanted."""

FacePlacements = tuple[tuple[int, list[Placement]], ...]
"""Per distinct face that fits: its index in the round's faces, and its legal placements."""


class Settled(NamedTuple):
    """Where the rules stand after closing the rounds in which nothing more can be placed."""

    round: int
    """The round being played, 1..7, or 8 when the game is over."""
    faces: tuple[Tile, ...] | None
    """Its faces still to place (sorted); None before a revealed roll; () at the end."""
    skipped: int
    """Faces skipped so far, these closed rounds' included."""
    special_now: bool
    """Whether this round already had its special (False in a newly opened round)."""
    spots: FacePlacements
    """The faces that fit and their placements; () when none fits (or none is left)."""
    specials: list[tuple[int, Placement]] | None
    """The specials that may be placed now when no face fits, as ``special_placements``;
    None when some face fits (the caller asks ``special_placements`` itself)."""


def face_placements(board: Board, faces: Sequence[Tile]) -> FacePlacements:
    """Each distinct face of ``faces`` that fits somewhere on ``board``, with its placements.

    A face rolled twice is listed once (at its first index): placing either copy is the same
    move.
    """
    found = []
    for k, tile in enumerate(faces):
        if k and tile == faces[k - 1]:
            continue  # the same face again (faces are sorted): the same placements
        spots = board.legal_placements(tile)
        if spots:
            found.append((k, spots))
    return tuple(found)


def specials_allowed(used: int, special_now: bool) -> bool:
    """Whether a special may be placed: none yet this round, fewer than ``MAX_SPECIALS`` used."""
    return not special_now and used.bit_count() < MAX_SPECIALS


def settle(
    board: Board,
    rnd: int,
    faces: tuple[Tile, ...] | None,
    skipped: int,
    special_now: bool,
    used: int,
    rolls: Sequence[Roll] | None,
) -> Settled:
    """Close every round in which nothing can be placed any more, counting skipped faces.

    A round stays open while a face left fits, or while no face fits but a special may still
    be placed (the player then chooses: a special, or the end of the round). The next round's
    faces come from ``rolls`` (known dice) or stay None (revealed dice: a roll is awaited).
    After round 7 the game is over: round 8, no faces.
    """
    while faces is not None and rnd <= ROUNDS:
        spots = face_placements(board, faces)
        if spots:
            return Settled(rnd, faces, skipped, special_now, spots, None)
        if specials_allowed(used, special_now):
            specials = special_placements(board, used)
            if specials:
                return Settled(rnd, faces, skipped, special_now, (), specials)
        faces, rnd, skipped, special_now = next_round(rnd, faces, skipped, rolls)
    return Settled(rnd, faces, skipped, special_now, (), None)


def next_round(
    rnd: int, faces: tuple[Tile, ...], skipped: int, rolls: Sequence[Roll] | None
) -> tuple[tuple[Tile, ...] | None, int, int, bool]:
    """``(faces, round, skipped, special_now)`` once round ``rnd`` ends with ``faces`` unplaced.

    The faces left count as skipped; the next round's faces are the known roll (sorted), None
    when it is still to be rolled, or () after the last round.
    """
    rnd += 1
    nxt = () if rnd > ROUNDS else (None if rolls is None else canonical(rolls[rnd - 1]))
    return nxt, rnd, skipped + len(faces), False


def special_placements(board: Board, used: int) -> list[tuple[int, Placement]]:
    """``(special index, placement)`` for every legal placement of every unused special.

    ``used`` has bit ``i`` set when ``SPECIALS[i]`` was placed. Returns [] once
    ``MAX_SPECIALS`` were used; the one-a-round limit is the caller's (it knows the round).
    """
    if used.bit_count() >= MAX_SPECIALS:
        return []
    return [
        (i, p)
        for i, special in enumerate(SPECIALS)
        if not used >> i & 1
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
