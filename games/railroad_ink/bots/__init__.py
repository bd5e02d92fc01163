"""Railroad Ink bots: value functions, planning blocks and the bots.

Modules, each importing only those above it: ``features``, ``value``, ``planning``, ``base``,
``simple``, ``mcts_bot``, ``lookahead``, ``policy``, ``montecarlo``, ``learned_value`` (the
learned afterstate value: training on the engine, ``LearnedBot``), ``learned_montecarlo``
(``montecarlo`` over the value's best candidates), ``roster`` (``BOTS``, ``make_bot``,
``BotAgent``: a bot as a ``treesearch.match`` agent maker). Whole games played by
one bot are ``games.railroad_ink.records``, their films ``games.railroad_ink.record_film``.
"""
