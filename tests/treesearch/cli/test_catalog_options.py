"""Catalog makers read small option objects, not the command line's whole namespace."""

from __future__ import annotations

import argparse

from treesearch import MCTS, Budget
from treesearch.cli.catalog import ITERATIONS, SEARCHES, SearchOptions
from treesearch.cli.catalog import game_entry as entry_of
from treesearch.game_entry import GameEntry, VideoOptions


def test_search_options_come_from_the_namespace_with_defaults() -> None:
    args = argparse.Namespace(seed=4, iterations=50, depth=3, size=9, map="box15")
    assert SearchOptions.of(args) == SearchOptions(seed=4, iterations=50, depth=3)
    assert SearchOptions.of(argparse.Namespace()) == SearchOptions(0, ITERATIONS, None)
    options = SearchOptions(seed=1)
    assert SearchOptions.of(options) is options


def test_a_search_entry_builds_from_options_or_a_namespace() -> None:
    game: GameEntry = entry_of("tictactoe")
    problem = game.build(argparse.Namespace(moves=""))
    search = SEARCHES["mcts"].make(problem, Budget(), SearchOptions(seed=2, iterations=30))
    assert isinstance(search, MCTS) and search.iterations == 30
    again = SEARCHES["mcts"].make(problem, Budget(), argparse.Namespace(seed=2, iterations=30))
    assert isinstance(again, MCTS) and again.iterations == 30


def test_video_options_keep_what_the_namespace_lacks() -> None:
    options = VideoOptions.of(argparse.Namespace(fps=12.0, every=3, out="x.mp4"))
    assert (options.fps, options.every, options.duration, options.raw) == (12.0, 3, 20.0, False)
