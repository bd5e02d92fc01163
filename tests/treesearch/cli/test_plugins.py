"""Plugins through the command line: fake distributions on sys.path, found by entry points."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

from tests.plugin_fakes import fake_dist, plugin_path
from treesearch.cli import main
from treesearch.cli.catalog import GAMES, OBSERVERS, SEARCHES

TICKS = '''
class Tick:
    """Counts up from 0 to 5; the goal is 3."""
    def __init__(self, n=0, top=5):
        self.n, self.top = n, top
    def get_children(self):
        return [Tick(self.n + 1, self.top)] if self.n < self.top else []
    def is_goal(self):
        return self.n == 3
    def is_terminal(self):
        return self.n >= self.top
    def step_cost(self, child):
        return 1
    def key(self):
        return self.n
    def __repr__(self):
        return f"Tick({self.n})"

def make(*, seed=0, size=None):
    return Tick(0, size or 5)
'''

DUEL = '''
class Pile:
    """Take 1 or 2 from a pile; whoever takes the last wins. returns() may be broken."""
    def __init__(self, n, to_move=0, broken=False):
        self.n, self.to_move, self.broken = n, to_move, broken
    def get_children(self):
        return [Pile(self.n - k, 1 - self.to_move, self.broken) for k in (1, 2) if k <= self.n]
    def player(self):
        return self.to_move
    def returns(self):
        winner = 1 - self.to_move
        rewards = [1.0 if p == winner else -1.0 for p in (0, 1)]
        return rewards[:1] if self.broken else rewards
    def key(self):
        return (self.n, self.to_move)
    def __repr__(self):
        return f"Pile({self.n}, {self.to_move})"

def make(*, seed=0, size=None):
    return Pile(size or 7)

def broken(*, seed=0, size=None):
    return Pile(size or 7, broken=True)
'''

SEARCH = '''
from treesearch import BFS

def plain_bfs(*, goal, budget):
    """BFS again, from a plugin."""
    return BFS(goal=goal, budget=budget)
'''

OBSERVER = '''
from treesearch import Observer

class Tally(Observer):
    """Counts visits and prints them at the end."""
    def __init__(self):
        self.visits = 0
    def observe(self, state):
        self.visits += 1
    def close(self):
        print(f"tally: {self.visits} visits")
'''


@pytest.fixture
def plugins(tmp_path: Path) -> object:
    fake_dist(
        tmp_path,
        "ts-ticks",
        "1.2.0",
        {
            "treesearch.games": {
                "ticks": "tsticks:make",
                "pile": "tsduel:make",
                "badpile": "tsduel:broken",
                "crashes": "tscrash:make",
                "maze": "tsticks:make",
            },
            "treesearch.searches": {"plainbfs": "tssearch:plain_bfs"},
            "treesearch.observers": {"tally": "tsobserver:Tally"},
        },
        {
            "tsticks": TICKS,
            "tsduel": DUEL,
            "tscrash": "raise RuntimeError('no luck')\n",
            "tssearch": SEARCH,
            "tsobserver": OBSERVER,
        },
    )
    with plugin_path(tmp_path):
        yield


@pytest.mark.usefixtures("plugins")
def test_plugin_names_are_found_without_importing_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", "--game", "seed-tree", "--search", "bfs"]) == 0
    assert "ticks" in GAMES.pending and "tsticks" not in sys.modules
    assert main(["run", "--game", "ticks", "--search", "bfs"]) == 0
    out = capsys.readouterr().out
    assert "path: 0 -> 1 -> 2 -> 3" in out
    assert GAMES["ticks"].source == "ts-ticks 1.2.0" and "tscrash" not in sys.modules


@pytest.mark.usefixtures("plugins")
def test_list_shows_sources_and_one_line_per_broken_plugin(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()

    def line(name: str) -> str:
        return next(x for x in lines if x.split()[:1] == [name])

    assert line("ticks").split()[1:4] == ["path", "ts-ticks", "1.2.0"]
    assert line("pile").split()[1] == "duel"
    assert line("plainbfs").split()[1] == "path"
    assert "Counts visits" in line("tally")
    broken = [x for x in lines if "crashes" in x]
    assert len(broken) == 1 and "ts-ticks 1.2.0" in broken[0]
    assert "RuntimeError: no luck" in broken[0]
    assert line("maze").split()[2] == "bundled"  # the bundled maze, listed once
    assert sum(x.split()[:1] == ["maze"] for x in lines) == 1


@pytest.mark.usefixtures("plugins")
def test_a_broken_plugin_is_an_error_when_named_and_harmless_otherwise(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", "--game", "crashes"]) == 2
    err = capsys.readouterr().err
    assert "ts-ticks 1.2.0" in err and "RuntimeError: no luck" in err
    assert main(["run", "--game", "ticks", "--search", "dfs"]) == 0


@pytest.mark.usefixtures("plugins")
def test_a_clash_with_a_bundled_name_warns_and_the_bundled_one_wins(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", "--game", "maze", "--size", "5", "--search", "bfs"]) == 0
    captured = capsys.readouterr()
    assert "warning: game 'maze' of plugin ts-ticks 1.2.0 (tsticks:make)" in captured.err
    assert "the bundled one is used" in captured.err
    assert "a 5x5 maze" in captured.out and GAMES["maze"].source == "bundled"


@pytest.mark.usefixtures("plugins")
def test_plugin_search_and_observer_run_on_bundled_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["run", "--game", "maze", "--size", "5", "--search", "plainbfs"]
    assert main([*args, "--observers", "tally,progress"]) == 0
    out = capsys.readouterr().out
    assert "plainbfs" in out and "solved" in out
    assert "tally:" in out and int(out.split("tally: ")[1].split()[0]) > 0
    assert SEARCHES["plainbfs"].kinds == ("path",) and OBSERVERS["tally"].make is not None
    assert main(["compare", "--game", "ticks"]) == 0  # every path search, the plugin's too
    assert "plainbfs" in capsys.readouterr().out


@pytest.mark.usefixtures("plugins")
def test_observers_option_refuses_observers_only_a_command_attaches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["run", "--game", "ticks", "--observers", "video"]) == 2
    err = capsys.readouterr().err
    assert "'video' cannot be attached by --observers" in err and "tally" in err


@pytest.mark.usefixtures("plugins")
def test_a_plugin_duel_is_played_and_searched(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "pile", "--bots", "alphabeta,random", "--games", "2"]) == 0
    assert "game 2:" in capsys.readouterr().out
    assert main(["run", "--game", "pile", "--search", "alphabeta"]) == 0
    assert "move: player 0 plays" in capsys.readouterr().out


@pytest.mark.usefixtures("plugins")
def test_check_passes_a_good_plugin_and_names_the_fault_of_a_broken_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "pile", "--seeds", "2", "--games", "5"]) == 0
    out = capsys.readouterr().out
    assert "random play: 5 games to the end, 2 player(s)" in out and "ok: pile" in out
    assert main(["check", "badpile"]) == 1
    err = capsys.readouterr().err
    assert "FAILED badpile at seed 0" in err and "returns()" in err


@pytest.mark.usefixtures("plugins")
def test_size_reaches_a_plugin_only_when_given(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--game", "ticks", "--search", "bfs", "--size", "2"]) == 0
    assert "exhausted" in capsys.readouterr().out  # 0 -> 1 -> 2: the goal 3 is not there
    default = argparse.Namespace(seed=0, size=30, size_given=False)
    assert GAMES["ticks"].make(default).start.top == 5
    given = argparse.Namespace(seed=0, size=2, size_given=True)
    assert GAMES["ticks"].make(given).start.top == 2


def test_bundled_entries_are_unchanged_by_discovery(tmp_path: Path) -> None:
    before = {n: (e.kind, e.source) for n, e in GAMES.items()}
    searches = {n: e.kinds for n, e in SEARCHES.items()}
    fake_dist(
        tmp_path,
        "other",
        "0.1",
        {"treesearch.games": {"ticks": "tsticks:make"}},
        {"tsticks": TICKS},
    )
    with plugin_path(tmp_path):
        assert main(["list"]) == 0
        assert "ticks" in GAMES
    assert {n: (e.kind, e.source) for n, e in GAMES.items()} == before
    assert {n: e.kinds for n, e in SEARCHES.items()} == searches


def test_check_works_for_bundled_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "maze", "--seeds", "2", "--states", "100"]) == 0
    out = capsys.readouterr().out
    assert "checking maze (path game from bundled)" in out and "seed 1: check_iterator" in out
    assert main(["check", "tictactoe", "--seeds", "1", "--games", "10"]) == 0
    assert "random play: 10 games to the end, 2 player(s)" in capsys.readouterr().out


RUDE = '''
import sys
from tsduel import Pile

class Quits(Pile):
    """get_children() ends the process."""
    def get_children(self):
        sys.exit(3)

class Endless(Pile):
    """get_children() never stops giving children."""
    def get_children(self):
        while True:
            yield Endless(self.n, 1 - self.to_move)

def quits(*, seed=0, size=None):
    return Quits(7)

def endless(*, seed=0, size=None):
    return Endless(7)
'''


@pytest.fixture
def rude_plugins(tmp_path: Path) -> object:
    fake_dist(
        tmp_path,
        "ts-rude",
        "0.1",
        {"treesearch.games": {"quits": "tsrude:quits", "endless": "tsrude:endless"}},
        {"tsrude": RUDE, "tsduel": DUEL},
    )
    with plugin_path(tmp_path):
        yield


@pytest.mark.usefixtures("rude_plugins")
def test_check_names_a_plugin_that_exits_or_never_stops_giving_children(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", "quits"]) == 1
    err = capsys.readouterr().err
    assert "FAILED quits at seed 0" in err and "get_children()" in err and "SystemExit: 3" in err
    assert main(["check", "endless"]) == 1
    err = capsys.readouterr().err
    assert "FAILED endless at seed 0" in err and "more than 10000 children" in err
