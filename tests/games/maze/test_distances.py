"""All-pairs distances: Dijkstra per source, and Seidel's algorithm against BFS."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.maze import ALGORITHMS, Algorithm, Maze, all_pairs, dijkstra, seidel
from tests.games.maze.helpers import plain_bfs
from tests.strategies import bellman_ford
from treesearch import InvalidArgumentError
from treesearch.errors import UnreachableError


@pytest.mark.parametrize("seed", range(6))
def test_dijkstra_matches_bellman_ford(seed: int) -> None:
    maze = Maze.generate(12, 9, mud_percentage=40, mud_range=(2, 9), seed=seed)
    adjacency = maze.to_dict()
    for source in maze.vertices[::17]:
        dist, table = dijkstra(maze, source)
        assert dist == bellman_ford(adjacency, source)
        for cell, parent in table.items():
            if parent is not None:
                assert dist[cell] == dist[parent] + maze.weight(parent, cell)


def test_all_pairs_agrees_with_single_source_runs() -> None:
    maze = Maze.generate(10, 8, nb_cheese=5, seed=9)
    sources = [maze.vertices[0], *sorted(maze.cheese)]
    weighted = all_pairs(maze, sources)
    unweighted = all_pairs(maze, sources, weighted=False)
    adjacency = maze.to_dict()
    assert list(weighted) == sources
    for s in sources:
        assert weighted[s] == dijkstra(maze, s)[0]
        assert unweighted[s] == plain_bfs(adjacency, s)[0]
    assert set(all_pairs(maze)) == set(maze.vertices)
    with pytest.raises(InvalidArgumentError, match="source 999 is outside"):
        all_pairs(maze, [999])


@settings(max_examples=25, deadline=None)
@given(
    width=st.integers(1, 14),
    height=st.integers(1, 14),
    wall_percentage=st.sampled_from([0, 50, 100]),
    algorithm=st.sampled_from(ALGORITHMS),
    seed=st.integers(0, 2**16),
)
def test_seidel_equals_bfs_all_pairs(
    width: int, height: int, wall_percentage: int, algorithm: Algorithm, seed: int
) -> None:
    if width * height < 3:
        return
    maze = Maze.generate(
        width,
        height,
        wall_percentage=wall_percentage,
        mud_percentage=0,
        algorithm=algorithm,
        seed=seed,
    )
    matrix = seidel(maze)
    assert matrix.cells == maze.vertices
    assert matrix.to_dict() == all_pairs(maze, weighted=False)


def test_seidel_on_a_long_corridor_and_a_disconnected_maze() -> None:
    corridor = Maze(40, 1, [(i, i + 1) for i in range(39)])
    assert seidel(corridor).distance(0, 39) == 39
    split = Maze.from_ascii("""
        +---+---+---+---+
        |       |       |
        +   +---+---+   +
        |   |###|       |
        +---+---+---+---+
    """)
    matrix = seidel(split)
    assert matrix.to_dict() == all_pairs(split, weighted=False)
    assert matrix.distance(0, 4) == 1
    assert matrix.distance(3, 6) == 2
    assert matrix.distance(2, 6) == 3
    assert matrix.matrix[matrix.index(0), matrix.index(3)] == -1
    with pytest.raises(UnreachableError, match="cell 3 cannot be reached from cell 0"):
        matrix.distance(0, 3)
    with pytest.raises(InvalidArgumentError, match="cell 5 is not a cell of this distance"):
        matrix.index(5)
    assert seidel(Maze(1, 1)).distance(0, 0) == 0
