"""The pieces of Railroad Ink: tiles and their notation, the board's geometry, the dice.

Modules, each importing only those above it: ``tiles`` (``Tile``, sides, dice faces,
specials), ``geometry`` (size, exits, centre, neighbours, the placement notation), ``dice``
(seeded rolls, one round's outcomes). Plain values with no rule of play: the engine builds
its tables from them. This ``__init__`` imports none of them.
"""
