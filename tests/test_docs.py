"""The README's examples run and print what the README says; every docstring example runs."""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import pkgutil
import re
import shlex
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()

_PRINT = re.compile(r"^\s*print\(.*\)\s+# (?P<expected>.+)$")


def _python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README, flags=re.S)


def _expected_prints(block: str) -> list[str]:
    """The ``# ...`` comment after each ``print(...)`` line: what that line must print."""
    return [m["expected"].strip() for line in block.splitlines() if (m := _PRINT.match(line))]


def test_readme_has_checked_examples() -> None:
    blocks = _python_blocks()
    assert len(blocks) >= 4
    assert sum(len(_expected_prints(b)) for b in blocks) >= 4


@pytest.mark.parametrize("index", range(len(_python_blocks())))
def test_readme_python_block_prints_what_it_says(
    index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # examples may write videos: never into the repository
    block = _python_blocks()[index]
    if "games.openspiel" in block:
        pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (treesearch[openspiel])")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, f"README.md block {index}", "exec"), {})
    printed = [line.strip() for line in out.getvalue().splitlines()]
    expected = _expected_prints(block)
    # Each commented print appears in order; a comment may end in "..." to match a prefix.
    assert len(printed) >= len(expected), printed
    lines = iter(printed)
    for want in expected:
        want_prefix = want.removesuffix("...").strip() if want.endswith("...") else None
        for got in lines:
            if got == want or (want_prefix is not None and got.startswith(want_prefix)):
                break
        else:
            pytest.fail(f"README block {index}: expected a line {want!r}, printed {printed!r}")


def test_readme_video_snippet_writes_a_video(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for block in _python_blocks():
        if "VideoObserver(" in block:
            exec(compile(block, "README.md", "exec"), {})
    assert (tmp_path / "bfs.mp4").stat().st_size > 0


def _cli_lines() -> list[list[str]]:
    section = README.split("## Command line", 1)[1].split("\n## ", 1)[0]
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", section, flags=re.S):
        for line in block.splitlines():
            line = line.split("  #", 1)[0].strip()
            if line.startswith("treesearch "):
                commands.append(shlex.split(line)[1:])
    return commands


@pytest.mark.parametrize("argv", _cli_lines(), ids=" ".join)
def test_readme_cli_lines_run(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.cli import main

    monkeypatch.chdir(tmp_path)
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(argv) == 0


def _modules() -> list[str]:
    names = []
    for package in ("treesearch", "games", "observers"):
        pkg = importlib.import_module(package)
        names.append(package)
        for info in pkgutil.walk_packages(pkg.__path__, prefix=f"{package}."):
            names.append(info.name)
    return names


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    if name == "games.openspiel":
        pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (treesearch[openspiel])")
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


_PICTURE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)|<img[^>]*\ssrc=\"([^\"]+)\"")


def test_every_picture_the_docs_show_is_committed() -> None:
    """A picture the README (or a page in docs/) shows is in git, not only on one disk."""
    try:
        listed = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    tracked = set(listed)
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    shown = [
        (page.relative_to(ROOT), (page.parent / (m[0] or m[1])).resolve().relative_to(ROOT))
        for page in pages
        for m in _PICTURE.findall(page.read_text())
        if not (m[0] or m[1]).startswith(("http://", "https://"))
    ]
    assert len(shown) >= 3, shown
    missing = [f"{page}: {pic}" for page, pic in shown if pic.as_posix() not in tracked]
    assert not missing, f"pictures shown but not committed: {missing}"


def test_readme_says_how_much_of_the_demo_maze_each_search_expands() -> None:
    """The Quickstart's counts of expanded cells are those of the demo's maze (21x21, seed 0)."""
    from types import SimpleNamespace

    from games.cli.catalog import GAMES, SEARCHES
    from treesearch import BFS, Budget

    said = re.search(
        r"of the demo maze's (\d+) open\s+cells, BFS expands (\d+), DFS (\d+) and A\* (\d+), "
        r"or (\d+)%",
        README,
    )
    assert said is not None, "the Quickstart no longer says what the demo's searches expand"
    args = SimpleNamespace(size=21, seed=0)
    maze = GAMES["maze"].build(args)  # type: ignore[arg-type]
    cells = BFS().run(maze.start).stats.visited  # no goal: every reachable cell
    counts = [
        SEARCHES[n].make(maze, Budget(), args).run(maze.start).stats.expanded  # type: ignore[arg-type]
        for n in ("bfs", "dfs", "astar")
    ]
    assert [int(x) for x in said.groups()] == [cells, *counts, round(100 * counts[2] / cells)]
