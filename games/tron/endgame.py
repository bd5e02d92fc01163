"""Separated endgames: the longest path through one's own room, searched alone, and its value.

Once no free cell is reachable by both heads, the opponent can no longer touch the player's
room: the game is won by whoever makes more moves, and each player's best is the longest
path from its head through its own free cells. A two-player search there spends most of its
nodes on the other side's moves; ``fill_move`` searches the player's moves alone, depth
first, the moves with the fewest free cells onward first (a greedy filler's rule, so the
first path found is already long), pruning a branch when its length plus the room's cells not
yet visited cannot beat the best path found. It stops at a path through every cell of the
room (no longer one exists), or when its budget (nodes, or a clock) runs out.

``fill_evaluate`` is ``games.tron.value.evaluate`` with separated positions scored by the
greedy path's length (``dive``, compiled) instead of the room's cell count: a room with side
chambers holds fewer moves than cells, and counting cells lets a search walk into a separation
it believes won by a cell.
"""

from __future__ import annotations

import time

from games._compile import jit
from games.tron import flood
from games.tron.grid import check_int
from games.tron.state import TronState
from games.tron.value import CONNECTED_SCALE, evaluate, outlook, separated_value
from games.tron.voronoi import check_position, pending_head, race

__all__ = ["chain_work", "chamber_fill", "dive", "fill_evaluate", "fill_move", "guided_fill"]

_CHAIN_ROWS = 8
"""``chain_work``'s rows: discovery times, steps tried, parents, chains beyond, low points, the
search's path, the chamber stack, and the cells in order of discovery."""


@jit
def _greedy(steps: flood.Array, free: flood.Array, cell: int) -> int:
    """Moves of the greedy path from ``cell`` over ``free`` (closed as it goes)."""
    length = 0
    while True:
        best, fewest = -1, 99
        for nxt in steps[cell]:
            if free[nxt] != flood.OPEN:
                continue
            onward = 0
            for e in steps[nxt]:
                if free[e] == flood.OPEN:
                    onward += 1
            if onward < fewest:
                best, fewest = nxt, onward
        if best < 0:
            return length
        free[best] = flood.CLOSED
        cell = best
        length += 1


@jit
def _dive(steps: flood.Array, marks: flood.Array, head: int, facing: int, hexgrid: bool) -> int:
    """The longest of the greedy paths (fewest free cells onward first) after each first step.

    ``marks`` is ``flood._open``'s (``OPEN`` free, else closed; the head closed); it is copied.
    """
    longest = 0
    for d in range(len(steps[head])):
        if hexgrid and (d - facing) % 6 == 3:
            continue  # never straight back from the head
        first = steps[head][d]
        if marks[first] != flood.OPEN:
            continue
        free = marks.copy()
        free[head] = flood.CLOSED
        free[first] = flood.CLOSED
        longest = max(longest, 1 + _greedy(steps, free, first))
    return longest


@jit
def chain_work(cells: int) -> flood.Array:
    """The working arrays of ``_chain`` on a board of ``cells``, as rows; made once, reused."""
    work = flood._int_rows(_CHAIN_ROWS, cells + 1)
    for cell in range(cells + 1):
        work[0][cell], work[2][cell] = -1, -1  # no cell discovered, nor any parent
    return work


@jit
def _chambers(steps: flood.Array, marks: flood.Array, head: int) -> int:
    """The most moves a path from ``head`` could make, counted chamber by chamber.

    ``marks`` is ``flood._open``'s (``OPEN`` free; the head closed). The free cells split at
    their articulation points into chambers (biconnected blocks); a path from the head runs
    through a chain of them, leaving each by a cell it cannot come back through, so it makes
    at most the cells of the chambers along one chain, which is what is answered: never fewer
    than the longest path, never more than the cells reachable. One depth-first search
    (Tarjan's low points, its own stack), each chamber valued when its search ends, after
    every chamber hanging below it.
    """
    return _chain(steps, marks, head, chain_work(len(steps)))


@jit
def _chain(steps: flood.Array, marks: flood.Array, head: int, work: flood.Array) -> int:
    """``_chambers`` over ``chain_work``'s rows, handed back as they came (for the next call)."""
    disc, tried, parent, beyond = work[0], work[1], work[2], work[3]
    low, path, block, seen = work[4], work[5], work[6], work[7]
    disc[head], low[head], seen[0] = 0, 0, head
    path[0], depth, top, clock = head, 1, 0, 1
    while depth > 0:
        v = path[depth - 1]
        if tried[v] < len(steps[v]):
            w = steps[v][tried[v]]
            tried[v] += 1
            if w != head and marks[w] != flood.OPEN:
                continue
            if disc[w] < 0:
                disc[w], low[w], parent[w], seen[clock] = clock, clock, v, w
                clock += 1
                path[depth], block[top] = w, w
                depth, top = depth + 1, top + 1
            elif w != parent[v] and disc[w] < low[v]:
                low[v] = disc[w]
            continue
        depth -= 1
        if depth == 0:
            break
        u = path[depth - 1]
        if low[v] < low[u]:
            low[u] = low[v]
        if low[v] >= disc[u]:  # a chamber entered at u: the cells down to v
            size, best = 0, 0
            while True:
                top -= 1
                x = block[top]
                size += 1
                if beyond[x] > best:
                    best = beyond[x]
                if x == v:
                    break
            if size + best > beyond[u]:
                beyond[u] = size + best
    chain = int(beyond[head])
    for k in range(clock):  # back as they came: only the cells searched were written
        cell = seen[k]
        disc[cell], tried[cell], parent[cell], beyond[cell] = -1, 0, -1, 0
    return chain


@jit
def _guided(steps: flood.Array, free: flood.Array, cell: int) -> int:
    """Moves of the path from ``cell`` that always steps where the chain of chambers is longest.

    Ties go to the step with the fewest free cells onward (hugging the walls). ``free`` is
    ``flood._open``'s marks (``cell`` closed); it is closed along the path.
    """
    return _guided_with(steps, free, cell, chain_work(len(steps)))


@jit
def _guided_with(steps: flood.Array, free: flood.Array, cell: int, work: flood.Array) -> int:
    """``_guided`` over ``chain_work``'s rows (``_chain``'s), handed back as they came."""
    length = 0
    while True:
        best, longest, fewest = -1, -1, 99
        for nxt in steps[cell]:
            if free[nxt] != flood.OPEN:
                continue
            free[nxt] = flood.CLOSED
            chain = _chain(steps, free, nxt, work)
            free[nxt] = flood.OPEN
            onward = 0
            for e in steps[nxt]:
                if free[e] == flood.OPEN:
                    onward += 1
            if chain > longest or (chain == longest and onward < fewest):
                best, longest, fewest = nxt, chain, onward
        if best < 0:
            return length
        free[best] = flood.CLOSED
        cell = best
        length += 1


def chamber_fill(state: TronState, player: int) -> int:
    """``_chambers`` for ``player``'s head at the turn start ``state`` (see above)."""
    check_position(state, player)
    g = flood.arrays(state.grid)
    marks = flood._open(g.playable, flood._wall_bytes(g, state.walls))
    return int(_chambers(g.steps, marks, state.heads[player]))


def guided_fill(state: TronState, player: int) -> int:
    """Moves of ``_guided``'s path from ``player``'s head at the turn start ``state``.

    A path that can be walked, so at most the room's longest; ``chamber_fill`` is at least it.
    """
    check_position(state, player)
    g = flood.arrays(state.grid)
    marks = flood._open(g.playable, flood._wall_bytes(g, state.walls))
    return int(_guided(g.steps, marks, state.heads[player]))


def dive(state: TronState, player: int) -> int:
    """Moves of ``player``'s greedy path (``_dive``): a path it can surely make, alone.

    At a pending state player 0 starts from its new cell (the step not counted here).
    """
    walls, head, facing = state.walls, state.heads[player], state.orientations[player]
    if player == 0 and state.pending is not None:
        head, facing = pending_head(state)
        if head < 0 or walls >> head & 1:
            return 0  # the pending step crashes: no moves left
        walls |= 1 << head
    g = flood.arrays(state.grid)
    marks = flood._open(g.playable, flood._wall_bytes(g, walls))
    return int(_dive(g.steps, marks, head, facing, state.grid.hex))


def fill_evaluate(state: TronState, player: int = 0) -> float:
    """``evaluate`` with separated fills from ``dive`` instead of cell counts (see above)."""
    check_position(state, player)
    if state.is_terminal():
        return state.returns()[player]
    if state.pending is not None:
        cell, _ = pending_head(state)
        if cell < 0 or state.walls >> cell & 1:
            return evaluate(state, player)
    split, mine, theirs = outlook(state)
    size = state.grid.playable().bit_count()
    if not split:
        value = CONNECTED_SCALE * (mine - theirs) / size
    else:
        mine = dive(state, 0) + (state.pending is not None)
        value = separated_value(mine - dive(state, 1), size)
    return value if player == 0 else -value


class _BudgetError(Exception):
    """The budget ran out."""


class _Fill:
    """One search: the grid's steps, the budget, the longest path found and its first move."""

    __slots__ = ("best", "deadline", "first", "move", "nodes", "room", "steps")

    def __init__(
        self, steps: tuple[tuple[int, ...], ...], room: int, nodes: int, deadline: float
    ) -> None:
        self.steps, self.room, self.nodes, self.deadline = steps, room, nodes, deadline
        self.best, self.move, self.first = 0, 0, 0

    def onward(self, cell: int, walls: int) -> list[int]:
        """The free cells next to ``cell``."""
        return [c for c in self.steps[cell] if c >= 0 and not walls >> c & 1]

    def dive(self, cell: int, walls: int) -> int:
        """The length of the greedy path from ``cell``: always to the fewest free cells onward."""
        length = 0
        while True:
            steps = self.onward(cell, walls)
            if not steps:
                return length
            cell = min(steps, key=lambda c: len(self.onward(c, walls | 1 << c)))
            walls |= 1 << cell
            length += 1

    def extend(self, cell: int, walls: int, length: int) -> None:
        """Search the paths on from ``cell`` (``length`` moves made), keeping the longest."""
        self.nodes -= 1
        if self.nodes < 0 or (self.nodes & 255 == 0 and time.perf_counter() > self.deadline):
            raise _BudgetError
        if length + (self.room & ~walls).bit_count() <= self.best:
            return  # even every cell left could not make it longer
        steps = self.onward(cell, walls)
        if not steps:
            if length > self.best:
                self.best, self.move = length, self.first
            return
        steps.sort(key=lambda c: len(self.onward(c, walls | 1 << c)))
        for c in steps:
            self.extend(c, walls | 1 << c, length + 1)


def fill_move(
    state: TronState, player: int, *, nodes: int = 100_000, seconds: float | None = None
) -> tuple[int, int]:
    """``(move, moves)``: the move starting the longest path found for ``player``, its length.

    Meant for a separated position at a turn start (the other player's cells count as walls,
    never as room). Each first move starts with the longer of two paths, the greedy one and
    the one guided by chains of chambers (``_guided``); the moves are then searched by their
    chains (``_chambers``), longest first, and a move whose chain cannot beat the path found
    is not searched.
    ``nodes`` and ``seconds`` bound the search; the best path found so far is answered when
    either runs out.

    Raises:
        InvalidArgumentError: not a ``TronState``, a player other than 0 or 1, or ``nodes``
            not a positive int.
    """
    check_position(state, player)
    nodes = check_int("nodes", nodes, 1)
    grid = state.grid
    head, facing, walls = state.heads[player], state.orientations[player], state.walls
    room = race(state).reach[player]
    deadline = time.perf_counter() + seconds if seconds is not None else float("inf")
    search = _Fill(grid.steps, room, nodes, deadline)
    g = flood.arrays(grid)
    moves = []
    for move in state.legal_moves(player):
        cell = grid.steps[head][(facing + move) % 6 if grid.hex else move]
        if cell >= 0 and not walls >> cell & 1:
            after = walls | 1 << cell
            marks = flood._open(g.playable, flood._wall_bytes(g, after))
            bound = 1 + int(_chambers(g.steps, marks, cell))
            moves.append((-bound, len(search.onward(cell, after)), move, cell, marks))
    if not moves:
        return state.legal_moves(player)[0], 0
    moves.sort(key=lambda m: m[:3])  # the longest chain first, then the fewest cells onward
    for _, _, move, cell, marks in moves:
        guided = int(_guided(g.steps, marks, cell))
        length = 1 + max(search.dive(cell, walls | 1 << cell), guided)
        if length > search.best:
            search.best, search.move = length, move
    try:
        for negative, _, move, cell, _ in moves:
            if -negative <= search.best:
                break  # no path after this move (or any later one) can be longer
            search.first = move
            search.extend(cell, walls | 1 << cell, 1)
            if search.best >= room.bit_count():
                break  # a path through every cell of the room
    except _BudgetError:
        pass
    return search.move, search.best
