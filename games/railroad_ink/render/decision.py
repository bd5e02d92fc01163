"""What a bot weighed before a placement, for videos: its best candidates, ranked and drawn.

A bot that chooses by play-outs (the ``montecarlo`` bot) values each candidate placement by the
mean score of the games it played out at random from it. Without seeing those numbers a viewer
of its game sees tiles appear and cannot tell why one went where it did. ``Choice`` is one
candidate (its move, mean and number of play-outs), ``Decision`` one placement's best candidates
and the move played. Given decisions, ``RailroadInkTiles`` draws each on the frame of the state it
was taken in:

- on the board, each candidate's square holds a faint picture of its tile, a ring in its rank's
  colour (``RANK_COLOURS``) and a numbered badge per rank (``draw_ghost``); a move played that
  is not among them (the bot weighed nothing, or followed a plan) gets a black ring;
- in a column right of the board's (``decision_rows``, ``draw_decision_row``): the ranks with
  their tile, mean points and play-outs, the move played, and the lead of the best over the next.

Rows are small hashable values, as in ``column``, so a tile renderer draws each distinct row once.
"""

from __future__ import annotations

import functools
import math
import textwrap
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from games.railroad_ink.pieces.tiles import SPECIALS, Tile
from games.railroad_ink.render.column import MUTED, ROWS, SIDE, TEXT, TITLE, text_font
from games.railroad_ink.render.pictures import PAPER, draw_square, draw_tile
from games.railroad_ink.rules.board import Placement
from observers.colors import Colour, hex_colours
from treesearch.errors import InvalidArgumentError

__all__ = [
    "RANK_COLOURS",
    "TOP",
    "WIDTH",
    "Choice",
    "Decision",
    "Heading",
    "Line",
    "Ranked",
    "check_decisions",
    "decision_rows",
    "draw_decision_row",
    "draw_ghost",
]

TOP = 5
"""The most candidates a decision keeps (and a frame shows)."""
WIDTH = 5
"""Tiles across the decision column."""
RANK_COLOURS = hex_colours("ffc400 5ac8ff ff78c8 ff9646 b996ff")
"""The ring and badge of ranks 1..5, on the board and in the column."""
UNRANKED: Colour = (30, 30, 36)
"""The ring of a move played that is not among the ranked candidates (rank 0)."""
_PLAYED: Colour = (70, 76, 96)
_INK: Colour = (25, 25, 30)
_SPECIAL_TILES = frozenset(t for s in SPECIALS for t in s.orientations())


@dataclass(frozen=True)
class Choice:
    """One candidate of a decision: ``move`` in notation, ``mean`` and ``count`` of its play-outs.

    ``mean`` is in points: the mean score of the games played out from ``move``.

    Raises:
        InvalidArgumentError: ``move`` is not a placement, ``mean`` not a finite number or
            ``count`` not an int >= 1, naming the bad value.
    """

    move: str
    mean: float
    count: int

    def __post_init__(self) -> None:
        Placement.parse(self.move)
        if (
            isinstance(self.mean, bool)
            or not isinstance(self.mean, (int, float))
            or not (math.isfinite(self.mean))
        ):
            raise InvalidArgumentError(f"mean must be a finite number, got {self.mean!r}")
        if isinstance(self.count, bool) or not isinstance(self.count, int) or self.count < 1:
            raise InvalidArgumentError(f"count must be an int >= 1, got {self.count!r}")


@dataclass(frozen=True)
class Decision:
    """One placement's best ``choices`` (best first, at most ``TOP``) and the move ``played``.

    ``note`` says, when there are no choices, why the bot played without play-outs, under
    ``heading`` ("no play-outs"; a planned game's moves say "the plan").

    Raises:
        InvalidArgumentError: ``choices`` is not a tuple of at most ``TOP`` ``Choice``s, or
            ``played`` not a placement, naming the bad value.
    """

    choices: tuple[Choice, ...]
    played: str
    note: str = ""
    heading: str = "no play-outs"

    def __post_init__(self) -> None:
        if (
            not isinstance(self.choices, tuple)
            or len(self.choices) > TOP
            or not all(isinstance(c, Choice) for c in self.choices)
        ):
            raise InvalidArgumentError(
                f"choices must be a tuple of at most {TOP} Choice, got {self.choices!r}"
            )
        Placement.parse(self.played)
        for name in ("note", "heading"):
            if not isinstance(getattr(self, name), str):
                raise InvalidArgumentError(f"{name} must be a str, got {getattr(self, name)!r}")

    def squares(self) -> dict[int, tuple[Tile, tuple[int, ...]]]:
        """Square index -> the best-ranked candidate tile there and every rank there (1..).

        The move played, when not a candidate, is there too, with rank 0.
        """
        found: dict[int, tuple[Tile, tuple[int, ...]]] = {}
        for rank, choice in enumerate(self.choices, 1):
            p = Placement.parse(choice.move)
            tile, ranks = found.get(p.index, (p.tile, ()))
            found[p.index] = (tile, (*ranks, rank))
        if all(c.move != self.played for c in self.choices):
            p = Placement.parse(self.played)
            found.setdefault(p.index, (p.tile, (0,)))
        return found


def check_decisions(decisions: object) -> dict[Hashable, Decision]:
    """``decisions`` (a mapping of state keys to ``Decision``s, or None) as a dict.

    Raises:
        InvalidArgumentError: not a mapping, or a value that is not a ``Decision``.
    """
    if decisions is None:
        return {}
    if not isinstance(decisions, Mapping):
        raise InvalidArgumentError(
            f"decisions must map state keys to Decision, got {type(decisions).__name__}"
        )
    bad = [v for v in decisions.values() if not isinstance(v, Decision)]
    if bad:
        raise InvalidArgumentError(f"decisions must map state keys to Decision, got {bad[0]!r}")
    return dict(decisions)


class Heading(NamedTuple):
    """The column's title and a muted note under it."""

    title: str
    note: str = ""


class Line(NamedTuple):
    """One line of words, muted unless ``strong``."""

    text: str
    strong: bool = False


class Ranked(NamedTuple):
    """A candidate: rank 1.., its tile, mean score and play-outs; rank 0 is the table's head."""

    rank: int
    tile: Tile | None = None
    mean: float = 0.0
    playouts: int = 0
    played: bool = False


Row = Heading | Line | Ranked


def decision_rows(decision: Decision | None, state: Any, weighed: str = "") -> tuple[Row, ...]:
    """The ``ROWS`` rows of the decision column beside ``state`` (``decision`` taken there).

    ``weighed`` sums up the game's decisions on its last state ("24 of 31 moves").
    """
    if decision is None:
        rows: list[Row] = [_between(state, weighed)]
    elif not decision.choices:
        rows = [Heading(decision.heading, "black ring: the move played")]
        rows += [Line(text) for text in textwrap.wrap(decision.note, 30)[: ROWS - 3]]
        rows += [Line("")] * (ROWS - 1 - len(rows)) + [Line(f"played {decision.played}", True)]
    else:
        choices = decision.choices
        rows = [
            Heading(f"top {len(choices)} moves", "play-out: a quick game to the end"),
            Ranked(0),
        ]
        for rank, c in enumerate(choices, 1):
            tile = Placement.parse(c.move).tile
            rows.append(Ranked(rank, tile, c.mean, c.count, c.move == decision.played))
        rows += [Line("")] * (TOP - len(choices))
        ranks = [r for r, c in enumerate(choices, 1) if c.move == decision.played]
        rows.append(
            Line(
                f"played #{ranks[0]}: {decision.played}"
                if ranks
                else f"played {decision.played}: black ring",
                True,
            )
        )
        if len(choices) > 1:
            lead = choices[0].mean - choices[1].mean
            by = f"{lead:.2f}" if lead >= 0.005 else "< 0.01" if lead > 0 else ""
            rows.append(Line(f"#1 leads #2 by {by} pts" if by else "#1 and #2 tie on mean"))
    return tuple(rows + [Line("")] * (ROWS - len(rows)))


def _between(state: Any, weighed: str) -> Heading:
    """The heading of a state where no decision was recorded: why there is none."""
    ending = getattr(state, "is_terminal", None)
    if callable(ending) and ending():
        return Heading("game over", f"weighed by play-outs: {weighed}" if weighed else "")
    if not hasattr(state, "faces"):  # a bare board
        return Heading("moves weighed")
    if state.faces is None:
        return Heading("dice rolling", "moves are weighed once they show")
    return Heading("round ends", "no die left fits" if state.faces else "all dice placed")


@functools.lru_cache(maxsize=16)
def _ring(rank: int) -> Colour:
    return RANK_COLOURS[rank - 1] if rank else UNRANKED


def _badge(draw: ImageDraw.ImageDraw, x: float, y: float, d: float, rank: int) -> None:
    """A disc of diameter ``d`` at ``(x, y)`` (top left) in ``rank``'s colour, numbered."""
    draw.ellipse(
        (x, y, x + d, y + d), fill=RANK_COLOURS[rank - 1], outline=_INK, width=max(1, round(d / 14))
    )
    draw.text(
        (x + d / 2, y + d / 2), str(rank), font=text_font(round(d * 0.7)), fill=_INK, anchor="mm"
    )


def draw_ghost(size: int, tile: Tile, centre: bool, ranks: tuple[int, ...]) -> Image.Image:
    """An empty square ``size`` wide with ``tile`` faint on it, ringed, and a badge per rank."""
    image = Image.blend(
        draw_square(size, None, centre, False), draw_square(size, tile, centre, False), 0.45
    )
    draw = ImageDraw.Draw(image)
    w = max(2, round(size * 0.07))
    draw.rectangle(
        (w // 2, w // 2, size - 1 - w // 2, size - 1 - w // 2), outline=_ring(ranks[0]), width=w
    )
    d = size * 0.36
    for j, rank in enumerate(r for r in ranks if r):
        row, k = divmod(j, 2)
        x = size * 0.1 + k * (size * 0.8 - d)
        y = size * 0.1 + row * (size * 0.8 - d) / 2
        _badge(draw, x, y, d, rank)
    return image


def _tile(size: int, tile: Tile) -> Image.Image:
    """A candidate's tile ``size`` wide, on a white die (gold for a special), as in ``column``."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, size - 1, size - 1),
        radius=size * 0.12,
        fill=(214, 170, 60) if tile in _SPECIAL_TILES else (255, 255, 255),
    )
    inner = round(size * 0.84)
    big = max(2 * inner, 48)
    face = Image.new("RGBA", (big, big), PAPER)
    draw_tile(face, tile, PAPER)
    image.alpha_composite(
        face.resize((inner, inner), Image.Resampling.BOX),
        ((size - inner) // 2, (size - inner) // 2),
    )
    return image


def draw_decision_row(row: Row, size: int) -> Image.Image:
    """The picture of ``row``: ``WIDTH * size`` pixels wide, ``size`` high."""
    image = Image.new("RGBA", (WIDTH * size, size), SIDE)
    draw = ImageDraw.Draw(image)
    pad = size * 0.12
    if isinstance(row, Heading):
        draw.text((pad, size * 0.06), row.title, font=text_font(round(size * 0.42)), fill=TITLE)
        draw.text((pad, size * 0.58), row.note, font=text_font(round(size * 0.26)), fill=MUTED)
    elif isinstance(row, Line):
        draw.text(
            (pad, size * 0.5),
            row.text,
            font=text_font(round(size * 0.3)),
            anchor="lm",
            fill=TEXT if row.strong else MUTED,
        )
    elif row.rank == 0:
        font = text_font(round(size * 0.26))
        for x, text in (
            (pad, "#"),
            (size * 0.9, "tile"),
            (size * 3.0, "mean pts"),
            (size * 4.85, "play-outs"),
        ):
            draw.text(
                (x, size * 0.7), text, font=font, fill=MUTED, anchor="lm" if x < size else "rm"
            )
    else:
        if row.played:
            draw.rounded_rectangle(
                (2, 2, WIDTH * size - 3, size - 3), radius=size * 0.12, fill=_PLAYED
            )
        _badge(draw, pad, size * 0.18, size * 0.64, row.rank)
        if row.tile is not None:
            image.alpha_composite(
                _tile(round(size * 0.8), row.tile), (round(size * 0.95), round(size * 0.1))
            )
        draw.text(
            (size * 3.0, size * 0.5),
            f"{row.mean:.2f}",
            font=text_font(round(size * 0.44)),
            fill=TEXT,
            anchor="rm",
        )
        count = text_font(round(size * 0.36))
        draw.text(
            (size * 4.85, size * 0.5), f"{row.playouts:,}", font=count, fill=TEXT, anchor="rm"
        )
    return image
