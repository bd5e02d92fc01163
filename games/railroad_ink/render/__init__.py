"""Pictures of Railroad Ink: the tiles, the scored board, the column beside it, the renderer.

Modules, each importing only those above it: ``pictures`` (one tile in pillow), ``networks``
(the scored board: networks coloured, longest routes, error marks), ``column`` (the column
beside the board: round, dice, specials, score), ``decision`` (a bot's candidates before a
placement, marked on the board and listed in a column), ``ids`` (the fixed tile ids),
``renderer`` (``RailroadInkTiles``, the ``TileRenderer`` that videos use).
"""
