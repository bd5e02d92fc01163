"""Deprecated: ``check_random_play`` moved to ``treesearch.checks`` (for one release)."""

from __future__ import annotations

import warnings

from treesearch.checks import RandomPlayReport, check_random_play

__all__ = ["RandomPlayReport", "check_random_play"]

warnings.warn(
    "treesearch.plugin_checks is deprecated: import from treesearch.checks (or treesearch)",
    DeprecationWarning,
    stacklevel=2,
)
