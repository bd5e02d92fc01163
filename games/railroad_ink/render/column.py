"""The column beside the board in Railroad Ink videos: the dice of the round, or the score.

Without it a viewer sees tiles appear and cannot tell what is being placed or why the game
ends. ``side_rows`` describes the column of a state as nine rows, each two tiles wide, in small
hashable values (``Text``, ``Chips``, ``Pair`` of ``Die``), so a tile renderer can give each
distinct row its own tile ids and draw it once (``draw_row``):

- dice games: the round, the faces still to place (drawn as dice; placed ones as empty
  slots; "?" before a revealed roll), the specials (used ones crossed out, the others dimmed
  when none may be placed now) and the score so far;
- free play (and a bare board): tiles placed, the last placement, open squares, score so far;
- a scored state (the end of a game): the score part by part, one chip per scoring network in
  its board colour.
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

from PIL import Image, ImageDraw, ImageFont

from games.railroad_ink.pieces.dice import ROUNDS
from games.railroad_ink.pieces.geometry import SIZE
from games.railroad_ink.pieces.tiles import SPECIALS, Tile
from games.railroad_ink.render.networks import ERROR, NETWORK_COLOURS, TRAIL
from games.railroad_ink.render.pictures import PAPER, draw_tile
from games.railroad_ink.rules.board import Board
from games.railroad_ink.rules.rounds import MAX_SPECIALS
from games.railroad_ink.rules.score import Score
from observers.colors import Colour

__all__ = [
    "MUTED",
    "ROWS",
    "SIDE",
    "TEXT",
    "TITLE",
    "Chips",
    "Die",
    "Pair",
    "Row",
    "Text",
    "draw_row",
    "side_rows",
    "text_font",
]

ROWS = SIZE + 2
"""Rows of the column: as many as the board's frame."""
SIDE: Colour = (44, 46, 56)
"""The column's background (dark, like the video panel above it)."""
TITLE: Colour = (255, 214, 102)
"""Headlines in the column (and the decision column)."""
TEXT: Colour = (236, 236, 236)
"""Values."""
MUTED: Colour = (170, 172, 182)
"""Labels and notes."""
_GOLD: Colour = (214, 170, 60)


class Text(NamedTuple):
    """A row of words: a small label above a large value, an optional colour mark before it."""

    label: str
    value: str = ""
    mark: Colour | None = None
    headline: bool = False


class Chips(NamedTuple):
    """A row of coloured chips: ``(colour index in NETWORK_COLOURS, points)`` per network."""

    chips: tuple[tuple[int, int], ...]


class Die(NamedTuple):
    """One square of a ``Pair``: a face or special, how it looks now.

    ``look`` is "face" (to place), "placed" (an empty slot), "roll" (not rolled yet),
    "special" (may be placed now), "idle" (not now), "used" (crossed out) or "blank".
    """

    tile: Tile | None
    look: str


class Pair(NamedTuple):
    """A row of two dice-sized squares."""

    left: Die
    right: Die


Row = Text | Chips | Pair
_BLANK = Die(None, "blank")


def side_rows(
    state: Any, board: Board, score: Score, *, scored: bool, terminal: bool
) -> tuple[Row, ...]:
    """The nine rows beside ``state`` (a game state, or ``board`` alone).

    ``score`` is the board's; with ``scored`` (see ``RailroadInkTiles``) the rows show it part
    by part, else only its total. ``terminal`` says whether the game is over (the headline
    says "game over" rather than "scored now").
    """
    rnd = getattr(state, "round", None)
    if scored:
        return _final(state, board, score, terminal)
    faces = getattr(state, "faces", None)
    if not isinstance(rnd, int) or rnd < 1 or rnd > ROUNDS:
        return _free(state, board, score.total)
    rows: list[Row] = [Text("round", f"{rnd} of {ROUNDS}", headline=True)]
    if faces is None:
        rows.append(Text("dice", "rolling..."))
        dice = [Die(None, "roll")] * 4
    else:
        rows.append(Text("dice to place", f"{len(faces)} left"))
        dice = [Die(face, "face") for face in faces] + [Die(None, "placed")] * (4 - len(faces))
    rows += [Pair(dice[0], dice[1]), Pair(dice[2], dice[3])]
    used = getattr(state, "used", 0)
    count = bin(used).count("1")
    now = count < MAX_SPECIALS and not getattr(state, "special_now", False)
    rows.append(Text("specials: 1 a round", f"{count} of {MAX_SPECIALS} used"))
    looks = [
        "used" if used >> i & 1 else "special" if now and faces else "idle"
        for i in range(len(SPECIALS))
    ]
    specials = [Die(tile, look) for tile, look in zip(SPECIALS, looks, strict=True)]
    rows += [Pair(specials[i], specials[i + 1]) for i in range(0, len(specials), 2)]
    rows.append(Text("score so far", str(score.total)))
    return tuple(rows)


def _free(state: Any, board: Board, total: int) -> tuple[Row, ...]:
    """Free play (any tile, anywhere) or a bare board: what was placed, what is open."""
    move = getattr(state, "move", None)
    last = Die(board.tiles[board.order[-1]], "face") if board.order else _BLANK
    free = getattr(state, "round", None) == 0
    return (
        Text("any tile, anywhere", "free play", headline=True) if free else Text("a board"),
        Text("tiles placed", f"{len(board.order)} of {SIZE * SIZE}"),
        Text("last placed", move if isinstance(move, str) else "-"),
        Pair(last, _BLANK),
        Text("open squares", str(len(board.open_squares()))),
        Text(""),
        Text(""),
        Text(""),
        Text("score so far", str(total)),
    )


def _final(state: Any, board: Board, score: Score, terminal: bool) -> tuple[Row, ...]:
    """The score part by part; chips name each scoring network's colour and points."""
    scoring = [n.points for n in score.networks if len(n.exits) >= 2]
    chips = tuple((c % len(NETWORK_COLOURS), points) for c, points in enumerate(scoring))
    rnd = getattr(state, "round", None)
    if isinstance(rnd, int) and rnd > 0:
        used = bin(getattr(state, "used", 0)).count("1")
        last = Text("specials used", f"{used} of {MAX_SPECIALS}")
    else:
        last = Text("tiles placed", f"{len(board.order)} of {SIZE * SIZE}")
    return (
        Text(
            _over(rnd) if terminal else "scored now",
            "final score" if terminal else "score",
            headline=True,
        ),
        Text("exits: networks", f"+{score.exits}"),
        Chips(chips),
        Text("longest highway", f"+{score.highway}", TRAIL),
        Text("longest railway", f"+{score.railway}", TRAIL),
        Text("centre squares", f"+{score.center}"),
        Text("errors: open ends", f"-{score.errors}", ERROR),
        Text("total", str(score.total), headline=True),
        last,
    )


def _over(rnd: Any) -> str:
    """Why the game is over: seven rounds played, or (free play) no square left open."""
    return "game over" if isinstance(rnd, int) and rnd > 0 else "no square open"


@functools.lru_cache(maxsize=16)
@functools.cache
def text_font(size: int) -> Any:
    """The default font at ``size`` pixels (at least 6), loaded once per size."""
    return ImageFont.load_default(size=max(6, size))


def _fitted(text: str, size: int, width: float) -> Any:
    """The default font at ``size`` pixels, smaller if ``text`` would be wider than ``width``."""
    font = text_font(size)
    while size > 6 and font.getlength(text) > width:
        size -= 1
        font = text_font(size)
    return font


def draw_row(row: Row, size: int) -> Image.Image:
    """The picture of ``row``: ``2 * size`` pixels wide, ``size`` high (two tiles)."""
    image = Image.new("RGBA", (2 * size, size), SIDE)
    draw = ImageDraw.Draw(image)
    pad = size * 0.08
    if isinstance(row, Pair):
        for k, die in enumerate(row):
            if die.look != "blank":
                image.alpha_composite(_die(size, die), (k * size, 0))
    elif isinstance(row, Chips):
        if not row.chips:
            font = _fitted("no network joins 2 exits", round(size * 0.18), 2 * size - 2 * pad)
            draw.text((pad, size * 0.4), "no network joins 2 exits", font=font, fill=MUTED)
        w, h = (2 * size - 2 * pad) / 3, size * 0.4
        for k, (colour, points) in enumerate(row.chips):
            x, y = pad + (k % 3) * w, size * 0.07 + (k // 3) * (h + size * 0.06)
            box = (x + 2, y, x + w - 4, y + h)
            draw.rounded_rectangle(box, radius=size * 0.08, fill=NETWORK_COLOURS[colour])
            font = text_font(round(size * 0.26))
            draw.text(
                ((box[0] + box[2]) / 2, y + h / 2),
                f"+{points}",
                font=font,
                fill="white",
                anchor="mm",
            )
    else:
        label_font = _fitted(row.label, round(size * 0.2), 2 * size - 2 * pad)
        draw.text((pad, pad), row.label, font=label_font, fill=MUTED)
        x = pad
        if row.mark is not None:
            r = size * 0.1
            draw.rounded_rectangle(
                (x, size * 0.55 - r, x + 2 * r, size * 0.55 + r), radius=r / 3, fill=row.mark
            )
            x += 3 * r
        font = _fitted(
            row.value, round(size * (0.42 if row.headline else 0.36)), 2 * size - x - pad
        )
        draw.text(
            (x, size * 0.55),
            row.value,
            font=font,
            anchor="lm",
            fill=TITLE if row.headline else TEXT,
        )
    return image


def _die(size: int, die: Die) -> Image.Image:
    """One die-sized square: a face on a white die, a special on a gold-edged one, a slot."""
    image = Image.new("RGBA", (size, size), SIDE)
    draw = ImageDraw.Draw(image)
    inset, radius, width = size * 0.1, size * 0.12, max(2, size // 25)
    box = (inset, inset, size - inset, size - inset)
    if die.look in ("placed", "roll"):
        draw.rounded_rectangle(box, radius=radius, outline=MUTED, width=width)
        if die.look == "roll":
            draw.text(
                (size / 2, size / 2),
                "?",
                font=text_font(round(size * 0.45)),
                fill=MUTED,
                anchor="mm",
            )
        return image
    edge = _GOLD if die.look in ("special", "idle", "used") else (255, 255, 255)
    draw.rounded_rectangle(box, radius=radius, fill=edge)
    inner = round(size - 2 * inset - 2 * width)
    big = max(2 * inner, 48)  # the routes' dashes and sleepers need room: draw large, shrink
    face = Image.new("RGBA", (big, big), PAPER)
    if die.tile is not None:
        draw_tile(face, die.tile, PAPER)
    face = face.resize((inner, inner), Image.Resampling.BOX)
    image.alpha_composite(face, (round(inset + width), round(inset + width)))
    if die.look in ("idle", "used"):
        image = Image.blend(image, Image.new("RGBA", (size, size), SIDE), 0.6)
    if die.look == "used":
        cross = ImageDraw.Draw(image)
        for a, b in (((box[0], box[1]), (box[2], box[3])), ((box[0], box[3]), (box[2], box[1]))):
            cross.line((a, b), fill=ERROR, width=max(3, size // 14))
    return image
