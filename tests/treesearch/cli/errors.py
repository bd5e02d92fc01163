"""The command line's promise for a bad input, checked once for every test that needs it.

A bad value is refused with exit code 2 and one line on stderr, nothing on stdout: by the
parser while it reads the options (``treesearch run: error: argument --size: ...``, argparse
exits with ``SystemExit(2)``), or by a command's checks before any work (``treesearch:
error: ...``, ``main`` returns 2).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from treesearch.cli import main

__all__ = ["error_line"]


def error_line(argv: Sequence[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The one error line of ``treesearch ARGV``, checked to exit 2 with nothing run."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refused it while parsing
        code = exc.code  # type: ignore[assignment]
    captured = capsys.readouterr()
    assert code == 2, (code, captured.err)
    assert captured.out == "", captured.out  # nothing ran
    lines = [x for x in captured.err.splitlines() if not x.startswith("treesearch: warning: ")]
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("treesearch") and ": error: " in lines[0], lines[0]
    assert "Traceback" not in captured.err
    return lines[0]
