"""Drawing Railroad Ink tiles with pillow: the pictures behind ``render.RailroadInkTiles``.

Every arm of a route is drawn once, for the north side, and turned to face its side, in two
layers (road then dashes, sleepers then rails) laid for all arms in turn: so the picture of a
turned or mirrored tile is exactly the turned or mirrored picture, and a viewer sees the same
tile the same way in every orientation. Pictures are drawn large and scaled down by the caller.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.railroad_ink.pieces.tiles import HIGHWAY, OPPOSITE, RAILWAY, E, N, S, Tile, W
from observers.colors import Colour

__all__ = [
    "CENTRE_TINT",
    "FRAME",
    "LINES",
    "MARK",
    "PAPER",
    "RAIL",
    "ROAD",
    "SLEEPER",
    "STATION",
    "draw_exit",
    "draw_square",
    "draw_tile",
]

PAPER: Colour = (246, 241, 226)
"""Background of an ordinary board square."""
CENTRE_TINT: Colour = (252, 226, 160)
"""Background of the 9 centre squares."""
FRAME: Colour = (196, 186, 160)
"""The border ring around the board."""
LINES: Colour = (205, 196, 172)
"""The thin lines between squares."""
ROAD: Colour = (85, 85, 90)
"""A highway's surface (its centre line is white, dashed)."""
RAIL: Colour = (15, 15, 15)
"""A railway's two rails."""
SLEEPER: Colour = (150, 105, 60)
"""A railway's sleepers, across the rails."""
STATION: Colour = (210, 40, 40)
"""The square where a highway and a railway meet."""
MARK: Colour = (40, 150, 70)
"""Exit arrows and the ring on open squares."""


_TURN = {
    E: Image.Transpose.ROTATE_270,  # PIL turns counter-clockwise: 270 is a quarter clockwise
    S: Image.Transpose.ROTATE_180,
    W: Image.Transpose.ROTATE_90,
}


_FLIPS = (
    Image.Transpose.FLIP_LEFT_RIGHT,
    Image.Transpose.FLIP_TOP_BOTTOM,
    Image.Transpose.ROTATE_180,
)


def _turned(layer: Image.Image, side: int) -> Image.Image:
    """``layer``, drawn for the north side, turned to face ``side``."""
    return layer.transpose(_TURN[side]) if side in _TURN else layer


def _band(size: int, half: float) -> tuple[int, int]:
    """First and last pixel of a band ``2 * half`` wide centred on the tile, mirror-exact."""
    first = round(size / 2 - half)
    return first, size - 1 - first


def _north_arm(
    size: int, kind: int, length: float, corner: bool
) -> tuple[Image.Image, Image.Image]:
    """One highway or railway arm from the north edge, as two transparent layers.

    The first layer is the road (or the sleepers), the second the dashes (or the rails): a
    tile lays every arm's first layer before any second one, so where arms overlap the result
    does not depend on the order they are drawn in, and a turned tile is exactly its turned
    picture. The arm ends ``length`` pixels from the edge; with ``corner`` the road or rails go
    on past that by their half-width, so arms meeting at a right angle join without a notch.
    """
    under = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    over = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    below, above = ImageDraw.Draw(under), ImageDraw.Draw(over)
    if kind == HIGHWAY:
        half = size * 0.15
        left, right = _band(size, half)
        below.rectangle((left, 0, right, round(length + half * corner)), fill=ROAD)
        left, right = _band(size, size * 0.017)
        dash, gap = size * 0.08, size * 0.06
        position, end = gap / 2, length - gap / 2
        while position < end:
            stop = min(position + dash, end)
            above.rectangle((left, round(position), right, round(stop) - 1), fill="white")
            position += dash + gap
        return under, over
    apart, rail, sleeper, step = size * 0.085, size * 0.035, size * 0.045, size * 0.1
    left, right = _band(size, size * 0.15)
    position = step / 2
    while position < length:
        top = round(position - sleeper / 2)
        below.rectangle((left, top, right, top + round(sleeper) - 1), fill=SLEEPER)
        position += step
    first, last = round(size / 2 - apart - rail / 2), round(size / 2 - apart + rail / 2) - 1
    bottom = round(length + apart * corner)
    above.rectangle((first, 0, last, bottom), fill=RAIL)
    above.rectangle((size - 1 - last, 0, size - 1 - first, bottom), fill=RAIL)
    return under, over


def _lay(image: Image.Image, size: int, kind: int, sides: Sequence[int], corner: bool) -> None:
    """Lay the arms of ``kind`` on ``sides`` of ``image``: all their roads, then all dashes."""
    arms = [(side, _north_arm(size, kind, size / 2, corner)) for side in sides]
    for layer in (0, 1):
        for side, layers in arms:
            image.alpha_composite(_turned(layers[layer], side))


def draw_tile(image: Image.Image, tile: Tile, background: Colour) -> None:
    """Draw ``tile``'s routes on ``image``: arms to the centre, a station or a bridge."""
    size, sides = image.width, tile.sides
    if tile.overpass:
        image.alpha_composite(_overpass(size, tile, background))
        return
    for kind in (RAILWAY, HIGHWAY):  # railways under highways
        _lay(image, size, kind, [side for side in (N, E, S, W) if sides[side] == kind], True)
    if HIGHWAY in sides and RAILWAY in sides:
        first, last = _band(size, size * 0.13)
        ImageDraw.Draw(image).rectangle(
            (first, first, last, last), fill=STATION, outline=RAIL, width=max(2, size // 32)
        )


def _overpass(size: int, tile: Tile, background: Colour) -> Image.Image:
    """The overpass as a layer: the highway (else the east-west route) bridging the other."""
    sides = tile.sides
    upright = sides[N] == HIGHWAY and sides[E] == RAILWAY  # the bridge runs north-south
    over, under = (sides[N], sides[E]) if upright else (sides[E], sides[N])
    layer = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    _lay(layer, size, under, (E, W), False)  # drawn with the bridge north-south, then turned
    left, right = _band(size, size * 0.2)
    top, bottom = _band(size, size * 0.22)
    ImageDraw.Draw(layer).rectangle((left, top, right, bottom), fill=background)  # the gap
    _lay(layer, size, over, (N, S), False)
    flare, x = size * 0.07, left
    parapet = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    points = [(x - flare, top - flare), (x, top), (x, size / 2)]  # a quarter of ")("
    ImageDraw.Draw(parapet).line(points, fill=RAIL, width=max(2, round(size * 0.035)))
    for turn in (None, *_FLIPS):
        layer.alpha_composite(parapet if turn is None else parapet.transpose(turn))
    return layer if upright else _turned(layer, E)


def draw_square(size: int, tile: Tile | None, centre: bool, open_square: bool) -> Image.Image:
    """A board square ``size`` pixels wide: its background, its tile or the open-square ring."""
    background = CENTRE_TINT if centre else PAPER
    image = Image.new("RGBA", (size, size), background)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, size - 1, size - 1), outline=LINES, width=max(1, size // 50))
    if tile is not None:
        draw_tile(image, tile, background)
    elif open_square:
        r, c, w = size * 0.16, size / 2, max(2, round(size * 0.045))
        draw.ellipse((c - r, c - r, c + r, c + r), outline=MARK, width=w)
    return image


def draw_exit(size: int, board_side: int, kind: int, arrow: Colour = MARK) -> Image.Image:
    """The border cell of an exit: a stub of ``kind`` towards the board and an arrow into it.

    ``board_side`` is the side of the board square that faces the exit (``EXITS``' key);
    ``arrow`` is the arrow's colour (a scored board colours it as the exit's network).
    """
    image = Image.new("RGBA", (size, size), FRAME)
    stub, marks = _north_arm(size, kind, size * 0.55, False)  # as if the board were north
    layer = Image.alpha_composite(stub, marks)
    c, tip, base, half = size / 2, size * 0.53, size * 0.92, size * 0.22
    ImageDraw.Draw(layer).polygon([(c, tip), (c - half, base), (c + half, base)], fill=arrow)
    image.alpha_composite(_turned(layer, OPPOSITE[board_side]))
    return image
