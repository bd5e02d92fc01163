"""Railroad Ink as typed values over the engine: the score, the board, rounds and the game.

Modules, each importing only those above it: ``score``, ``board``, ``rounds``, ``game``. The
rules themselves (what fits where, what scores) are the engine's arrays; these modules check
the input, name what is wrong, and give ``Score``, ``Board`` and ``RailroadInkState`` to the
bots and pictures. This ``__init__`` imports none of them, so any layer of the package may
import one rules module without loading the rest.
"""
