"""Whole games of Railroad Ink played by a bot: ``play(seed, dice, bot) -> GameRecord``.

The driver owns the dice: in "revealed" mode it answers each chance state with the seeded roll
(``state.rolled(rolls[round - 1])``), so a bot sees a roll only once it is cast, and the seed
fixes the dice whichever bot plays. Observers see the game through a
``treesearch.Playthrough``: every state in order (rolls included), so
``VideoObserver(path, RailroadInkTiles())`` films a game; they are closed at the end, also
when the game is interrupted.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.railroad_ink.bots.registry import check_bot_name, make_bot
from games.railroad_ink.rules.board import Board
from games.railroad_ink.rules.game import RailroadInk, RailroadInkState
from games.railroad_ink.rules.score import Score
from treesearch.errors import InvalidArgumentError
from treesearch.playthrough import ObserverLike, Playthrough
from treesearch.values import CHANCE

__all__ = ["PLAY_DICE", "GameRecord", "play"]

PLAY_DICE = ("known", "revealed")
"""The dice modes a whole game can be played in (free play has no rolls)."""


@dataclass(frozen=True)
class GameRecord:
    """One played game: what was rolled, what was placed, and what it scored.

    ``rolls`` are the seven seeded rolls, each four faces in base orientation as rolled (three
    route-die faces, then the junction die), e.g. ``("D_D_", "LL__", "DDD_", "DL__")``.
    ``moves`` are the placements in order, specials included, in notation:
    ``Board.from_moves(record.moves, strict=True)`` rebuilds ``board``. ``seconds`` is the
    bot's thinking time (the driver's and the observers' time excluded).
    """

    seed: int
    dice: str
    bot: str
    rolls: tuple[tuple[str, ...], ...]
    moves: tuple[str, ...]
    score: Score
    seconds: float
    board: Board


def _check(seed: object, dice: object, seconds: object) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidArgumentError(f"seed must be an int >= 0, got {seed!r}")
    if dice not in PLAY_DICE:
        raise InvalidArgumentError(f"dice must be one of {PLAY_DICE!r}, got {dice!r}")
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0
    ):
        raise InvalidArgumentError(f"seconds must be a number > 0 or None, got {seconds!r}")


def play(
    seed: int,
    dice: str = "revealed",
    bot: str = "best",
    seconds: float | None = None,
    *,
    observers: ObserverLike | Iterable[ObserverLike] | None = (),
) -> GameRecord:
    """Play game ``seed`` of Railroad Ink with ``dice`` ("revealed" or "known") by ``bot``.

    Args:
        seed: an int >= 0: fixes the seven rolls (``roll_sequence(seed)``) and the bot's seed.
        dice: "revealed" (the bot sees each roll when it is cast) or "known" (all in advance).
        bot: one of ``bots.BOTS``.
        seconds: the bot's thinking time for the game (> 0), or None for its fixed budget.
        observers: ``treesearch.Observer``s (or callables) that see every state of the game.

    Raises:
        InvalidArgumentError: a bad seed, dice mode, bot name or ``seconds``, naming it.

    Examples:
        >>> record = play(2, dice="known", bot="greedy")
        >>> len(record.rolls), Board.from_moves(record.moves) == record.board
        (7, True)
        >>> record.score == record.board.score()
        True
    """
    _check(seed, dice, seconds)
    name = check_bot_name(bot)
    player = make_bot(name, dice, seconds, seed)
    game = RailroadInk(seed, dice)
    state: RailroadInkState = game.start()
    moves: list[str] = []
    with Playthrough(state, observers, name=f"{name} bot, dice {dice}") as show:
        while not state.is_terminal():
            if state.player() == CHANCE:
                state = state.rolled(game.rolls[state.round - 1])
            else:
                state = player.choose(state)
                moves.append(str(state.move))
            show.advance(state)
        board = state.board
        score = board.score()
        show.finish(score.total, f"score {score.total}")
    return GameRecord(
        seed=seed,
        dice=dice,
        bot=name,
        rolls=tuple(tuple(str(face) for face in roll) for roll in game.rolls),
        moves=tuple(moves),
        score=score,
        seconds=player.thinking,
        board=board,
    )
