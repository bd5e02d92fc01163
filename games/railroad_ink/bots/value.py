"""Value functions for Railroad Ink positions: ``state -> float``, larger is better.

Searches rank partial boards with them (``BeamSearch(value=...)``, ``MCTS(evaluate=...)``).
Two are shipped:

- ``score_value``: the board's current score, ``board.score().total``. Honest at the end,
  short-sighted before: an open end costs a full point although the next tile may close it.
- ``Heuristic(weights)``: the score with the errors split in two. A *dead* error
  is a route side that can never be closed: it faces a blank side of a tile, or an empty
  square whose other needs no die face can meet together (``dead_sides``). An *open end*
  faces an empty square that one die face could still connect, and costs ``lambda(round)``,
  rising linearly from ``open_start`` in round 1 to ``open_end`` in round 7 (open ends are
  options early, errors late). Each exit already reached earns ``reach`` (a network of one
  exit scores nothing yet, but joining it to another later earns 4), and each special still
  usable earns ``special`` times the share of the game left (keep them for the hard spots).
  Before round ``exact_from`` (7) the longest routes are ``features``' cheap bound, which
  also credits a route's future; from then on they are exact. At the end of the game (round
  8) it is exactly the score, so a search's final choice among finished games is by points.

``HEURISTIC`` holds the weights that measured best; an evaluation reads ``features(board)``
once (about 45 us, a third of ``board.score()``), plus ``score()`` in the last round.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from games.railroad_ink.bots.features import features
from games.railroad_ink.pieces.dice import ROUNDS
from games.railroad_ink.rules.board import Board
from games.railroad_ink.rules.rounds import MAX_SPECIALS
from treesearch.errors import InvalidArgumentError

__all__ = ["HEURISTIC", "Heuristic", "Value", "Weights", "dead_sides", "score_value"]

Value = Callable[[Any], float]
"""A value function: ``state -> float``, larger is better (points, not rewards)."""


def dead_sides(board: Board) -> tuple[int, int]:
    """``(dead, open)``: the board's error sides, those no die face can close and the rest.

    The score (``rules.score``) counts both as errors.
    A route side facing a tile's blank side is dead. Of the route sides facing one empty
    square, as many as the best die face there could meet are open, the others dead.

    Examples:
        >>> dead_sides(Board.from_moves(["01D_D_"]))  # its south side faces an empty square
        (0, 1)
        >>> dead_sides(Board.from_moves(["01D_D_", "11_D_D"], strict=False))  # one faces blank
        (1, 2)
    """
    f = features(board)
    return f.dead, f.open


def score_value(state: Any) -> float:
    """The current total score of ``state.board`` (a number of points)."""
    try:
        board = state.board
    except AttributeError:  # free when it succeeds: no check on the hot path
        raise InvalidArgumentError(
            f"score_value needs a state with a board (a RailroadInkState), got {state!r}"
        ) from None
    return float(board.score().total)


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of ``Heuristic``, in points (see the module docstring)."""

    reach: float = 1.0
    """Per exit connected to a route, whatever its network."""
    dead: float = 1.0
    """Per dead error side."""
    open_start: float = 0.3
    """Cost of an open end in round 1."""
    open_end: float = 1.0
    """Cost of an open end in round 7 (linear in between)."""
    special: float = 1.0
    """Per special still usable, times the share of rounds left (0 in the last round)."""

    def __post_init__(self) -> None:
        for name in ("reach", "dead", "open_start", "open_end", "special"):
            value = getattr(self, name)
            if (
                isinstance(value, bool | np.bool_)
                or not isinstance(value, int | float | np.integer | np.floating)
                or not math.isfinite(value)
            ):
                raise InvalidArgumentError(
                    f"weight {name} must be a finite number of points, got {value!r}"
                )


class Heuristic:
    """The value of a partial board: score, with open ends discounted early (module docstring).

    Call it on a state with ``board``, ``round`` (1..8) and ``used`` (bits of the specials
    placed), e.g. a ``RailroadInkState``. Rounds past 7 (the game over) give the exact score.

    Examples:
        >>> from games.railroad_ink.rules.game import RailroadInk
        >>> start = RailroadInk(seed=1).start()
        >>> h = Heuristic(Weights(reach=1.0, open_start=0.5, special=0.0))
        >>> first = start.get_children()[0]
        >>> first.move, first.board.score().total, h(first)  # 1 exit, 2 open ends at 0.5
        ('01DDD_', -1, 1.0)
    """

    __slots__ = ("exact_from", "weights")

    def __init__(self, weights: Weights | None = None, exact_from: int = ROUNDS) -> None:
        if weights is None:
            weights = Weights()
        if not isinstance(weights, Weights):
            raise InvalidArgumentError(f"weights must be a Weights, got {weights!r}")
        if (
            isinstance(exact_from, bool)
            or not isinstance(exact_from, int | np.integer)
            or exact_from < 1
        ):
            raise InvalidArgumentError(f"exact_from must be a round >= 1, got {exact_from!r}")
        self.weights = weights
        self.exact_from = int(exact_from)

    def __call__(self, state: Any) -> float:
        """The value of ``state`` in points (its score once the game is over)."""
        board: Board
        rnd: int
        try:
            board, rnd = state.board, state.round
        except AttributeError:  # free when it succeeds: no check on the hot path
            raise InvalidArgumentError(
                f"Heuristic needs a state with a board and a round (a RailroadInkState), got "
                f"{state!r}"
            ) from None
        if rnd > ROUNDS or not rnd:
            return float(board.score().total)
        w = self.weights
        f = features(board)
        if rnd >= self.exact_from:
            score = board.score()
            routes = score.highway + score.railway
        else:
            routes = f.highway + f.railway
        lam = w.open_start + (w.open_end - w.open_start) * (rnd - 1) / (ROUNDS - 1)
        ahead = (ROUNDS - rnd) / ROUNDS
        left = MAX_SPECIALS - bin(state.used).count("1")
        return (
            f.exits
            + routes
            + f.center
            - w.dead * f.dead
            - lam * f.open
            + w.reach * f.reached
            + w.special * left * ahead
        )

    def __repr__(self) -> str:
        return f"Heuristic({self.weights!r}, exact_from={self.exact_from!r})"


HEURISTIC = Heuristic(Weights(reach=0.5, dead=1.5))
"""The heuristic with the weights that measured best (module docstring). Coordinate descent
with a round beam of width 4 (seeds 0..9) found ``dead=2.5, open_start=0.6, open_end=0.7,
special=3.0`` and a small negative weight on merging growing networks (a knob since
removed) (33.8 -> 37.2; 36.9 -> 37.9 on seeds 10..21), but with the width-64
beam the bots use it scored 42.3 against 45.3 for these (seeds 0..7): weights tuned on a
narrow beam do not carry over, and 8 seeds cannot tell a point or two apart."""
