"""Whole one-player games of Railroad Ink: ``play(seed, dice, bot) -> InkRecord``.

The bot is a ``treesearch.agents`` agent (a name of ``BOTS``, or any maker ``make(seed) -> Agent``
such as ``BotAgent`` or ``treesearch.agents.SearchAgent``): a game is a match of one. It keeps its
own loop rather than ``treesearch.match.play_game``, which plays two players to a win or a loss
and draws chance outcomes from the harness's stream; here one player is scored in points,
the rolls come from the game's seed (the same dice whichever bot plays, known in advance in
"known" mode), and the record keeps what a film needs (rolls, rounds, the bot's candidates).
``InkRecord`` shares ``treesearch.match.GameRecord``'s common fields (``seed``, ``names``,
``returns``, ``moves``): both are ``treesearch.agents.PlayedGame``s.

The driver owns the dice: in "revealed" mode it answers each chance state with the seeded roll
(``state.rolled(rolls[round - 1])``), so a bot sees a roll only once it is cast, and the seed
fixes the dice whichever bot plays. Observers see the game through a
``treesearch.Playthrough``: every state in order (rolls included), so
``VideoObserver(path, RailroadInkTiles())`` films a game; they are closed at the end, also
when the game is interrupted. A bot that tells what it weighed (``last_decision``: play-out
statistics per candidate, best first, as the ``montecarlo`` bot keeps them) has its best
candidates kept in the record, placement by placement (``InkRecord.decisions``), so a film
of the game (``games.railroad_ink.record_film``) can show why each tile went where it did.
In a notebook a record shows itself as its final board, scored (``InkRecord.picture``,
``_repr_html_``).
"""

from __future__ import annotations

import html
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from games.railroad_ink.bots.base import Bot
from games.railroad_ink.bots.roster import BOTS, check_bot_name, check_seconds, make_bot
from games.railroad_ink.pieces.tiles import Tile
from games.railroad_ink.render.decision import TOP, Choice
from games.railroad_ink.render.renderer import RailroadInkTiles
from games.railroad_ink.rules.board import Board
from games.railroad_ink.rules.game import RailroadInk, RailroadInkState
from games.railroad_ink.rules.score import Score
from observers.notebook import image_html
from observers.tile_canvas import TileCanvas
from treesearch.agents import Agent, AgentMaker, make_agent
from treesearch.errors import InvalidArgumentError
from treesearch.playthrough import ObserverLike, Playthrough
from treesearch.values import CHANCE

__all__ = ["PLAY_DICE", "InkRecord", "choices", "play", "replay"]

PLAY_DICE = ("known", "revealed")
"""The dice modes a whole game can be played in (free play has no rolls)."""


@dataclass(frozen=True)
class InkRecord:
    """One played game: what was rolled, what was placed, and what it scored.

    ``rolls`` are the seven seeded rolls, each four faces in base orientation as rolled (three
    route-die faces, then the junction die), e.g. ``("D_D_", "LL__", "DDD_", "DL__")``.
    ``moves`` are the placements in order, specials included, in notation:
    ``Board.from_moves(record.moves, strict=True)`` rebuilds ``board``; ``rounds`` the round
    (1..7) each was placed in, and ``replay(record)`` the game's states. ``seconds`` is the
    bot's thinking time (the driver's and the observers' time excluded); ``engine`` which
    engine played the bot's play-outs ("numba", "python"), or "" for a bot without one.
    ``decisions`` has one entry per move: the best candidates (at most ``TOP``, best first)
    the bot weighed before it, each a ``Choice`` (move, mean score of its play-outs, their
    count); () for a move the bot searched nothing for, and for every move of a bot that says
    nothing of its choices (a record made without them has ``decisions`` ()). ``planned`` is,
    with dice known, the final score of the whole game the bot planned at its first move and
    then played (``montecarlo``'s NRPA plan), else None.
    """

    seed: int
    dice: str
    bot: str
    rolls: tuple[tuple[str, ...], ...]
    moves: tuple[str, ...]
    rounds: tuple[int, ...]
    score: Score
    seconds: float
    board: Board
    engine: str = ""
    decisions: tuple[tuple[Choice, ...], ...] = ()
    planned: int | None = None

    @property
    def names(self) -> tuple[str]:
        """The one player's name, as ``treesearch.match.GameRecord.names`` has both."""
        return (self.bot,)

    @property
    def returns(self) -> tuple[float]:
        """The final score, as the one player's return (``treesearch.match.GameRecord.returns``)."""
        return (float(self.score.total),)

    def picture(self, tile_size: int = 40) -> np.ndarray:
        """The final board, scored (networks, longest routes, errors), the score beside it.

        An RGB ``uint8`` array drawn by ``RailroadInkTiles(tile_size)`` on the game's last
        state (``replay``): 9 x 11 tiles of ``tile_size`` pixels.
        """
        frame: np.ndarray = TileCanvas(RailroadInkTiles(tile_size)).render(replay(self)[-1])
        return frame

    def summary(self) -> str:
        """One line: the bot, the seed and dice, the score part by part, the thinking time."""
        s = self.score
        return (
            f"{self.bot} bot, seed {self.seed}, dice {self.dice}: {s.total} points (exits "
            f"{s.exits}, highway {s.highway}, railway {s.railway}, centre {s.center}, errors "
            f"-{s.errors}), {self.seconds:.1f} s thinking"
        )

    def _repr_html_(self) -> str:
        """In a notebook: the summary line above the final board (``picture``)."""
        line = html.escape(self.summary())
        return f"<div><b>{line}</b></div>" + image_html(self.picture(), alt=line)


def _check(seed: object, dice: object, seconds: object) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidArgumentError(f"seed must be an int >= 0, got {seed!r}")
    if dice not in PLAY_DICE:
        raise InvalidArgumentError(f"dice must be one of {PLAY_DICE!r}, got {dice!r}")
    check_seconds(seconds)


def choices(candidates: Any) -> tuple[Choice, ...]:
    """The best ``TOP`` placements of a bot's ``last_decision`` that had play-outs, as ``Choice``s.

    ``candidates`` are ``treesearch.flat_mc.Candidate``-like (``state``, ``count``, ``mean``),
    best first; a candidate that places nothing (a round's end) or had no play-out is left out.
    """
    found: list[Choice] = []
    for candidate in candidates or ():
        placement = getattr(candidate.state, "placement", None)
        if placement is not None and candidate.count > 0:
            found.append(Choice(str(placement), float(candidate.mean), int(candidate.count)))
            if len(found) == TOP:
                break
    return tuple(found)


def play(
    seed: int,
    dice: str = "revealed",
    bot: str | AgentMaker = "best",
    seconds: float | None = None,
    *,
    observers: ObserverLike | Iterable[ObserverLike] | None = (),
    rolls: Sequence[Sequence[Tile | str]] | None = None,
) -> InkRecord:
    """Play game ``seed`` of Railroad Ink with ``dice`` ("revealed" or "known") by ``bot``.

    Args:
        seed: an int >= 0: fixes the seven rolls (``roll_sequence(seed)``) and the bot's seed.
        dice: "revealed" (the bot sees each roll when it is cast) or "known" (all in advance).
        bot: one of ``bots.BOTS``, or an agent maker ``make(seed) -> Agent`` (``BotAgent``,
            ``treesearch.agents.SearchAgent``...), called once with ``seed``.
        seconds: the named bot's thinking time for the game (> 0), or None for its fixed
            budget; a maker carries its own (``BotAgent(name, dice, seconds)``).
        observers: ``treesearch.Observer``s (or callables) that see every state of the game.
        rolls: the seven rounds' faces to play instead of the seed's (``check_rolls``).

    Raises:
        InvalidArgumentError: a bad seed, dice mode, bot name or maker, ``seconds`` or
            ``rolls``, naming it.

    Examples:
        >>> record = play(2, dice="known", bot="greedy")
        >>> len(record.rolls), Board.from_moves(record.moves) == record.board
        (7, True)
        >>> record.score == record.board.score()
        True
    """
    _check(seed, dice, seconds)
    name, player = _player(bot, dice, seconds, seed)
    game = RailroadInk(seed, dice, rolls)
    state: RailroadInkState = game.start()
    moves: list[tuple[str, int, tuple[Choice, ...]]] = []  # placement, round, candidates
    thinking = 0.0
    with Playthrough(state, observers, name=f"{name} bot, dice {dice}") as show:
        while not state.is_terminal():
            if state.player() == CHANCE:
                state = state.rolled(game.rolls[state.round - 1])
            else:
                rnd = state.round
                t0 = time.perf_counter()
                state = _chosen(player, state)
                thinking += time.perf_counter() - t0
                if state.placement is not None:  # not the end of a round
                    weighed = choices(getattr(player, "last_decision", ()))
                    moves.append((str(state.placement), rnd, weighed))
            show.advance(state)
        score = state.board.score()
        show.finish(score.total, f"score {score.total}")
    return InkRecord(
        seed=seed,
        dice=dice,
        bot=name,
        rolls=tuple(tuple(str(face) for face in roll) for roll in game.rolls),
        moves=tuple(m for m, _, _ in moves),
        rounds=tuple(r for _, r, _ in moves),
        score=score,
        seconds=float(getattr(player, "thinking", thinking)),
        board=state.board,
        engine=str(getattr(player, "engine", "")),
        decisions=tuple(d for _, _, d in moves),
        planned=_planned(player, dice),
    )


def _planned(player: object, dice: str) -> int | None:
    """The score of the game ``player`` planned whole (dice known), None if it planned none."""
    planned = getattr(player, "planned_total", -1)
    return planned if dice == "known" and isinstance(planned, int) and planned >= 0 else None


def _player(bot: object, dice: str, seconds: float | None, seed: int) -> tuple[str, Agent]:
    """The record's name for ``bot`` and the agent that plays game ``seed``."""
    if isinstance(bot, str):
        name = check_bot_name(bot)
        return name, make_bot(name, dice, seconds, seed)
    if not callable(bot):
        raise InvalidArgumentError(
            f"bot must be one of {BOTS!r} or an agent maker seed -> Agent, got {bot!r}"
        )
    if seconds is not None:
        raise InvalidArgumentError(
            f"seconds={seconds!r} is for a bot named by its string; the maker {bot!r} "
            "carries its own budget (BotAgent(name, dice, seconds))"
        )
    agent = make_agent(bot, seed, "bot")
    return str(getattr(bot, "name", None) or agent.name), agent


def _chosen(player: Agent, state: RailroadInkState) -> RailroadInkState:
    """The child ``player`` plays at ``state``, checked to be one unless it is our ``Bot``."""
    chosen: RailroadInkState = player.choose(state)
    if isinstance(player, Bot) or any(child == chosen for child in state.get_children()):
        return chosen
    raise InvalidArgumentError(
        f"agent {player.name!r} played {chosen!r}, which is not a child of {state!r}"
    )


def replay(record: InkRecord) -> list[RailroadInkState]:
    """The states of a recorded game, start to end: rolls, placements and ends of rounds.

    Raises:
        InvalidArgumentError: a move is not a legal child in its round (the record was not
            played by these rules), naming it.
    """
    game = RailroadInk(record.seed, record.dice, record.rolls)
    state: RailroadInkState = game.start()
    states = [state]
    for number, (move, rnd) in enumerate(zip(record.moves, record.rounds, strict=True), 1):
        while state.player() == CHANCE or state.round < rnd:
            if state.player() == CHANCE:
                state = state.rolled(game.rolls[state.round - 1])
            else:  # the record moves on: this round was ended with a special still placeable
                ends = [c for c in state.get_children() if c.placement is None]
                if not ends:
                    raise InvalidArgumentError(
                        f"move {number} {move!r} is in round {rnd}, but round {state.round} "
                        "cannot end there (a face left still fits)"
                    )
                state = ends[0]
            states.append(state)
        found = [c for c in state.get_children() if c.move == move]
        if state.round != rnd or not found:
            raise InvalidArgumentError(f"move {number} {move!r} is not legal in round {rnd}")
        state = found[0]
        states.append(state)
    while not state.is_terminal():  # the last rounds: nothing placed, or ended early
        children = state.get_children()
        nxt = (
            state.rolled(game.rolls[state.round - 1])
            if state.player() == CHANCE
            else next((c for c in children if c.placement is None), None)
        )
        if nxt is None:
            raise InvalidArgumentError("the record stops before the game's end")
        state = nxt
        states.append(state)
    return states
