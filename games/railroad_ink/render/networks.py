"""What a scored board shows, square by square: network colours, longest trails, errors.

``board_marks(score)`` turns a ``Score`` into small hashable ``Marks`` per square (and a colour
per exit), so a tile renderer can give each distinct marked square its own tile id and draw it
once; ``draw_scored`` draws one. A network that joins two exits or more (one that scores) gets
its own colour, laid as a glow under its routes and on the arrows of its exits; the sides that
one longest highway and one longest railway walk carry a yellow line; each error side (a route
end left open) a red dot at that edge.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.railroad_ink.pieces.geometry import SIZE, STEPS
from games.railroad_ink.pieces.tiles import E, N, S, Tile, W
from games.railroad_ink.render.pictures import CENTRE_TINT, LINES, PAPER, draw_tile
from games.railroad_ink.rules.score import Score
from observers.colors import Colour, hex_colours

__all__ = ["ERROR", "NETWORK_COLOURS", "TRAIL", "Marks", "board_marks", "draw_scored"]

NETWORK_COLOURS = hex_colours("2864e6 f08214 9646d2 00a5a5 e12d96 789600")
"""One colour per scoring network, in the order of ``Score.networks`` (12 exits make at most 6
networks of two exits or more)."""
TRAIL: Colour = (255, 222, 0)
"""The line along one longest highway and one longest railway."""
ERROR: Colour = (225, 25, 35)
"""The dot on a route side counted as an error."""


class Marks(NamedTuple):
    """How one square is marked: everything its picture depends on besides its tile."""

    colours: tuple[int, ...]
    """Per group of the tile (``tile.groups``): index in ``NETWORK_COLOURS``, or -1."""
    trail: int
    """Bit ``side`` set: a longest trail leaves the square through ``side``."""
    dot: bool
    """A longest trail is this square alone (no two squares of that route type join)."""
    errors: int
    """Bit ``side`` set: ``side`` is an error (a route end left open)."""


def board_marks(
    score: Score, tiles: tuple[Tile | None, ...]
) -> tuple[dict[int, Marks], dict[tuple[int, int, int], int]]:
    """Marks of every placed square of a board, and the colour index of each joined exit.

    Args:
        score: the board's score (``Board.score()``), with its networks, trails and errors.
        tiles: the board's 49 squares (``Board.tiles``).
    """
    colour_of: dict[tuple[int, int], int] = {}
    exit_colours: dict[tuple[int, int, int], int] = {}
    scoring = [n for n in score.networks if len(n.exits) >= 2]
    for c, network in enumerate(scoring):
        colour = c % len(NETWORK_COLOURS)
        for part in network.parts:
            colour_of[part] = colour
        for key in network.exits:
            exit_colours[key] = colour
    trail = [0] * (SIZE * SIZE)
    dots = set()
    for squares in (score.highway_trail, score.railway_trail):
        if len(squares) == 1:
            dots.add(squares[0])
        for a, b in itertools.pairwise(squares):
            step = (b // SIZE - a // SIZE, b % SIZE - a % SIZE)
            side = STEPS.index(step)
            trail[a] |= 1 << side
            trail[b] |= 1 << (side ^ 2)
    errors = [0] * (SIZE * SIZE)
    for square, side in score.error_sides:
        errors[square] |= 1 << side
    marks = {
        i: Marks(
            tuple(colour_of.get((i, g), -1) for g in range(len(tile.groups))),
            trail[i],
            i in dots,
            errors[i],
        )
        for i, tile in enumerate(tiles)
        if tile is not None
    }
    return marks, exit_colours


def _arms(
    draw: ImageDraw.ImageDraw, size: int, sides: tuple[int, ...], half: float, fill: Colour
) -> None:
    """Bands ``2 * half`` wide from the centre to each of ``sides``, joined at the centre."""
    c = size / 2
    boxes = {
        N: (c - half, 0, c + half, c + half),
        E: (c - half, c - half, size - 1, c + half),
        S: (c - half, c - half, c + half, size - 1),
        W: (0, c - half, c + half, c + half),
    }
    for side in sides:
        draw.rectangle(boxes[side], fill=fill)
    if sides:
        draw.rectangle((c - half, c - half, c + half, c + half), fill=fill)


def draw_scored(size: int, tile: Tile, centre: bool, marks: Marks) -> Image.Image:
    """A board square ``size`` pixels wide holding ``tile``, drawn with its ``marks``."""
    background = CENTRE_TINT if centre else PAPER
    image = Image.new("RGBA", (size, size), background)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, size - 1, size - 1), outline=LINES, width=max(1, size // 50))
    for group, colour in zip(tile.groups, marks.colours, strict=True):
        if colour >= 0:
            _arms(draw, size, group, size * 0.3, NETWORK_COLOURS[colour])
    draw_tile(image, tile, background)
    draw = ImageDraw.Draw(image)
    sides = tuple(side for side in (N, E, S, W) if marks.trail >> side & 1)
    _arms(draw, size, sides, size * 0.035, TRAIL)
    c = size / 2
    if marks.dot:
        r = size * 0.09
        draw.ellipse((c - r, c - r, c + r, c + r), fill=TRAIL)
    r, inset = size * 0.1, size * 0.13
    centres = {N: (c, inset), E: (size - inset, c), S: (c, size - inset), W: (inset, c)}
    for side in (N, E, S, W):
        if marks.errors >> side & 1:
            x, y = centres[side]
            box = (x - r, y - r, x + r, y + r)
            draw.ellipse(box, fill=ERROR, outline="white", width=max(2, size // 40))
    return image
