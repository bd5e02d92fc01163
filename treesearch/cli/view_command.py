"""``view``: a recorded trace as an HTML replay; and ``--html``/``--trace`` of ``video``, ``run``.

``treesearch video ... --html replay.html`` writes the search's replay (``HtmlReplay``)
beside its video, or alone without ``--out``; ``--trace run.jsonl`` (``run`` and ``video``)
records the run's events (``TraceWriter``) with, in the header, the game, the search and
the problem options. ``treesearch view run.jsonl --out replay.html`` rebuilds the problem
from that header through the catalog (options given on the command line win), finds the
states again by walking from the start (``observers.states_by_walk``) and writes the replay.

A trace may come from anyone, so its header is checked as the command line checks its
options: each option by the same validator as ``video``'s parser (``--size``, ``--seed``...),
the search against the game, the title at most ``MAX_TITLE`` characters; a Tron map only by
its catalog name (a map file is named on the command line, ``--map FILE``, never by a header).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from observers import (
    ProgressObserver,
    StateWalk,
    TraceWriter,
    check_output,
    read_header,
    replay,
)
from observers.game_films import BoardFilm
from treesearch import InvalidArgumentError, Observer, Status
from treesearch.cli.catalog import SEARCHES, game_entry, game_knobs
from treesearch.cli.catalog.replay import html_replay, options_of, trace_key, trace_meta
from treesearch.cli.common import EXIT_INTERRUPTED, Work, budget_of, check_video_knobs
from treesearch.cli.options import add_video
from treesearch.events import Event, SearchStarted
from treesearch.game_entry import GameEntry, Problem, VideoOptions

__all__ = ["MAX_TITLE", "extra_observers", "prepare_view"]

MAX_TITLE = 300
"""Characters of a trace header's title at most (it heads every frame); longer is refused."""

_KEEP = frozenset(("trace", "out", "prepare", "command", "max_frames"))
_NOT_IN_HEADER = frozenset(("help", "game", "search", "out", "html", "trace"))


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
    name, title = _game_and_title(trace, meta, given)
    game = game_entry(name)
    film = _film(game, "view")
    search = meta.get("search")
    known = isinstance(search, str) and (search in SEARCHES or search in SEARCHES.pending)
    entry = SEARCHES.get_entry(search) if known else None  # type: ignore[arg-type]
    if entry is not None and game.kind not in entry.kinds:
        raise InvalidArgumentError(
            f"{str(trace)!r}: its header's search {search!r} does not play {name!r} (a "
            f"{game.kind} game; it plays {' and '.join(entry.kinds)} games): the trace was "
            "not recorded on this game; give the run's --game"
        )
    video = argparse.ArgumentParser(add_help=False)
    add_video(video)
    header = _checked_options(trace, meta, video, given)
    namespace = argparse.Namespace(**{**vars(video.parse_args([])), **header, **given})
    namespace.game = name
    check_video_knobs(namespace)
    check_output(args.out, "--out")
    if Path(args.out).suffix.lower() not in (".html", ".htm"):
        raise InvalidArgumentError(f"--out must be an .html file, got {args.out!r}")
    problem = game.build(namespace)
    flags = [a.option_strings[0] for a in video._actions if a.dest in given and a.option_strings]
    if not isinstance(title, str) or set(given) & set(options_of(meta)):  # another problem
        title = f"{entry.title if entry is not None else 'a search'} on {problem.describe}"
    renderer = film.renderer(problem, VideoOptions.of(namespace))
    max_frames = _max_frames(args.max_frames)
    visits = _visits(trace)
    page = html_replay(args.out, renderer, problem, title, max_frames, visits)
    rebuilt = None if entry is None else entry.make(problem, budget_of(namespace), namespace)

    def work() -> int:
        print(f"replaying {trace} ({title}):")
        watcher = page if rebuilt is None else _Searched(page, rebuilt)
        walk = _Walk(trace, flags, problem.start)
        # A bar on a terminal only (tqdm's disable=None): a large board takes minutes.
        bar = ProgressObserver(visits, "replaying", unit="visit", leave=False, disable=None)
        result = replay(trace, walk, [watcher, bar])
        outcome = "cut short: no result recorded" if result is None else result.status.value
        print(f"replay: {page.frames} frames, {outcome} -> {args.out}")
        return EXIT_INTERRUPTED if result is not None and result.status is Status.INTERRUPTED else 0

    return work


def _game_and_title(trace: Path, meta: dict[str, Any], given: dict[str, Any]) -> tuple[str, Any]:
    """The game to replay (``--game``, popped from ``given``, else the header's) and the title.

    Raises:
        InvalidArgumentError: the header names no game, or a bad game or title.
    """
    header_game = meta.get("game")
    if header_game is not None and not isinstance(header_game, str):
        raise InvalidArgumentError(
            f"{str(trace)!r}: its header's game must be a game name, got {header_game!r}"
        )
    name = given.pop("game", None) or header_game
    if not isinstance(name, str):
        raise InvalidArgumentError(
            f"{str(trace)!r} does not say which game it records (its header has no 'game'; "
            "it was not written by --trace): give --game and the problem's options"
        )
    title = meta.get("title")
    if isinstance(title, str) and len(title) > MAX_TITLE:
        raise InvalidArgumentError(
            f"{str(trace)!r}: its header's title is {len(title):,} characters long, more than "
            f"the {MAX_TITLE} a replay's headline may hold"
        )
    return name, title


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


class _Walk(StateWalk):
    """``states_by_walk`` whose failure says, in the command line's terms, what to change."""

    def __init__(self, trace: Path, given: list[str], start: Any) -> None:
        super().__init__(start, key=trace_key)
        self.trace = trace
        self.given = given

    def find(self, key: Any, near: Any = None, visited: bool = False) -> Any:
        """The state with ``key`` (``StateWalk.find``), or an error naming the options."""
        try:
            return super().find(key, near, visited)
        except InvalidArgumentError:
            flags = ", ".join(self.given)
            why = (
                f"the options given ({flags}) make another problem than the run's: leave them "
                "out to replay the run as its header describes it"
                if flags
                else "the trace does not match the problem its header describes (edited, or "
                "recorded by a game that changed since): give the run's --game and options"
            )
            shown = repr(key) if len(repr(key)) <= 80 else repr(key)[:79] + "…"
            raise InvalidArgumentError(
                f"cannot replay {str(self.trace)!r}: its state {shown} is not reached from the "
                f"start of the problem rebuilt; {why}"
            ) from None


def _checked_options(
    trace: Path, meta: dict[str, Any], video: argparse.ArgumentParser, given: dict[str, Any]
) -> dict[str, Any]:
    """The header's problem options, each checked by the parser's own validator.

    A header is data from anyone: an option the command line does not have, a value its
    option refuses, and a value a game's option does not take from a trace (a Tron map that is
    not a catalog name: ``GameOption.from_trace``) are refused, naming the file.

    Raises:
        InvalidArgumentError: the first bad option of the header.
    """
    options = meta.get("options", {})
    where = f"{str(trace)!r}: its header's option"
    if not isinstance(options, dict):
        raise InvalidArgumentError(f"{where}s must be a JSON object, got {options!r}")
    actions = {a.dest: a for a in video._actions if a.dest not in _NOT_IN_HEADER}
    checked: dict[str, Any] = {}
    for name, value in options.items():
        action = actions.get(name)
        if name == "size_given" and isinstance(value, bool):
            checked[name] = value
            continue
        if action is None:
            raise InvalidArgumentError(
                f"{where} {name!r} is not an option of the command line; expected some of: "
                f"{', '.join(sorted(actions))}"
            )
        if name in given:
            continue  # the command line's value wins, checked by the parser
        flag = action.option_strings[0]
        checked[name] = _checked_value(f"{where} {flag}", action, value)
    for knob in game_knobs():
        value = checked.get(knob.dest)
        why = None if value is None or knob.from_trace is None else knob.from_trace(value)
        if why is not None:
            raise InvalidArgumentError(f"{where} {knob.flag} {value!r} {why}")
    return checked


def _checked_value(option: str, action: argparse.Action, value: Any) -> Any:
    """``value`` as ``action`` reads it on the command line; refused as the parser would."""
    if value is None:
        if action.default is None or action.dest == "seconds":  # None: no time limit
            return None
        raise InvalidArgumentError(f"{option} must have a value, got null")
    if action.nargs == 0:  # a flag (store_true)
        if not isinstance(value, bool):
            raise InvalidArgumentError(f"{option} must be true or false, got {value!r}")
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise InvalidArgumentError(f"{option} must be a number or a text, got {value!r}")
    if callable(action.type):  # the parser's validator
        try:
            value = action.type(str(value))
        except argparse.ArgumentTypeError as exc:
            raise InvalidArgumentError(f"{option} {exc}") from None
    elif not isinstance(value, str):
        raise InvalidArgumentError(f"{option} must be a text, got {value!r}")
    if action.choices is not None and value not in action.choices:
        raise InvalidArgumentError(
            f"{option} must be one of {', '.join(map(str, action.choices))}, got {value!r}"
        )
    return value


def _visits(trace: Path) -> int:
    """The ``Visited`` lines of ``trace`` as ``TraceWriter`` writes them (a fast count).

    The replay draws only the frames it keeps when it knows the count beforehand; a count
    off for a hand-written trace costs time, never frames (``HtmlReplay(visits=...)``).
    """
    count, tail = 0, b""
    mark = b'\n{"type":"Visited"'
    with trace.open("rb") as f:
        while chunk := f.read(1 << 20):
            block = tail + chunk
            count += block.count(mark)
            tail = block[-(len(mark) - 1) :]
    return count


def _max_frames(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 2:
        raise InvalidArgumentError(f"--max-frames must be >= 2, got {value!r}")
    return value
