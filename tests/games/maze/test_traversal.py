"""Framework traversals on maze states: distances, routing tables, goals, tours."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import shortest_path

from games.maze import ALGORITHMS, Maze, MazeCell, TourState
from tests.games.maze.helpers import plain_bfs
from treesearch import BFS, DFS, Dijkstra, InvalidArgumentError

MAZES = [
    Maze.generate(w, h, cell_percentage=cp, wall_percentage=wp, algorithm=alg, seed=seed)
    for (w, h, cp, wp), alg, seed in itertools.product(
        [(15, 13, 80, 60), (25, 9, 60, 100), (10, 10, 100, 0), (30, 20, 90, 40)],
        ALGORITHMS,
        range(3),
    )
]


@pytest.mark.parametrize("maze", MAZES, ids=repr)
def test_bfs_distances_equal_a_plain_bfs(maze: Maze) -> None:
    start = maze.vertices[len(maze) // 2]
    result = BFS().run(maze.start(start))
    expected, parents = plain_bfs(maze.to_dict(), start)
    assert result.distances == expected
    assert result.routing_table == parents  # same FIFO order, same first discoverers
    assert result.stats.visited == len(maze)


@pytest.mark.parametrize("maze", MAZES[:12], ids=repr)
def test_the_routing_table_is_a_shortest_path_tree_rooted_at_the_start(maze: Maze) -> None:
    start = maze.vertices[0]
    result = BFS().run(maze.start(start))
    dist, table = result.distances, result.routing_table
    assert dist is not None and table is not None
    assert table[start] is None
    for cell, parent in table.items():
        if cell == start:
            continue
        assert isinstance(parent, int) and isinstance(cell, int)
        assert maze.has_edge(parent, cell)
        assert dist[parent] == dist[cell] - 1
        route = result.find_route(cell)
        assert route[0] == start and route[-1] == cell
        assert len(route) == dist[cell] + 1


@pytest.mark.parametrize("maze", MAZES[:6], ids=repr)
def test_dfs_routing_table_is_a_spanning_tree(maze: Maze) -> None:
    start = maze.vertices[-1]
    result = DFS().run(maze.start(start))
    table = result.routing_table
    assert table is not None
    assert set(table) == set(maze.vertices)
    for cell, parent in table.items():
        assert parent is None if cell == start else maze.has_edge(parent, cell)  # type: ignore[arg-type]


def test_nearest_cheese_with_a_goal_set() -> None:
    for seed in range(10):
        maze = Maze.generate(nb_cheese=6, seed=seed)
        start = maze.nearest_cell(row=6, col=7)
        result = BFS(goal=maze.cheese).run(maze.start(start))
        assert result.solved
        dist, _ = plain_bfs(maze.to_dict(), start)
        assert result.best.key() in maze.cheese
        assert len(result.path) - 1 == min(dist[c] for c in maze.cheese)


def test_states_are_shared_and_children_are_cached() -> None:
    maze = Maze.generate(seed=2)
    cell = maze.vertices[10]
    state = maze.start(cell)
    assert maze.start(cell) is state
    children = state.get_children()
    assert state.get_children() is children
    assert [c.key() for c in children] == maze.neighbours(cell)
    assert all(isinstance(c, MazeCell) for c in children)
    assert [state.step_cost(c) for c in children] == [maze.weight(cell, c.key()) for c in children]
    assert state.rc == maze.i_to_rc(cell)
    assert repr(state) == f"MazeCell({cell})"


def test_isolated_cell_is_terminal() -> None:
    maze = Maze(3, 1, [(0, 1)])
    assert maze.start(2).is_terminal()
    assert not maze.start(0).is_terminal()
    assert not maze.is_connected()


def test_tour_eats_cheese_on_arrival_and_never_changes_its_parent() -> None:
    maze = Maze(3, 2, [(0, 1), (1, 2), (0, 3), (3, 4), (4, 5, 3)], cheese=[2, 4])
    tour = maze.tour(0)
    assert tour.key() == (0, frozenset({2, 4}))
    assert not tour.is_terminal()
    children = tour.get_children()
    assert [c.key() for c in children] == [(1, frozenset({2, 4})), (3, frozenset({2, 4}))]
    three = children[1]
    four = three.get_children()[1]
    assert four.key() == (4, frozenset({2}))
    assert four.eaten == 1
    assert three.remaining == frozenset({2, 4})
    assert tour.remaining == frozenset({2, 4})
    assert four.step_cost(four.get_children()[1]) == 3
    with pytest.raises(InvalidArgumentError, match="not a child"):
        four.step_cost(tour)


def test_tour_starting_on_cheese_eats_it_and_a_finished_tour_has_no_moves() -> None:
    maze = Maze(2, 1, [(0, 1)], cheese=[0, 1])
    tour = maze.tour(0)
    assert tour.remaining == frozenset({1})
    done = tour.get_children()[0]
    assert done.is_terminal()
    assert done.get_children() == ()
    assert done == TourState(maze, 1, frozenset())
    assert hash(done) == hash(TourState(maze, 1, frozenset()))


def test_bfs_tour_is_as_short_as_the_best_cheese_order() -> None:
    for seed in range(6):
        maze = Maze.generate(9, 7, nb_cheese=4, seed=seed)
        start = maze.vertices[0]
        result = BFS(goal=lambda s: s.is_terminal()).run(maze.tour(start))
        assert result.solved
        adjacency = maze.to_dict()
        dist = {c: plain_bfs(adjacency, c)[0] for c in [start, *maze.cheese]}
        best = min(
            sum(dist[a][b] for a, b in itertools.pairwise((start, *order)))
            for order in itertools.permutations(maze.cheese)
        )
        assert len(result.path) - 1 == best


@pytest.mark.parametrize("algorithm", ["big_holes", "uniform_holes", "holes_on_side"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_framework_distances_match_scipy(algorithm: str, seed: int) -> None:
    """BFS and Dijkstra through treesearch against scipy.sparse.csgraph on to_dict()."""
    maze = Maze.generate(17, 11, seed=seed, algorithm=algorithm)  # type: ignore[arg-type]
    adjacency = maze.to_dict()
    rows, cols, weights = [], [], []
    for u, nbrs in adjacency.items():
        for v, w in nbrs.items():
            rows.append(u)
            cols.append(v)
            weights.append(w)
    n = maze.width * maze.height
    matrix = csr_matrix((weights, (rows, cols)), shape=(n, n))
    source = maze.vertices[0]
    turns = shortest_path(matrix, indices=[source])[0]
    moves = shortest_path(matrix, unweighted=True, indices=[source])[0]
    bfs = BFS().run(maze.start(source)).distances
    dijkstra = Dijkstra().run(maze.start(source)).distances
    assert bfs is not None and dijkstra is not None
    reachable = [c for c in range(n) if np.isfinite(moves[c])]
    assert set(bfs) == set(dijkstra) == set(reachable)
    assert all(bfs[c] == moves[c] and dijkstra[c] == turns[c] for c in reachable)
