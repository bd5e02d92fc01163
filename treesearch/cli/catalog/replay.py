"""What ``video --html``, ``--trace`` and ``view`` need besides a game's video maker.

A video maker that can do replays is a ``BoardFilm`` (``observers.game_films``): it makes a
fresh renderer for the replay, which ``html_replay`` draws with.

``trace_meta`` is what a trace's header says of its run (game, search, problem options),
so that ``view`` can rebuild the problem.
"""

from __future__ import annotations

import argparse
import enum
import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from observers import HtmlReplay
from treesearch.core import key_of
from treesearch.errors import MissingCapabilityError

if TYPE_CHECKING:
    from treesearch.game_entry import Problem

__all__ = ["html_replay", "options_of", "trace_key", "trace_meta"]

_NOT_OPTIONS = frozenset(
    ("command", "prepare", "out", "html", "trace", "observers", "progress", "search", "game")
)


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
