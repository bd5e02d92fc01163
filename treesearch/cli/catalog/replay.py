"""What ``video --html``, ``--trace`` and ``view`` need of a game's video maker.

An HTML replay (``observers.HtmlReplay``) draws the board with the game's renderer, but a
renderer that listens to events (``update``) cannot serve a video and a replay at once: it
would see every event twice. So a video maker that can do replays says how to make a fresh
renderer: ``replayable(film, renderer)`` wraps it into a ``BoardFilm``, whose
``renderer(problem, options)`` makes one; ``board_video`` makers are ``BoardFilm``s. A
``BoardFilm`` also promises to attach ``options.observers`` (the replay, a trace) to the
run it films, and to run the search without a video when it gets no output path.

``trace_meta`` is what a trace's header says of its run (game, search, problem options),
so that ``view`` can rebuild the problem.
"""

from __future__ import annotations

import argparse
import enum
import json
import math
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from observers import HtmlReplay
from treesearch import MissingCapabilityError
from treesearch.core import key_of

if TYPE_CHECKING:
    from treesearch import SearchResult, TreeSearch
    from treesearch.cli.catalog.problem import Problem, VideoMaker, VideoOptions

__all__ = [
    "BoardFilm",
    "ReplayRenderer",
    "html_replay",
    "options_of",
    "replayable",
    "trace_key",
    "trace_meta",
]

ReplayRenderer = Callable[["Problem", "VideoOptions"], Any]
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


def html_replay(
    path: str | Path,
    renderer: Any,
    problem: Problem,
    title: str,
    max_frames: int = 1000,
    visits: int | None = None,
) -> HtmlReplay:
    """The replay of a run on ``problem`` (``visits``: the run's, when known beforehand).

    Its nodes are named by the renderer's ``move_label``, else by the problem's ``label``.
    """
    label = None if callable(getattr(renderer, "move_label", None)) else problem.label
    return HtmlReplay(
        path, renderer, title=title, label=label, max_frames=max_frames, visits=visits
    )


def trace_key(state: Any) -> Any:
    """A state's key as ``--trace`` writes it: the key, or its repr when JSON cannot hold it.

    Railroad Ink's keys hold tile objects; their repr names them as well. ``view`` finds
    states by the same function.
    """
    key = key_of(state)
    try:
        json.dumps(_plain(key))
    except (TypeError, ValueError, MissingCapabilityError):
        return repr(key)
    return key


def _plain(key: Any) -> Any:
    if isinstance(key, (tuple, list, frozenset, set)):
        return [_plain(k) for k in key]
    if key is None or isinstance(key, (bool, int, float, str)):
        return key
    if isinstance(key, enum.Enum):
        return _plain(key.value)
    item = getattr(key, "item", None)  # numpy scalars
    if callable(item):
        return _plain(item())
    raise TypeError(type(key).__name__)


def trace_meta(args: argparse.Namespace, game: str, search: str, title: str) -> dict[str, Any]:
    """A trace header's ``meta``: the game, the search, the title and the problem options.

    The options are the command's plain values (numbers, strings, flags), so ``view`` can
    rebuild the same problem through the game's entry.
    """
    options = {
        k: None if isinstance(v, float) and math.isinf(v) else v  # inf: no limit, JSON null
        for k, v in sorted(vars(args).items())
        if k not in _NOT_OPTIONS and (v is None or isinstance(v, (bool, int, float, str)))
    }
    return {"game": game, "search": search, "title": title, "options": options}


def options_of(meta: Mapping[str, Any]) -> dict[str, Any]:
    """The problem options of a trace header's ``meta`` (empty when it has none)."""
    options = meta.get("options")
    return dict(options) if isinstance(options, Mapping) else {}
