"""Railroad Ink as a search problem: tiles and their notation, the board, legality, scoring.

Rules as coded: ``GAMES.md`` section 2. A square is ``(row, col)``, row 0 at the top, with index
``row * 7 + col``; a placement is written ``RC`` + the tile, e.g. ``"10__LL"``::

    from games.railroad_ink import Board, Tile

    board = Board.from_moves(["01D_D_", "11DL__"])
    board.legal_placements(Tile.parse("L_L_"))

Modules, each importing only those above it in this list (never one below, not even lazily):

- ``tiles``: ``Tile``, side values and indices, the dice faces and the six specials;
- ``exits``: the board's size, its 12 exits and its centre squares;
- ``score``: ``score_tiles``, ``Score``, ``Network`` and ``exit_points`` (scoring a finished
  board, GAMES.md 2.6);
- ``board``: ``Board`` (immutable, with placement legality) and ``Placement`` (the notation).
"""

from games.railroad_ink.board import Board, Placement
from games.railroad_ink.exits import CENTRE, EXITS, SIZE
from games.railroad_ink.score import Network, Score, exit_points, score_tiles
from games.railroad_ink.tiles import (
    BLANK,
    DIE_FACES,
    HIGHWAY,
    JUNCTION_DIE,
    RAILWAY,
    ROUTE_DIE,
    SPECIALS,
    Tile,
)

__all__ = [
    "BLANK",
    "CENTRE",
    "DIE_FACES",
    "EXITS",
    "HIGHWAY",
    "JUNCTION_DIE",
    "RAILWAY",
    "ROUTE_DIE",
    "SIZE",
    "SPECIALS",
    "Board",
    "Network",
    "Placement",
    "Score",
    "Tile",
    "exit_points",
    "score_tiles",
]
