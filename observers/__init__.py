"""Observers: record, count, show progress, render video of a search run.

Observers import ``treesearch`` only; games hand them renderers. ``Exploration`` is the one
reading of a search's events on a grid (reached cells, frontier, current cell, path, route)
that the grid overlays (``GridOverlay``, ``FrameGridOverlay``) and the maze's
``games.maze.ExplorationRenderer`` draw from. In a notebook, ``show(path)`` displays a video,
picture or replay file inline (``observers.notebook``), as a closed ``VideoObserver`` does.
"""

from observers.colors import VIRIDIS, colormap, palette
from observers.episodes import Episode, EpisodeCollector
from observers.exploration import Exploration
from observers.html_replay import HtmlReplay
from observers.mcts_mirror import MCTSMirror
from observers.mcts_view import MCTSView
from observers.notebook import Inline, show
from observers.outputs import check_output, sink_kind
from observers.overlay import FrameGridOverlay, GridOverlay
from observers.panel import Panel, PanelInfo
from observers.progress import ProgressObserver
from observers.recording import RecordingObserver
from observers.stats import StatsObserver
from observers.tile_canvas import (
    AccumulatingRenderer,
    Frame,
    FrameRenderer,
    LegendEntry,
    LegendRenderer,
    PacedRenderer,
    Renderer,
    TileCanvas,
    TileRenderer,
)
from observers.trace import (
    StateWalk,
    TraceRecord,
    TraceWriter,
    read_header,
    read_trace,
    replay,
    states_by_walk,
)
from observers.tree_export import TreeExport
from observers.video import VideoObserver

__all__ = [
    "VIRIDIS",
    "AccumulatingRenderer",
    "Episode",
    "EpisodeCollector",
    "Exploration",
    "Frame",
    "FrameGridOverlay",
    "FrameRenderer",
    "GridOverlay",
    "HtmlReplay",
    "Inline",
    "LegendEntry",
    "LegendRenderer",
    "MCTSMirror",
    "MCTSView",
    "PacedRenderer",
    "Panel",
    "PanelInfo",
    "ProgressObserver",
    "RecordingObserver",
    "Renderer",
    "StateWalk",
    "StatsObserver",
    "TileCanvas",
    "TileRenderer",
    "TraceRecord",
    "TraceWriter",
    "TreeExport",
    "VideoObserver",
    "check_output",
    "colormap",
    "palette",
    "read_header",
    "read_trace",
    "replay",
    "show",
    "sink_kind",
    "states_by_walk",
]
