"""``view``: a recorded trace as an HTML replay; and ``--html``/``--trace`` of ``video``, ``run``.

``treesearch video ... --html replay.html`` writes the search's replay (``HtmlReplay``)
beside its video, or alone without ``--out``; ``--trace run.jsonl`` (``run`` and ``video``)
records the run's events (``TraceWriter``) with, in the header, the game, the search and
the problem options. ``treesearch view run.jsonl --out replay.html`` rebuilds the problem
from that header through the catalog (options given on the command line win), finds the
states again by walking from the start (``observers.states_by_walk``) and writes the replay.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from games.cli.catalog import SEARCHES, GameEntry, Problem, VideoOptions, game_entry
from games.cli.catalog.replay import BoardFilm, html_replay, options_of, trace_key, trace_meta
from games.cli.common import EXIT_INTERRUPTED, Work, budget_of, check_video_knobs
from observers import TraceWriter, check_output, read_header, replay, states_by_walk
from treesearch import InvalidArgumentError, Observer, SearchStarted, Status
from treesearch.events import Event

__all__ = ["extra_observers", "prepare_view"]

_KEEP = frozenset(("trace", "out", "prepare", "command", "max_frames"))


def _film(game: GameEntry, option: str) -> BoardFilm:
    """The game's video maker, if it can make replays (a ``BoardFilm``)."""
    film = game.video
    if not isinstance(film, BoardFilm):
        why = game.no_video if film is None else "its video maker gives no renderer for one"
        raise InvalidArgumentError(f"{option}: {game.name!r} cannot be replayed in HTML: {why}")
    return film


def extra_observers(
    args: argparse.Namespace,
    game: GameEntry,
    search: str,
    problem: Problem,
    title: str,
    options: VideoOptions | None = None,
) -> tuple[Observer, ...]:
    """The replay (``--html``) and the trace (``--trace``) the arguments ask for.

    Raises:
        InvalidArgumentError: a path that cannot be written, or a game that cannot be
            replayed in HTML.
    """
    extra: list[Observer] = []
    html = getattr(args, "html", None)
    if html is not None:
        film = _film(game, "--html")
        renderer = film.renderer(problem, options or VideoOptions.of(args))
        extra.append(html_replay(html, renderer, problem, title))
    if getattr(args, "trace", None) is not None:
        meta = trace_meta(args, game.name, search, title)
        extra.append(TraceWriter(args.trace, key=trace_key, meta=meta))
    return tuple(extra)


def prepare_view(args: argparse.Namespace) -> Work:
    """``view``: rebuild the trace's problem, then replay the trace into an HTML page."""
    trace = Path(args.trace)
    meta = read_header(trace)
    given = {k: v for k, v in vars(args).items() if k not in _KEEP}
    name = given.pop("game", None) or meta.get("game")
    if not isinstance(name, str):
        raise InvalidArgumentError(
            f"{str(trace)!r} does not say which game it records (its header has no 'game'; "
            "it was not written by --trace): give --game and the problem's options"
        )
    game = game_entry(name)
    film = _film(game, "view")
    from games.cli.parser import build_parser  # the parser imports this module

    defaults = vars(build_parser().parse_args(["video"]))
    namespace = argparse.Namespace(**{**defaults, **options_of(meta), **given})
    namespace.game = name
    check_video_knobs(namespace)
    check_output(args.out, "--out")
    if Path(args.out).suffix.lower() not in (".html", ".htm"):
        raise InvalidArgumentError(f"--out must be an .html file, got {args.out!r}")
    problem = game.build(namespace)
    search = meta.get("search")
    known = isinstance(search, str) and (search in SEARCHES or search in SEARCHES.pending)
    entry = SEARCHES.get_entry(search) if known else None  # type: ignore[arg-type]
    title = meta.get("title")
    if not isinstance(title, str) or set(given) & set(options_of(meta)):  # another problem
        title = f"{entry.title if entry is not None else 'a search'} on {problem.describe}"
    renderer = film.renderer(problem, VideoOptions.of(namespace))
    page = html_replay(args.out, renderer, problem, title, _max_frames(args.max_frames))
    rebuilt = None if entry is None else entry.make(problem, budget_of(namespace), namespace)

    def work() -> int:
        print(f"replaying {trace} ({title}):")
        watcher = page if rebuilt is None else _Searched(page, rebuilt)
        result = replay(trace, states_by_walk(problem.start, key=trace_key), [watcher])
        outcome = "cut short: no result recorded" if result is None else result.status.value
        print(f"replay: {page.frames} frames, {outcome} -> {args.out}")
        return EXIT_INTERRUPTED if result is not None and result.status is Status.INTERRUPTED else 0

    return work


class _Searched(Observer):
    """Passes events on, with the search rebuilt from the header in ``SearchStarted``.

    A trace names its search by its repr only; renderers read the search itself (a maze
    draws the goal of a search with one from the start), so the replay shows what the
    video showed.
    """

    def __init__(self, target: Observer, search: Any) -> None:
        self.target = target
        self.search = search

    def notify(self, event: Event) -> None:
        if isinstance(event, SearchStarted):
            event = SearchStarted(self.search, event.start)
        self.target.notify(event)

    def close(self) -> None:
        self.target.close()


def _max_frames(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 2:
        raise InvalidArgumentError(f"--max-frames must be >= 2, got {value!r}")
    return value
