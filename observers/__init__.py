"""Observers: record, count, show progress, render video of a search run.

Observers import ``treesearch`` only; games hand them renderers.
"""

from observers.progress import ProgressObserver
from observers.recording import RecordingObserver
from observers.stats import StatsObserver

__all__ = ["ProgressObserver", "RecordingObserver", "StatsObserver"]
