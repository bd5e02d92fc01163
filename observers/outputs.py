"""Output paths checked when an observer is created, so a long run never fails at close().

``sink_kind`` tells a video's format from its path; ``check_output`` proves a file or folder
can be written (creating missing parent folders) and refuses with one line naming the path
and the reason. The command line uses both to check its options before any search starts.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any, Literal

from treesearch.errors import InvalidArgumentError

__all__ = ["SinkKind", "check_output", "check_path", "sink_kind"]

SinkKind = Literal["mp4", "gif", "png"]


def check_path(path: Any, what: str) -> str:
    """``path`` as a str, if it is a str or an ``os.PathLike`` (not bytes, None, 3...).

    Raises:
        InvalidArgumentError: naming ``what`` the path was for, and the value.
    """
    if isinstance(path, (str, os.PathLike)):
        text = os.fspath(path)
        if isinstance(text, str) and text:
            return text
    raise InvalidArgumentError(
        f"the path of {what} must be a non-empty str or os.PathLike, got {path!r}"
    )


def sink_kind(path: str | os.PathLike[str]) -> SinkKind:
    """Tell the output format from a path: ``.mp4``, ``.gif``, or a folder for PNGs.

    Raises:
        InvalidArgumentError: the path has another suffix, or is not a path.
    """
    text = check_path(path, "a video")
    if text.endswith(("/", os.sep)):
        return "png"
    suffix = Path(text).suffix.lower()
    if suffix == "":
        return "png"
    if suffix == ".mp4":
        return "mp4"
    if suffix == ".gif":
        return "gif"
    raise InvalidArgumentError(
        f"cannot tell the video format of {text!r}: use a name ending in .mp4 or .gif, or a "
        "folder path without suffix (or ending in '/') for numbered PNG frames"
    )


def check_output(path: str | os.PathLike[str], what: str, *, folder: bool = False) -> Path:
    """Make sure ``path`` can be written, before any work is done, and return it.

    Missing parent folders are created (a folder output is created itself). Refused with a
    one-line error: a file path that is a folder, a folder path that is a file, a parent
    that is a file, a folder where no file can be created, a file that cannot be overwritten.

    Args:
        path: the output file (or folder, with ``folder=True``).
        what: what is written there, for the message (``"the GIF"``...).
        folder: the output is a folder (of PNG frames), not a file.

    Raises:
        InvalidArgumentError: the path cannot be written, or is not a path; the message names
            it and says why.
    """
    p = Path(check_path(path, what))
    try:
        reason = _refusal(p, folder)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
    if reason is not None:
        raise InvalidArgumentError(f"cannot write {what} to {str(p)!r}: {reason}")
    return p


def _refusal(p: Path, folder: bool) -> str | None:
    """Why ``p`` cannot be written, or None (after creating the folder that will hold it)."""
    if folder and p.exists() and not p.is_dir():
        return "it is a file, not a folder"
    if not folder and p.is_dir():
        return "it is a folder; give a file name"
    where = p if folder else p.parent
    for part in (where, *where.parents):
        if part.exists():
            if not part.is_dir():
                return f"{str(part)!r} is a file, not a folder"
            break
    where.mkdir(parents=True, exist_ok=True)
    if not folder and p.exists():
        return None if os.access(p, os.W_OK) else "it exists and cannot be overwritten"
    try:  # creating a file is the only sure test that one can be created
        with tempfile.TemporaryFile(dir=where):
            pass
    except OSError as exc:
        return f"cannot create a file in {str(where)!r} ({exc.strerror})"
    return None
