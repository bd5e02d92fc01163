"""The drill maze: BFS over (cell, drills, pick-ups) finds escapes that need drilling."""

from __future__ import annotations

import itertools

import pytest

from games.maze import DrillMaze, DrillState, Maze
from treesearch import BFS, InvalidArgumentError, Status

# E is walled in: one wall (between 2 and 3) separates it from the rest.
ONE_WALL = """
    +---+---+---+---+
    | S         | E |
    +---+---+---+---+
"""

# E sits behind two walls, with an isolated cell in between.
TWO_WALLS = """
    +---+---+---+---+
    | S     |   | E |
    +---+---+---+---+
"""

# Drilling through the wall beside S is a shortcut: 1 move instead of 3.
SHORTCUT = """
    +---+---+---+
    | S | E |   |
    +   +   +   +
    |           |
    +---+---+---+
"""

# No drill at the start: fetch the pick-up D first (2 moves away), come back, drill out.
FETCH = """
    +---+---+---+---+
    | D       S | E |
    +---+---+---+---+
"""

# E is boxed in by holes and the border: holes cannot be drilled.
HOLES = """
    +---+---+---+
    | S |###| E |
    +---+---+---+
"""


def escape(game: DrillMaze, drills: int | None = None) -> list[DrillState] | None:
    result = BFS(goal=game.at_exit).run(game.start(drills=drills))
    return list(result.path) if result.solved else None


@pytest.mark.parametrize("drills", [1, 2, 5])
def test_one_wall_needs_one_drill(drills: int) -> None:
    game = DrillMaze.from_ascii(ONE_WALL, drills=drills)
    path = escape(game)
    assert path is not None
    assert [s.cell for s in path] == [0, 1, 2, 3]
    assert path[-1].drills == drills - 1
    assert [a.drilled(b) for a, b in itertools.pairwise(path)] == [False, False, True]


def test_without_drills_the_exit_is_unreachable() -> None:
    game = DrillMaze.from_ascii(ONE_WALL, drills=0)
    result = BFS(goal=game.at_exit).run(game.start())
    assert result.status is Status.EXHAUSTED
    assert result.best is None
    assert result.stats.visited == 3  # cells 0, 1, 2 with 0 drills


def test_two_walls_need_two_drills() -> None:
    assert escape(DrillMaze.from_ascii(TWO_WALLS, drills=1)) is None
    path = escape(DrillMaze.from_ascii(TWO_WALLS, drills=2))
    assert path is not None
    assert [s.key() for s in path] == [(0, 2, 0), (1, 2, 0), (2, 1, 0), (3, 0, 0)]


def test_bfs_takes_the_drilled_shortcut_only_when_it_has_a_drill() -> None:
    walking = escape(DrillMaze.from_ascii(SHORTCUT, drills=0))
    assert walking is not None
    assert [s.cell for s in walking] == [0, 3, 4, 1]
    with_drill = escape(DrillMaze.from_ascii(SHORTCUT, drills=1))
    assert with_drill is not None
    assert [s.cell for s in with_drill] == [0, 1]


def test_the_pick_up_is_fetched_first() -> None:
    game = DrillMaze.from_ascii(FETCH, drills=0)
    assert game.pickups == (0,)
    path = escape(game)
    assert path is not None
    assert [s.cell for s in path] == [2, 1, 0, 1, 2, 3]
    assert [s.drills for s in path] == [0, 0, 1, 1, 1, 0]
    assert path[0].pickups_left == (0,)
    assert path[2].pickups_left == ()
    # The same cell with and without the drill are different states.
    assert path[1].key() != path[3].key()


def test_a_pick_up_on_the_start_cell_is_collected_at_once() -> None:
    game = DrillMaze(Maze(2, 1, []), pickups=[0], drills=0, pickup_gain=3, exit_cell=1)
    state = game.start(0)
    assert state.drills == 3
    assert state.pickups == 0
    assert [c.key() for c in state.get_children()] == [(1, 2, 0)]


def test_holes_cannot_be_drilled() -> None:
    game = DrillMaze.from_ascii(HOLES, drills=5)
    assert escape(game) is None
    assert game.start().get_children() == []


def test_step_cost_and_terminal() -> None:
    game = DrillMaze.from_ascii(SHORTCUT, drills=1, drill_cost=4)
    start = game.start()
    children = start.get_children()
    assert [c.cell for c in children] == [1, 3]
    assert [start.step_cost(c) for c in children] == [4, 1]
    assert children[0].is_terminal()  # the exit ends the game
    assert children[0].get_children() == []
    assert not children[1].is_terminal()
    with pytest.raises(InvalidArgumentError, match="not a neighbour"):
        start.step_cost(game.start(5))
    assert start == game.start()
    assert hash(start) == hash(game.start())
    assert repr(start) == "DrillState(cell=0, drills=1, pickups=0b0)"


def test_bad_drill_mazes_are_rejected() -> None:
    with pytest.raises(InvalidArgumentError, match="unknown markers \\['X'\\]"):
        DrillMaze.from_ascii(ONE_WALL.replace("E", "X"))
    with pytest.raises(InvalidArgumentError, match="marker 'S' appears 2 times"):
        DrillMaze.from_ascii(TWO_WALLS.replace("|   |", "| S |"))
    with pytest.raises(InvalidArgumentError, match="drills must be an int >= 0, got -1"):
        DrillMaze.from_ascii(ONE_WALL, drills=-1)
    with pytest.raises(InvalidArgumentError, match="pick-up cell 9 is outside"):
        DrillMaze(Maze(2, 1), pickups=[9])
    with pytest.raises(InvalidArgumentError, match="no start_cell"):
        DrillMaze(Maze(2, 1)).start()
    with pytest.raises(InvalidArgumentError, match="no exit_cell"):
        DrillMaze(Maze(2, 1)).at_exit(DrillMaze(Maze(2, 1)).start(0))
    with pytest.raises(InvalidArgumentError, match=r"maze must be a games\.maze\.Maze"):
        DrillMaze({0: {}})  # type: ignore[arg-type]
