"""The Pommerman board: hand-checked reachability and the playground's layout rules."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest

from games.maze import PommermanBoard
from games.maze.pommerman import AGENT_CELLS, RIGID, WOOD
from treesearch import BFS, InvalidArgumentError

# A 5x5 board by hand: # rigid, + wood, . passage, 0 the agent.
#   0 . + . .
#   . # . # .
#   + . . . +
#   . # . # .
#   . . + . .
SMALL = [
    [10, 0, 2, 0, 0],
    [0, 1, 0, 1, 0],
    [2, 0, 0, 0, 2],
    [0, 1, 0, 1, 0],
    [0, 0, 2, 0, 0],
]


def test_hand_checked_reachable_tiles() -> None:
    board = PommermanBoard(SMALL)
    assert board.reachable((0, 0)) == {(0, 0), (0, 1), (1, 0)}
    # Through boxes every tile but the 4 rigid walls is reachable.
    everything = {(r, c) for r in range(5) for c in range(5)} - {(1, 1), (1, 3), (3, 1), (3, 3)}
    assert board.reachable((0, 0), through_boxes=True) == everything
    assert board.reachable((2, 2)) == {(1, 2), (2, 1), (2, 2), (2, 3), (3, 2)}
    assert board.inaccessible_passages() == []


def test_boxes_cost_more_to_enter() -> None:
    board = PommermanBoard(SMALL, box_cost=7)
    start = board.start((0, 1), through_boxes=True)
    children = start.get_children()
    assert [c.key() for c in children] == [(0, 0), (0, 2)]
    assert [start.step_cost(c) for c in children] == [1, 7]
    result = BFS(goal={(0, 3)}).run(board.start((0, 0), through_boxes=True))
    assert [s.key() for s in result.path] == [(0, 0), (0, 1), (0, 2), (0, 3)]


def test_agents_cannot_start_on_walls_or_outside() -> None:
    board = PommermanBoard(SMALL)
    with pytest.raises(InvalidArgumentError, match=r"pos \(1, 1\) holds code 1"):
        board.start((1, 1))
    with pytest.raises(InvalidArgumentError, match=r"outside the 5x5 board"):
        board.start((5, 0))
    with pytest.raises(InvalidArgumentError, match="unknown codes \\[9\\]"):
        PommermanBoard([[9]])
    with pytest.raises(InvalidArgumentError, match="not under a wooden box"):
        PommermanBoard(SMALL, items={(0, 1): 6})


def plain_reachable(grid: np.ndarray, start: tuple[int, int]) -> set[tuple[int, int]]:
    seen = {start}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= n[0] < 11 and 0 <= n[1] < 11 and grid[n] not in (RIGID, WOOD) and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


@pytest.mark.parametrize("seed", range(8))
def test_generated_boards_follow_the_layout_rules(seed: int) -> None:
    board = PommermanBoard.generate(seed)
    grid = board.board
    assert grid.shape == (11, 11)
    for code in (RIGID, WOOD):
        mask = grid == code
        assert (mask == mask.T).all()  # walls come in mirror pairs
        assert not mask.diagonal().any()
    assert (grid == RIGID).sum() == 36
    assert (grid == WOOD).sum() == 36
    assert [grid[p] for p in AGENT_CELLS] == [10, 11, 12, 13]
    for i in (2, 3):  # breathing room beside each agent
        for r, c in ((1, i), (i, 1), (9, 10 - i), (10 - i, 9), (1, 10 - i), (10 - i, 1)):
            assert grid[r, c] == 0
    for i in (4, 5, 6):  # wood lines keeping the agents connected
        assert grid[1, i] == grid[i, 1] == grid[9, i] == grid[i, 9] == WOOD
    assert len(board.inaccessible_passages()) <= 4
    assert len(board.items) == 20
    assert all(grid[p] == WOOD and code in (6, 7, 8) for p, code in board.items.items())
    assert board.reachable((1, 1)) == plain_reachable(grid, (1, 1))


def test_generation_is_seeded() -> None:
    a, b = PommermanBoard.generate(3), PommermanBoard.generate(3)
    assert (a.board == b.board).all() and a.items == b.items
    boards = {PommermanBoard.generate(s).board.tobytes() for s in range(10)}
    assert len(boards) == 10
    assert str(a).splitlines()[1][1] == "0"
    assert not a.board.flags.writeable


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_rigid": 35}, "num_rigid must be even"),
        ({"num_wood": 10}, "num_wood even and >= 12"),
        ({"num_rigid": 60, "num_wood": 40}, "100 walls do not fit"),
        ({"num_items": 40}, "num_items must be in \\[0, num_wood=36\\], got 40"),
    ],
)
def test_bad_generation_arguments(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        PommermanBoard.generate(0, **kwargs)
