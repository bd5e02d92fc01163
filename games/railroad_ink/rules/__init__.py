"""The rules of Railroad Ink: tiles, the board and its legality, dice, rounds, score.

Modules, each importing only those above it: ``tiles``, ``geometry``, ``score``, ``board``,
``dice``, ``rounds``, ``game``. This ``__init__`` imports none of them, so any layer of the
package may import one rules module without loading the rest.
"""
