"""The panel above a search video's board: what is searched, how far it got, what colours mean.

A video without it is a board that flickers: the viewer cannot tell the search, its
progress, the result, or what a tint or a number on the board says. ``VideoObserver``
(``panel=True``, the default) puts a strip above every frame with

- a headline: the search's name (or a ``title``), then, once it has finished, the outcome:
  the status and the route (moves and cost) of a path search, or the move chosen by a game
  search (MCTS, alpha-beta) with its value;
- counters: step (visits so far), depth of the state shown, states expanded (the table's
  count; for MCTS, the nodes added to its tree instead, named so), simulations (MCTS), and
  the best value so far;
- the legend: colour -> meaning, from the renderer's ``legend()`` (``LegendRenderer``).

``PanelInfo`` follows the events and phrases these lines; ``Panel`` lays them out and draws
them. The legend is drawn once (again only if the renderer's entries change) and the text
strip only when its words change, so a frame costs one small text drawing on top of the
board's rendering.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from observers._text import TextPainter, load_font
from observers.tile_canvas import Frame, LegendEntry, as_rgb
from treesearch.arguments import check_flag, check_shape
from treesearch.errors import InvalidArgumentError
from treesearch.events import (
    Evaluated,
    Event,
    Expanded,
    SearchFinished,
    SearchStarted,
    SimulationPhase,
    SolutionImproved,
    Visited,
)
from treesearch.result import SearchResult, Status

__all__ = ["Panel", "PanelInfo", "describe_outcome", "search_name"]

BACKGROUND = (32, 33, 40)
TITLE = (255, 214, 102)
TEXT = (236, 236, 236)
MUTED = (170, 172, 182)
MIN_WIDTH = 480
"""Narrower boards are centred in a panel this wide, so that the text stays legible."""


_PRINTED_NAMES = {"AStar": "A*"}
"""Class names printed as the docs and the command line write them."""


def search_name(search: Any) -> str:
    """A short name for a search: its class name, or the name before ``(`` in a replayed repr.

    ``AStar`` is written ``A*``, as everywhere else in print.

    Examples:
        >>> search_name("BFS(goal=frozenset({3}))"), search_name("AStar()"), search_name(None)
        ('BFS', 'A*', 'search')
    """
    if search is None:
        return "search"
    if getattr(search, "plays_game", False) and isinstance(getattr(search, "name", None), str):
        return str(search.name)  # a treesearch.Playthrough: what plays
    if isinstance(search, str):
        name = search.split("(", 1)[0].strip() or "search"
    else:
        name = type(search).__name__
    return _PRINTED_NAMES.get(name, name)


def _short(value: Any, limit: int = 32) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _number(value: float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:.4g}"


def describe_outcome(
    result: SearchResult,
    start: Any,
    label: Callable[[Any], str] | None = None,
    search: Any = None,
) -> str:
    """One line saying how a run ended and what it found.

    A game search (one whose class says ``chooses_move``, as MCTS and AlphaBeta do; without
    ``search``, any search from a state with ``player()``) reports the chosen move (``label`` of
    the best child, else its ``move`` attribute, else its repr) and its value; any other
    search reports the route to its best state: moves, and cost (``step_cost`` along it
    when the states have one) where it differs from the moves. A game played out (a
    ``treesearch.Playthrough``) reports "game over" and its summary.

    Examples:
        >>> from treesearch import SearchResult, Status
        >>> describe_outcome(SearchResult(Status.EXHAUSTED), None)
        'exhausted: nothing found'
    """
    if getattr(search, "plays_game", False):  # a game played out (treesearch.Playthrough)
        summary = getattr(search, "summary", None)
        if summary is None and result.value is not None:
            summary = f"value {_number(result.value)}"
        return "game over" + (f": {summary}" if summary else "")
    status = result.status.value
    if result.stop_reason and result.status not in (Status.SOLVED, Status.EXHAUSTED):
        status += f" ({result.stop_reason})"
    best = result.best
    if best is None:
        return f"{status}: nothing found"
    chooses = (
        getattr(search, "chooses_move", False)
        if search is not None
        else callable(getattr(start, "player", None))
    )
    if chooses:
        if result.status is Status.EXHAUSTED:
            status = "done"
        move = getattr(best, "move", best)
        name = label(best) if label is not None else _short(move)
        text = f"{status}: plays {name}"
        if result.value is not None:
            text += f", value {result.value:+.3g}"
        return text
    path = result.path
    moves = max(len(path) - 1, 0)
    text = f"{status} · route: {moves} moves"
    cost: float = moves
    if moves and callable(getattr(path[0], "step_cost", None)):
        cost = sum(a.step_cost(b) for a, b in itertools.pairwise(path))
    if cost != moves:  # a cost equal to the moves would only repeat them
        text += f", cost {_number(cost)}"
    if result.value is not None and result.value != cost:
        text += f", value {_number(result.value)}"
    return text


class PanelInfo:
    """What the panel says, followed from a run's events.

    Args:
        title: the headline's name; default the search's (``search_name``).
        label: names the move a game search chose (a renderer's ``move_label``).

    Attributes:
        step: visits so far.
        depth: depth of the last visit.
        expanded: ``Expanded`` events (states asked for their children, as
            ``stats.expanded`` counts them).
        nodes: nodes MCTS added to its tree (one per simulation at most; shown as "tree
            nodes", since MCTS asks a node for its children only when it first expands it,
            so ``stats.expanded`` counts fewer).
        simulations: MCTS simulations backed up.
        best: the value of the last ``SolutionImproved`` (None: none reported).
        value: the last ``Evaluated`` value.
        result: the run's result once it has finished.
    """

    def __init__(self, title: str | None = None, label: Callable[[Any], str] | None = None) -> None:
        if title is not None and not isinstance(title, str):
            raise InvalidArgumentError(f"title must be a str or None, got {title!r}")
        self.fixed_title = title
        self.label = label
        self.reset(None, None)

    def reset(self, search: Any, start: Any) -> None:
        """Start over for a run of ``search`` from ``start``."""
        self.title = self.fixed_title if self.fixed_title is not None else search_name(search)
        self.start = start
        self.search = search
        self.step = self.depth = self.expanded = self.nodes = self.simulations = 0
        self.found: int | None = None
        self.best: float | None = None
        self.value: float | None = None
        self.result: SearchResult | None = None

    def update(self, event: Event) -> None:
        """Count one event."""
        if isinstance(event, Visited):
            self.step += 1
            self.depth = event.depth
        elif isinstance(event, Expanded):
            self.expanded += 1
        elif isinstance(event, SimulationPhase):
            if event.phase == "expand":
                self.nodes += 1
            elif event.phase == "backup":
                self.simulations = event.iteration + 1
        elif isinstance(event, Evaluated):
            self.value = event.value
        elif isinstance(event, SolutionImproved):
            self.found = event.depth
            if event.value is not None:
                self.best = event.value
        elif isinstance(event, SearchStarted):
            self.reset(event.search, event.start)
        elif isinstance(event, SearchFinished):
            self.result = event.result

    def lines(self) -> tuple[str, str]:
        """The headline and the counters line."""
        result = self.result
        if getattr(self.search, "plays_game", False):
            head = f"{self.title} · " + (
                "playing…"
                if result is None
                else describe_outcome(result, self.start, self.label, self.search)
            )
            return head, f"move {max(self.step - 1, 0):,}"
        if result is None:
            head = f"{self.title} · searching…"
        else:
            head = f"{self.title} · {describe_outcome(result, self.start, self.label, self.search)}"
        parts = [f"step {self.step:,}", f"depth {self.depth}"]
        if self.nodes:  # MCTS: the table's "expanded" is another count, see the docstring
            parts.append(f"tree nodes {self.nodes:,}")
        else:
            expanded = self.expanded if result is None else result.stats.expanded
            parts.append(f"expanded {expanded:,}")
        if self.simulations:
            parts.append(f"simulations {self.simulations:,}")
        if self.best is not None:
            parts.append(f"best {_number(self.best)}")
        elif self.found is not None:
            # A search with no goal (a random walk keeping its best episode) found a best
            # state; a replayed run, whose search is only a name, keeps the goal wording.
            no_goal = hasattr(self.search, "goal") and self.search.goal is None
            what = "best" if no_goal else "goal"
            parts.append(f"{what} found at depth {self.found}")
        elif self.value is not None:
            parts.append(f"last value {_number(self.value)}")
        return head, " · ".join(parts)


def _checked_legend(legend: Any) -> list[LegendEntry]:
    """The legend as a list of ``(colour, label)`` pairs, or an error naming the bad entry."""
    try:
        entries = list(legend)
    except TypeError:
        entries = None
    for entry in entries or ():
        if not (isinstance(entry, (tuple, list)) and len(entry) == 2 and isinstance(entry[1], str)):
            raise InvalidArgumentError(
                f"legend entries must be (colour, label) pairs with a str label, got {entry!r}"
            )
    if entries is None or isinstance(legend, str):
        raise InvalidArgumentError(
            f"legend must be a sequence of (colour, label) pairs, got {legend!r}"
        )
    return entries


class Panel:
    """A frame made of a text strip, a legend and the board below them.

    Args:
        board_shape: ``(height, width)`` of the board pictures.
        legend: the renderer's legend entries (may be empty).
        pad_to_even: make the whole frame's sides even (H.264).

    Attributes:
        frame: the whole picture, written to the video as is.
        board: the view of ``frame`` where the board goes (renderers may paint into it).
        lines: the text lines drawn last.
        legend_labels: the legend's meanings drawn, in order.
    """

    def __init__(
        self, board_shape: tuple[int, int], legend: Sequence[LegendEntry], *, pad_to_even: bool
    ) -> None:
        bh, bw = check_shape("board_shape", board_shape, "height, width")
        legend = _checked_legend(legend)
        pad_to_even = check_flag("pad_to_even", pad_to_even)
        width = max(bw, MIN_WIDTH)
        self._title_font = TextPainter(load_font(int(min(26, max(18, width // 30)))))
        self._font = TextPainter(load_font(int(min(18, max(15, width // 40)))))
        self._line = self._font.height
        title_h = self._title_font.height
        self._pad = pad = max(4, self._line // 3)
        self._text_h = pad + title_h + pad // 2 + self._line + pad // 2
        self._legend_rows = len(self._flow(legend, width))
        legend_h = self._legend_rows * (self._line + pad // 2) + (pad if legend else 0)
        top = self._text_h + legend_h
        height = top + bh
        if pad_to_even:
            height, width = height + height % 2, width + width % 2
        self.frame: Frame = np.empty((height, width, 3), np.uint8)
        self.frame[:] = BACKGROUND
        left = (width - bw) // 2
        self.board: Frame = self.frame[top : top + bh, left : left + bw]
        self._legend_box = (self._text_h, top)
        self.lines: tuple[str, ...] = ()
        self.legend_labels: list[str] = []
        self.set_legend(legend)

    # -- layout ---------------------------------------------------------------------------
    def _swatch_width(self, entry: LegendEntry) -> int:
        colour = entry[0]
        if isinstance(colour, np.ndarray):  # an icon keeps its aspect ratio
            h, w = colour.shape[:2]
            return max(1, round(self._line * int(w) / max(1, int(h))))
        return self._line * (4 if _is_gradient(colour) else 1)

    def _flow(self, legend: Sequence[LegendEntry], width: int) -> list[list[tuple[int, Any]]]:
        """Entries placed left to right, wrapping to new rows: ``[[(x, entry), ...], ...]``."""
        rows: list[list[tuple[int, Any]]] = []
        pad, x = self._pad, self._pad
        for entry in legend:
            w = self._swatch_width(entry) + pad // 2 + self._font.length(entry[1])
            if not rows or (x + w > width - pad and rows[-1]):
                rows.append([])
                x = pad
            rows[-1].append((x, entry))
            x += w + 3 * pad
        return rows

    # -- drawing --------------------------------------------------------------------------
    def set_legend(self, legend: Sequence[LegendEntry]) -> None:
        """Draw the legend (rows beyond the panel's first layout are left out)."""
        y0, y1 = self._legend_box
        width = self.frame.shape[1]
        image = Image.new("RGB", (width, max(1, y1 - y0)), BACKGROUND)
        draw = ImageDraw.Draw(image)
        pad, line = self._pad, self._line
        labels = []
        for r, row in enumerate(self._flow(legend, width)[: self._legend_rows]):
            y = r * (line + pad // 2)
            for x, (colour, label) in row:
                sw = self._swatch_width((colour, label))
                _swatch(image, draw, colour, (x, y, x + sw, y + line))
                self._font.draw(image, (x + sw + pad // 2, y), label, MUTED)
                labels.append(label)
        if y1 > y0:
            self.frame[y0:y1] = np.asarray(image)
        self.legend_labels = labels

    def write(self, lines: Sequence[str], title: str | None = None) -> None:
        """Draw the headline and counters; only a line whose words changed is redrawn.

        ``title``: the headline's leading title; when the headline cannot fit, the title is
        shortened first, so the outcome after it stays whole.
        """
        lines = tuple(lines)[:2]
        old, self.lines = self.lines, lines
        width, pad = self.frame.shape[1], self._pad
        y = pad
        for i, text in enumerate(lines):
            font = self._title_font if i == 0 else self._font
            if i >= len(old) or old[i] != text:
                w, colour = width - 2 * pad, TITLE if i == 0 else TEXT
                band = Image.new("RGB", (w, font.height), BACKGROUND)
                if i == 0:
                    face, fitted = _headline(text, font, self._font, w, title)
                else:
                    face, fitted = font, _fit(text, font, w)
                face.draw(band, (0, (font.height - face.height) // 2), fitted, colour)
                self.frame[y : y + font.height, pad : width - pad] = np.asarray(band)
            y += font.height + pad // 2

    def put_board(self, board: Frame) -> None:
        """Copy a whole-frame renderer's picture into the board area.

        Raises:
            InvalidArgumentError: its size differs from the first board's.
        """
        if board.shape != self.board.shape:
            raise InvalidArgumentError(
                f"the renderer's frame has shape {board.shape!r} but its first frame had "
                f"{self.board.shape!r}; a renderer must keep one frame size"
            )
        self.board[...] = board


def _headline(
    text: str, font: TextPainter, small: TextPainter, width: int, title: str | None = None
) -> tuple[TextPainter, str]:
    """The headline's font and words: ``font`` if it fits, else ``small``, cut to fit if need be.

    A long title with a run's outcome (the demo's, a user's) stays readable whole rather than
    losing its end to ``…``; the band keeps the title font's height, so frames keep one size.
    Where even the small font is too wide, the leading ``title`` is cut, not the outcome
    after it (what the run did matters more than the rest of its name).
    """
    if font.length(text) <= width:
        return font, text
    if small.length(text) <= width:
        return small, text
    if title and text.startswith(title + " · "):
        rest = text[len(title) :]
        room = width - small.length(rest)
        if room >= small.length("BFS…"):  # a few letters of the title still say what ran
            return small, _fit(title, small, room) + rest
    return small, _fit(text, small, width)


def _fit(text: str, font: TextPainter, width: int) -> str:
    """``text``, cut with ``…`` to fit ``width`` pixels."""
    if font.length(text) <= width:
        return text
    while text and font.length(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _is_gradient(colour: Any) -> bool:
    return len(colour) > 0 and not isinstance(colour[0], (int, np.integer))


def _swatch(image: Image.Image, draw: Any, colour: Any, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    if isinstance(colour, np.ndarray):
        icon = Image.fromarray(as_rgb(colour, "a legend icon"))
        image.paste(icon.resize((x1 - x0, y1 - y0), Image.Resampling.LANCZOS), (x0, y0))
        return
    if _is_gradient(colour):
        stops = np.asarray(colour, dtype=float)
        t = np.linspace(0, len(stops) - 1, x1 - x0)
        i = np.minimum(t.astype(int), len(stops) - 2) if len(stops) > 1 else np.zeros_like(t, int)
        f = (t - i)[:, None]
        nxt = np.minimum(i + 1, len(stops) - 1)
        row = np.rint(stops[i] * (1 - f) + stops[nxt] * f).astype(np.uint8)
        strip = np.repeat(row[None], y1 - y0, axis=0)
        image.paste(Image.fromarray(strip), (x0, y0))
    else:
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=tuple(int(v) for v in colour))
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=MUTED, width=1)
