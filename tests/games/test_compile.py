"""``games._compile``: the engine switch, checked, and numba's cache where nothing is writable."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Numba finds a cache folder by trying its locators in turn; each returns None where its folder
# is not writable (``__pycache__`` beside the source, the user's cache under HOME, ...). Tests
# run as root, whom chmod cannot stop from writing, so the subprocess makes every locator but
# NUMBA_CACHE_DIR's fail exactly as an unwritable install and home make them fail.
NOTHING_WRITABLE = """\
import sys, tempfile
from numba.core import caching
for name in ("InTreeCacheLocator", "UserWideCacheLocator", "IPythonCacheLocator",
             "ZipCacheLocator"):
    setattr(getattr(caching, name), "from_function", classmethod(lambda cls, f, p: None))
if sys.argv[1] == "no-temp":
    tempfile.tempdir = sys.argv[2] + "/a-file/not-a-folder"
import numpy as np
from games.tron import flood
import games.railroad_ink
print(int((flood._open(np.ones(9, np.uint8), np.zeros(2, np.uint8)) == flood.OPEN).sum()))
"""


def _run(code: str, *args: str, tmp: Path, **env: str) -> subprocess.CompletedProcess[str]:
    base = {
        k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "TREESEARCH_ENGINE")
    }
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env={**base, "TMPDIR": str(tmp), "HOME": str(tmp / "no-home"), **env},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_an_unwritable_install_caches_the_engines_in_a_temporary_folder(tmp_path: Path) -> None:
    """Numba's "no locator available" is caught: the cache moves to TMPDIR, said once."""
    pytest.importorskip("numba")
    done = _run(NOTHING_WRITABLE, "temp", tmp=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["9"]
    assert done.stderr.count("numba cannot cache") == 1, done.stderr
    assert "RuntimeWarning" in done.stderr
    folder = next(tmp_path.glob("treesearch-numba-*"))
    assert str(folder) in done.stderr
    assert any(p.suffix == ".nbi" for p in folder.rglob("*")), "nothing was cached there"


def test_with_no_writable_folder_at_all_the_engines_compile_without_a_cache(
    tmp_path: Path,
) -> None:
    pytest.importorskip("numba")
    (tmp_path / "a-file").write_text("")
    done = _run(NOTHING_WRITABLE, "no-temp", str(tmp_path), tmp=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["9"]
    assert done.stderr.count("numba cannot cache") == 1, done.stderr
    assert "every process compiles them anew" in done.stderr


@pytest.mark.parametrize("value", ["garbage", "pypy"])
def test_an_unknown_engine_is_refused_naming_the_accepted_ones(tmp_path: Path, value: str) -> None:
    done = _run("import games._compile", tmp=tmp_path, TREESEARCH_ENGINE=value)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("treesearch.errors.InvalidArgumentError: TREESEARCH_ENGINE must be")
    assert all(word in last for word in ("'python'", "'numba'", "empty", repr(value)))


@pytest.mark.parametrize("value", ["python", " Numba ", ""])
def test_the_accepted_engines_are_taken(tmp_path: Path, value: str) -> None:
    done = _run(
        "from games._compile import ENGINE; print(ENGINE)", tmp=tmp_path, TREESEARCH_ENGINE=value
    )
    assert done.returncode == 0, done.stderr
    compiled = importlib.util.find_spec("numba") is not None and value.strip() != "python"
    assert done.stdout.strip() == ("numba" if compiled else "python")


def test_the_command_line_refuses_an_unknown_engine_in_one_line(tmp_path: Path) -> None:
    code = "import sys, treesearch.cli; sys.exit(treesearch.cli.main(['play', 'railroad-ink']))"
    done = _run(code, tmp=tmp_path, TREESEARCH_ENGINE="garbage")
    assert done.returncode == 2
    assert done.stderr.startswith("treesearch: error: TREESEARCH_ENGINE must be 'python'")
    assert done.stderr.count("\n") == 1 and done.stdout == ""


TOY_KERNEL = """\
from toy._compile import jit
from toy.tables import VALUES


@jit
def total() -> int:
    return int(VALUES.sum())
"""


def test_an_edited_table_recompiles_the_functions_that_use_it(tmp_path: Path) -> None:
    """A cached function sees today's global arrays, though they live in another file."""
    pytest.importorskip("numba")
    toy = tmp_path / "toy"
    toy.mkdir()
    (toy / "__init__.py").write_text("")
    (toy / "_compile.py").write_text((ROOT / "games" / "_compile.py").read_text())
    (toy / "kernel.py").write_text(TOY_KERNEL)
    tables = toy / "tables.py"
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import toy.kernel; print(toy.kernel.total())"
    )
    answers = []
    for values in ("1, 2, 3", "1, 2, 3", "10, 20, 30"):
        tables.write_text(f"import numpy as np\n\nVALUES = np.array([{values}])\n")
        done = _run(code, str(tmp_path), tmp=tmp_path)
        assert done.returncode == 0, done.stderr
        answers.append(done.stdout.strip())
        assert any(p.suffix == ".nbi" for p in toy.rglob("*")), "nothing was cached"
    assert answers == ["6", "6", "60"]


def test_the_sources_digest_follows_every_file_of_the_package(tmp_path: Path) -> None:
    from games._compile import sources_digest

    (tmp_path / "a.py").write_text("A = 1\n")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.py").write_text("B = 1\n")
    first = sources_digest.__wrapped__(tmp_path)
    (tmp_path / "sub" / "b.py").write_text("B = 2\n")
    assert sources_digest.__wrapped__(tmp_path) != first
    (tmp_path / "sub" / "b.py").write_text("B = 1\n")
    assert sources_digest.__wrapped__(tmp_path) == first
