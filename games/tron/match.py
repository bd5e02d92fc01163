"""Tron matches between bots, on the match harness of ``treesearch.match``.

``play_match(start, bot_a, bot_b, games=..., seed=...)`` plays games in pairs: both games of a
pair start from the same position (``start`` itself, or ``start(pair_seed)`` for seeded
starts such as ``hex_start``), bot a playing player 0 in the first and player 1 in the
second, so neither bot profits from a lucky start. It returns ``treesearch.match.MatchResult``:
wins, draws and losses of bot a, its score (win 1, draw 1/2) with a Wilson interval, and
every game's record with its moves (player 0's and player 1's alternately, two a turn).

A bot becomes a ``treesearch.match`` agent through ``TronAgent``: the agent of player 1 asks its
bot about ``state.turn_start()``, the position before player 0's choice, never the pending
move (moves are simultaneous in Tron), then plays the answer on the real state.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from games.tron.moves import Bot
from games.tron.render import TronRenderer
from games.tron.state import TronState, move_words
from games.tron.voronoi import territory_owner
from observers.video import VideoObserver
from treesearch.errors import InvalidArgumentError
from treesearch.match import GameRecord, MatchResult, PairedStarts
from treesearch.match import play_match as match
from treesearch.match import replay as replay_moves
from treesearch.match.agents import check_name
from treesearch.playthrough import Playthrough

__all__ = ["Start", "TronAgent", "game_start", "play_match", "replay", "write_video"]

MAX_FPS = 1000
"""The fastest video ``write_video`` makes; the end is held ``fps`` frames (a second)."""

Start = TronState | Callable[[int], TronState]
"""A match's start: a position, or ``fn(seed) -> TronState`` for one position per pair."""


class TronAgent:
    """Makes ``treesearch.match`` agents from a bot, a fresh copy per game (``bot.for_game(seed)``).

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


def game_start(start: Start, seed: int, index: int) -> TronState:
    """The start of game ``index`` of a match seeded ``seed``: shared by games 2k and 2k+1."""
    if isinstance(start, TronState):
        return start
    state: TronState = PairedStarts(_checked(start)).start(seed, index)
    return state


def play_match(
    start: Start,
    bot_a: Bot,
    bot_b: Bot,
    *,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    video: str | os.PathLike[str] | None = None,
) -> MatchResult:
    """Play ``games`` games between two bots, sides alternating; scores are bot a's.

    A thin use of ``treesearch.match.play_match``: the bots wrapped by ``TronAgent``, a seeded
    ``start`` drawn per pair of games by ``treesearch.match.PairedStarts``.

    Args:
        start: a ``TronState`` at a turn start, or ``fn(seed) -> TronState`` (e.g.
            ``hex_start``) called once per pair of games with a seed derived from ``seed``.
        bot_a: ``bot(state, player) -> move``; plays player 0 in even-numbered games.
        bot_b: the opponent.
        games: number of games, >= 1.
        seed: match seed (int >= 0): game ``i`` is seeded from ``(seed, i)`` only, so the
            records do not depend on ``jobs``.
        jobs: processes playing games at once (forked where the platform can fork).
        video: a path (``.mp4``, ``.gif`` or a folder) for a video of game 0, drawn with
            ``games.tron.render.TronRenderer`` and the Voronoi tint; None for none.

    Returns:
        ``treesearch.match.MatchResult``; ``replay(start, seed, record)`` rebuilds a game's states.
        Ctrl-C ends the match early with the games finished so far (``interrupted``).
    """
    if isinstance(start, TronState):
        if start.pending is not None or start.is_terminal():
            raise InvalidArgumentError(f"start must be a live turn start, got {start!r}")
        paired: TronState | PairedStarts = start
    elif callable(start):
        paired = PairedStarts(_checked(start))
    else:
        raise InvalidArgumentError(
            f"start must be a TronState or a function seed -> TronState, got {start!r}"
        )
    agents = (TronAgent(bot_a), TronAgent(bot_b))
    result = match(agents[0], agents[1], paired, games=games, seed=seed, jobs=jobs)
    if video is not None and result.records:
        red, blue = agents[0].name, agents[1].name  # game 0: bot a plays player 0
        states = replay(start, seed, result.records[0])
        write_video(video, states, title=f"{red} (red) vs {blue} (blue)")
    return result


def replay(start: Start, seed: int, record: GameRecord) -> list[TronState]:
    """The states of one game of a match: its start, then one per move of ``record``."""
    states: list[TronState] = replay_moves(game_start(start, seed, record.index), record.moves)
    return states


def write_video(
    path: str | os.PathLike[str],
    states: list[TronState],
    *,
    fps: float = 8,
    title: str = "Tron match",
) -> None:
    """A video of a game's turn starts (and its end), tinted by Voronoi territory.

    The panel says "playing…", then "game over" with the winner; the end is held a second.

    Raises:
        InvalidArgumentError: a path that is not a path, no states, a state that is not a
            ``TronState``, or ``fps`` not a number in (0, 1000].
    """
    if not isinstance(path, str | os.PathLike) or not str(path):
        raise InvalidArgumentError(
            f"path must be a file (.mp4, .gif) or a folder for PNG frames, got {path!r}"
        )
    if isinstance(states, str) or not isinstance(states, Sequence) or not states:
        raise InvalidArgumentError(f"states must be a non-empty list of TronState, got {states!r}")
    bad = next((s for s in states if not isinstance(s, TronState)), None)
    if bad is not None:
        raise InvalidArgumentError(f"states must all be TronState, got {bad!r}")
    if (
        isinstance(fps, bool)
        or not isinstance(fps, int | float | np.integer | np.floating)
        or not 0 < fps <= MAX_FPS
    ):
        raise InvalidArgumentError(f"fps must be a number in (0, {MAX_FPS}], got {fps!r}")
    shown = [s for s in states if s.pending is None]
    video = VideoObserver(
        path,
        TronRenderer(territory=territory_owner),
        fps=fps,
        title=title,
        final_frames=max(1, round(fps)),
    )
    with Playthrough(shown[0], [video], name=title) as show:
        for state in shown[1:]:
            show.advance(state)
        end = shown[-1]
        winner = end.winner() if end.is_terminal() else None
        summary = (
            "not finished"
            if not end.is_terminal()
            else "draw"
            if winner is None
            else f"{('red', 'blue')[winner]} wins"
        )
        show.finish(end.returns()[0], summary)


# -- starts ----------------------------------------------------------------------------------
def _checked(start: Callable[[int], TronState]) -> Callable[[int], TronState]:
    """``start`` refusing to return anything but a ``TronState`` (picklable: a partial)."""
    return functools.partial(_check_start, start)


def _check_start(start: Callable[[int], TronState], seed: int) -> TronState:
    state = start(seed)
    if not isinstance(state, TronState):
        raise InvalidArgumentError(f"start(seed) must return a TronState, got {state!r}")
    return state
