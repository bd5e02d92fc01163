"""Railroad Ink as TreeIterators: one ply is one placement of a rolled face or of a special.

``RailroadInk(seed, dice)`` is a game; ``start()`` its first state. One player (0); ``returns()``
is the 1-tuple ``(total / 100,)`` clipped to [-1, 1], so ``MCTS`` works unchanged with its
default ``reward_range=(-1, 1)`` (a legal dice game scores far inside it); the raw score is
``state.board.score()``.

Dice modes:

- ``"known"``: the seven rolls of ``roll_sequence(seed)`` are part of the game, so every state is
  a decision of player 0: a deterministic puzzle for beam search or backtracking.
- ``"revealed"``: each round starts at a chance state (``player()`` is ``CHANCE``) whose
  ``chance_outcomes()`` are the 168 distinct rolls of ``round_outcomes()``; a search cannot see
  future rolls. ``rolled(faces)`` picks one outcome (a game driver follows the seeded dice so).
- ``"free"``: a mode for videos: any die face or special, any number of times, on any
  square where it legally fits; no dice, no rounds; over when no square is open (then nothing
  fits anywhere; a full board has none).

Rounds (known and revealed dice): the rules of a round are in ``rounds``. The
faces go in any order (a child places any face left that fits); a face is skipped only when it
fits nowhere once the others are placed; at most one special a round, placed at any point, also
after the last face: when no face left fits but a special does, the children are the special's
placements and one child that ends the round (its ``move`` is ``END_OF_ROUND``). ``skipped``
counts the faces skipped; round 7's end is terminal (``player()`` is ``TERMINAL``). The same
set of placements in another order reaches an equal state (same board, same faces left), so a
graph search merges the orders of a round.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence

import numpy as np

from games.railroad_ink.engine.ntuple import CELL_VALUES, state_cells
from games.railroad_ink.engine.position import PIECE_OF, random_total
from games.railroad_ink.pieces.dice import (
    ROUNDS,
    Roll,
    canonical,
    check_rolls,
    check_seed,
    roll_sequence,
    round_outcomes,
)
from games.railroad_ink.pieces.geometry import SIZE
from games.railroad_ink.pieces.tiles import SPECIALS, Tile
from games.railroad_ink.rules.board import Board, Placement
from games.railroad_ink.rules.rounds import (
    FacePlacements,
    free_is_over,
    free_placements,
    next_round,
    settle,
    special_placements,
)
from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError
from treesearch.values import CHANCE, TERMINAL

__all__ = ["DICE_MODES", "END_OF_ROUND", "REWARD_SCALE", "RailroadInk", "RailroadInkState"]

DICE_MODES = ("known", "revealed", "free")
"""The dice modes of ``RailroadInk`` (see the module docstring)."""

REWARD_SCALE = 100.0
"""``returns()`` is the total score divided by this, clipped to [-1, 1]."""

END_OF_ROUND = "end of round"
"""The ``move`` of the child that ends a round with a special still placeable (no placement)."""

_ROLLS = {faces for faces, _ in round_outcomes()}


class RailroadInk:
    """One game: its dice mode and seed, and the seeded rolls; ``start()`` is its first state.

    Args:
        seed: an int >= 0 fixing the whole dice sequence (``roll_sequence(seed)``); in
            "revealed" mode a driver follows these rolls with ``rolled``, in "free" mode unused.
        dice: "known", "revealed" or "free" (module docstring).
        rolls: the seven rounds' faces instead of the seeded ones (``check_rolls``: dice
            rolled at a table, or another program's games); the seed still seeds the bots.

    Raises:
        InvalidArgumentError: a bad seed, mode or rolls, naming it.
    """

    __slots__ = ("dice", "given", "rolls", "seed")

    def __init__(
        self,
        seed: int = 0,
        dice: str = "known",
        rolls: Sequence[Sequence[Tile | str]] | None = None,
    ) -> None:
        if not isinstance(dice, str) or dice not in DICE_MODES:
            raise InvalidArgumentError(f"dice must be one of {DICE_MODES!r}, got {dice!r}")
        self.seed = check_seed(seed)
        self.given = rolls is not None
        self.rolls = roll_sequence(self.seed) if rolls is None else check_rolls(rolls)
        self.dice = dice

    def start(self) -> RailroadInkState:
        """The empty board before round 1 (a chance state in "revealed" mode)."""
        if self.dice == "free":
            return _make(self, Board(), None, 0, (), 0, False, 0)
        faces = canonical(self.rolls[0]) if self.dice == "known" else None
        return _make(self, Board(), None, 1, faces, 0, False, 0)

    def __repr__(self) -> str:
        given = ", rolls=..." if self.given else ""
        return f"RailroadInk(seed={self.seed!r}, dice={self.dice!r}{given})"


class RailroadInkState(TreeIterator):
    """A position: the board, the round, the faces left to place and the specials used.

    ``move`` is the placement that produced it, in notation (``"10__LL"``), or for the child of
    a chance state the roll, its faces joined by spaces (``"D_D_ DD__ LLL_ DLDLo"``), or
    ``END_OF_ROUND`` for the child that ends a round; None at the start. ``placement`` is the
    ``Placement`` alone (None for the others). ``faces`` is None at a chance state (the roll is
    not seen yet). ``round`` is 1..7 while playing, 8 once the game is over (0 in free mode).
    ``skipped`` counts the faces skipped so far because they fitted nowhere.

    A child is made cheaply: its board and its round bookkeeping (closing rounds where no face
    fits) are worked out on first use and memoised, so a search that creates many children and
    looks at few (MCTS rollouts) pays only for those it looks at. Seen from outside a state
    never changes.

    Examples:
        >>> s = RailroadInk(seed=1).start()
        >>> s.player(), s.round, [str(f) for f in s.faces]
        (0, 1, ['DDD_', 'D_L_', 'LL__', 'L_L_'])
        >>> child = s.get_children()[0]
        >>> child.move, child.board.to_moves()
        ('01DDD_', ['01DDD_'])
        >>> print(str(child).splitlines()[-1])
        round 1/7, to place: D_L_ LL__ L_L_; specials used: none
        >>> sorted({c.move[2:] for c in s.get_children() if not c.special_now})[:4]  # any face
        ['DDD_', 'DD_D', 'D_DD', 'D_L_']
    """

    __slots__ = (
        "_board",
        "_faces",
        "_from",
        "_move",
        "_now",
        "_round",
        "_settled",
        "_skipped",
        "_specials",
        "_spots",
        "game",
        "used",
    )

    game: RailroadInk
    used: int
    _move: Placement | str | None
    _board: Board | None
    _from: tuple[Board, Placement] | None
    _round: int
    _faces: tuple[Tile, ...] | None
    _now: bool
    _skipped: int
    _settled: bool
    _spots: FacePlacements
    _specials: list[tuple[int, Placement]] | None

    def __init__(self, game: RailroadInk, board: Board | None = None) -> None:
        """The start of ``game``, or ``board`` in free mode (dice modes need ``game.start()``).

        Raises:
            InvalidArgumentError: ``game`` is not a RailroadInk, or a board is given outside
                free mode (a mid-game dice state needs its round and faces: play to it).
        """
        if not isinstance(game, RailroadInk):
            raise InvalidArgumentError(f"game must be a RailroadInk, got {game!r}")
        if board is not None and (game.dice != "free" or not isinstance(board, Board)):
            raise InvalidArgumentError(
                f"a starting board needs dice='free' and a Board, got {board!r} in {game!r}"
            )
        start = game.start() if board is None else _make(game, board, None, 0, (), 0, False, 0)
        for name in RailroadInkState.__slots__:
            setattr(self, name, getattr(start, name))

    @property
    def board(self) -> Board:
        """The board (a ``Board``), made on first use from the parent's board and the move."""
        board = self._board
        if board is None:
            assert self._from is not None
            parent, p = self._from
            board = self._board = parent.place(p.row, p.col, p.tile)
            self._from = None
        return board

    @property
    def move(self) -> str | None:
        """The move that produced this state, in notation (see the class docstring)."""
        move = self._move
        return move if move is None or isinstance(move, str) else str(move)

    @property
    def placement(self) -> Placement | None:
        """The placement that produced this state (None at the start, a roll or a round's end)."""
        move = self._move
        return move if isinstance(move, Placement) else None

    @property
    def round(self) -> int:
        """The round being played, 1..7; 8 once the game is over; 0 in free mode."""
        self._settle()
        return self._round

    @property
    def faces(self) -> tuple[Tile, ...] | None:
        """The round's faces still to place, sorted by notation; None before the roll."""
        self._settle()
        return self._faces

    @property
    def special_now(self) -> bool:
        """Whether a special was placed this round."""
        self._settle()
        return self._now

    @property
    def skipped(self) -> int:
        """Faces skipped so far in the game because they fitted nowhere."""
        self._settle()
        return self._skipped

    @property
    def specials_used(self) -> tuple[Tile, ...]:
        """The specials placed so far, in ``SPECIALS`` order."""
        return tuple(t for i, t in enumerate(SPECIALS) if self.used >> i & 1)

    def _settle(self) -> None:
        """Close rounds in which nothing can be placed (their faces skipped); find what fits."""
        if self._settled or not self._round:
            return
        settled = settle(
            self.board,
            self._round,
            self._faces,
            self._skipped,
            self._now,
            self.used,
            self._rolls(),
        )
        self._round, self._faces, self._skipped, self._now, self._spots, self._specials = settled
        self._settled = True

    def _rolls(self) -> tuple[Roll, ...] | None:
        """The known rolls (known dice), or None when rolls come at chance states."""
        game = self.game
        return game.rolls if game.dice == "known" else None

    def player(self) -> int:
        """0 to place a tile, ``CHANCE`` before a round's roll, ``TERMINAL`` when it is over."""
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self._faces is None else 0

    def is_terminal(self) -> bool:
        """After round 7; in free mode, when no tile fits anywhere (or the board is full)."""
        self._settle()
        if self._round:
            return self._round > ROUNDS
        return free_is_over(self.board)

    def returns(self) -> tuple[float]:
        """``(total / REWARD_SCALE,)`` of the board's score, clipped to [-1, 1]."""
        return (max(-1.0, min(1.0, self.board.score().total / REWARD_SCALE)),)

    def get_children(self) -> list[RailroadInkState]:
        """Placements of each face left that fits and each allowed special, or every roll.

        When no face fits but a special does, the last child ends the round instead.
        """
        self._settle()
        faces = self._faces
        if faces is None:
            return [child for child, _ in self.chance_outcomes()]
        if not self._round:
            game, board = self.game, self.board
            return [_make(game, board, p, 0, (), 0, False, 0) for p in free_placements(board)]
        game, board, rnd, used, now = self.game, self.board, self._round, self.used, self._now
        skipped = self._skipped
        children = [
            _make(game, board, p, rnd, faces[:k] + faces[k + 1 :], used, now, skipped)
            for k, spots in self._spots
            for p in spots
        ]
        specials = self._specials
        if specials is None and not now and rnd <= ROUNDS:
            specials = special_placements(board, used)
        if specials:  # one special a round, at any point of it
            children.extend(
                _make(game, board, p, rnd, faces, used | 1 << i, True, skipped) for i, p in specials
            )
        if not self._spots and specials:  # nothing else fits: the player may end the round
            nxt, r, s, _ = next_round(rnd, faces, skipped, self._rolls())
            end = _make(game, board, None, r, nxt, used, False, s)
            end._move = END_OF_ROUND
            children.append(end)
        return children

    def random_playout(self, rng: random.Random) -> tuple[float]:
        """``returns()`` at the end of a uniformly random game from here (a fast path of MCTS).

        Dice modes play on the compiled engine (``engine``) with the distribution of picking
        random children and fair rolls; free play walks random children.
        """
        if self._round:
            total = random_total(self, rng)
        else:
            state = self
            while True:
                children = state.get_children()
                if not children:
                    break
                state = children[int(rng.random() * len(children))]
            total = state.board.score().total
        return (max(-1.0, min(1.0, total / REWARD_SCALE)),)

    def chance_outcomes(self) -> list[tuple[RailroadInkState, float]]:
        """At a chance state, ``[(child, probability)]`` for the 168 rolls; [] elsewhere."""
        if self.faces is not None:
            return []
        return [(self._roll(faces), p) for faces, p in round_outcomes()]

    def rolled(self, faces: Sequence[Tile | str]) -> RailroadInkState:
        """The child of this chance state for the roll ``faces`` (Tiles or notation, any order).

        Raises:
            InvalidArgumentError: this is not a chance state, or ``faces`` is not a roll of
                three route-die faces and one junction-die face.
        """
        if self.faces is not None:
            raise InvalidArgumentError(f"rolled() needs a chance state, not {self!r}")
        tiles = tuple(Tile.parse(f) if isinstance(f, str) else f for f in faces)
        roll = canonical(tiles)
        if roll not in _ROLLS:
            raise InvalidArgumentError(
                f"faces {[str(t) for t in tiles]!r} are not a roll: expected three route-die "
                "faces and one junction-die face, each in base orientation"
            )
        return self._roll(roll)

    def _roll(self, faces: tuple[Tile, ...]) -> RailroadInkState:
        s = _make(self.game, self.board, None, self._round, faces, self.used, False, self._skipped)
        s._move = " ".join(str(t) for t in faces)
        return s

    def key(self) -> Hashable:
        """What decides the rest of the game: board, round, faces left, specials used.

        Also whether a special was used this round, the mode, and in known mode the seed (it
        fixes the rolls still to come). ``skipped`` is history, not position: not in the key.
        """
        self._settle()
        game = self.game
        return (
            game.dice,
            game.seed if game.dice == "known" else None,
            self.board.tiles,
            self._round,
            self._faces,
            self.used,
            self._now,
        )

    def encoding(self) -> np.ndarray:
        """The board as cells for an n-tuple network (``engine.ntuple``): 60 ints in 0..80.

        Per square its four sides' route types (0 an empty square), then the stage (round and
        faces placed), the specials used and the faces left; a state awaiting a roll reads as
        the end of the round before it.
        """
        faces = self.faces
        pieces = None if faces is None else [PIECE_OF[face] for face in faces]
        return state_cells(self.board.arrays()[0], self.round, pieces, self.used)

    def cell_values(self) -> int:
        """How many values a cell of ``encoding()`` holds (81)."""
        return CELL_VALUES

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RailroadInkState):
            return NotImplemented
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __str__(self) -> str:
        """The board, then the round, the faces left to place and the specials used."""
        self._settle()
        if not self._round:
            status = f"free play, {len(self.board.order)} tiles placed"
        elif self._round > ROUNDS:
            status = f"game over, {self._skipped} faces skipped"
        else:
            left = "(not rolled yet)" if self._faces is None else " ".join(map(str, self._faces))
            status = f"round {self._round}/{ROUNDS}, to place: {left}"
        if self._round:
            used = " ".join(map(str, self.specials_used)) or "none"
            status += f"; specials used: {used}" + (" (one this round)" * self._now)
        return f"{self.board}\n{status}"

    def __repr__(self) -> str:
        return (
            f"<RailroadInkState {self.game!r} move={self.move!r} "
            f"placed={len(self.board.order)}/{SIZE * SIZE}>"
        )


def _make(
    game: RailroadInk,
    board: Board,
    placement: Placement | None,
    rnd: int,
    faces: tuple[Tile, ...] | None,
    used: int,
    now: bool,
    skipped: int,
) -> RailroadInkState:
    """A state after ``placement`` on ``board`` (None: ``board`` itself), not yet settled."""
    s = RailroadInkState.__new__(RailroadInkState)
    s.game, s.used, s._round, s._faces, s._now, s._skipped = game, used, rnd, faces, now, skipped
    s._settled, s._spots, s._specials = False, (), None
    if placement is None:
        s._board, s._from, s._move = board, None, None
    else:
        s._board, s._from, s._move = None, (board, placement), placement
    return s
