"""Bundled games: each exposes its states as treesearch TreeIterators.

Each game reaches the command line through its entry (a ``treesearch.game_entry.GameEntry``),
registered in the ``treesearch.games`` entry point group as a plugin's game is: ``maze.entry``,
``tron.entry``, ``railroad_ink.entry``, and ``entries`` for the games that are one module each
(``dict_tree``'s seed tree, ``graph``'s grid, ``tictactoe``).
"""
