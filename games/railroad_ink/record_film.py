"""A video of a recorded game of Railroad Ink, with what the bot weighed before each placement.

``film(record, "game.mp4")`` replays the record (``replay``) through a ``treesearch.Playthrough``
into an ``observers.VideoObserver`` drawing with ``RailroadInkTiles``. When the record holds
the bot's decisions (``InkRecord.decisions``, kept for the ``montecarlo`` bot), the frame of the
state before each placement marks the best candidates on the board and lists them beside it,
with the mean score of their play-outs and how many there were; the next frame shows the tile
placed. Such a video runs at one frame a second by default, time to read a decision. A record
without decisions films as ``play(..., observers=[VideoObserver(...)])`` films the game live.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from itertools import pairwise
from pathlib import Path

from games.railroad_ink.pieces.dice import ROUNDS
from games.railroad_ink.records import InkRecord, replay
from games.railroad_ink.render.decision import Decision
from games.railroad_ink.render.renderer import RailroadInkTiles
from games.railroad_ink.rules.game import RailroadInkState
from observers import VideoObserver
from treesearch.errors import InvalidArgumentError
from treesearch.playthrough import Playthrough

__all__ = ["MAX_FPS", "NO_PLAYOUTS", "PLANNED", "decisions_by_state", "film"]

MAX_FPS = 1000
"""The fastest film: its end is held two seconds, ``2 * fps`` frames."""

NO_PLAYOUTS = (
    "no play-out finished: one sensible move only, or the time for this move ran out",
    "last round: no dice left to come, so the bot searched the whole round at once and "
    "plays its plan",
)
"""Why a bot that weighs its moves (``montecarlo``) placed a tile without play-outs: in rounds
1-6, then in the last round."""
PLANNED = (
    "dice known: at its first move the bot planned the whole game by NRPA (play-outs that "
    "learn from the best games found) and plays that plan: {} points"
)
"""Why a bot that planned the whole game (``InkRecord.planned``) placed a tile."""


def decisions_by_state(
    record: InkRecord, states: list[RailroadInkState]
) -> dict[Hashable, Decision]:
    """The record's decisions keyed by the ``key()`` of the state each was taken in.

    ``states`` are the record's (``replay(record)``). A game played by a plan (``planned``) has
    the plan's note on every move. Empty when no move has a decision (a bot that says nothing
    of its choices), so the film draws as without.

    Raises:
        InvalidArgumentError: ``record.decisions`` is neither () nor one entry per move.
    """
    decided = record.decisions
    if decided and len(decided) != len(record.moves):
        raise InvalidArgumentError(
            f"record.decisions must have one entry per move ({len(record.moves)}), got "
            f"{len(decided)}"
        )
    plan = None if record.planned is None else PLANNED.format(record.planned)
    if not any(decided) and plan is None:
        return {}
    found: dict[Hashable, Decision] = {}
    moves = iter(zip(record.moves, decided or ((),) * len(record.moves), strict=True))
    for before, after in pairwise(states):
        if after.placement is not None:
            move, choices = next(moves)
            if plan is not None and not choices:
                found[before.key()] = Decision((), move, plan, "the plan")
                continue
            note = "" if choices else NO_PLAYOUTS[before.round == ROUNDS]
            found[before.key()] = Decision(choices, move, note)
    return found


def film(
    record: InkRecord,
    path: str | Path,
    *,
    tile_size: int = 40,
    fps: float | None = None,
    title: str | None = None,
) -> int:
    """Write a video of ``record`` to ``path`` (``.mp4``, ``.gif`` or a folder of PNG frames).

    Args:
        record: a game played by ``play``.
        path: where the video goes (see ``observers.VideoObserver``).
        tile_size: side of a board square in pixels (>= 12).
        fps: frames per second; None: 1 when the record holds decisions (a frame per state,
            time to read one), 4 without.
        title: the panel's headline; default "<bot> bot".

    Returns:
        The number of frames written (the last state is held for two seconds).

    Raises:
        InvalidArgumentError: ``record`` is not an ``InkRecord`` or does not replay, or a bad
            ``path``, ``tile_size`` or ``fps``, naming it.

    Examples:
        >>> from games.railroad_ink.records import play
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     frames = film(play(2, bot="greedy"), folder + "/")
        >>> frames > 40
        True
    """
    if not isinstance(record, InkRecord):
        raise InvalidArgumentError(f"record must be an InkRecord, got {record!r}")
    states = replay(record)
    decisions = decisions_by_state(record, states)
    rate = (1.0 if decisions else 4.0) if fps is None else fps
    if (
        isinstance(rate, bool)
        or not isinstance(rate, (int, float))
        or not (math.isfinite(rate) and 0 < rate <= MAX_FPS)
    ):
        raise InvalidArgumentError(f"fps must be a finite number > 0 and <= {MAX_FPS}, got {fps!r}")
    renderer = RailroadInkTiles(tile_size, decisions=decisions)
    name = f"{record.bot} bot, dice {record.dice}"
    with (
        VideoObserver(
            path,
            renderer,
            fps=rate,
            final_frames=max(2, round(2 * rate)),
            title=title if title is not None else f"{record.bot} bot",
        ) as video,
        Playthrough(states[0], [video], name=name) as show,
    ):
        for state in states[1:]:
            show.advance(state)
        total = record.score.total
        show.finish(total, f"score {total}")
    return video.frames
