"""The packages' docstrings and comments cite only documents the repository has."""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# A Markdown or reStructuredText file name, with the folders before it if any.
_CITED = re.compile(r"[\w./-]*\w\.(?:md|rst)\b")


@functools.cache
def _documents() -> frozenset[str]:
    """The names of the repository's documents (hidden folders, such as a venv's, skipped)."""
    names = set()
    for _folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [d for d in subfolders if not d.startswith(".")]
        names.update(f for f in files if f.endswith((".md", ".rst")))
    return frozenset(names)


def _missing(source: str) -> list[str]:
    """The documents ``source`` cites that exist neither from the root nor anywhere by name."""
    return [
        cited
        for cited in _CITED.findall(source)
        if not (ROOT / cited).is_file() and Path(cited).name not in _documents()
    ]


def test_a_cited_document_exists() -> None:
    found = {}
    for package in ("treesearch", "games", "observers"):
        for path in sorted((ROOT / package).rglob("*.py")):
            missing = _missing(path.read_text(encoding="utf-8"))
            if missing:
                found[str(path.relative_to(ROOT))] = missing
    assert found == {}


def test_a_missing_document_is_caught() -> None:
    source = "Rules as coded: ``GAMES.md`` section 2 (figures in benchmarks/RESULTS.md)."
    assert _missing(source) == ["GAMES.md"]


# Our own history: the seed documents the project grew from ("seed 001"), "the anchor".
_HISTORY = re.compile(r"\bseed 0\d\d\b|\bthe anchor\b|\banchor's\b", re.IGNORECASE)


def test_no_docstring_cites_our_history() -> None:
    found = {}
    for package in ("treesearch", "games", "observers"):
        for path in sorted((ROOT / package).rglob("*.py")):
            hits = _HISTORY.findall(path.read_text(encoding="utf-8"))
            if hits:
                found[str(path.relative_to(ROOT))] = hits
    assert found == {}
