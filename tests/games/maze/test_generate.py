"""Random generation: connected, counts as specified, seeded, validated, and fast."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.maze import ALGORITHMS, Algorithm, Maze, generate_maze
from games.maze.carve import _Background
from tests.games.maze.helpers import grid_pairs, plain_bfs
from treesearch import InvalidArgumentError


def connected(maze: Maze) -> bool:
    adjacency = maze.to_dict()
    dist, _ = plain_bfs(adjacency, next(iter(adjacency)))
    return len(dist) == len(adjacency)


@settings(max_examples=150, deadline=None)
@given(
    width=st.integers(1, 12),
    height=st.integers(1, 12),
    cell_percentage=st.floats(0, 100),
    algorithm=st.sampled_from(ALGORITHMS),
    seed=st.integers(0, 2**32),
)
def test_always_connected_with_the_requested_cell_count(
    width: int, height: int, cell_percentage: float, algorithm: Algorithm, seed: int
) -> None:
    n = int(width * height * cell_percentage / 100)
    if n < 2:
        with pytest.raises(InvalidArgumentError, match="needs at least 2"):
            Maze.generate(width, height, cell_percentage=cell_percentage, seed=seed)
        return
    maze = Maze.generate(
        width, height, cell_percentage=cell_percentage, algorithm=algorithm, seed=seed
    )
    assert len(maze) == n
    assert connected(maze)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize(("width", "height"), [(15, 13), (40, 9), (6, 30), (1, 30), (30, 1)])
def test_wall_and_mud_counts(algorithm: Algorithm, width: int, height: int) -> None:
    for seed in range(5):
        maze = Maze.generate(
            width,
            height,
            wall_percentage=60,
            mud_percentage=20,
            mud_range=(4, 9),
            algorithm=algorithm,
            seed=seed,
        )
        pairs = grid_pairs(set(maze.vertices), width)
        walls = int((pairs - (len(maze) - 1)) * 60 / 100)
        assert maze.nb_edges == pairs - walls
        weights = [w for _, _, w in maze.edges()]
        mud = [w for w in weights if w > 1]
        assert len(mud) == int(len(weights) * 20 / 100)
        assert all(4 <= w <= 9 for w in mud)
        assert connected(maze)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_full_walls_give_a_spanning_tree(algorithm: Algorithm) -> None:
    for seed in range(10):
        maze = Maze.generate(21, 17, wall_percentage=100, algorithm=algorithm, seed=seed)
        assert maze.nb_edges == len(maze) - 1
        assert connected(maze)


def test_no_walls_joins_every_adjacent_pair() -> None:
    maze = Maze.generate(15, 13, wall_percentage=0, mud_percentage=0, seed=3)
    assert maze.nb_edges == grid_pairs(set(maze.vertices), 15)
    assert not maze.is_weighted


def test_same_seed_same_maze_and_different_seeds_differ() -> None:
    for algorithm in ALGORITHMS:
        mazes = [Maze.generate(algorithm=algorithm, nb_cheese=5, seed=s) for s in range(20)]
        again = [Maze.generate(algorithm=algorithm, nb_cheese=5, seed=s) for s in range(20)]
        assert mazes == again
        assert len({hash(m) for m in mazes}) == 20
        assert len({str(m) for m in mazes}) == 20


def test_a_random_instance_is_used_and_global_state_is_untouched() -> None:
    random.seed(1234)
    before = random.getstate()
    a = Maze.generate(seed=random.Random(7))
    assert random.getstate() == before
    assert a == Maze.generate(seed=7)


def test_cheese_is_seeded_and_never_changes_the_walls() -> None:
    players = [0, 1, 2, 3, 194]
    maze = Maze.generate(cell_percentage=100, nb_cheese=21, player_cells=players, seed=11)
    assert len(maze.cheese) == 21
    assert maze.cheese <= set(maze.vertices)
    assert not maze.cheese & set(players)
    without = Maze.generate(cell_percentage=100, nb_cheese=0, player_cells=players, seed=11)
    assert without == maze.with_cheese([])
    assert Maze.generate(cell_percentage=100, nb_cheese=21, player_cells=players, seed=12) != maze


def test_holes_on_side_keeps_the_centre_and_big_holes_cluster() -> None:
    for seed in range(5):
        maze = Maze.generate(21, 15, cell_percentage=50, algorithm="holes_on_side", seed=seed)
        assert maze.rc_exists(7, 10)

    def hole_adjacency(algorithm: Algorithm) -> int:
        total = 0
        for seed in range(6):
            maze = Maze.generate(30, 30, cell_percentage=70, algorithm=algorithm, seed=seed)
            holes = {c for c in range(900) if c not in maze}
            total += grid_pairs(holes, 30)
        return total

    # Big holes favour cells next to holes, so holes touch each other far more often.
    assert hole_adjacency("big_holes") > 1.5 * hole_adjacency("uniform_holes")


def test_a_large_maze_is_generated_quickly_and_connected() -> None:
    maze = Maze.generate(200, 150, seed=5)
    assert len(maze) == 24000
    assert maze.is_connected()
    assert connected(maze)


@settings(max_examples=120, deadline=None)
@given(width=st.integers(1, 9), height=st.integers(1, 9), seed=st.integers(0, 2**32))
def test_local_removal_rule_matches_a_full_traversal(width: int, height: int, seed: int) -> None:
    """Remove random cells one by one; at each draw the local rule must agree with BFS."""
    rng = random.Random(seed)
    size = width * height
    exists = bytearray(b"\x01") * size
    background = _Background(width, height, exists)
    alive = set(range(size))
    attempts = 0
    while len(alive) > 1 and attempts < 20 * size:
        attempts += 1
        v = rng.choice(sorted(alive))
        rest = alive - {v}
        start = next(iter(rest))
        seen = {start}
        queue = deque([start])
        while queue:
            c = queue.popleft()
            r, col = divmod(c, width)
            for n, ok in (
                (c - width, r > 0),
                (c + width, r < height - 1),
                (c - 1, col > 0),
                (c + 1, col < width - 1),
            ):
                if ok and n in rest and n not in seen:
                    seen.add(n)
                    queue.append(n)
        ring = background.ring(v)
        assert background.removable(ring) == (seen == rest), (v, sorted(alive))
        if seen == rest:
            background.remove(v, ring)
            alive.discard(v)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"width": 0}, "width >= 1"),
        ({"width": 2.5}, "width must be an int, got 2.5"),
        ({"cell_percentage": 101}, "cell_percentage must be in \\[0, 100\\], got 101"),
        ({"cell_percentage": float("nan")}, "cell_percentage must be in"),
        ({"wall_percentage": -1}, "wall_percentage must be in \\[0, 100\\], got -1"),
        ({"mud_percentage": "20"}, "mud_percentage must be a number"),
        ({"mud_range": (1, 5)}, "2 <= min <= max .* got \\(1, 5\\)"),
        ({"mud_range": (6, 5)}, "got \\(6, 5\\)"),
        ({"mud_range": (4,)}, "pair"),
        ({"mud_range": None}, "mud_range is None but mud_percentage=20"),
        ({"algorithm": "spiral"}, "algorithm must be one of .* got 'spiral'"),
        ({"width": 2, "height": 1, "cell_percentage": 60}, "leaves 1 cell"),
        ({"nb_cheese": -1}, "nb_cheese must be >= 0"),
        ({"width": 3, "height": 3, "nb_cheese": 8}, "only 7 cells are free"),
        ({"player_cells": [500]}, "player cell 500 is outside"),
    ],
)
def test_bad_arguments_are_rejected(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        generate_maze(**kwargs)


def test_mud_range_may_be_none_without_mud() -> None:
    maze = Maze.generate(mud_percentage=0, mud_range=None, seed=1)
    assert not maze.is_weighted
