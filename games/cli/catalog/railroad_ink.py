"""Railroad Ink on the command line: a score game, its bots, and whole games played by one.

``run`` and ``compare`` search it (``--dice known|revealed|free``, ``--seed`` rolls); ``play``
has one of its bots play whole seeded games (``games.railroad_ink.play``), filming game 1
with the bot's candidates before each placement (``games.railroad_ink.film``).
"""

from __future__ import annotations

from pathlib import Path

from games.cli.catalog.bots import INK_BOTS
from games.cli.catalog.problem import GameEntry, GameOptions, Play, Problem, Solo, board_video
from games.match import AgentMaker
from treesearch import InvalidArgumentError

__all__ = ["RAILROAD_INK"]


def _railroad_ink(args: GameOptions) -> Problem:
    from games.railroad_ink import HEURISTIC, RailroadInk  # the engine (numba) loads here

    dice = args.dice
    return Problem(
        "railroad-ink",
        "score",
        RailroadInk(args.seed, dice).start(),
        None,
        lambda s: 0.0,
        lambda s: "start" if s.move is None else str(s.move),
        f"Railroad Ink, dice {dice}, seed {args.seed}",
        value=HEURISTIC,
        score=lambda s: float(s.board.score().total),
    )


def _check(problem: Problem) -> None:
    from games.railroad_ink import PLAY_DICE

    dice = problem.start.game.dice
    if dice not in PLAY_DICE:
        raise InvalidArgumentError(
            f"play needs rolls: --dice must be one of {', '.join(PLAY_DICE)}, got "
            f"{dice!r} (free play has no dice; 'run --dice free' searches it)"
        )


def _solo(problem: Problem, seed: int, agents: AgentMaker, video: Path | None) -> Solo:
    """Game ``seed`` played whole by ``agents`` with the problem's dice; filmed with ``video``."""
    from games.railroad_ink import film, play

    dice = problem.start.game.dice
    record = play(seed, dice, agents)
    if video is not None:
        film(record, video, title=f"{record.bot} bot")
    total = record.score.total
    return Solo(
        float(total),
        record.seconds,
        f"(seed {seed}, dice {dice}): {record.bot} scores {total} with "
        f"{len(record.moves)} placements in {record.seconds:.2f} s",
    )


def _tiles(start: object) -> object:
    """The renderer of a Railroad Ink video (imported here: the engine loads with the game)."""
    from games.railroad_ink import RailroadInkTiles

    return RailroadInkTiles(40)


RAILROAD_INK = GameEntry(
    "railroad-ink",
    "score",
    "Railroad Ink: --dice known|revealed|free, --seed rolls",
    _railroad_ink,
    board_video(_tiles),
    play=Play(bots=INK_BOTS, default=("best",), solo=_solo, check=_check, solo_video=True),
)
