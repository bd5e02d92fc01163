"""Output paths checked before any search starts, so a typo costs a second, not the run.

Each check creates missing parent folders, then proves the target writable by creating
(and removing) it or a probe file in it; a failure is one ``InvalidArgumentError`` naming
the option, the path and the reason.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from observers._sinks import sink_kind
from treesearch import InvalidArgumentError

__all__ = ["check_folder", "check_video_path"]


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def check_folder(path: Path, option: str) -> None:
    """Make sure ``path`` is (or can be made) a folder we can write files into.

    Raises:
        InvalidArgumentError: it is a file, or cannot be created or written.
    """
    if path.exists() and not path.is_dir():
        raise InvalidArgumentError(
            f"{option} {str(path)!r} is a file, not a folder; give a folder path"
        )
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        raise InvalidArgumentError(
            f"{option} {str(path)!r} cannot be written: {_why(exc)}"
        ) from None


def check_video_path(text: str, option: str = "--out") -> None:
    """Check a video target: ``.mp4``/``.gif`` file or a folder for PNG frames.

    Raises:
        InvalidArgumentError: an unknown suffix, a file path that is a folder, a folder
            path that is a file, or a path that cannot be created or written.
    """
    kind = sink_kind(text)
    path = Path(text)
    if kind == "png":
        check_folder(path, option)
        return
    if path.is_dir():
        raise InvalidArgumentError(
            f"{option} {text!r} is a folder; give a file name ending in .{kind} (or a folder "
            "path without suffix for PNG frames)"
        )
    existed = path.exists()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "ab"):  # appending leaves an existing file as it is
            pass
    except OSError as exc:
        raise InvalidArgumentError(f"{option} {text!r} cannot be written: {_why(exc)}") from None
    if not existed:
        with contextlib.suppress(OSError):
            os.remove(path)
