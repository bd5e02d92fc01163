"""Pictures of Railroad Ink: the tiles, the scored board, the column beside it, the renderer.

Modules, each importing only those above it: ``pictures`` (one tile in pillow), ``networks``
(the scored board: networks coloured, longest routes, error marks), ``column`` (the column
beside the board: round, dice, specials, score), ``renderer`` (``RailroadInkTiles``, the
``TileRenderer`` that videos use).
"""
