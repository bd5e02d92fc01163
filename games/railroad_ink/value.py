"""Value functions for Railroad Ink positions: ``state -> float``, larger is better.

Searches rank partial boards with them (``BeamSearch(value=...)``, ``MCTS(evaluate=...)``).
Two are shipped:

- ``score_value``: the board's current score, ``board.score().total``. Honest at the end,
  short-sighted before: an open end costs a full point although the next tile may close it.
- ``Heuristic(weights)``: the score with the errors split in two (GAMES.md 2.8). A *dead* error
  is a route side that can never be closed: it faces a blank side of a tile, or an empty
  square whose other needs no die face can meet together (``dead_sides``). An *open end*
  faces an empty square that one die face could still connect, and costs ``lambda(round)``,
  rising linearly from ``open_start`` in round 1 to ``open_end`` in round 7 (open ends are
  options early, errors late). Each exit already reached earns ``reach`` (a network of one
  exit scores nothing yet, but joining it to another later earns 4), and each special still
  usable earns ``special`` times the share of the game left (keep them for the hard spots).
  At the end of the game (round 8) it is exactly the score, so a search's final choice among
  finished games is by points.

``HEURISTIC`` holds the weights that measured best (``benchmarks/bench_railroad_ink.py
--variants``); each evaluation scores the board once (about 0.2 ms).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.railroad_ink.board import Board
from games.railroad_ink.dice import ROUNDS
from games.railroad_ink.exits import SIZE
from games.railroad_ink.rounds import MAX_SPECIALS
from games.railroad_ink.tiles import DIE_FACES, OPPOSITE
from treesearch.errors import InvalidArgumentError

__all__ = ["HEURISTIC", "Heuristic", "Weights", "dead_sides", "score_value"]

_CELLS = SIZE * SIZE
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def _neighbours(index: int) -> tuple[int, ...]:
    row, col = divmod(index, SIZE)
    found = []
    for dr, dc in _STEPS:
        r, c = row + dr, col + dc
        found.append(r * SIZE + c if 0 <= r < SIZE and 0 <= c < SIZE else -1)
    return tuple(found)


_NEIGHBOURS = tuple(_neighbours(i) for i in range(_CELLS))


def _best_cover(need: tuple[int, int, int, int]) -> int:
    """How many of the route sides ``need`` (per side: 0, 1 or 2) one die face can meet.

    A face may go there when it meets at least one need and no route of it faces another
    type; its blank sides may face anything (GAMES.md 2.4).
    """
    best = 0
    for face in DIE_FACES:
        for o in face.orientations():
            met = 0
            for route, want in zip(o.sides, need, strict=True):
                if route and want:
                    if route != want:
                        break
                    met += 1
            else:
                best = max(best, met)
    return best


_COVER = {
    (n, e, s, w): _best_cover((n, e, s, w))
    for n in range(3) for e in range(3) for s in range(3) for w in range(3)
}  # fmt: skip


def dead_sides(board: Board) -> tuple[int, int]:
    """``(dead, open)``: the board's error sides, those no die face can close and the rest.

    GAMES.md 2.6 point 4 counts both as errors.
    A route side facing a tile's blank side is dead. Of the route sides facing one empty
    square, as many as the best die face there could meet are open, the others dead.

    Examples:
        >>> dead_sides(Board.from_moves(["01D_D_"]))  # its south side faces an empty square
        (0, 1)
        >>> dead_sides(Board.from_moves(["01D_D_", "11_D_D"], strict=False))  # one faces blank
        (1, 2)
    """
    tiles = board.tiles
    dead = opened = 0
    needs: dict[int, list[int]] = {}
    for i in board.order:
        tile = tiles[i]
        assert tile is not None
        sides = tile.sides
        around = _NEIGHBOURS[i]
        for side in range(4):
            route = sides[side]
            if not route:
                continue
            j = around[side]
            if j < 0:
                continue
            other = tiles[j]
            if other is None:
                need = needs.get(j)
                if need is None:
                    need = needs[j] = [0, 0, 0, 0]
                need[OPPOSITE[side]] = route
            elif not other.sides[OPPOSITE[side]]:
                dead += 1
    for need in needs.values():
        wanted = 4 - need.count(0)
        cover = _COVER[need[0], need[1], need[2], need[3]]
        opened += cover
        dead += wanted - cover
    return dead, opened


def score_value(state: Any) -> float:
    """The current total score of ``state.board`` (a number of points)."""
    return float(state.board.score().total)


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
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
                raise InvalidArgumentError(f"weight {name} must be a number, got {value!r}")


class Heuristic:
    """The value of a partial board: score, with open ends discounted early (module docstring).

    Call it on a state with ``board``, ``round`` (1..8) and ``used`` (bits of the specials
    placed), e.g. a ``RailroadInkState``. Rounds past 7 (the game over) give the exact score.

    Examples:
        >>> from games.railroad_ink.game import RailroadInk
        >>> start = RailroadInk(seed=1).start()
        >>> h = Heuristic(Weights(reach=1.0, open_start=0.5, special=0.0))
        >>> first = start.get_children()[0]
        >>> first.move, first.board.score().total, h(first)  # 1 exit, 2 open ends at 0.5
        ('01DDD_', -1, 1.0)
    """

    __slots__ = ("weights",)

    def __init__(self, weights: Weights | None = None) -> None:
        if weights is None:
            weights = Weights()
        if not isinstance(weights, Weights):
            raise InvalidArgumentError(f"weights must be a Weights, got {weights!r}")
        self.weights = weights

    def __call__(self, state: Any) -> float:
        """The value of ``state`` in points (its score once the game is over)."""
        board: Board = state.board
        rnd: int = state.round
        score = board.score()
        if rnd > ROUNDS or not rnd:
            return float(score.total)
        w = self.weights
        dead, opened = dead_sides(board)
        lam = w.open_start + (w.open_end - w.open_start) * (rnd - 1) / (ROUNDS - 1)
        reached = sum(len(n.exits) for n in score.networks)
        left = MAX_SPECIALS - bin(state.used).count("1")
        return (
            score.exits
            + score.highway
            + score.railway
            + score.center
            - w.dead * dead
            - lam * opened
            + w.reach * reached
            + w.special * left * (ROUNDS - rnd) / ROUNDS
        )

    def __repr__(self) -> str:
        return f"Heuristic({self.weights!r})"


HEURISTIC = Heuristic(Weights(reach=0.5, dead=1.5))
"""The heuristic with the weights that measured best (module docstring): a round beam of
width 8 with dice revealed, 12 seeds, scored 35.2 with these, 32.9 with ``Weights()``."""
