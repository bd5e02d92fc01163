"""The rules of Railroad Ink written once, as arrays: legality, scoring, rounds, play-outs.

The one implementation of the rules (which placements fit, the score, the rounds and
specials of a play-out), written over numpy arrays so that numba can compile them: a whole
random game with its score costs tens of microseconds compiled, against about a millisecond
through ``RailroadInkState``. Without numba (or with ``TREESEARCH_ENGINE=python``) the very
same functions run as plain Python: slower, identical. ``rules`` reads them as typed values.

Modules, each importing only those above it (this ``__init__`` imports none of them):
``arrays`` (checks of arrays handed to compiled code), ``tables`` (the tiles, squares and
slots as arrays, and which tile fits which slot), ``placements`` (placing, legal and
meaningful placements), ``scoring`` (the exact score, with what produced it when asked, and
the play-out score), ``playout`` (the random number stream, the policies, whole play-outs),
``position`` (from a game state to arrays, the public entry points), ``plans`` (a whole
known-dice game planned by nested rollout policy adaptation), ``ntuple`` (a learned afterstate
value as an n-tuple network, and greedy games that learn it by TD(0)).
"""
