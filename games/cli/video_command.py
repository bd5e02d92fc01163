"""``video``: one search drawn exploring a game by the game's own video maker."""

from __future__ import annotations

import argparse
from pathlib import Path

from games.cli.catalog import (
    GAMES,
    GameEntry,
    VideoOptions,
    game_entry,
    search_entry,
    searches_for,
)
from games.cli.common import EXIT_INTERRUPTED, Work, budget_of, check_video_knobs
from games.cli.outputs import check_video_path
from games.cli.report import Table
from treesearch import InvalidArgumentError, Status

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
    entry = search_entry(args.search or searches_for(game.kind)[0], game)
    if game.video_searches is not None and entry.name not in game.video_searches:
        raise InvalidArgumentError(
            f"videos of {game.name!r} show {', '.join(game.video_searches)} only (they draw "
            f"that search's own statistics), not {entry.name!r}"
        )
    check_video_knobs(args)
    check_video_path(args.out)
    problem = game.make(args)
    search = entry.make(problem, budget_of(args), args)
    title = f"{entry.title} on {problem.describe}"
    make_video = game.video
    assert make_video is not None

    def work() -> int:
        print(f"{title}, from {problem.label(problem.start)}:")
        result, frames = make_video(problem, search, Path(args.out), VideoOptions.of(args), title)
        table = Table(problem)
        table.row(entry.name, search, result)
        table.explain_statuses()
        print(
            f"video: {frames} frames, {frames / args.fps:.1f} s at {args.fps:g} fps -> {args.out}"
        )
        return EXIT_INTERRUPTED if result.status is Status.INTERRUPTED else 0

    return work
