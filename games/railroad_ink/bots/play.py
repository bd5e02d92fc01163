"""Deprecated: whole games of Railroad Ink moved to ``games.railroad_ink.records``.

``GameRecord`` is now ``InkRecord`` (one name per record class across ``games``). This module
re-exports them for one release and warns on import.
"""

from __future__ import annotations

import warnings

from games.railroad_ink.records import PLAY_DICE, InkRecord, choices, play, replay

__all__ = ["PLAY_DICE", "GameRecord", "choices", "play", "replay"]

GameRecord = InkRecord

warnings.warn(
    "games.railroad_ink.bots.play is deprecated: import from games.railroad_ink.records "
    "(GameRecord is now InkRecord)",
    DeprecationWarning,
    stacklevel=2,
)
