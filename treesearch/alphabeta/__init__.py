"""Alpha-beta, one room: the search and its recursion.

``alphabeta`` holds ``AlphaBeta`` (knobs and the deepening loop); ``minimax`` the recursion
of one run and the diagnosis of a broken game (it imports nothing from ``alphabeta``). The
matrix games of simultaneous turns are ``treesearch.matrix_game``.
"""

from treesearch.alphabeta.alphabeta import SIMULTANEOUS, AlphaBeta

__all__ = ["SIMULTANEOUS", "AlphaBeta"]
