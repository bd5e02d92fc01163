"""Films of played Tron games: ``write_video(path, states)``, tinted by Voronoi territory.

The states come from a match's record with ``treesearch.match.replay``::

    states = replay(game_start(start, seed, record.index), record.moves)
    write_video("game.mp4", states, title="heuristic (red) vs random (blue)")
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np

from games.tron.render import TronRenderer
from games.tron.state import TronState
from games.tron.voronoi import territory_owner
from observers.video import VideoObserver
from treesearch.errors import InvalidArgumentError
from treesearch.playthrough import Playthrough

__all__ = ["MAX_FPS", "write_video"]

MAX_FPS = 1000
"""The fastest video ``write_video`` makes; the end is held ``fps`` frames (a second)."""


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
