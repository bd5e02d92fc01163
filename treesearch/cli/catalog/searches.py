"""The searches of the command line, each with a maker per kind of game it serves.

A search serving several kinds (beam: paths and scores; MCTS: scores and duels) builds a
different search for each: a path search looks for the goal, a score search ranks states
by the game's value, a duel search plays for the player to move.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from treesearch import (
    BFS,
    CHANCE,
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
    GreedyBestFirst,
    InvalidArgumentError,
    RandomWalk,
    TreeSearch,
)
from treesearch.cli.catalog.registry import Kind, Registry
from treesearch.game_entry import Problem

__all__ = [
    "ITERATIONS",
    "NRPA_ITERATIONS",
    "RANDOM_WALK_EPISODES",
    "SEARCHES",
    "SEARCH_KNOBS",
    "SearchEntry",
    "SearchMaker",
    "SearchOptions",
]

RANDOM_WALK_EPISODES = 20
ITERATIONS = 2000
"""MCTS simulations per move without ``--iterations``."""
SEARCH_KNOBS = ("iterations", "depth")
"""The options of ``SearchOptions`` that some searches read and others ignore (by dest)."""
NRPA_ITERATIONS = 20
"""NRPA's iterations per level (level 2: 400 play-outs)."""


@dataclass(frozen=True)
class SearchOptions:
    """The command line's options a search maker may read (not the whole namespace).

    Attributes:
        seed: ``--seed``, the search's random seed (a game's own seed in a match).
        iterations: ``--iterations``, MCTS simulations per move.
        depth: ``--depth``, alpha-beta's depth (None: to the end, 4 plies with a value).
    """

    seed: int = 0
    iterations: int = ITERATIONS
    depth: int | None = None

    @classmethod
    def of(cls, args: object) -> SearchOptions:
        """The options of parsed arguments (an ``argparse.Namespace``; missing ones default)."""
        if isinstance(args, SearchOptions):
            return args
        return cls(
            seed=getattr(args, "seed", 0),
            iterations=getattr(args, "iterations", ITERATIONS),
            depth=getattr(args, "depth", None),
        )


SearchMaker = Callable[[Problem, Budget, SearchOptions], TreeSearch]
"""``(problem, budget, options) -> search``."""


@dataclass(frozen=True)
class SearchEntry:
    """A search of the command line: its display title and a maker per kind it serves.

    ``options`` names the search knobs its makers read (``SEARCH_KNOBS``: ``"iterations"``,
    ``"depth"``); the command line refuses the others when given. None (an entry that does
    not say) takes every knob.
    """

    name: str
    title: str
    help: str
    makers: Mapping[Kind, SearchMaker] = field(default_factory=dict)
    source: str = "bundled"
    options: tuple[str, ...] | None = None

    @property
    def kinds(self) -> tuple[Kind, ...]:
        """The kinds of game it serves."""
        return tuple(self.makers)

    def make(
        self, problem: Problem, budget: Budget, args: argparse.Namespace | SearchOptions
    ) -> TreeSearch:
        """The search for ``problem`` (its kind must be one of ``kinds``).

        Its maker sees ``SearchOptions`` only, read from ``args``.
        """
        return self.makers[problem.kind](problem, budget, SearchOptions.of(args))


def _iterations(options: SearchOptions) -> int:
    n = options.iterations
    if n < 1:
        raise InvalidArgumentError(f"--iterations must be >= 1, got {n!r}")
    return int(n)


def _value(p: Problem) -> Callable[[object], float]:
    assert p.value is not None, f"{p.game} has no value function"
    return p.value


def _neg_h(p: Problem) -> Callable[[object], float]:
    return lambda s: -p.heuristic(s)


def _nrpa(p: Problem, b: Budget, a: SearchOptions) -> TreeSearch:
    """Level 2; a move's code is its child's label (a Railroad Ink placement's notation).

    A start where chance moves (Railroad Ink's revealed dice) is refused here, before a
    command prints anything: NRPA plans one player's moves only.
    """
    player = getattr(p.start, "player", None)
    if callable(player) and player() == CHANCE:
        raise InvalidArgumentError(
            f"search 'nrpa' plans one player's moves, but {p.describe} starts with a chance "
            "move (a roll of the dice): use mcts (Railroad Ink: or --dice known or free)"
        )
    label = p.label

    def code(state: object, child: object) -> str:
        return label(child)

    return NRPA(iterations=NRPA_ITERATIONS, code=code, value=_value(p), rng=a.seed, budget=b)


def _mcts(p: Problem, b: Budget, a: SearchOptions) -> TreeSearch:
    return MCTS(iterations=_iterations(a), rng=a.seed, budget=b)


def _duel_mcts(p: Problem, b: Budget, a: SearchOptions) -> TreeSearch:
    if p.value is None:  # random playouts to the end
        return MCTS(iterations=_iterations(a), rng=a.seed, budget=b)
    return MCTS(iterations=_iterations(a), rng=a.seed, budget=b, evaluate=p.value)


def _alphabeta(p: Problem, b: Budget, a: SearchOptions) -> TreeSearch:
    """To the end of a game without a cut-off value; ``--depth`` (or 4) plies with one."""
    if p.value is None:
        if a.depth is not None:  # a cut-off would find no value to score the position
            raise InvalidArgumentError(
                f"--depth needs a game that values unfinished positions (Tron), and "
                f"{p.describe} has no such value: alpha-beta searches it to the end (leave "
                "--depth out)"
            )
        return AlphaBeta(budget=b)
    return AlphaBeta(budget=b, depth=a.depth or 4, value=p.value)


def _goal_search(
    name: str, title: str, help: str, search: Callable[..., TreeSearch]
) -> SearchEntry:
    """A path search that needs only the goal and the budget (BFS, DFS, Dijkstra...)."""
    return SearchEntry(
        name, title, help, {"path": lambda p, b, a: search(goal=p.goal, budget=b)}, options=()
    )


SEARCHES: Registry[SearchEntry] = Registry(
    "search",
    "treesearch.searches",
    (
        _goal_search("bfs", "BFS", "breadth-first: fewest moves", BFS),
        _goal_search("dfs", "DFS", "depth-first", DFS),
        _goal_search("iddfs", "IDDFS", "iterative deepening depth-first", IDDFS),
        SearchEntry(
            "backtracking",
            "Backtracking",
            "depth-first, one path at a time",
            {
                "path": lambda p, b, a: Backtracking(goal=p.goal, budget=b),
                "score": lambda p, b, a: Backtracking(value=_value(p), budget=b),
            },
            options=(),
        ),
        _goal_search("dijkstra", "Dijkstra", "cheapest route (step costs)", Dijkstra),
        SearchEntry(
            "astar",
            "A*",
            "cheapest route, guided by a heuristic",
            {"path": lambda p, b, a: AStar(heuristic=p.heuristic, goal=p.goal, budget=b)},
            options=(),
        ),
        SearchEntry(
            "greedy",
            "Greedy best-first",
            "straight at the goal; scores: the best child",
            {
                "path": lambda p, b, a: GreedyBestFirst(
                    heuristic=p.heuristic, goal=p.goal, budget=b
                ),
                "score": lambda p, b, a: BeamSearch(width=1, value=_value(p), budget=b),
            },
            options=(),
        ),
        SearchEntry(
            "beam",
            "Beam search (width 8)",
            "the 8 most promising per level",
            {
                "path": lambda p, b, a: BeamSearch(width=8, value=_neg_h(p), goal=p.goal, budget=b),
                "score": lambda p, b, a: BeamSearch(width=8, value=_value(p), budget=b),
            },
            options=(),
        ),
        SearchEntry(
            "random-walk",
            "Random walk",
            f"{RANDOM_WALK_EPISODES} random walks, keeping the best end",
            {
                "path": lambda p, b, a: RandomWalk(
                    rng=a.seed,
                    episodes=RANDOM_WALK_EPISODES,
                    goal=p.goal,
                    value=_neg_h(p),
                    budget=b,
                ),
                "score": lambda p, b, a: RandomWalk(
                    rng=a.seed, episodes=RANDOM_WALK_EPISODES, value=_value(p), budget=b
                ),
            },
            options=(),
        ),
        SearchEntry(
            "nrpa",
            "NRPA (level 2)",
            f"nested rollout policy adaptation, {NRPA_ITERATIONS**2} play-outs",
            {"score": _nrpa},
            options=(),
        ),
        SearchEntry(
            "mcts",
            "MCTS",
            "Monte Carlo tree search, --iterations simulations",
            {"score": _mcts, "duel": _duel_mcts},
            options=("iterations",),
        ),
        SearchEntry(
            "alphabeta",
            "Alpha-beta",
            "minimax with alpha-beta (--depth, or to the end)",
            {"duel": _alphabeta},
            options=("depth",),
        ),
    ),
)
