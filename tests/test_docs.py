"""The README's and the documentation's examples run and print what they say; so do docstrings.

Every ``python`` block of ``README.md`` and of each ``docs/*.md`` page runs, the blocks of a
page in order and in one namespace (a tutorial builds on its earlier blocks), and a
``print(...)  # text`` line must print ``text``. Every ``treesearch ...`` line of an ``sh``
block runs as a command; a command that must not run goes in a ``console`` or ``text`` block.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import importlib.util
import io
import pkgutil
import re
import shlex
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
"""The README and the documentation's pages (the API reference is generated, not written)."""

_PRINT = re.compile(r"^\s*print\(.*\)\s+# (?P<expected>.+)$")


def _name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def _python_blocks(text: str = README) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def _expected_prints(block: str) -> list[str]:
    """The ``# ...`` comment after each ``print(...)`` line: what that line must print."""
    return [m["expected"].strip() for line in block.splitlines() if (m := _PRINT.match(line))]


def test_readme_has_checked_examples() -> None:
    blocks = _python_blocks()
    assert len(blocks) >= 2
    assert sum(len(_expected_prints(b)) for b in blocks) >= 3
    everywhere = [b for page in PAGES for b in _python_blocks(page.read_text())]
    assert len(everywhere) >= 4
    assert sum(len(_expected_prints(b)) for b in everywhere) >= 4


def _check_prints(where: str, block: str, output: str) -> None:
    printed = [line.strip() for line in output.splitlines()]
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
            pytest.fail(f"{where}: expected a line {want!r}, printed {printed!r}")


_PAGES_WITH_PYTHON = [p for p in PAGES if _python_blocks(p.read_text())]


@pytest.mark.parametrize("page", _PAGES_WITH_PYTHON, ids=_name)
def test_python_blocks_print_what_they_say(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # examples may write videos: never into the repository
    namespace: dict[str, object] = {"__name__": f"docs:{_name(page)}"}
    for index, block in enumerate(_python_blocks(page.read_text())):
        where = f"{_name(page)} block {index}"
        if "games.openspiel" in block and importlib.util.find_spec("pyspiel") is None:
            continue  # OpenSpiel is not installed (treesearch[openspiel])
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, where, "exec"), namespace)
        _check_prints(where, block, out.getvalue())


def test_video_snippet_writes_a_video(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    blocks = [b for p in PAGES for b in _python_blocks(p.read_text()) if "bfs.mp4" in b]
    assert blocks, "no page shows a video written to bfs.mp4 any more"
    for block in blocks:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, "bfs.mp4 snippet", "exec"), {})
    assert (tmp_path / "bfs.mp4").stat().st_size > 0


def _cli_lines() -> list[tuple[str, list[str]]]:
    commands = []
    for page in PAGES:
        for block in re.findall(r"```sh\n(.*?)```", page.read_text(), flags=re.S):
            for line in block.splitlines():
                line = line.split("  #", 1)[0].strip()
                if line.startswith("treesearch "):
                    commands.append((_name(page), shlex.split(line)[1:]))
    return commands


def test_the_command_line_page_shows_commands() -> None:
    assert sum(page == "docs/cli.md" for page, _ in _cli_lines()) >= 10


@pytest.mark.parametrize(
    "page, argv", _cli_lines(), ids=lambda x: x if isinstance(x, str) else " ".join(x)
)
def test_cli_lines_run(
    page: str, argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from treesearch.cli import main

    monkeypatch.chdir(tmp_path)
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(argv) == 0, f"{page}: treesearch {' '.join(argv)}"


def test_every_page_is_in_the_site() -> None:
    """Each ``docs/*.md`` page is in ``mkdocs.yml``'s navigation, so the site links to it."""
    nav = (ROOT / "mkdocs.yml").read_text().split("\nnav:", 1)[1]
    pages = sorted(p.relative_to(ROOT / "docs").as_posix() for p in (ROOT / "docs").rglob("*.md"))
    missing = [p for p in pages if f" {p}" not in nav]
    assert not missing, f"pages missing from mkdocs.yml's nav: {missing}"


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

    from treesearch import BFS, Budget
    from treesearch.cli.catalog import GAMES, SEARCHES

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
