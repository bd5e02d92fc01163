"""Output paths checked before any search starts, so a typo costs a second, not the run.

The checks are the observers' own (``observers.check_output``); here they are named after
the command-line option, so the one-line error says which option to fix.
"""

from __future__ import annotations

from pathlib import Path

from observers import check_output, sink_kind

__all__ = ["check_file", "check_folder", "check_video_path"]


def check_file(path: str | Path, option: str) -> None:
    """Make sure a file can be written at ``path`` (its folder made if missing).

    Raises:
        InvalidArgumentError: it is a folder, or cannot be created or written.
    """
    check_output(path, option)


def check_folder(path: Path, option: str) -> None:
    """Make sure ``path`` is (or can be made) a folder we can write files into.

    Raises:
        InvalidArgumentError: it is a file, or cannot be created or written.
    """
    check_output(path, option, folder=True)


def check_video_path(text: str, option: str = "--out") -> None:
    """Check a video target: ``.mp4``/``.gif`` file or a folder for PNG frames.

    Raises:
        InvalidArgumentError: an unknown suffix, a file path that is a folder, a folder
            path that is a file, or a path that cannot be created or written.
    """
    check_output(text, option, folder=sink_kind(text) == "png")
