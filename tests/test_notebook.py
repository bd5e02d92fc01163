"""The example notebook runs from top to bottom and shows what it says it shows.

It is executed by nbclient in a temporary working directory, with an ipykernel kernel run by
this test's own Python (a ``python3`` kernelspec written for ``sys.executable`` and found first
on ``JUPYTER_PATH``, so a kernel of another environment is never picked up), and the outputs
are read back: no errors or warnings, the search result's table, the video, the Railroad Ink
pictures.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "examples" / "notebook.ipynb"


def _outputs(nb: Any) -> list[tuple[int, dict[str, Any]]]:
    """Every output of every code cell, with the cell's index."""
    return [(i, out) for i, cell in enumerate(nb.cells) for out in cell.get("outputs", [])]


def _html(nb: Any) -> list[str]:
    """The text/html of every displayed output."""
    return [
        str(out["data"]["text/html"])
        for _, out in _outputs(nb)
        if "data" in out and "text/html" in out["data"]
    ]


def test_the_notebook_in_git_has_no_outputs() -> None:
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    code = [cell for cell in nb["cells"] if cell["cell_type"] == "code"]
    assert code
    for cell in code:
        assert cell["outputs"] == [], "strip the notebook's outputs before committing it"
        assert cell["execution_count"] is None
    assert nb["metadata"]["kernelspec"]["name"] == "python3"


@pytest.fixture
def executed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The notebook, executed in ``tmp_path`` by a kernel of this Python."""
    nbclient = pytest.importorskip(
        "nbclient", reason="nbclient is not installed (pip install '.[test]')"
    )
    nbformat = pytest.importorskip(
        "nbformat", reason="nbformat is not installed (pip install '.[test]')"
    )
    pytest.importorskip("ipykernel", reason="ipykernel is not installed (pip install '.[test]')")
    spec = tmp_path / "jupyter" / "kernels" / "python3"
    spec.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    kernel = {"argv": argv, "display_name": "Python 3 (tests)", "language": "python"}
    (spec / "kernel.json").write_text(json.dumps(kernel), encoding="utf-8")
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")  # no deprecation warning from jupyter_core
    # The kernel imports the code under test, whether or not it is installed.
    paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(paths))
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(
        nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(work)}}
    )
    client.execute()
    return nb


@pytest.mark.slow
def test_the_notebook_runs_and_shows_results_videos_and_pictures(executed: Any) -> None:
    nb = executed
    for i, out in _outputs(nb):
        assert out["output_type"] != "error", f"cell {i}: {out.get('ename')}: {out.get('evalue')}"
        assert out.get("name") != "stderr", f"cell {i} wrote to stderr: {out.get('text')}"
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert all(cell.execution_count for cell in code)
    html = _html(nb)
    tables = [h for h in html if '<table class="treesearch-result">' in h]
    assert len(tables) == 2  # BFS and A*
    assert all("solved" in t for t in tables)
    videos = [h for h in html if "<video controls loop" in h]
    assert len(videos) == 2  # the observer, then show() of its file
    assert all('src="data:video/mp4;base64,' in v for v in videos)
    pictures = [h for h in html if '<img alt="' in h and "data:image/png;base64," in h]
    assert len(pictures) == 3  # the maze, the final board, the board half-way
    assert any("greedy bot, seed 2, dice known" in p for p in pictures)
    printed = "".join(
        str(out.get("text", "")) for _, out in _outputs(nb) if out.get("name") == "stdout"
    )
    assert "BFS: " in printed and "A*: " in printed
    assert "videos go to" in printed
    assert list(Path.cwd().iterdir()) == []  # its videos went to a temporary folder
