"""``MCTSView``: a video of Monte Carlo tree search making up its mind.

Drawing every position MCTS visits gives a flicker of unrelated boards, one per step of
every simulation, that ends on whatever the last simulation reached. What a viewer wants
to see is the decision forming: how the simulations spread over the moves at the root,
how good each looks, and which line of play the search currently believes in.

``MCTSView`` is a renderer for ``VideoObserver`` that rebuilds the search tree from the
events alone (``MCTSMirror``), never touching the search's internals. Each frame shows
the root position:

- a heat map over the board (when the board renderer says where a root move lands,
  ``move_cell``): each move's cell is tinted by its visits (relative to the most visited
  move) and carries its visit count and mean reward;
- the bars: the most visited root moves with their visits and mean value, for the player
  to move at the root;
- the principal variation (most visited line), numbered on the board and written out;
- the simulation count.

It chooses its own frames (``PacedRenderer``): one every ``stride`` simulations, by default
so that a search of known length gives about ``frames`` frames (300: ten seconds at 30 fps).
The rollouts are not drawn (``leaf=True`` shows the position each drawn simulation
reached, in an inset). When the search finishes the chosen move is outlined.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from observers._text import TextPainter, load_font
from observers.colors import colormap
from observers.mcts_mirror import MCTSMirror, MirroredNode
from observers.panel import BACKGROUND, MUTED, TEXT, TITLE, _fit
from observers.tile_canvas import (
    Frame,
    LegendEntry,
    LegendRenderer,
    TileCanvas,
    TileRenderer,
    _positive_int,
)
from treesearch.errors import InvalidArgumentError
from treesearch.events import Event, SearchStarted

__all__ = ["MCTSView"]

CHOSEN = (60, 220, 120)
"""Outline of the move chosen at the end."""
PV_BADGE = (245, 245, 245)
"""Colour of the numbers of the principal variation on the board."""


class MCTSView:
    """Renders an MCTS run as its root's statistics; use it as a ``VideoObserver`` renderer.

    ``VideoObserver(path, MCTSView(TicTacToeTiles()))`` writes a video where the moves
    at the root fill up with visits until the search decides.

    Args:
        board: the game's renderer for the root position (a ``TileRenderer`` or a callable
            ``state -> frame``); None for bars only.
        move_cell: ``child -> (row, col)``: the board cell of the move leading to a child
            of the root, for the heat map and the principal variation's numbers; default
            ``board.move_cell`` when the board renderer has it (tile renderers only).
        label: ``child -> str``, the name of a move; default ``board.move_label`` when
            present, else the child's ``move`` attribute, else its repr.
        frames: about how many frames a search of known length (``iterations``) gets.
        stride: draw a frame every ``stride`` simulations (overrides ``frames``). Without
            either known (a time budget), the stride doubles every ``frames // 2`` frames.
        top: how many root moves the bars list.
        leaf: also show, in an inset, the position each drawn simulation reached.

    Attributes:
        tree: the ``MCTSMirror`` of the run (``root``, ``simulations``, ``chosen``...).
        stride: the stride in use.
        texts: the strings written on the last frame, in drawing order.

    Raises:
        InvalidArgumentError: a bad argument.
    """

    def __init__(
        self,
        board: TileRenderer | Callable[[Any], Any] | None = None,
        *,
        move_cell: Callable[[Any], Sequence[int] | None] | None = None,
        label: Callable[[Any], str] | None = None,
        frames: int = 300,
        stride: int | None = None,
        top: int = 9,
        leaf: bool = False,
    ) -> None:
        if board is not None and not (isinstance(board, TileRenderer) or callable(board)):
            raise InvalidArgumentError(
                f"board must be a TileRenderer, a callable state -> frame, or None, got {board!r}"
            )
        for name, fn in (("move_cell", move_cell), ("label", label)):
            if fn is not None and not callable(fn):
                raise InvalidArgumentError(f"{name} must be callable, got {fn!r}")
        if not isinstance(leaf, bool):
            raise InvalidArgumentError(f"leaf must be True or False, got {leaf!r}")
        self.board = board
        self._tiles = board if isinstance(board, TileRenderer) else None
        # One canvas for the root and the leaf inset: it repaints only the tiles that differ.
        self._canvas = None if self._tiles is None else TileCanvas(self._tiles)
        if move_cell is not None and self._tiles is None:
            raise InvalidArgumentError(
                f"move_cell needs a TileRenderer board (its cells are tiles), got board={board!r}"
            )
        if move_cell is None and self._tiles is not None:
            move_cell = getattr(board, "move_cell", None)
        self.move_cell = move_cell
        self.label = label or getattr(board, "move_label", None) or _default_label
        self.frames = _positive_int(frames, "frames")
        self._fixed_stride = None if stride is None else _positive_int(stride, "stride")
        self.top = _positive_int(top, "top")
        self.leaf = leaf
        self._layout: _Layout | None = None
        self.texts: list[str] = []
        self.tree = MCTSMirror()
        self._reset(None, None)

    # -- following the run ------------------------------------------------------------------
    def _reset(self, search: Any, start: Any) -> None:
        self.tree.reset(start)
        self._due = False
        self._drawn = 0
        self._board_image: Frame | None = None
        budget = getattr(search, "budget", None)
        total = getattr(budget, "max_iterations", None) or getattr(search, "iterations", None)
        self._total: int | None = total if isinstance(total, int) and total > 0 else None
        if self._fixed_stride is not None:
            self.stride = self._fixed_stride
        elif self._total is not None:
            self.stride = max(1, math.ceil(self._total / self.frames))
        else:
            self.stride = 1

    @property
    def root(self) -> MirroredNode:
        """The mirrored root (``visits``, ``children`` by key, ``mean(player)``)."""
        return self.tree.root

    @property
    def simulations(self) -> int:
        """Simulations seen in this run."""
        return self.tree.simulations

    @property
    def chosen(self) -> Any:
        """The key of the child chosen, once the run has finished."""
        return self.tree.chosen

    def principal_variation(self) -> list[MirroredNode]:
        """The most visited line (see ``MCTSMirror.principal_variation``)."""
        return self.tree.principal_variation()

    def update(self, event: Event) -> None:
        """Follow the run (``AccumulatingRenderer``) and decide when a frame is due."""
        if isinstance(event, SearchStarted):
            self._reset(event.search, event.start)
        if self.tree.update(event) and self.tree.simulations % self.stride == 0:
            self._due = True
            self._drawn += 1
            n, half = self._drawn, max(1, self.frames // 2)
            unknown = self._total is None and self._fixed_stride is None
            if unknown and n >= self.frames and n % half == 0:
                self.stride *= 2

    def move_label(self, state: Any) -> str:
        """The name of the move leading to ``state`` (``label``); the panel uses it too."""
        return self.label(state)

    def frame_due(self, event: Event) -> bool:
        """True after every ``stride``-th simulation (``PacedRenderer``)."""
        due, self._due = self._due, False
        return due

    # -- drawing ----------------------------------------------------------------------------
    def legend(self) -> list[LegendEntry]:
        """The heat scale, the chosen move and the board's own legend (``LegendRenderer``)."""
        entries: list[LegendEntry] = [
            ([colormap(t / 8) for t in range(9)], "root move: few…most visits"),
            (CHOSEN, "move chosen"),
            (PV_BADGE, "1, 2, 3…: best line"),
        ]
        if isinstance(self.board, LegendRenderer):
            entries += list(self.board.legend())
        return entries

    def __call__(self, state: Any) -> Frame:
        """The root position with its statistics (``state`` is ignored: the root is drawn)."""
        root = self.root.state
        if self._board_image is None and self.board is not None and root is not None:
            self._board_image = self._render_board(root)
        layout = self._layout
        if layout is None:
            shape = None if self._board_image is None else self._board_image.shape[:2]
            layout = self._layout = _Layout(shape, self.top, self.leaf and self._tiles is not None)
        image = Image.new("RGB", layout.size, BACKGROUND)
        draw = ImageDraw.Draw(image)
        self.texts = []
        pv = self.principal_variation()
        if self._board_image is not None:
            self._draw_board(image, draw, layout, pv)
        self._draw_side(image, draw, layout, pv)
        if layout.leaf_box is not None and len(self.tree.path) > 1:
            small = self._render_board(self.tree.path[-1].state)[::2, ::2]
            x, y = layout.leaf_box
            self._write(layout.font, image, (x, y), "this simulation reached:", MUTED)
            image.paste(Image.fromarray(np.ascontiguousarray(small)), (x, y + layout.line))
        frame: Frame = np.asarray(image)
        return frame

    def _write(self, painter: TextPainter, image: Image.Image, *where_what: Any) -> None:
        """``painter.draw(image, xy, text, fill, anchor)``, keeping the text for ``texts``."""
        self.texts.append(where_what[1])
        painter.draw(image, *where_what)

    def _render_board(self, state: Any) -> Frame:
        if self._canvas is not None:
            tiles: Frame = self._canvas.render(state).copy()
            return tiles
        assert self.board is not None
        frame: Frame = np.asarray(self.board(state), dtype=np.uint8)  # type: ignore[operator]
        return frame

    def _draw_board(
        self, image: Image.Image, draw: Any, layout: _Layout, pv: list[MirroredNode]
    ) -> None:
        assert self._board_image is not None
        board = self._board_image.copy()
        cells = self._cells()
        most = max((n.visits for n in self.root.children.values()), default=0) or 1
        tiles = self._tiles
        size = int(tiles.tile_size) if tiles is not None else 0
        for key, (r, c) in cells.items():
            node = self.root.children[key]
            view = board[r * size : (r + 1) * size, c * size : (c + 1) * size]
            tint = np.array(colormap(node.visits / most), float)
            view[...] = np.rint(view * 0.35 + tint * 0.65).astype(np.uint8)
        image.paste(Image.fromarray(board), (0, 0))
        for key, (r, c) in cells.items():
            node = self.root.children[key]
            x0, y0 = c * size, r * size
            cx, cy = x0 + size // 2, y0 + size // 2
            ink = (20, 20, 20) if node.visits / most > 0.55 else (250, 250, 250)
            self._write(layout.big, image, (cx, cy - 2), f"{node.visits}", ink, "ms")
            mean = f"{node.mean(self.tree.player):+.2f}"
            self._write(layout.font, image, (cx, cy + 4), mean, ink, "mt")
            if self.tree.finished and key == self.chosen:
                w = max(3, size // 16)
                draw.rectangle((x0, y0, x0 + size - 1, y0 + size - 1), outline=CHOSEN, width=w)
        move_cell = self.move_cell
        if move_cell is not None:
            for i, node in enumerate(pv[:9], 1):
                cell = move_cell(node.state)
                if cell is None:
                    continue
                r, c = cell
                x, y = c * size + 4, r * size + 4
                d = layout.line + 2
                draw.ellipse((x, y, x + d, y + d), fill=PV_BADGE)
                self._write(layout.font, image, (x + d / 2, y + d / 2), str(i), (20, 20, 20), "mm")

    def _cells(self) -> dict[Any, tuple[int, int]]:
        """Board cell of each root child's move (only with ``move_cell``)."""
        if self.move_cell is None:
            return {}
        cells = {}
        for key, node in self.root.children.items():
            cell = self.move_cell(node.state)
            if cell is not None:
                cells[key] = (int(cell[0]), int(cell[1]))
        return cells

    def _draw_side(
        self, image: Image.Image, draw: Any, layout: _Layout, pv: list[MirroredNode]
    ) -> None:
        x, y = layout.side_x, layout.pad
        font, line = layout.font, layout.line
        done = " of " + f"{self._total:,}" if self._total else ""
        self._write(layout.big, image, (x, y), f"simulation {self.simulations:,}{done}", TITLE)
        y += layout.big_line + layout.pad
        self._write(font, image, (x, y), "root moves: visits, mean reward of the mover", MUTED)
        y += line + layout.pad // 2
        ranked = self.tree.ranked()[: self.top]
        most = ranked[0][1].visits if ranked and ranked[0][1].visits else 1
        label_w = layout.label_w
        bar_w = layout.side_w - label_w - layout.value_w - 2 * layout.pad
        for key, node in ranked:
            chosen = self.tree.finished and key == self.chosen
            name = _fit(self.label(node.state), font, label_w - 4)
            self._write(font, image, (x, y), name, CHOSEN if chosen else TEXT)
            w = max(1, round(bar_w * node.visits / most))
            bx = x + label_w
            draw.rectangle((bx, y + 2, bx + w, y + line - 2), fill=colormap(node.visits / most))
            if chosen:
                draw.rectangle((bx, y + 1, bx + bar_w, y + line - 1), outline=CHOSEN, width=2)
            text = f"{node.visits:,}  {node.mean(self.tree.player):+.2f}"
            self._write(font, image, (bx + bar_w + layout.pad, y), text, TEXT)
            y += line + layout.pad // 2
        y = layout.pv_y
        if self.tree.finished and self.chosen is not None:
            chosen = self.root.children.get(self.chosen)
            name = self.label(chosen.state) if chosen is not None else "?"
            self._write(layout.big, image, (x, y), f"decision: {name}", CHOSEN)
            y += layout.big_line
        names = [self.label(n.state) for n in pv[:6]] or ["(none yet)"]
        self._write(font, image, (x, y), "best line:", MUTED)
        for part in _wrap(names, font, layout.side_w)[:2]:
            y += line
            self._write(font, image, (x, y), part, TEXT)


def _default_label(state: Any) -> str:
    move = getattr(state, "move", None)
    text = repr(state) if move is None else str(move)
    return text if len(text) <= 24 else text[:23] + "…"


def _wrap(moves: list[str], font: TextPainter, width: int) -> list[str]:
    """Moves joined by arrows, in lines of at most ``width`` pixels (moves kept whole)."""
    lines, current = [], ""
    for move in moves:
        trial = f"{current} -> {move}" if current else move
        if current and font.length(trial) > width:
            lines.append(current + " ->")
            current = move
        else:
            current = trial
    return [*lines, current] if current else lines


class _Layout:
    """Fixed geometry of the view's frames (set by the first frame)."""

    def __init__(self, board: tuple[int, int] | None, top: int, leaf: bool) -> None:
        bh, bw = board if board is not None else (0, 0)
        self.font = TextPainter(load_font(int(min(20, max(13, (bh or 360) // 22)))))
        self.big = TextPainter(load_font(int(min(26, max(15, (bh or 360) // 17)))))
        self.line = self.font.height + 2
        self.big_line = self.big.height + 2
        self.pad = max(4, self.line // 2)
        self.side_w = max(300, 18 * self.line)
        self.label_w = self.font.length("X bottom-right") + 8
        self.value_w = self.font.length("00,000  +0.00")
        self.side_x = (bw + self.pad * 2) if bw else self.pad
        bars_h = self.pad + self.big_line + self.pad + (self.line + self.pad // 2) * (top + 1)
        self.pv_y = bars_h + self.pad
        side_h = self.pv_y + self.big_line + 3 * self.line + self.pad
        self.leaf_box: tuple[int, int] | None = None
        height = max(bh, side_h)
        if leaf and bh:
            self.leaf_box = (0, bh + self.pad)
            height = max(height, bh + self.pad + self.line + bh // 2 + bh % 2 + self.pad)
        width = self.side_x + self.side_w + self.pad
        self.size = (width + width % 2, height + height % 2)
