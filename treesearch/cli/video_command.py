"""``video``: one search drawn exploring a game by the game's own video maker."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from treesearch import InvalidArgumentError, Status
from treesearch.cli.applies import refuse_unused
from treesearch.cli.catalog import GAMES, game_entry, search_entry, searches_for
from treesearch.cli.common import EXIT_INTERRUPTED, Work, budget_of, check_video_knobs, say_compiled
from treesearch.cli.output_options import check_video_path
from treesearch.cli.result_tables import Table
from treesearch.cli.view_command import extra_observers
from treesearch.game_entry import GameEntry, VideoOptions

__all__ = ["prepare_video"]


def _video_game(args: argparse.Namespace) -> GameEntry:
    game = game_entry(args.game)
    if game.video is None:
        able = ", ".join(name for name, g in GAMES.items() if g.video is not None)
        raise InvalidArgumentError(
            f"the command line cannot draw videos of {game.name!r}: {game.no_video}; games "
            f"with videos: {able}"
        )
    return game


def prepare_video(args: argparse.Namespace) -> Work:
    """``video``: one search drawn exploring the game, about ``--duration`` seconds long."""
    game = _video_game(args)
    entry = search_entry(args.search or game.video_search or searches_for(game.kind)[0], game)
    if game.video_searches is not None and entry.name not in game.video_searches:
        raise InvalidArgumentError(
            f"videos of {game.name!r} show {', '.join(game.video_searches)} only (they draw "
            f"that search's own statistics), not {entry.name!r}"
        )
    refuse_unused(args, "video", game, [entry])
    check_video_knobs(args)
    html = getattr(args, "html", None)
    out = args.out if args.out is not None or html is not None else "search.mp4"
    if out is not None:
        check_video_path(out)
    problem = game.build(args)
    search = entry.make(problem, budget_of(args), args)
    title = f"{entry.title} on {problem.describe}"
    make_video = game.video
    assert make_video is not None
    options = VideoOptions.of(args)
    extra = extra_observers(args, game, entry.name, problem, title, options)
    options = dataclasses.replace(options, observers=extra)

    def work() -> int:
        say_compiled(game)
        print(f"{title}, from {problem.label(problem.start)}:", flush=True)
        result, frames = make_video(
            problem, search, None if out is None else Path(out), options, title
        )
        table = Table(problem)
        table.row(entry.name, search, result)
        table.explain_statuses()
        if out is not None:
            print(f"video: {frames} frames, {frames / args.fps:.1f} s at {args.fps:g} fps -> {out}")
        for observer in extra:
            print(f"{_what(observer)} -> {observer.path}")  # type: ignore[attr-defined]
        return EXIT_INTERRUPTED if result.status is Status.INTERRUPTED else 0

    return work


def _what(observer: object) -> str:
    frames = getattr(observer, "frames", None)
    if frames is not None:
        return f"replay: {frames} frames, open it in a browser"
    return "trace: the run's events, for 'treesearch view'"
