"""Deprecated: the ``play`` command moved to ``games.cli.play_command`` (for one release)."""

from __future__ import annotations

import warnings

from games.cli.play_command import prepare_play

__all__ = ["prepare_play"]

warnings.warn(
    "games.cli.play is deprecated: import from games.cli.play_command",
    DeprecationWarning,
    stacklevel=2,
)
