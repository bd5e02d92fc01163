"""Every search on every bundled game it claims to support: the composition promise.

Single-agent searches run on the seed tree, an explicit graph, a maze cell, a cheese tour, a
drill maze and a Pommerman board; the adversarial ones on tic-tac-toe and a dice game. Each
run must end, report a sane status, and return a path of real parent -> child moves that
reaches the goal when the search is complete.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from games.dict_tree import DictTreeIterator
from games.graph import Graph
from games.maze import DrillMaze, Maze, PommermanBoard
from games.tictactoe import TicTacToe
from tests.conftest import SEED_TREE
from tests.games_util import Gamble
from treesearch import (
    BFS,
    DFS,
    IDDFS,
    MCTS,
    NRPA,
    AlphaBeta,
    AStar,
    Backtracking,
    BeamSearch,
    Budget,
    Dijkstra,
    FlatMonteCarlo,
    GreedyBestFirst,
    RandomWalk,
    Status,
    check_iterator,
)


@dataclass(frozen=True)
class Game:
    start: Any
    goal: Callable[[Any], bool]
    distance: Callable[[Any], float]  # an admissible heuristic / distance-like score


def _games() -> dict[str, Game]:
    maze = Maze.generate(9, 7, seed=3, nb_cheese=3)
    far = maze.vertices[-1]
    wr = maze.width

    def manhattan(cell: int) -> int:
        return abs(cell // wr - far // wr) + abs(cell % wr - far % wr)

    drill = DrillMaze.from_ascii(
        """
        +---+---+---+---+
        | D       S | E |
        +---+---+---+---+
        """,
        drills=0,
    )  # the exit needs the drill picked up at D first
    board = PommermanBoard.generate(seed=1)
    return {
        "seed-tree": Game(
            DictTreeIterator("Root", SEED_TREE),
            lambda s: s.name == "Monte Carlo Tree Search",
            lambda s: 0.0 if s.name == "Monte Carlo Tree Search" else 1.0,
        ),
        "graph": Game(
            Graph({0: {1: 2, 2: 5}, 1: {2: 1, 3: 7}, 2: {3: 1}, 3: {}}).state(0),
            lambda s: s.key() == 3,
            lambda s: 0.0 if s.key() == 3 else 1.0,
        ),
        "maze": Game(
            maze.start(maze.vertices[0]), lambda s: s.cell == far, lambda s: manhattan(s.cell)
        ),
        "tour": Game(
            maze.tour(maze.vertices[0]), lambda s: s.is_terminal(), lambda s: len(s.key()[1])
        ),
        "drill": Game(drill.start(), drill.at_exit, lambda s: 0.0 if drill.at_exit(s) else 1.0),
        "pommerman": Game(
            board.start((1, 1), through_boxes=True),
            lambda s: s.key() == (9, 9),
            lambda s: abs(9 - s.key()[0]) + abs(9 - s.key()[1]),
        ),
    }


GAMES = _games()

SEARCHES: dict[str, Callable[[Game], Any]] = {
    "bfs": lambda g: BFS(goal=g.goal),
    "dfs": lambda g: DFS(goal=g.goal),
    "iddfs": lambda g: IDDFS(goal=g.goal, budget=Budget(max_nodes=200_000)),
    "backtracking": lambda g: Backtracking(goal=g.goal),
    "dijkstra": lambda g: Dijkstra(goal=g.goal),
    "astar": lambda g: AStar(heuristic=g.distance, goal=g.goal),
    "greedy": lambda g: GreedyBestFirst(heuristic=g.distance, goal=g.goal),
    "beam": lambda g: BeamSearch(width=4, value=lambda s: -g.distance(s), goal=g.goal),
    "random-walk": lambda g: RandomWalk(rng=0, episodes=5, budget=Budget(max_depth=500)),
    "nrpa": lambda g: NRPA(
        level=1, iterations=3, value=lambda s: -g.distance(s), rng=0, budget=Budget(max_depth=500)
    ),
}
COMPLETE = {"bfs", "dfs", "iddfs", "backtracking", "dijkstra", "astar", "greedy"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_honours_the_contract(game: str) -> None:
    check_iterator(GAMES[game].start, max_states=300, walks=10)


@pytest.mark.parametrize("search", sorted(SEARCHES))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_search_on_every_game(game: str, search: str) -> None:
    g = GAMES[game]
    result = SEARCHES[search](g).run(g.start)
    assert result.status in (Status.SOLVED, Status.EXHAUSTED, Status.BUDGET_REACHED)
    for parent, child in itertools.pairwise(result.path):
        keys = [c.key() for c in parent.get_children()]
        assert child.key() in keys, f"{search} on {game}: {child!r} is not a child of {parent!r}"
    if search in COMPLETE:
        assert result.solved, f"{search} did not reach the goal of {game}: {result!r}"
        assert g.goal(result.best) and result.path[0] is g.start


def test_optimal_costs_agree() -> None:
    """Dijkstra and A* with an admissible heuristic find the same cheapest maze route."""
    g = GAMES["maze"]
    d = Dijkstra(goal=g.goal).run(g.start)
    a = AStar(heuristic=g.distance, goal=g.goal).run(g.start)
    assert d.value == a.value and a.stats.expanded <= d.stats.expanded
    cost = sum(p.step_cost(c) for p, c in itertools.pairwise(a.path))
    assert cost == a.value


@pytest.mark.parametrize(
    "search",
    [
        lambda: AlphaBeta(),
        lambda: AlphaBeta(depth=3, value=lambda s: 0.0),
        lambda: MCTS(iterations=300, rng=0),
        lambda: MCTS(iterations=300, rng=0, reuse=True),
        lambda: FlatMonteCarlo(playouts=300, rng=0),
    ],
)
@pytest.mark.parametrize("game", [TicTacToe().play(4), Gamble()])
def test_adversarial_searches_on_games_with_players(search: Callable[[], Any], game: Any) -> None:
    check_iterator(game)
    result = search().run(game)
    assert result.best.key() in [c.key() for c in game.get_children()]
    assert result.value is not None and -1.0 <= result.value <= 1.0
