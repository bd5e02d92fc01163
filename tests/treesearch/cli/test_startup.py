"""The command line starts light: ``list`` and ``--help`` load neither numba nor an engine."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from games.railroad_ink.entry import INK_BOTS

ROOT = Path(__file__).resolve().parents[3]

HEAVY = (
    "numba",
    "games._compile",
    "games.railroad_ink.rules",  # the game's package itself loads its names on first use
    "games.railroad_ink.engine",
    "games.railroad_ink.bots",
    "games.tron.flood",
)

PROBE = """\
import contextlib, io, sys
import treesearch.cli
with contextlib.redirect_stdout(io.StringIO()):
    try:
        code = treesearch.cli.main(sys.argv[1:])
    except SystemExit as exc:
        code = exc.code
print(code, *sorted(m for m in sys.modules if m in {heavy}))
""".replace("{heavy}", repr(set(HEAVY)))


@pytest.mark.parametrize("argv", [["list"], ["--help"], ["play", "--help"]])
def test_list_and_help_import_neither_numba_nor_the_engines(argv: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv],
        cwd=ROOT,
        env={k: v for k, v in os.environ.items() if k != "TREESEARCH_ENGINE"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0"], f"imported: {done.stdout.split()[1:]}"


def test_the_catalog_names_railroad_inks_bots_as_the_game_does() -> None:
    from games.railroad_ink import BOTS

    assert tuple(b.short for b in INK_BOTS) == BOTS
