"""Board games: tic-tac-toe and Tron (duels) and Railroad Ink (a score game).

Each game's entry lives in a module of its own (``tictactoe``, ``railroad_ink``, ``tron``)
with everything the command line needs of it: its problem, its renderer, its bots and how
a match of it is played and filmed.
"""

from __future__ import annotations

from treesearch.cli.catalog.railroad_ink import RAILROAD_INK
from treesearch.cli.catalog.tictactoe_game import TICTACTOE
from treesearch.cli.catalog.tron import TRON, TRON_HEX, tron_start

__all__ = ["BOARD_GAMES", "tron_start"]

BOARD_GAMES = (TICTACTOE, RAILROAD_INK, TRON, TRON_HEX)
