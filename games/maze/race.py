"""Videos of whole searches on a maze, and the race of several searches on one maze.

``render_search_video`` runs one search with a ``VideoObserver`` drawing an
``ExplorationRenderer``; ``search_race`` does that for several searches from the same start,
with colours on one scale so the videos compare (see ``examples/maze_race.py``).
``manhattan_to`` is the admissible A* heuristic they use, ``path_cost`` the turns of a route.
"""

from __future__ import annotations

import copy
import itertools
import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

import numpy as np

from games.maze.explore import CellOf, ExplorationRenderer, cell_of_state
from games.maze.grid import as_iterable
from games.maze.model import Maze, check_maze
from treesearch.budget import Budget
from treesearch.core import Observer, key_of
from treesearch.errors import InvalidArgumentError, IteratorContractError
from treesearch.events import Event, Visited
from treesearch.result import SearchResult, Status

if TYPE_CHECKING:
    from treesearch.search import TreeSearch

__all__ = ["RaceEntry", "manhattan_to", "path_cost", "render_search_video", "search_race"]

_NO_RNG = object()  # a search without an ``rng`` knob


def manhattan_to(
    maze: Maze, targets: Iterable[int], *, cell_of: CellOf | None = None
) -> Callable[[Any], int]:
    """An A* heuristic: grid (Manhattan) distance from a state's cell to the nearest target.

    Every move costs at least one turn (mud costs more) and walls only lengthen routes, so
    it never overestimates: A* with it finds a cheapest route to the nearest target.

    Args:
        maze: the maze (for its width).
        targets: the goal cells, e.g. ``maze.cheese``.
        cell_of: state -> cell; default ``cell_of_state``.

    Raises:
        InvalidArgumentError: no target, or a target that is not a cell of the maze.

    Examples:
        >>> maze = Maze(3, 3, [(0, 1), (1, 2), (2, 5), (5, 8)])
        >>> manhattan_to(maze, [8])(maze.start(0))
        4
    """
    check_maze(maze, "manhattan_to")
    cells = [maze._check_cell(c, "target cell") for c in as_iterable(targets, "targets")]
    if not cells:
        raise InvalidArgumentError("manhattan_to needs at least one target cell, got none")
    w = maze.width
    rcs = [divmod(c, w) for c in cells]
    locate = cell_of_state if cell_of is None else cell_of

    def heuristic(state: Any) -> int:
        r, c = divmod(locate(state), w)
        return min(abs(r - tr) + abs(c - tc) for tr, tc in rcs)

    return heuristic


def path_cost(path: Sequence[Any]) -> float:
    """Cost of a path of states: the sum of ``step_cost`` between consecutive states.

    On maze states that is the number of turns, mud included (a drilled wall costs the
    drill maze's ``drill_cost``).

    Examples:
        >>> maze = Maze(3, 1, [(0, 1), (1, 2, 4)])
        >>> path_cost([maze.start(0), maze.start(1), maze.start(2)])
        5
    """
    if isinstance(path, str) or not isinstance(path, Iterable):
        raise InvalidArgumentError(f"path must be a sequence of states, got {path!r}")
    try:
        total: float = sum((a.step_cost(b) for a, b in itertools.pairwise(path)), 0)
    except AttributeError:
        raise InvalidArgumentError(
            f"path must hold states with step_cost (maze states), got {path!r}"
        ) from None
    return total


def render_search_video(
    maze: Maze,
    search: TreeSearch,
    start: int | Any,
    path: str | os.PathLike[str],
    *,
    fps: float = 60,
    every: int | None = None,
    duration: float | None = None,
    max_frames: int | None = None,
    final_frames: int = 30,
    stamp: bool = False,
    panel: bool = True,
    title: str | None = None,
    renderer: ExplorationRenderer | None = None,
    cell_px: int = 24,
    color_by: Literal["order", "depth"] = "order",
    cell_of: CellOf | None = None,
) -> SearchResult:
    """Run ``search`` from ``start`` and write its exploration of ``maze`` as a video.

    The search keeps its own observers; the video observer is added for this run only.
    The output is opened before the search starts, so a bad path fails at once.

    With ``duration``, long searches stay watchable and drawing never eats the search's
    budget: the search first runs without video (its full budget, no render cost) while its
    visits are counted; then it runs again with the video, drawing every n-th visit so the
    video lasts about ``duration`` seconds (final frames included), under a node budget
    equal to what the first run used and no time limit. Random searches get one seed for
    both runs, so the second run replays the first exactly; the answer is checked to be
    the same.

    Args:
        maze: the maze searched.
        search: any search (BFS, DFS, Backtracking, A*...).
        start: a start cell (``maze.start(start)`` is used) or a start state (a tour or
            drill state, say).
        path: ``.mp4``, ``.gif`` or a folder for PNG frames (see ``VideoObserver``).
        fps: frames per second.
        every: draw every n-th visit only (long searches); default 1. Not with ``duration``.
        duration: target length of the video in seconds; chooses ``every`` as above.
        max_frames: stop the search (``Status.STOPPED``) after this many frames.
        final_frames: frames repeating the end, with the route, after the search finishes.
        stamp: stamp "step, depth, value" in the top-left corner.
        panel: draw the video observer's header panel (title, counters, legend); False
            for raw frames.
        title: the panel's title; default the search's class name.
        renderer: the renderer to use; default a new ``ExplorationRenderer`` built with
            ``cell_px``, ``color_by`` and ``cell_of`` (ignored when a renderer is given).
            Pass one to read its counters (``frames``...) afterwards.
        cell_px: side of a cell in pixels.
        color_by: ``"order"`` or ``"depth"``.
        cell_of: state -> cell, for states whose key is not the cell or ``(cell, ...)``.

    Returns:
        The search's result. With ``duration``, that of the run without video (its timings
        are the search's own), unless the video run was stopped (``max_frames``) or
        interrupted: then that run's.

    Raises:
        InvalidArgumentError: a bad argument, or both ``every`` and ``duration``.
        IteratorContractError: with ``duration``, the second run found another answer (the
            game or the search is not deterministic); use ``every`` instead.
    """
    from observers.video import VideoObserver

    _check_duration(duration, every)
    state = maze.start(int(start)) if _is_cell(start) else start
    if renderer is None:
        renderer = ExplorationRenderer(maze, cell_px=cell_px, color_by=color_by, cell_of=cell_of)
    elif renderer.maze is not maze:
        raise InvalidArgumentError(f"renderer draws {renderer.maze!r}, not {maze!r}")
    video = VideoObserver(
        path,
        renderer,
        fps=fps,
        every=1 if every is None else every,
        max_frames=max_frames,
        final_frames=final_frames,
        stamp=stamp,
        panel=panel,
        title=title,
    )
    with video:
        if duration is None:
            return search.run(state, observers=[video])
        first, result = _film_in(duration, search, state, video)
    if result.status in (Status.STOPPED, Status.INTERRUPTED):
        return result
    _check_replay(first, result, search)  # after the video is closed: it stays playable
    return first


def _is_cell(start: Any) -> bool:
    """True for a start given as a cell number (numpy integers too), not a state."""
    return isinstance(start, (int, np.integer)) and not isinstance(start, bool)


def _check_duration(duration: float | None, every: int | None) -> None:
    """Refuse a duration with ``every``, and one that is not a finite positive number."""
    if duration is None:
        return
    if every is not None:
        raise InvalidArgumentError(
            f"give every= or duration=, not both (got every={every!r}, duration={duration!r})"
        )
    if (
        isinstance(duration, bool)
        or not isinstance(duration, (int, float))
        or not (math.isfinite(duration) and duration > 0)
    ):
        raise InvalidArgumentError(
            f"duration must be a finite number of seconds > 0, got {duration!r}"
        )


def _film_in(
    duration: float, search: TreeSearch, state: Any, video: Any
) -> tuple[SearchResult, SearchResult]:
    """Run without video to count visits, then again drawing every n-th to last ``duration``.

    Returns both runs' results (the first twice when it was interrupted).
    """
    first, replay, visits = _measure(search, state)
    if first.status is Status.INTERRUPTED:
        return first, first
    wanted = max(1, round(duration * video.fps) - video.final_frames)
    video.every = max(1, math.ceil(visits / wanted))
    return first, replay.run(state, observers=[video])


class _VisitCounter(Observer):
    """Counts ``Visited`` events: the frames a video drawing every visit would have."""

    def __init__(self) -> None:
        self.visits = 0

    def notify(self, event: Event) -> None:
        if type(event) is Visited:
            self.visits += 1


def _measure(search: TreeSearch, state: Any) -> tuple[SearchResult, TreeSearch, int]:
    """Run a copy of ``search`` without its observers and count its visits.

    Returns its result, a twin that replays it under a node budget instead of a time limit,
    and the visits.
    """
    first, replay = copy.copy(search), copy.copy(search)
    first.observers = ()
    rng = getattr(search, "rng", _NO_RNG)
    if rng is None or isinstance(rng, np.random.Generator):  # not replayable as it is
        seed = int(np.random.default_rng(rng).integers(2**63))
        first.rng = replay.rng = seed  # type: ignore[attr-defined]
    counter = _VisitCounter()
    result = first.run(state, observers=[counter])
    b = search.budget
    nodes = b.max_nodes
    if result.stop_reason == "seconds":  # stop where the clock stopped the first run
        nodes = max(1, result.stats.expanded)
    replay.budget = Budget(max_nodes=nodes, max_depth=b.max_depth, max_iterations=b.max_iterations)
    return result, replay, counter.visits


def _check_replay(first: SearchResult, second: SearchResult, search: TreeSearch) -> None:
    def keys(result: SearchResult) -> list[Any]:
        return [key_of(s) if key_of(s) is not None else s for s in result.path]

    if first.status is not second.status or keys(first) != keys(second):
        raise IteratorContractError(
            f"{search!r} did not replay the same search for the video: first run "
            f"{first!r}, video run {second!r}; the game or the search is not deterministic, "
            "so pass every= instead of duration="
        )


class RaceEntry(NamedTuple):
    """One search of a ``search_race``: its video, result and route length and cost."""

    name: str
    """The name given to the search (also the video's file name)."""
    video: Path
    """The video written."""
    result: SearchResult
    """What the search returned."""
    frames: int
    """Frames in the video."""
    moves: int
    """Moves along the path found (0 when none)."""
    cost: float
    """Cost of the path found (turns, mud included; 0 when none)."""


def search_race(
    maze: Maze,
    start: int | Any,
    searches: Mapping[str, TreeSearch],
    out_dir: str | os.PathLike[str],
    *,
    suffix: str = ".mp4",
    fps: float = 60,
    every: int | None = None,
    duration: float | None = None,
    final_frames: int = 30,
    panel: bool = True,
    cell_px: int = 24,
    color_by: Literal["order", "depth"] = "order",
    cell_of: CellOf | None = None,
) -> list[RaceEntry]:
    """Run several searches from the same start and write one video each, ``<name><suffix>``.

    Colours follow visit order on the same scale in every video, so the videos compare
    directly: BFS's wave, DFS's snake and A* drawn towards the goal (with mud, which
    its distance heuristic cannot see, A* may still expand most of the maze).

    Args:
        maze: the maze.
        start: start cell or start state, the same for every search.
        searches: name -> search; names become file names.
        out_dir: folder for the videos (created if missing).
        suffix: ``".mp4"``, ``".gif"`` or ``""`` (folders of PNG frames).
        fps: frames per second.
        every: draw every n-th visit only; default 1. Not with ``duration``.
        duration: target length of each video in seconds (see ``render_search_video``).
        final_frames: frames lingering on the route at the end.
        panel: draw the header panel (title, counters, legend); False for raw frames.
        cell_px: side of a cell in pixels.
        color_by: ``"order"`` or ``"depth"``.
        cell_of: state -> cell, for unusual states.

    Returns:
        One entry per search, in the order given; a search interrupted by Ctrl-C ends the
        race (its entry, with ``Status.INTERRUPTED``, is the last).
    """
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    entries = []
    for name, search in searches.items():
        renderer = ExplorationRenderer(maze, cell_px=cell_px, color_by=color_by, cell_of=cell_of)
        video = folder / f"{name}{suffix}"
        result = render_search_video(
            maze,
            search,
            start,
            video,
            fps=fps,
            every=every,
            duration=duration,
            final_frames=final_frames,
            panel=panel,
            renderer=renderer,
        )
        moves = max(len(result.path) - 1, 0)
        entries.append(
            RaceEntry(name, video, result, renderer.frames, moves, path_cost(result.path))
        )
        if result.status is Status.INTERRUPTED:
            break
    return entries
