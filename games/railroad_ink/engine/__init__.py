"""A compiled play-out engine for Railroad Ink: the board as arrays, the rules as small loops.

The same rules as ``rules`` (legality, rounds, specials, scoring), written over numpy arrays
so that numba can compile them: a whole random game with its score costs tens of microseconds
compiled, against about a millisecond through ``RailroadInkState``. Without numba (or with
``TREESEARCH_ENGINE=python``) the very same functions run as plain Python: slower, identical.

Modules, each importing only those above it (this ``__init__`` imports none of them):
``compile`` (the ``jit`` switch and ``ENGINE``), ``tables`` (the tiles, squares and slots as
arrays), ``placements`` (placing, legal and meaningful placements), ``scoring`` (the exact score and
the play-out score), ``playout`` (the random number stream, the policies, whole play-outs),
``position`` (from a ``RailroadInkState`` to arrays and back, the public entry points),
``plans`` (a whole known-dice game planned by nested rollout policy adaptation).
"""
