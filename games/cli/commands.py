"""Deprecated: the commands moved to a module each (for one release).

``run`` is ``games.cli.run_command``, ``compare`` ``games.cli.compare_command``, ``video``
``games.cli.video_command``; the helpers they share are ``games.cli.common``. This module
re-exports them and warns on import.
"""

from __future__ import annotations

import warnings

from games.cli.common import (
    EXIT_INTERRUPTED,
    Work,
    budget_of,
    check_video_knobs,
    names_of,
    observers_of,
    table_of,
)
from games.cli.compare_command import prepare_compare
from games.cli.run_command import prepare_run
from games.cli.video_command import prepare_video

__all__ = [
    "EXIT_INTERRUPTED",
    "Work",
    "budget_of",
    "check_video_knobs",
    "names_of",
    "observers_of",
    "prepare_compare",
    "prepare_run",
    "prepare_video",
    "table_of",
]

warnings.warn(
    "games.cli.commands is deprecated: import from games.cli.common, run_command, "
    "compare_command or video_command",
    DeprecationWarning,
    stacklevel=2,
)
