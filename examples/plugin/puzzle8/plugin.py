"""What the entry points of ``treesearch-8puzzle`` name: the game and an observer.

``GAME`` tells the command line that the puzzle is a path problem with a goal, a Manhattan
heuristic and pictures; ``DepthCounter`` is an observer ``run --observers depths`` attaches.
"""

from __future__ import annotations

from collections import Counter

from puzzle8.game import Puzzle, scramble
from puzzle8.render import PuzzleTiles
from treesearch import Observer
from treesearch.events import Event, SearchFinished, Visited
from treesearch.plugins import GamePlugin

__all__ = ["GAME", "DepthCounter", "make", "renderer"]

SCRAMBLE_MOVES = 30
"""Random slides from the goal to a start: A* solves such starts in well under a second."""


def make(*, seed: int = 0, size: int | None = None) -> Puzzle:
    """The start of a game: a seeded scramble of the ``size`` x ``size`` puzzle (default 3)."""
    return scramble(seed, size or 3, SCRAMBLE_MOVES)


def renderer(start: Puzzle) -> PuzzleTiles:
    """The tiles of the start's board size."""
    return PuzzleTiles(start.side)


GAME = GamePlugin(
    make=make,
    kind="path",
    goal=Puzzle.is_goal,
    heuristic=Puzzle.heuristic,
    renderer=renderer,
    label=lambda s: "start" if s.move is None else f"slide {s.move}",
    help="the 8-puzzle (--size 4: the 15-puzzle), a seeded solvable scramble",
)
"""The game entry: a path problem, drawn by ``PuzzleTiles``."""


class DepthCounter(Observer):
    """Counts the states a search visits at each depth, and prints them when it ends."""

    def __init__(self) -> None:
        self.depths: Counter[int] = Counter()

    def notify(self, event: Event) -> None:
        """Count a visit; print the counts at the end of the run."""
        if type(event) is Visited:
            self.depths[event.depth] += 1
        elif type(event) is SearchFinished:
            counts = ", ".join(f"{d}: {n}" for d, n in sorted(self.depths.items()))
            print(f"visits by depth: {counts}")
