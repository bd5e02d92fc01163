"""A bot whose search was interrupted (Ctrl-C) stops the game, it does not play on.

A search turns Ctrl-C into a result with ``Status.INTERRUPTED``; a bot that read only the
result's move played on, so one Ctrl-C ended one search of a game of many (issue 21, item 1).
Each bot now re-raises it (``SearchResult.raise_if_interrupted``).
"""

from __future__ import annotations

from typing import Any

import pytest

from games.railroad_ink import RailroadInk
from games.railroad_ink.bots.roster import make_bot
from games.tron.bots import alphabeta_bot, mcts_bot
from games.tron.state import hex_start
from treesearch import MCTS, AlphaBeta, BeamSearch, FlatMonteCarlo, SearchResult, Status


def _interrupted(self: Any, start: Any, observers: Any = None) -> SearchResult:
    return SearchResult(Status.INTERRUPTED, best=None, stop_reason="KeyboardInterrupt")


def _first_decision(dice: str) -> Any:
    game = RailroadInk(3, dice)
    state = game.start()
    return state.rolled(game.rolls[0]) if dice == "revealed" else state


@pytest.mark.parametrize(
    ("bot", "dice", "search"),
    [
        ("beam", "revealed", BeamSearch),
        ("beam", "known", BeamSearch),
        ("lookahead", "revealed", BeamSearch),
        ("montecarlo", "revealed", FlatMonteCarlo),
        ("mcts", "revealed", MCTS),
    ],
)
def test_a_railroad_ink_bot_stops_on_an_interrupted_search(
    monkeypatch: pytest.MonkeyPatch, bot: str, dice: str, search: type
) -> None:
    monkeypatch.setattr(search, "run", _interrupted)
    with pytest.raises(KeyboardInterrupt):
        make_bot(bot, dice, seconds=1.0).choose(_first_decision(dice))


@pytest.mark.parametrize(
    ("make", "search"), [(alphabeta_bot, AlphaBeta), (mcts_bot, MCTS)], ids=["alphabeta", "mcts"]
)
def test_a_tron_bot_stops_on_an_interrupted_search(
    monkeypatch: pytest.MonkeyPatch, make: Any, search: type
) -> None:
    monkeypatch.setattr(search, "run", _interrupted)
    state = hex_start(0)
    with pytest.raises(KeyboardInterrupt):
        make().for_game(0)(state, 0)
