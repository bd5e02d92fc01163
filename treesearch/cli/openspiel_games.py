"""``openspiel:NAME``: any installed OpenSpiel game as a duel of the command line.

pyspiel is imported only when such a name is used, so the rest of the command line works
without it; a missing pyspiel or an unknown name is one error listing close names. It is an
adapter of an outside library rather than a bundled game: the command line answers names
with its prefix through it (``catalog.add_prefixed``).
"""

from __future__ import annotations

import difflib

from games.openspiel import OpenSpielState, import_pyspiel
from treesearch import InvalidArgumentError
from treesearch.game_entry import DUEL_BOTS, GameEntry, GameOptions, Play, Problem

__all__ = ["PREFIX", "openspiel_entry"]

PREFIX = "openspiel:"
"""Game names starting with this name an OpenSpiel game: ``openspiel:connect_four``."""


def openspiel_entry(name: str) -> GameEntry:
    """The entry of ``openspiel:NAME`` (NAME may carry parameters: ``pig(winscore=10)``).

    Raises:
        InvalidArgumentError: pyspiel is missing (naming the pip install), or OpenSpiel has
            no game of that name (naming the closest ones).
    """
    game = name[len(PREFIX) :]
    try:
        pyspiel = import_pyspiel()
    except ImportError as exc:
        raise InvalidArgumentError(f"cannot use {name!r}: {exc}") from None
    base = game.split("(", 1)[0]
    known = list(pyspiel.registered_names())
    if base not in known:
        close = difflib.get_close_matches(base, known, n=5)
        hint = f"close names: {', '.join(close)}" if close else "'treesearch list' says how"
        raise InvalidArgumentError(f"OpenSpiel has no game {base!r}; {hint}")

    def make(args: GameOptions) -> Problem:
        start = OpenSpielState.initial(game)
        return Problem(
            name,
            "duel",
            start,
            None,
            lambda s: 0.0,
            lambda s: "start" if s.move is None else f"action {s.move}",
            f"OpenSpiel {game}",
        )

    return GameEntry(
        name,
        "duel",
        f"OpenSpiel's {game}",
        make,
        no_video="OpenSpiel games have no renderer here (OpenSpiel draws states as text only)",
        source="open_spiel",
        play=Play(bots=DUEL_BOTS),
        options=(),
    )
