"""A Tron bot as an agent of the match harness: ``TronAgent(bot)`` makes one per game.

Moves are simultaneous in Tron: the agent of player 1 asks its bot about
``state.turn_start()``, the position before player 0's choice, never the pending move, then
plays the answer on the real state. A match between two bots is
``treesearch.match.play_match(TronAgent(a), TronAgent(b), start, ...)``, with
``treesearch.match.PairedStarts(hex_start)`` for seeded starts shared by each pair of games.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.tron.moves import Bot
from games.tron.state import TronState, move_words
from treesearch.agents import check_name
from treesearch.errors import InvalidArgumentError

__all__ = ["TronAgent"]


class TronAgent:
    """Makes agents from a bot, a fresh copy of it per game (``bot.for_game(seed)``).

    Args:
        bot: ``bot(state, player) -> move``; a ``TronBot`` is copied for every game, a plain
            function is used as it is.
        name: the agents' label (default the bot's ``name``, or its function name).
    """

    def __init__(self, bot: Bot, *, name: str | None = None) -> None:
        if not callable(bot):
            raise InvalidArgumentError(
                f"bot must be a callable (state, player) -> move, got {bot!r}"
            )
        check_name(name)
        self.bot = bot
        self.name = name or str(getattr(bot, "name", getattr(bot, "__name__", "bot")))

    def __call__(self, seed: int) -> _BotPlayer:
        """A fresh agent for one game."""
        for_game = getattr(self.bot, "for_game", None)
        bot = for_game(seed) if callable(for_game) else self.bot
        return _BotPlayer(bot, self.name)

    def __repr__(self) -> str:
        return f"TronAgent({self.bot!r}, name={self.name!r})"


@dataclass(frozen=True, slots=True)
class _BotPlayer:
    """One game's agent: asks the bot about the turn's start, plays its move."""

    bot: Bot
    name: str

    def choose(self, state: TronState) -> TronState:
        player = state.player()
        move = self.bot(state.turn_start(), player)
        legal = state.legal_moves(player)
        if move not in legal or isinstance(move, bool):
            raise InvalidArgumentError(
                f"bot {self.name!r} answered {move!r} for player {player} on turn "
                f"{state.turn}; expected one of {move_words(state.grid, legal)}"
            )
        return state.child(move)
