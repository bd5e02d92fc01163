"""The drill maze: walls can be drilled through, one drill per crossing; pick-ups add drills.

The state is ``(cell, drills_left, pickups_remaining)`` with the pick-ups still on the map as
a bitmask. Drilled walls are not remembered (every crossing of a wall costs a drill), which
keeps the state small: cells x (max drills + 1) x 2**pickups. A path that comes back to a
cell with more drills is a different state, so BFS over this state finds the fewest moves
to the exit using drills where they pay off. With no pick-ups and one drill this is the
classic "remove one wall" escape puzzle.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.maze.grid import as_int, as_iterable
from games.maze.model import Maze, parse_ascii
from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError

__all__ = ["DrillMaze", "DrillState"]


class DrillState(TreeIterator):
    """A player on ``cell`` holding ``drills``, with the pick-ups ``pickups`` still on the map.

    Children are the existing 4-neighbours in increasing cell order: through a passage, or
    through a wall when a drill is left (spending it). Entering a pick-up cell still on the
    map adds ``pickup_gain`` drills and removes the pick-up. The exit ends the game.
    """

    __slots__ = ("cell", "drills", "game", "pickups")

    def __init__(self, game: DrillMaze, cell: int, drills: int, pickups: int) -> None:
        self.game = game
        self.cell = cell
        self.drills = drills
        self.pickups = pickups

    def get_children(self) -> list[DrillState]:
        """The states one move away (passages, and walls while drills remain); none at the exit."""
        game = self.game
        if self.cell == game.exit_cell:
            return []
        bits = game._bits
        gain = game.pickup_gain
        out = []
        for n, drilled, _ in game._moves(self.cell):
            drills = self.drills
            if drilled:
                if not drills:
                    continue
                drills -= 1
            mask = self.pickups
            bit = bits.get(n, 0)
            if mask & bit:
                drills += gain
                mask &= ~bit
            out.append(DrillState(game, n, drills, mask))
        return out

    def is_terminal(self) -> bool:
        """True on the exit cell, or when no move is possible."""
        return self.cell == self.game.exit_cell or not self.get_children()

    def key(self) -> tuple[int, int, int]:
        """``(cell, drills_left, pickups_bitmask)``."""
        return self.cell, self.drills, self.pickups

    def step_cost(self, child: DrillState) -> int:
        """Turns to reach ``child``: the edge weight, or ``drill_cost`` through a wall."""
        for n, _, cost in self.game._moves(self.cell):
            if n == child.cell:
                return cost
        raise InvalidArgumentError(f"{child!r} is not a neighbour of {self!r}")

    def drilled(self, child: DrillState) -> bool:
        """True when moving to ``child`` goes through a wall (for drawing the drilling)."""
        return not self.game.maze._weight_or_zero(self.cell, child.cell)

    @property
    def pickups_left(self) -> tuple[int, ...]:
        """The cells of the pick-ups still on the map."""
        return tuple(c for i, c in enumerate(self.game.pickups) if self.pickups >> i & 1)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DrillState):
            return NotImplemented
        return self.game is other.game and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"DrillState(cell={self.cell}, drills={self.drills}, pickups={self.pickups:#b})"


class DrillMaze:
    """A maze whose walls can be drilled, with drill pick-ups.

    Args:
        maze: the maze; only walls between two existing cells can be drilled (never holes
            or the outer border).
        pickups: cells holding a drill pick-up.
        drills: drills held at the start (``D0``).
        pickup_gain: drills added by a pick-up.
        drill_cost: turns to cross a wall with a drill (the step cost; BFS counts moves).
        start_cell: default start cell for ``start()``.
        exit_cell: the exit; states there are terminal and ``at_exit`` is the goal test.

    Examples:
        >>> from treesearch import BFS
        >>> game = DrillMaze.from_ascii('''
        ...     +---+---+---+
        ...     | S |   | E |
        ...     +---+---+---+
        ... ''', drills=2)
        >>> len(BFS(goal=game.at_exit).run(game.start()).path) - 1
        2
    """

    def __init__(
        self,
        maze: Maze,
        *,
        pickups: Iterable[int] = (),
        drills: int = 1,
        pickup_gain: int = 1,
        drill_cost: int = 1,
        start_cell: int | None = None,
        exit_cell: int | None = None,
    ) -> None:
        if not isinstance(maze, Maze):
            raise InvalidArgumentError(f"maze must be a games.maze.Maze, got {maze!r}")
        self.maze = maze
        self.pickups = tuple(
            sorted({maze._check_cell(c, "pick-up cell") for c in as_iterable(pickups, "pickups")})
        )
        self.drills = _count("drills", drills, 0)
        self.pickup_gain = _count("pickup_gain", pickup_gain, 1)
        self.drill_cost = _count("drill_cost", drill_cost, 1)
        self.start_cell = None if start_cell is None else maze._check_cell(start_cell, "start")
        self.exit_cell = None if exit_cell is None else maze._check_cell(exit_cell, "exit")
        self._bits = {cell: 1 << i for i, cell in enumerate(self.pickups)}
        self._cache: dict[int, tuple[tuple[int, bool, int], ...]] = {}

    @classmethod
    def from_ascii(
        cls, text: str, *, drills: int = 1, pickup_gain: int = 1, drill_cost: int = 1
    ) -> DrillMaze:
        """Read a drawing (see ``games.maze.parse_ascii``) with markers S, E and D.

        ``S`` is the start cell, ``E`` the exit and every ``D`` a drill pick-up.
        """
        parsed = parse_ascii(text)
        unknown = set(parsed.markers) - {"S", "E", "D"}
        if unknown:
            raise InvalidArgumentError(
                f"unknown markers {sorted(unknown)!r}: a drill maze uses S (start), E (exit) "
                "and D (drill pick-up)"
            )
        for letter in ("S", "E"):
            if len(parsed.markers.get(letter, ())) > 1:
                raise InvalidArgumentError(
                    f"marker {letter!r} appears {len(parsed.markers[letter])} times; at most once"
                )
        start = parsed.markers.get("S", (None,))[0]
        exit_ = parsed.markers.get("E", (None,))[0]
        return cls(
            parsed.maze,
            pickups=parsed.markers.get("D", ()),
            drills=drills,
            pickup_gain=pickup_gain,
            drill_cost=drill_cost,
            start_cell=start,
            exit_cell=exit_,
        )

    def _moves(self, cell: int) -> tuple[tuple[int, bool, int], ...]:
        """``(neighbour, through_a_wall, cost)`` for each existing 4-neighbour, increasing."""
        moves = self._cache.get(cell)
        if moves is None:
            maze = self.maze
            w = maze.width
            r, c = divmod(cell, w)
            out = []
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
                if maze.rc_exists(r + dr, c + dc):
                    n = cell + dr * w + dc
                    weight = maze._weight_or_zero(cell, n)
                    out.append((n, not weight, weight or self.drill_cost))
            moves = self._cache[cell] = tuple(out)
        return moves

    def start(self, cell: int | None = None, *, drills: int | None = None) -> DrillState:
        """The state at ``cell`` (default ``start_cell``) with every pick-up on the map.

        A pick-up on the start cell is collected at once.
        """
        if cell is None:
            if self.start_cell is None:
                raise InvalidArgumentError("this drill maze has no start_cell: pass a cell")
            cell = self.start_cell
        c = self.maze._check_cell(cell, "start cell")
        d = self.drills if drills is None else _count("drills", drills, 0)
        mask = (1 << len(self.pickups)) - 1
        bit = self._bits.get(c, 0)
        if bit:
            d += self.pickup_gain
            mask &= ~bit
        return DrillState(self, c, d, mask)

    def at_exit(self, state: Any) -> bool:
        """Goal test: True when ``state`` stands on the exit cell."""
        if self.exit_cell is None:
            raise InvalidArgumentError("this drill maze has no exit_cell")
        return bool(state.cell == self.exit_cell)

    def __repr__(self) -> str:
        return (
            f"DrillMaze({self.maze!r}, drills={self.drills}, pickups={list(self.pickups)}, "
            f"start_cell={self.start_cell}, exit_cell={self.exit_cell})"
        )


def _count(name: str, value: Any, minimum: int) -> int:
    v = as_int(value, name)
    if v < minimum:
        raise InvalidArgumentError(f"{name} must be an int >= {minimum}, got {value!r}")
    return v
