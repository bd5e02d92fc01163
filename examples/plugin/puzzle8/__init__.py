"""An example treesearch plugin: the 8-puzzle (and 15-puzzle), its tiles and an observer.

``puzzle8.plugin`` holds what the entry points name (``GAME``, ``DepthCounter``); the game
is in ``puzzle8.game`` and its pictures in ``puzzle8.render``. Installed (or found on
``sys.path`` with its metadata), ``treesearch run --game puzzle8 --search astar`` solves it.
"""

from puzzle8.game import Puzzle, scramble
from puzzle8.plugin import GAME, DepthCounter, make
from puzzle8.render import PuzzleTiles

__all__ = ["GAME", "DepthCounter", "Puzzle", "PuzzleTiles", "make", "scramble"]
