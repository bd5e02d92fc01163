"""Deprecated: ``compare``'s entrants moved to ``games.cli.entrants`` (for one release)."""

from __future__ import annotations

import warnings

from games.cli.entrants import Entrant, entrants, measure

__all__ = ["Entrant", "entrants", "measure"]

warnings.warn(
    "games.cli.harness is deprecated: import from games.cli.entrants",
    DeprecationWarning,
    stacklevel=2,
)
