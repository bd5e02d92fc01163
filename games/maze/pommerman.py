"""A Pommerman board as a single-agent reachability puzzle.

No bombs are simulated. Rigid walls are impassable; a wooden box is a cell that can be
entered at a higher step cost, ``box_cost`` turns (default 12: a bomb's 10-tick fuse and 2
ticks of flames before the way is clear), which reduces breaking boxes to the mud model.
``start(..., through_boxes=False)`` gives the moves available right now (boxes block), which
answers the lesson's question "which tiles can I reach from (1, 1)?" with a plain BFS.

Boards are generated like the Pommerman playground: agents in the four corners, walls laid
in mirror pairs ``(r, c)`` / ``(c, r)`` off the diagonal, two cells of breathing room beside
each agent, lines of wood that keep a way (through boxes) between the agents, and a new
board drawn while more than 4 passages cannot be reached from the first agent without
crossing a rigid wall.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from games.maze.grid import as_int
from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError
from treesearch.traversal import BFS

__all__ = [
    "AGENT_CELLS",
    "BOMB",
    "EXTRA_BOMB",
    "FLAMES",
    "FOG",
    "INCR_RANGE",
    "KICK",
    "PASSAGE",
    "RIGID",
    "WOOD",
    "PommermanBoard",
    "PommermanState",
]

PASSAGE, RIGID, WOOD, BOMB, FLAMES, FOG, EXTRA_BOMB, INCR_RANGE, KICK = range(9)
"""Board codes of the playground (agents are 10 to 13)."""

AGENT_CELLS = ((1, 1), (9, 1), (9, 9), (1, 9))
"""Start cells of agents 0 to 3 on the 11x11 board (teams {0, 2} and {1, 3})."""

_BLOCKING = frozenset({RIGID, BOMB})
_CODES = frozenset(range(9)) | {10, 11, 12, 13}
_SYMBOLS = {PASSAGE: ".", RIGID: "#", WOOD: "+", BOMB: "b", FLAMES: "f", FOG: "?"}


class PommermanState(TreeIterator):
    """An agent standing at ``pos`` (``(row, col)``); the key is ``pos``.

    Children are the enterable 4-neighbours in increasing ``(row, col)`` order; entering a
    box costs the board's ``box_cost``, any other move 1.
    """

    __slots__ = ("board", "pos", "through_boxes")

    def __init__(self, board: PommermanBoard, pos: tuple[int, int], through_boxes: bool) -> None:
        self.board = board
        self.pos = pos
        self.through_boxes = through_boxes

    def get_children(self) -> list[PommermanState]:
        """Agents on each neighbour that is enterable (boxes only with ``through_boxes``)."""
        grid = self.board._grid
        rows, cols = len(grid), len(grid[0])
        r, c = self.pos
        out = []
        for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
            if 0 <= rr < rows and 0 <= cc < cols:
                code = grid[rr][cc]
                if code in _BLOCKING or (code == WOOD and not self.through_boxes):
                    continue
                out.append(PommermanState(self.board, (rr, cc), self.through_boxes))
        return out

    def key(self) -> tuple[int, int]:
        """The position ``(row, col)``."""
        return self.pos

    def step_cost(self, child: PommermanState) -> int:
        """``box_cost`` to enter a wooden box, else 1."""
        r, c = child.pos
        return self.board.box_cost if self.board._grid[r][c] == WOOD else 1

    def __repr__(self) -> str:
        return f"PommermanState({self.pos})"


class PommermanBoard:
    """A board of playground codes (0 passage, 1 rigid, 2 wood, ..., 10-13 agents).

    Args:
        board: a 2-D array-like of codes (any size; generated boards are 11x11).
        items: power-ups hidden under boxes, ``{(row, col): code}`` with codes 6, 7 or 8.
        box_cost: turns charged for entering a box (breaking it), an int >= 1.

    Examples:
        >>> b = PommermanBoard([[0, 0, 1], [2, 0, 1], [0, 1, 0]])
        >>> sorted(b.reachable((0, 0)))
        [(0, 0), (0, 1), (1, 1)]
    """

    def __init__(
        self,
        board: Any,
        *,
        items: Mapping[tuple[int, int], int] | None = None,
        box_cost: int = 12,
    ) -> None:
        arr = np.array(board)
        if arr.ndim != 2 or 0 in arr.shape or not np.issubdtype(arr.dtype, np.integer):
            raise InvalidArgumentError(
                f"board must be a non-empty 2-D array of int codes, got shape {arr.shape!r} "
                f"and dtype {arr.dtype}"
            )
        bad = set(np.unique(arr).tolist()) - _CODES
        if bad:
            raise InvalidArgumentError(
                f"board holds unknown codes {sorted(bad)!r}; codes are 0-8 and agents 10-13"
            )
        arr = arr.astype(np.int8)
        arr.setflags(write=False)
        self.board = arr
        self._grid: tuple[tuple[int, ...], ...] = tuple(tuple(row) for row in arr.tolist())
        self.box_cost = as_int(box_cost, "box_cost")
        if self.box_cost < 1:
            raise InvalidArgumentError(f"box_cost must be >= 1, got {box_cost!r}")
        self.items: dict[tuple[int, int], int] = {}
        for pos, code in (items or {}).items():
            r, c = pos
            if not (0 <= r < arr.shape[0] and 0 <= c < arr.shape[1]) or arr[r, c] != WOOD:
                raise InvalidArgumentError(f"item at {pos!r} is not under a wooden box")
            if code not in (EXTRA_BOMB, INCR_RANGE, KICK):
                raise InvalidArgumentError(
                    f"item {code!r} at {pos!r} is not a power-up code (6, 7 or 8)"
                )
            self.items[(r, c)] = code

    @classmethod
    def generate(
        cls,
        seed: int | random.Random | None = None,
        *,
        num_rigid: int = 36,
        num_wood: int = 36,
        num_items: int = 20,
        box_cost: int = 12,
        max_inaccessible: int = 4,
    ) -> PommermanBoard:
        """A random 11x11 board laid out by the playground's rules (module docstring).

        Args:
            seed: seed of the ``random.Random`` that draws everything (or such an object).
            num_rigid: rigid walls, an even number (they come in mirror pairs).
            num_wood: wooden boxes, an even number >= 12 (12 form the guaranteed lines).
            num_items: power-ups hidden under random boxes (at most ``num_wood``).
            box_cost: turns charged for entering a box.
            max_inaccessible: boards with more unreachable passages are drawn again.
        """
        num_rigid = as_int(num_rigid, "num_rigid")
        num_wood = as_int(num_wood, "num_wood")
        num_items = as_int(num_items, "num_items")
        if num_rigid < 0 or num_rigid % 2 or num_wood < 12 or num_wood % 2:
            raise InvalidArgumentError(
                "walls come in mirror pairs: num_rigid must be even and >= 0, num_wood even "
                f"and >= 12; got num_rigid={num_rigid!r}, num_wood={num_wood!r}"
            )
        if num_rigid + num_wood > 92:
            raise InvalidArgumentError(
                f"{num_rigid + num_wood} walls do not fit off the diagonal of an 11x11 board "
                "outside the agents' breathing room (at most 92, wood lines included)"
            )
        if not 0 <= num_items <= num_wood:
            raise InvalidArgumentError(
                f"num_items must be in [0, num_wood={num_wood}], got {num_items!r}"
            )
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        while True:
            grid = _lay_out(rng, num_rigid, num_wood)
            board = cls(grid, box_cost=box_cost)
            if len(board.inaccessible_passages()) <= max_inaccessible:
                break
        items: dict[tuple[int, int], int] = {}
        while len(items) < num_items:
            r, c = rng.randrange(11), rng.randrange(11)
            if grid[r][c] == WOOD and (r, c) not in items:
                items[(r, c)] = rng.choice((EXTRA_BOMB, INCR_RANGE, KICK))
        return cls(grid, items=items, box_cost=box_cost)

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, cols)`` of the board."""
        return len(self._grid), len(self._grid[0])

    def start(self, pos: tuple[int, int], *, through_boxes: bool = False) -> PommermanState:
        """The state of an agent at ``pos``; boxes block unless ``through_boxes``."""
        rows, cols = self.shape
        try:
            r, c = (as_int(x, "a coordinate") for x in pos)
        except (TypeError, ValueError):
            raise InvalidArgumentError(f"pos must be a (row, col) pair, got {pos!r}") from None
        if not (0 <= r < rows and 0 <= c < cols):
            raise InvalidArgumentError(f"pos {pos!r} is outside the {rows}x{cols} board")
        if self._grid[r][c] in _BLOCKING or self._grid[r][c] == WOOD:
            raise InvalidArgumentError(
                f"pos {pos!r} holds code {self._grid[r][c]}: an agent cannot stand there"
            )
        return PommermanState(self, (r, c), through_boxes)

    def reachable(
        self, pos: tuple[int, int] = (1, 1), *, through_boxes: bool = False
    ) -> frozenset[tuple[int, int]]:
        """The tiles an agent at ``pos`` can walk to (including ``pos``), found by BFS."""
        distances = BFS(graph=True).run(self.start(pos, through_boxes=through_boxes)).distances
        assert distances is not None  # states have keys, so BFS is a graph traversal
        return frozenset(distances)  # type: ignore[arg-type]

    def inaccessible_passages(self) -> list[tuple[int, int]]:
        """Passages that agent 0 cannot reach even through boxes (only rigid walls block)."""
        start = next(
            ((r, c) for r, row in enumerate(self._grid) for c, v in enumerate(row) if v == 10),
            None,
        )
        reach = self.reachable(start, through_boxes=True) if start is not None else frozenset()
        return [
            (r, c)
            for r, row in enumerate(self._grid)
            for c, v in enumerate(row)
            if v == PASSAGE and (r, c) not in reach
        ]

    def __str__(self) -> str:
        return "\n".join(
            "".join(_SYMBOLS.get(v, str(v - 10) if v >= 10 else "i") for v in row)
            for row in self._grid
        )

    def __repr__(self) -> str:
        rows, cols = self.shape
        return f"<PommermanBoard {rows}x{cols}, {len(self.items)} items, box_cost={self.box_cost}>"


def _lay_out(rng: random.Random, num_rigid: int, num_wood: int) -> list[list[int]]:
    """One 11x11 layout: agents, breathing room, wood lines, then mirrored wall pairs."""
    size = 11
    grid = [[PASSAGE] * size for _ in range(size)]
    free = {(r, c) for r in range(size) for c in range(size) if r != c}
    for i, (r, c) in enumerate(AGENT_CELLS):
        grid[r][c] = 10 + i
        free.discard((r, c))
    last = size - 2
    for i in (2, 3):
        for pos in (
            (1, i),
            (i, 1),
            (last, size - i - 1),
            (size - i - 1, last),
            (1, size - i - 1),
            (size - i - 1, 1),
            (i, last),
            (last, i),
        ):
            free.discard(pos)
    for i in range(4, size - 4):
        for r, c in ((1, i), (size - i - 1, 1), (last, size - i - 1), (size - i - 1, last)):
            grid[r][c] = WOOD
            free.discard((r, c))
    num_wood -= 4 * (size - 8)
    for code, count in ((RIGID, num_rigid), (WOOD, num_wood)):
        while count > 0:
            r, c = rng.choice(sorted(free))
            free.discard((r, c))
            free.discard((c, r))
            grid[r][c] = grid[c][r] = code
            count -= 2
    return grid
