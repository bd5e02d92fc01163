"""Video makers of game entries: a search filmed on a game's board, a played game shown.

Game entries (``treesearch.game_entry.GameEntry``) make their videos with these, whatever the
game: ``board_video(renderer)`` films a search drawing its visited states, about
``--duration`` long; ``filmed`` runs a search into a ``VideoObserver``;
``playthrough_film(renderer)`` shows a played game move by move.

An HTML replay (``observers.HtmlReplay``) draws the board with the game's renderer, but a
renderer that listens to events (``update``) cannot serve a video and a replay at once: it
would see every event twice. So a video maker that can do replays says how to make a fresh
renderer: ``replayable(film, renderer)`` wraps it into a ``BoardFilm``, whose
``renderer(problem, options)`` makes one; ``board_video`` makers are ``BoardFilm``s. A
``BoardFilm`` also promises to attach ``options.observers`` (the replay, a trace) to the run
it films, and to run the search without a video when it gets no output path.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from observers.video import VideoObserver
from treesearch.events import Event, Visited
from treesearch.game_entry import FilmMaker, Problem, VideoMaker, VideoOptions
from treesearch.playthrough import Playthrough
from treesearch.result import SearchResult, Status
from treesearch.search import TreeSearch

__all__ = [
    "BoardFilm",
    "ReplayRenderer",
    "board_video",
    "filmed",
    "hold_frames",
    "playthrough_film",
    "replayable",
]

ReplayRenderer = Callable[[Problem, VideoOptions], Any]
"""``renderer(problem, options)``: a fresh renderer of the game's board for a replay."""

_NOT_OPTIONS = frozenset(
    ("command", "prepare", "out", "html", "trace", "observers", "progress", "search", "game")
)


class BoardFilm:
    """A video maker that can also make the renderer of a replay (module docstring).

    Args:
        film: the video maker: ``film(problem, search, out, options, title)``; it attaches
            ``options.observers`` to the filmed run, and with ``out=None`` runs the search
            with them only.
        renderer: ``renderer(problem, options)``, a fresh renderer for a replay.
    """

    def __init__(self, film: VideoMaker, renderer: ReplayRenderer) -> None:
        self.film = film
        self.renderer = renderer

    def __call__(
        self,
        problem: Problem,
        search: TreeSearch,
        out: Path | None,
        options: VideoOptions,
        title: str,
    ) -> tuple[SearchResult, int]:
        """Film ``search`` on ``problem`` into ``out`` (None: no video, the observers only)."""
        return self.film(problem, search, out, options, title)


def replayable(film: VideoMaker, renderer: ReplayRenderer) -> BoardFilm:
    """``film`` marked as able to do replays, with the maker of their renderer."""
    return BoardFilm(film, renderer)


def hold_frames(fps: float) -> int:
    """Frames that hold the end of a video for about a second."""
    return max(1, round(fps))


def playthrough_film(renderer: Callable[[Any], Any], fps: float = 2) -> FilmMaker:
    """A ``FilmMaker`` showing a game move by move with ``renderer(start)``, the end held.

    The video's title names each player's side (``problem.sides``).
    """

    def film(problem: Problem, states: list[Any], names: tuple[str, str], out: Path) -> str:
        title = " vs ".join(f"{n} ({s})" for n, s in zip(names, problem.sides, strict=True))
        returns = tuple(states[-1].returns())
        with (
            VideoObserver(out, renderer(states[0]), fps=fps, final_frames=4) as video,
            Playthrough(states[0], [video], name=title) as show,
        ):
            for state in states[1:]:
                show.advance(state)
            show.finish(returns[0], f"returns {returns}")
        return f"video of game 1: {video.frames} frames -> {out}"

    return film


def board_video(renderer: Callable[[Any], Any]) -> BoardFilm:
    """A video maker drawing the visited states with ``renderer(start)``, ~``--duration`` long.

    Without ``--every`` or ``--max-frames`` the search first runs without video, counting its
    visits, then runs again drawing every n-th visit so that the video lasts about
    ``--duration`` seconds and shows the whole run, its end included. Replays draw with
    another ``renderer(start)``.
    """

    def film(
        problem: Problem, search: TreeSearch, out: Path | None, args: VideoOptions, title: str
    ) -> tuple[SearchResult, int]:
        hold = hold_frames(args.fps)
        every = args.every
        if every is None and args.max_frames is None and out is not None:
            visits = [0]

            def count(event: Event) -> None:
                if isinstance(event, Visited):
                    visits[0] += 1

            first = search.run(problem.start, observers=[count])
            if first.status is Status.INTERRUPTED:
                return first, 0
            wanted = max(1, round(args.duration * args.fps) - hold)
            every = max(1, -(-visits[0] // wanted))
        return filmed(search, problem.start, out, renderer(problem.start), args, title, every)

    return replayable(film, lambda problem, options: renderer(problem.start))


def filmed(
    search: TreeSearch,
    start: Any,
    out: Path | None,
    renderer: Any,
    args: VideoOptions,
    title: str,
    every: int | None = None,
) -> tuple[SearchResult, int]:
    """Run ``search`` from ``start`` filmed into ``out`` as the options say; the frames.

    ``args.observers`` watch the run too; without ``out`` they alone do (no frames).
    """
    if out is None:
        return search.run(start, observers=list(args.observers)), 0
    with VideoObserver(
        out,
        renderer,
        fps=args.fps,
        max_frames=args.max_frames,
        every=every or 1,
        final_frames=hold_frames(args.fps),
        panel=not args.raw,
        title=title,
    ) as video:
        result = search.run(start, observers=[video, *args.observers])
    return result, video.frames
