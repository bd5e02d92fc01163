"""Broken plugins: one line in ``list`` naming each and its fault, the rest still working.

A plugin that fails to load, exits or raises is named (with its distribution) by
``list`` and by a command that asks for it, in one line with exit code 2 and no
traceback; a signal while a plugin loads still stops the command.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.plugin_fakes import fake_dist, plugin_path
from treesearch.cli import main


def _one_line(err: str) -> str:
    """The only line of ``err``, which must be one line with no traceback."""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def _error_line(err: str) -> str:
    """The one error line of ``err``; any other line is a warning (a broken plugin's)."""
    errors = [x for x in err.splitlines() if not x.startswith("treesearch: warning: ")]
    return _one_line("\n".join(errors))


# ------------------------------------------------------------------------ broken plugins
TICKS = """
class Tick:
    def __init__(self, n=0):
        self.n = n
    def get_children(self):
        return [Tick(self.n + 1)] if self.n < 4 else []
    def is_goal(self):
        return self.n == 3
    def key(self):
        return self.n

def make(*, seed=0, size=None):
    if seed == 7:
        import sys
        sys.exit("seed 7 is not mine")
    if seed == 8:
        raise RuntimeError("seed 8\\nspans\\nlines")
    return Tick()

def exits_on_make(*, seed=0, size=None):
    import sys
    sys.exit(4)
"""

SEARCHES = """
import sys
from treesearch import BFS

def exits(*, goal, budget):
    sys.exit(5)

def raises(*, goal, budget):
    raise LookupError("no search today")

NUMBER = 5
"""

OBSERVERS = """
import sys

def exits():
    sys.exit(6)

NUMBER = 6
"""

BROKEN_PLUGINS: list[tuple[str, str, str, str]] = [
    # (group, name, entry point, what the line in ``list`` must say)
    ("treesearch.games", "g-exit", "ts_exit:X", "it called sys.exit(3)"),
    ("treesearch.games", "g-exitmsg", "ts_exitmsg:X", "it called sys.exit('bye')"),
    ("treesearch.games", "g-import", "ts_import:X", "ModuleNotFoundError"),
    ("treesearch.games", "g-lines", "ts_lines:X", "RuntimeError: first / second / third"),
    ("treesearch.games", "g-number", "ts_ticks:NUMBER", "must be a GamePlugin"),
    ("treesearch.games", "g-makeexit", "ts_ticks:exits_on_make", "sys.exit(4)"),
    ("treesearch.games", "g-missing", "ts_ticks:nothing_here", "AttributeError"),
    ("treesearch.searches", "s-exit", "ts_exit:X", "it called sys.exit(3)"),
    ("treesearch.searches", "s-number", "ts_search:NUMBER", "must be a TreeSearch subclass"),
    ("treesearch.observers", "o-exit", "ts_exit:X", "it called sys.exit(3)"),
    ("treesearch.observers", "o-number", "ts_observer:NUMBER", "must be an Observer"),
]


@pytest.fixture
def broken_plugins(tmp_path: Path) -> Iterator[None]:
    """A distribution with one good game and every kind of broken plugin."""
    groups: dict[str, dict[str, str]] = {
        "treesearch.games": {"ticks": "ts_ticks:make"},
        "treesearch.searches": {"s-runexit": "ts_search:exits", "s-raises": "ts_search:raises"},
        "treesearch.observers": {"o-runexit": "ts_observer:exits"},
    }
    for group, name, value, _ in BROKEN_PLUGINS:
        groups[group][name] = value
    modules = {
        "ts_ticks": TICKS.replace("\n\ndef make", "\n\nNUMBER = 5\n\n\ndef make"),
        "ts_exit": "import sys\nsys.exit(3)\n",
        "ts_exitmsg": "import sys\nsys.exit('bye')\n",
        "ts_import": "import ts_no_such_module_anywhere\n",
        "ts_lines": "raise RuntimeError('first\\nsecond\\n\\nthird')\n",
        "ts_search": SEARCHES,
        "ts_observer": OBSERVERS,
    }
    fake_dist(tmp_path / "site", "ts-broken", "0.3", groups, modules)
    with plugin_path(tmp_path / "site"):
        yield


@pytest.mark.usefixtures("broken_plugins")
def test_list_shows_each_broken_plugin_on_one_line_and_the_rest(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for _, name, _, fault in BROKEN_PLUGINS:
        mine = [x for x in lines if x.split()[:1] == [name]]
        assert len(mine) == 1, (name, lines)
        assert "(broken)" in mine[0] and "ts-broken 0.3" in mine[0], mine[0]
        assert fault in mine[0], mine[0]
    ticks = next(x for x in lines if x.split()[:1] == ["ticks"])
    assert ticks.split()[1:4] == ["path", "ts-broken", "0.3"]
    assert any(x.split()[:1] == ["maze"] for x in lines)  # the bundled games are all there


@pytest.mark.usefixtures("broken_plugins")
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["run", "--game", "g-exit"], "game plugin 'g-exit' (ts_exit:X) from ts-broken 0.3"),
        (["run", "--game", "g-lines"], "RuntimeError: first / second / third"),
        (["run", "--game", "ticks", "--seed", "7"], "sys.exit('seed 7 is not mine')"),
        (["run", "--game", "ticks", "--seed", "8"], "for seed 8 failed: RuntimeError: seed 8 /"),
        (["run", "--game", "ticks", "--search", "s-exit"], "search plugin 's-exit'"),
        (["run", "--game", "ticks", "--search", "s-runexit"], "it called sys.exit(5)"),
        (["run", "--game", "ticks", "--search", "s-raises"], "LookupError: no search today"),
        (["run", "--game", "ticks", "--observers", "o-exit"], "observer plugin 'o-exit'"),
        (["run", "--game", "ticks", "--observers", "o-runexit"], "it called sys.exit(6)"),
    ],
)
def test_a_broken_plugin_named_by_a_command_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    line = _error_line(capsys.readouterr().err)
    assert line.startswith("treesearch: error: ") and message in line, line
    assert main(["run", "--game", "ticks", "--search", "bfs"]) == 0  # the rest still works
    assert "path: 0 -> 1 -> 2 -> 3" in capsys.readouterr().out


def test_ctrl_c_while_a_plugin_loads_still_stops_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_dist(
        tmp_path,
        "ts-ctrlc",
        "1.0",
        {"treesearch.games": {"ctrlc": "ts_ctrlc:X"}},
        {"ts_ctrlc": "raise KeyboardInterrupt\n"},
    )
    with plugin_path(tmp_path):
        assert main(["list"]) == 130
    assert "interrupted" in capsys.readouterr().err


# ----------------------------------------------------------------------------- signals
@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_while_a_plugin_loads_ends_list_at_once(
    sig: signal.Signals, code: int, tmp_path: Path
) -> None:
    """A plugin stuck in its import (here: sleeping) does not keep ``list`` from stopping."""
    marker = tmp_path / "importing"
    fake_dist(
        tmp_path,
        "ts-slow",
        "1.0",
        {"treesearch.games": {"slow": "ts_slow:X"}},
        {"ts_slow": f"import pathlib, time\npathlib.Path({str(marker)!r}).touch()\ntime.sleep(30)"},
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    proc = subprocess.Popen(
        [sys.executable, "-m", "treesearch.cli", "list"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        for _ in range(200):  # up to 10 s on a loaded machine; about 1 s usually
            if marker.exists() or proc.poll() is not None:
                break
            time.sleep(0.05)
        assert marker.exists(), "the plugin was never imported"
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert proc.returncode in (code, -sig), (proc.returncode, err)  # a shell shows 128 + sig
    assert "Traceback" not in err
    if sig == signal.SIGINT:
        assert err.strip() == "treesearch: interrupted", err
