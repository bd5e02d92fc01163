"""Videos of a search exploring a maze: what it has seen, its frontier, and the route found.

``ExplorationRenderer`` is a whole-frame renderer for ``observers.VideoObserver`` that also
listens to every event (``update``). Over the maze as ``MazeRenderer`` draws it (walls, mud
with its weight, cheese) it shows the reached cells tinted by visit order or depth
(viridis), the frontier in pink, the current cell as the player (BFS spreads as a wave,
DFS snakes ahead, backtracking walks back), the goal as a chequered flag, and the route
once it is found. ``legend()`` says all of this to the video's panel.

What the events mean (reached cells, frontier, route) is read by ``observers.Exploration``,
the reader that ``observers.GridOverlay`` and ``observers.FrameGridOverlay`` use as well, so
the three draw the same search the same way; this module only paints.

The frame is one persistent buffer: only the cells whose look changed since the previous
frame are repainted (a BFS step repaints a handful of cells whatever the maze size), so the
cost of a video is the encoder's. ``games.maze.race`` wires it into videos of whole
searches (``render_search_video``, ``search_race``). ``observers.FrameGridOverlay`` draws
the same for any grid game, re-tinting the whole frame for every state.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import Any, Literal

import numpy as np

from games.maze.model import Maze, as_int
from games.maze.render import FLOOR, MazeRenderer, route_arms
from observers.colors import VIRIDIS, Colour, colormap
from observers.exploration import EXPANDED, Exploration, reached_legend
from observers.exploration import FRONTIER as _OPEN
from observers.tile_canvas import LegendEntry
from treesearch.errors import InvalidArgumentError
from treesearch.events import Event, SearchStarted, SolutionImproved
from treesearch.traversal import BFS

__all__ = [
    "FRONTIER",
    "ROUTE",
    "VIRIDIS",
    "CellOf",
    "ExplorationRenderer",
    "cell_of_state",
    "colormap",
]

FRONTIER: Colour = (255, 120, 190)
"""Colour of frontier cells (generated or reached, not yet expanded)."""
ROUTE: Colour = (215, 25, 95)
"""Colour of the line drawn along the route found."""

_PRISTINE: tuple[Colour | None, int, bool, bool] = (None, 0, False, False)

CellOf = Callable[[Any], int]
"""Maps a search state to the maze cell it stands on."""


def cell_of_state(state: Any) -> int:
    """The cell of a maze state: its key when that is an int, else the key's first item.

    That covers ``MazeCell`` (key = cell), ``TourState`` (``(cell, remaining)``) and
    ``DrillState`` (``(cell, drills, pickups)``).

    Raises:
        InvalidArgumentError: the key is neither an int nor a tuple starting with one.

    Examples:
        >>> maze = Maze(2, 1, [(0, 1)], cheese=[1])
        >>> cell_of_state(maze.start(1)), cell_of_state(maze.tour(0))
        (1, 0)
    """
    try:
        key = state.key()
    except AttributeError:  # free when it succeeds: no check on the per-state path
        raise InvalidArgumentError(
            f"cannot tell the maze cell of {state!r}: it has no key(); pass cell_of=..."
        ) from None
    if isinstance(key, tuple) and key:
        key = key[0]
    if isinstance(key, bool) or not isinstance(key, (int, np.integer)):
        raise InvalidArgumentError(
            f"cannot tell the maze cell of {state!r}: its key {state.key()!r} is neither a "
            "cell (int) nor a tuple starting with the cell; pass cell_of=..."
        )
    return int(key)


class ExplorationRenderer:
    """Draws what a search has seen of a maze, repainting only the cells that changed.

    Use it as the ``renderer`` of a ``VideoObserver``: the observer calls ``update`` with
    every event and then ``renderer(state)`` for the frames it draws. Each cell's look
    (tint, route arms, player) is remembered, and a frame repaints only the cells whose
    look changed, restoring them from ``MazeRenderer.background`` first.

    What is drawn, as ``observers.Exploration`` reads the events (``exploration``):

    - A cell is *reached* at the first ``Visited`` (enter or restart) of a state on it, and
      keeps the colour of that moment: its rank among reached cells (``color_by="order"``)
      or the visit's depth (``"depth"``), mapped to ``colormap(x / scale)`` and blended
      with the floor colour by ``alpha`` so that walls stay visible.
    - The *frontier* is shown in ``FRONTIER`` colour. It holds (a) reached cells none of
      whose states has been expanded. BFS reports each child as it generates it, so on
      maze cells these are exactly its queue; a state counts as expanded at its
      ``Expanded`` event or when a child of it is entered (``Visited.parent``). A return
      to a parent is no expansion: searches that send no ``Expanded`` (backtracking)
      leave their leaves on the frontier. It also holds (b) unreached cells of the
      children of expanded states: DFS, A* and backtracking push children without an
      event, so the reader asks the expanded state for its children (cheap and harmless
      on maze states, which cache them). With several states per cell (tours), a cell
      leaves the frontier once its first state is expanded: the picture is of cells, not
      states. ``show_frontier=False`` drops both.
    - The *current cell* is the state being drawn: the player.
    - The *route*: on ``SolutionImproved`` the cells back to the start along the parents
      that ``Visited`` events gave; on ``SearchFinished`` the result's path, which wins.
    - The *goal*: see ``goal`` below.

    ``SearchStarted`` resets everything, so one renderer can serve several runs.

    Args:
        maze: the maze searched.
        cell_px: side of a cell in pixels (see ``MazeRenderer``).
        color_by: ``"order"`` or ``"depth"``, as above.
        cell_of: state -> cell; default ``cell_of_state`` (int keys, or tuple keys whose
            first item is the cell, such as tour and drill states).
        show_frontier: draw the frontier.
        show_route: draw the route found.
        scale: the order or depth that gets the last colour of the map (later or deeper
            cells keep it). Default: the number of cells minus one for ``"order"``; for
            ``"depth"``, the largest number of moves from the start cell to any cell,
            computed when the run starts.
        alpha: strength of the tint, from 0 (floor colour) to 1 (pure colour map).
        cheese: cells drawn with cheese; default the maze's.
        mud_weights: write each mud patch's weight.
        goal: cells drawn with the goal flag. Default: the cells of the search's ``goal``
            when it is a collection of keys (``BFS(goal={cell})``); in any case the cell
            of a goal found (``SolutionImproved`` of a search with a goal) gets the flag.

    Attributes:
        exploration: the reader of the events (reached cells, frontier, route).
        repainted: cells repainted by the last frame (a measure of incrementality).
        total_repainted: cells repainted over all frames.
        frames: frames drawn.
        goal: cells drawn with the goal flag.

    Examples:
        >>> from treesearch import BFS
        >>> maze = Maze.from_ascii('''
        ...     +---+---+---+
        ...     |       2 * |
        ...     +---+---+---+
        ... ''')
        >>> renderer = ExplorationRenderer(maze, cell_px=12)
        >>> result = BFS(renderer.update, goal=maze.cheese).run(maze.start(0))
        >>> renderer(result.best).shape, renderer.route, renderer.reached
        ((16, 40, 3), [0, 1, 2], 3)
    """

    def __init__(
        self,
        maze: Maze,
        *,
        cell_px: int = 24,
        color_by: Literal["order", "depth"] = "order",
        cell_of: CellOf | None = None,
        show_frontier: bool = True,
        show_route: bool = True,
        scale: int | None = None,
        alpha: float = 0.65,
        cheese: Iterable[int] | None = None,
        mud_weights: bool = True,
        goal: Iterable[int] | None = None,
    ) -> None:
        self.base = MazeRenderer(maze, cell_px=cell_px, mud_weights=mud_weights)
        if color_by not in ("order", "depth"):
            raise InvalidArgumentError(f"color_by must be 'order' or 'depth', got {color_by!r}")
        if cell_of is not None and not callable(cell_of):
            raise InvalidArgumentError(f"cell_of must be a callable state -> cell, got {cell_of!r}")
        if scale is not None and as_int(scale, "scale") < 1:
            raise InvalidArgumentError(f"scale must be an int >= 1, got {scale!r}")
        if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 <= alpha <= 1:
            raise InvalidArgumentError(f"alpha must be a number in [0, 1], got {alpha!r}")
        self.maze = maze
        self.cell_px = self.base.cell_px
        self.color_by: Literal["order", "depth"] = color_by
        self.cell_of: CellOf = cell_of_state if cell_of is None else cell_of
        self.show_frontier = bool(show_frontier)
        self.show_route = bool(show_route)
        self.alpha = float(alpha)
        self._fixed_scale = scale
        self.cheese = frozenset(
            maze._check_cell(c, "cheese cell") for c in (maze.cheese if cheese is None else cheese)
        )
        self._fixed_goal = (
            None if goal is None else frozenset(maze._check_cell(c, "goal cell") for c in goal)
        )
        self.goal: frozenset[int] = self._fixed_goal or frozenset()
        self._goal_search = False
        self.shape = self.base.shape
        self._background = self.base.background
        self._floor = self.base.floor_mask
        size = maze.width * maze.height
        self._painted: list[tuple[Colour | None, int, bool, bool]] = [_PRISTINE] * size
        self.frame: np.ndarray = self._background.copy()
        for cell in self.cheese:
            self.base.stamp_cheese(self.frame, cell)
        self.frames = 0
        self.repainted = 0
        self.total_repainted = 0
        self._current: int | None = None
        self._dirty: set[int] = set()
        self.exploration = Exploration(self._cell, size, children=self.show_frontier, checked=True)
        self._forget()

    # -- memory of the run ----------------------------------------------------------------
    @property
    def reached(self) -> int:
        """Number of cells reached so far."""
        return self.exploration.reached

    @property
    def route(self) -> list[int]:
        """Cells of the route drawn, from the start (empty if none)."""
        return self.exploration.route if self.show_route else []

    def reset(self) -> None:
        """Forget the run seen so far (the next frame repaints what it showed)."""
        self.exploration.reset()
        self._forget()

    def _forget(self) -> None:
        """Forget this renderer's own memory of the run: tints, route drawn, scale."""
        size = self.maze.width * self.maze.height
        self._fill: list[Colour | None] = [None] * size
        self._route_bits = bytearray(size)
        self._route_drawn: list[int] = []
        self.scale = self._default_scale(None)
        self._dirty.update(i for i, look in enumerate(self._painted) if look != _PRISTINE)
        if self._current is not None:
            self._dirty.add(self._current)

    def _default_scale(self, start_cell: int | None) -> int:
        if self._fixed_scale is not None:
            return self._fixed_scale
        maze = self.maze
        if self.color_by == "order":
            return max(1, len(maze) - 1)
        if start_cell is None:
            return max(1, maze.width + maze.height - 2)
        # The largest number of moves from the start to any cell.
        distances = BFS().run(maze.start(start_cell)).distances or {start_cell: 0}
        return max(1, int(max(distances.values())))

    def colour_of(self, x: float) -> Colour:
        """The tint of a cell reached at order or depth ``x``: the map blended with the floor."""
        r, g, b = colormap(x / self.scale)
        a = self.alpha
        return (
            round(FLOOR[0] * (1 - a) + r * a),
            round(FLOOR[1] * (1 - a) + g * a),
            round(FLOOR[2] * (1 - a) + b * a),
        )

    def _cell(self, state: Any) -> int:
        cell = self.cell_of(state)
        if cell not in self.maze:
            raise InvalidArgumentError(
                f"cell_of({state!r}) returned {cell!r}, which is not a cell of {self.maze!r}"
            )
        return int(cell)

    def update(self, event: Event) -> None:
        """Take note of one search event (``VideoObserver`` calls this for every event)."""
        self.exploration.update(event)
        kind = type(event)
        e: Any = event  # narrowed by ``kind``
        if kind is SolutionImproved:
            if self._goal_search:
                self._set_goal(self.goal | {self._cell(e.state)})
        elif kind is SearchStarted:
            self._forget()
            self.scale = self._default_scale(self._cell(e.start))
            target = getattr(e.search, "goal", None)
            self._goal_search = target is not None
            fixed = self._fixed_goal
            self._set_goal(self._goal_cells(target) if fixed is None else fixed)

    def _goal_cells(self, target: Any) -> frozenset[int]:
        """The maze cells among a search's goal keys (int cells, or tuples starting with one)."""
        if callable(target) or not isinstance(target, Collection):
            return frozenset()
        firsts = (k[0] if isinstance(k, tuple) and k else k for k in target)
        return frozenset(c for c in firsts if c in self.maze)

    def _set_goal(self, cells: frozenset[int]) -> None:
        self._dirty.update(self.goal ^ cells)
        self.goal = cells

    def _set_route(self, cells: list[int], dirty: set[int]) -> None:
        bits = self._route_bits
        for cell in self._route_drawn:
            bits[cell] = 0
            dirty.add(cell)
        for cell, arms in route_arms(cells, self.maze.width).items():
            bits[cell] = arms
            dirty.add(cell)
        self._route_drawn = cells

    # -- drawing --------------------------------------------------------------------------
    def _look(self, cell: int) -> tuple[Colour | None, int, bool, bool]:
        status = self.exploration.status[cell]
        fill: Colour | None = None
        if status == EXPANDED or (status == _OPEN and not self.show_frontier):
            fill = self._fill[cell]
            if fill is None:
                ex = self.exploration
                x = ex.order[cell] if self.color_by == "order" else ex.depth[cell]
                fill = self._fill[cell] = self.colour_of(x)
        elif status:  # frontier: reached and not expanded, or generated (show_frontier)
            fill = FRONTIER
        return fill, self._route_bits[cell], cell == self._current, cell in self.goal

    def _paint(self, cell: int, look: tuple[Colour | None, int, bool, bool]) -> None:
        fill, bits, current, goal = look
        x0, y0, x1, y1 = self.base.cell_box(cell)
        view = self.frame[y0:y1, x0:x1]
        view[...] = self._background[y0:y1, x0:x1]
        floor = self._floor[y0:y1, x0:x1]
        if fill is not None:
            view[floor] = fill
        if bits:
            view[self.base.route_mask(bits) & floor] = ROUTE
        if cell in self.cheese:
            self.base.stamp_cheese(self.frame, cell)
        if goal:
            self.base.stamp_goal(self.frame, cell)
        if current:
            self.base.stamp_player(self.frame, cell)

    def legend(self) -> list[LegendEntry]:
        """What the colours mean (``observers.LegendRenderer``), for a video's panel."""
        scale = [self.colour_of(self.scale * i / 8) for i in range(9)]
        entries: list[LegendEntry] = [reached_legend(scale, self.color_by, self.scale)]
        if self.show_frontier:
            entries.append((FRONTIER, "frontier: seen, not expanded"))
        entries.append((self.base.icon("player"), "current state"))
        if self.show_route:
            entries.append((ROUTE, "route found"))
        if self.goal or self._goal_search:
            entries.append((self.base.icon("goal"), "goal"))
        return entries + self.base.legend(cheese=bool(self.cheese))

    def render(self) -> np.ndarray:
        """Repaint the cells whose look changed and return the frame.

        The frame is the renderer's own buffer: copy it to keep it past the next call.
        """
        ex = self.exploration
        dirty = ex.take_changed()
        if self._dirty:
            dirty |= self._dirty
            self._dirty.clear()
        if self.show_route and ex.route is not self._route_drawn:
            self._set_route(ex.route, dirty)
        painted = self._painted
        count = 0
        for cell in dirty:
            look = self._look(cell)
            if look != painted[cell]:
                self._paint(cell, look)
                painted[cell] = look
                count += 1
        self.repainted = count
        self.total_repainted += count
        self.frames += 1
        return self.frame

    def __call__(self, state: Any) -> np.ndarray:
        """The frame showing ``state`` as the current cell (see ``render``)."""
        cell = self._cell(state)
        if cell != self._current:
            if self._current is not None:
                self._dirty.add(self._current)
            self._dirty.add(cell)
            self._current = cell
        return self.render()

    def __repr__(self) -> str:
        return (
            f"ExplorationRenderer({self.maze!r}, cell_px={self.cell_px}, "
            f"color_by={self.color_by!r}, reached={self.reached})"
        )
