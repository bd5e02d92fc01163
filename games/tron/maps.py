"""Square Tron maps: the text format, the shipped arenas and a seeded generator.

A map is text (the Google AI Challenge format): an optional first line ``W H``,
then rows of ``#`` (wall), space or ``.`` (empty), ``1`` and ``2`` (the starts, on empty
cells). Maps include their border walls. Every shipped and generated map is point-symmetric
(cell ``(r, c)`` mirrors ``(H-1-r, W-1-c)``, start 1 mirrors start 2), so neither side is
favoured by the map.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from games.tron.grid import Grid, check_int, square_grid
from treesearch.errors import InvalidArgumentError

__all__ = ["MAPS", "TronMap", "check_seed", "generate_map", "load_map", "parse_map"]


def check_seed(seed: object) -> int | np.random.Generator | None:
    """A seed for ``numpy.random.default_rng``: an int >= 0, a numpy Generator or None.

    numpy integers become ints; numpy's own errors (a negative seed, a float) never reach
    the caller.

    Raises:
        InvalidArgumentError: naming the bad seed and what a seed may be.
    """
    if seed is None or isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool | np.bool_) or not isinstance(seed, int | np.integer) or seed < 0:
        raise InvalidArgumentError(
            f"seed must be an int >= 0, a numpy.random.Generator or None, got {seed!r}"
        )
    return int(seed)


@dataclass(frozen=True, slots=True)
class TronMap:
    """A parsed square map: its grid (walls in ``grid.blocked``) and the two start cells."""

    grid: Grid
    starts: tuple[int, int]

    def to_text(self) -> str:
        """The map in the contest format: ``W H`` then one row of ``#``, `` ``, ``1``, ``2``."""
        g = self.grid
        rows = [f"{g.width} {g.height}"]
        for r in range(g.height):
            row = []
            for c in range(g.width):
                cell = r * g.width + c
                if cell in self.starts:
                    row.append(str(self.starts.index(cell) + 1))
                else:
                    row.append("#" if g.blocked >> cell & 1 else " ")
            rows.append("".join(row))
        return "\n".join(rows) + "\n"


def parse_map(text: str) -> TronMap:
    """Parse a map's text; errors name the line and column (both from 1) at fault."""
    if not isinstance(text, str):
        raise InvalidArgumentError(f"a map must be text, got {text!r}")
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    if first == len(lines):
        raise InvalidArgumentError("the map is empty: expected rows of '#', ' ', '.', '1', '2'")
    header = lines[first].split()
    size: tuple[int, int] | None = None
    if len(header) == 2 and all(h.isdigit() for h in header):
        size = (int(header[0]), int(header[1]))
        first += 1
    rows = lines[first:]
    width, height = size if size else (len(rows[0]) if rows else 0, len(rows))
    if len(rows) != height:
        raise InvalidArgumentError(f"the header says {height} rows, but the map has {len(rows)}")
    walls = 0
    starts: dict[str, int] = {}
    for r, row in enumerate(rows):
        line_no = first + r + 1
        if len(row) != width:
            raise InvalidArgumentError(
                f"line {line_no}: {row!r} has {len(row)} characters, expected {width}"
            )
        for c, ch in enumerate(row):
            if ch == "#":
                walls |= 1 << (r * width + c)
            elif ch in "12":
                if ch in starts:
                    raise InvalidArgumentError(
                        f"line {line_no}, column {c + 1}: a second start {ch!r}"
                    )
                starts[ch] = r * width + c
            elif ch not in " .":
                raise InvalidArgumentError(
                    f"line {line_no}, column {c + 1}: unexpected character {ch!r}; "
                    "expected '#', ' ', '.', '1' or '2'"
                )
    if set(starts) != {"1", "2"}:
        raise InvalidArgumentError(f"the map needs starts '1' and '2', found {sorted(starts)!r}")
    return TronMap(square_grid(width, height, walls), (starts["1"], starts["2"]))


def load_map(board: str) -> TronMap:
    """A map by name (a key of ``MAPS``) or by its text."""
    if not isinstance(board, str):
        raise InvalidArgumentError(f"expected a map name or text, got {board!r}")
    if board in MAPS:
        return parse_map(MAPS[board])
    if "\n" not in board:
        raise InvalidArgumentError(f"unknown map {board!r}; shipped maps: {sorted(MAPS)}")
    return parse_map(board)


def _box(size: int, blocks: list[tuple[int, int]], start: tuple[int, int]) -> str:
    """A bordered ``size x size`` arena with walls at ``blocks`` and their mirror images."""
    grid = [[" "] * size for _ in range(size)]
    for i in range(size):
        grid[0][i] = grid[size - 1][i] = grid[i][0] = grid[i][size - 1] = "#"
    for r, c in blocks:
        grid[r][c] = grid[size - 1 - r][size - 1 - c] = "#"
    grid[start[0]][start[1]] = "1"
    grid[size - 1 - start[0]][size - 1 - start[1]] = "2"
    return f"{size} {size}\n" + "\n".join("".join(row) for row in grid) + "\n"


def _bar(r: int, c0: int, c1: int) -> list[tuple[int, int]]:
    return [(r, c) for c in range(c0, c1)]


def _column(c: int, r0: int, r1: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(r0, r1)]


MAPS: dict[str, str] = {
    # The contest's plain box: nothing but open space.
    "box15": _box(15, [], (7, 3)),
    # Four pillars round the centre: chokepoints without dead ends.
    "pillars17": _box(
        17,
        [(r, c) for r in (5, 6) for c in (5, 6)] + [(r, c) for r in (5, 6) for c in (10, 11)],
        (8, 2),
    ),
    # A wall across the middle with a keyhole: two halves joined by a narrow door.
    "keyhole21": _box(21, _bar(10, 1, 8) + _bar(10, 13, 20) + _column(9, 7, 10), (4, 10)),
    # Rooms: long walls make corridors and separate chambers that meet near the centre.
    "rooms25": _box(
        25,
        _bar(8, 1, 10) + _bar(8, 14, 24) + _column(12, 1, 6) + _column(6, 11, 13),
        (4, 4),
    ),
}
"""Shipped point-symmetric maps by name, 15x15 to 25x25, in the contest text format."""


def generate_map(
    width: int, height: int, seed: int | np.random.Generator | None, walls: float = 0.15
) -> TronMap:
    """A random point-symmetric bordered map whose free space is connected.

    Interior cells become walls in mirrored pairs with probability ``walls``; start 1 is a
    random free cell of the left half, start 2 its mirror; free cells cut off from the starts
    are walled in. Draws repeat (from the same generator) until the starts are connected.
    """
    width, height = check_int("width", width, 5, 64), check_int("height", height, 5, 64)
    if (
        isinstance(walls, bool | np.bool_)
        or not isinstance(walls, int | float | np.integer | np.floating)
        or not 0 <= walls <= 0.6
    ):
        raise InvalidArgumentError(f"walls must be a density in 0..0.6, got {walls!r}")
    rng = np.random.default_rng(check_seed(seed))
    cells = width * height
    for _ in range(1000):
        wall = [
            r in (0, height - 1) or c in (0, width - 1) for r in range(height) for c in range(width)
        ]
        draws = rng.random(cells).tolist()
        for cell in range(cells):
            mirror = cells - 1 - cell
            if cell < mirror and not wall[cell] and draws[cell] < walls:
                wall[cell] = wall[mirror] = True
        if cells % 2 and draws[cells // 2] < walls:
            wall[cells // 2] = True
        left = [
            r * width + c
            for r in range(height)
            for c in range(width // 2)
            if not wall[r * width + c]
        ]
        if not left:
            continue
        start = left[int(rng.integers(len(left)))]
        reach = _component(wall, width, height, start)
        if cells - 1 - start not in reach:
            continue
        blocked = sum(1 << c for c in range(cells) if c not in reach)
        return TronMap(square_grid(width, height, blocked), (start, cells - 1 - start))
    raise InvalidArgumentError(f"walls={walls!r} is too dense to connect the starts")


def _component(wall: list[bool], width: int, height: int, start: int) -> set[int]:
    seen = {start}
    todo = [start]
    while todo:
        cell = todo.pop()
        r, c = divmod(cell, width)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            nxt = rr * width + cc
            if 0 <= rr < height and 0 <= cc < width and not wall[nxt] and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen
