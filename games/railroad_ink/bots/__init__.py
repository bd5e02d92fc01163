"""Railroad Ink bots: value functions, planning blocks, the bots, and whole games played by one.

Modules, each importing only those above it: ``features``, ``value``, ``planning``, ``base``,
``lookahead``, ``registry`` (``BOTS``, ``make_bot``, ``BotAgent``: a bot as a ``games.match``
agent maker), ``solo`` (``play(seed, dice, bot) -> InkRecord``: a whole game by one agent),
``film``.
"""
