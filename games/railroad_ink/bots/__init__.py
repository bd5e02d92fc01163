"""Railroad Ink bots: value functions, planning blocks, the bots, and whole games played by one.

Modules, each importing only those above it: ``features``, ``value``, ``planning``, ``base``,
``lookahead``, ``registry`` (``BOTS``, ``make_bot``), ``play`` (``play(seed, dice, bot)``).
"""
