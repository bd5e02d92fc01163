"""Railroad Ink tiles: four sides, how they join inside the tile, and the tile notation.

A tile is the value of its four sides, north, east, south and west (``BLANK``, ``HIGHWAY`` or
``RAILWAY``), plus one flag: ``overpass``, the only tile whose two axes cross without joining.
Every other tile joins all its route sides, so a tile with both highway and railway sides is a
station. That is the whole model the rules need, and it makes a tile a small
immutable value that can key dictionaries and caches.

The notation is the one of public Railroad Ink tools: the four sides N, E, S, W as ``_``
(blank), ``D`` (highway) or ``L`` (railway), then ``o`` for an overpass: ``"__LL"`` is a
railway curve joining south and west, ``"DLDLo"`` the overpass with highway north-south.

The faces of the dice and the six specials are module constants, each in one base orientation
(the one a roll is written in); ``Tile.orientations()`` gives the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from treesearch.errors import InvalidArgumentError

__all__ = [
    "ADJACENT_STATION",
    "BLANK",
    "CURVED_STATION",
    "DIE_FACES",
    "HIGHWAY",
    "HIGHWAY_CROSSING",
    "HIGHWAY_CURVE",
    "HIGHWAY_STRAIGHT",
    "HIGHWAY_T",
    "JUNCTION_DIE",
    "OPPOSITE",
    "OPPOSITE_STATION",
    "OVERPASS",
    "RAILWAY",
    "RAILWAY_CROSSING",
    "RAILWAY_CURVE",
    "RAILWAY_STRAIGHT",
    "RAILWAY_T",
    "ROUTE_DIE",
    "SIDE_NAMES",
    "SPECIALS",
    "STRAIGHT_STATION",
    "THREE_HIGHWAY_STATION",
    "THREE_RAILWAY_STATION",
    "TYPE_NAMES",
    "E",
    "N",
    "S",
    "Tile",
    "W",
]

BLANK, HIGHWAY, RAILWAY = 0, 1, 2
"""The value of a side: no route, a highway (``D``) or a railway (``L``)."""

N, E, S, W = 0, 1, 2, 3
"""Side indices, clockwise from north: ``tile.sides[E]`` is the east side."""

OPPOSITE = (S, W, N, E)
"""``OPPOSITE[side]`` is the side of a neighbour that touches ``side``."""

SIDE_NAMES = ("N", "E", "S", "W")
TYPE_NAMES = ("blank", "highway", "railway")
_LETTERS = "_DL"
_VALUE_OF = {letter: value for value, letter in enumerate(_LETTERS)}
_FORM = "four sides N, E, S, W, each '_', 'D' or 'L', then an optional 'o' (e.g. 'DLDLo')"


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile: its sides N, E, S, W and whether it is an overpass.

    ``overpass`` is valid only when the north-south axis is one route type and the east-west
    axis is one route type: those are the two groups it keeps apart.

    Examples:
        >>> t = Tile.parse("DL__")
        >>> t.sides, t.overpass, str(t), t.groups
        ((1, 2, 0, 0), False, 'DL__', ((0, 1),))
        >>> Tile.parse("DLDLo").groups
        ((0, 2), (1, 3))
        >>> [str(o) for o in Tile.parse("D_D_").orientations()]
        ['D_D_', '_D_D']
    """

    sides: tuple[int, int, int, int]
    overpass: bool = False

    def __post_init__(self) -> None:
        sides = self.sides
        if (
            not isinstance(sides, tuple)
            or len(sides) != 4
            or any(type(v) is not int or not 0 <= v <= 2 for v in sides)
        ):
            raise InvalidArgumentError(
                f"tile sides must be a tuple of 4 values in 0..2 (N, E, S, W), got {sides!r}"
            )
        if self.overpass and not (sides[N] == sides[S] != BLANK and sides[E] == sides[W] != BLANK):
            raise InvalidArgumentError(
                f"an overpass needs one route type on N-S and one on E-W, got sides {sides!r}"
            )

    @classmethod
    def parse(cls, text: str) -> Tile:
        """The tile written ``text`` in the notation, e.g. ``"__LL"`` or ``"DLDLo"``.

        Raises:
            InvalidArgumentError: ``text`` is not four side letters and an optional ``o``,
                or has ``o`` on a tile that cannot be an overpass.
        """
        if (
            not isinstance(text, str)
            or len(text) not in (4, 5)
            or (len(text) == 5 and text[4] != "o")
            or any(c not in _VALUE_OF for c in text[:4])
        ):
            raise InvalidArgumentError(f"bad tile {text!r}: expected {_FORM}")
        sides = (_VALUE_OF[text[0]], _VALUE_OF[text[1]], _VALUE_OF[text[2]], _VALUE_OF[text[3]])
        overpass = len(text) == 5
        if overpass and not (sides[N] == sides[S] != BLANK and sides[E] == sides[W] != BLANK):
            raise InvalidArgumentError(
                f"bad tile {text!r}: 'o' (overpass) needs one route type on N-S and one on E-W"
            )
        return cls(sides, overpass)

    def __str__(self) -> str:
        s = self.sides
        text = _LETTERS[s[0]] + _LETTERS[s[1]] + _LETTERS[s[2]] + _LETTERS[s[3]]
        return text + "o" if self.overpass else text

    @property
    def groups(self) -> tuple[tuple[int, ...], ...]:
        """The sides joined inside the tile, as groups of side indices.

        An overpass keeps its axes apart: ``((N, S), (E, W))``. Any other tile joins every route
        side in one group (a station joins highway and railway); a blank tile has none.
        """
        if self.overpass:
            return ((N, S), (E, W))
        routes = tuple(side for side in range(4) if self.sides[side])
        return (routes,) if routes else ()

    def rotated(self) -> Tile:
        """The tile turned a quarter clockwise: its north side becomes its east side."""
        n, e, s, w = self.sides
        return Tile((w, n, e, s), self.overpass)

    def mirrored(self) -> Tile:
        """The tile flipped left to right: east and west sides swap."""
        n, e, s, w = self.sides
        return Tile((n, w, s, e), self.overpass)

    def orientations(self) -> tuple[Tile, ...]:
        """Every distinct rotation and mirror image, the tile itself first.

        Order: the four quarter turns clockwise, then the four of the mirror image, each kept
        at its first appearance, so the order is fixed and a symmetric tile appears once.
        Cached per tile, since move generation asks for it on every square.
        """
        found = _ORIENTATIONS.get(self)
        if found is None:
            seen: dict[Tile, None] = {}
            for start in (self, self.mirrored()):
                tile = start
                for _ in range(4):
                    seen.setdefault(tile, None)
                    tile = tile.rotated()
            found = _ORIENTATIONS[self] = tuple(seen)
        return found


_ORIENTATIONS: dict[Tile, tuple[Tile, ...]] = {}

ROUTE_DIE: tuple[Tile, ...] = tuple(
    map(Tile.parse, ("D_D_", "DD__", "DDD_", "L_L_", "LL__", "LLL_"))
)
"""The six faces of a route die (one is rolled three times a round): a straight, a curve and
a T of highway, then the same of railway."""
HIGHWAY_STRAIGHT, HIGHWAY_CURVE, HIGHWAY_T, RAILWAY_STRAIGHT, RAILWAY_CURVE, RAILWAY_T = ROUTE_DIE

OVERPASS, STRAIGHT_STATION, CURVED_STATION = map(Tile.parse, ("DLDLo", "D_L_", "DL__"))
JUNCTION_DIE: tuple[Tile, ...] = (OVERPASS, STRAIGHT_STATION, CURVED_STATION) * 2
"""The six faces of the junction die (one a round), each of its three faces twice, so a
uniform pick of one face is a fair roll."""

DIE_FACES: tuple[Tile, ...] = ROUTE_DIE + JUNCTION_DIE[:3]
"""The nine distinct faces of both dice."""

SPECIALS: tuple[Tile, ...] = tuple(
    map(Tile.parse, ("DDDD", "LLLL", "DDDL", "LLLD", "DDLL", "DLDL"))
)
"""The six special tiles, in base orientation: at most one a round, three a game, each once.
All are stations or crossings that join every side; none is an overpass."""
(
    HIGHWAY_CROSSING,
    RAILWAY_CROSSING,
    THREE_HIGHWAY_STATION,
    THREE_RAILWAY_STATION,
    ADJACENT_STATION,
    OPPOSITE_STATION,
) = SPECIALS
