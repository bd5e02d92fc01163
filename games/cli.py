"""The ``treesearch`` command line: run or compare searches on the bundled games.

    treesearch demo
    treesearch run --game grid --search bfs --size 40 --seed 1
    treesearch compare --game grid --searches bfs,dfs,iddfs,random-walk

It lives in ``games`` because it composes games, searches and observers; ``treesearch``
itself never imports games.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.dict_tree import DictTreeIterator
from games.graph import Graph
from observers import ProgressObserver, RecordingObserver
from treesearch import (
    BFS,
    DFS,
    IDDFS,
    Backtracking,
    Budget,
    RandomWalk,
    SearchResult,
    TreeSearch,
)

__all__ = ["main"]

SEED_TREE: dict[str, Any] = {
    "Algorithms": {
        "Breadth-First": {},
        "Depth-First": {"Backtracking": {}, "Beam Search": {}},
        "Other": {"Monte Carlo Tree Search": {}},
    }
}


@dataclass(frozen=True)
class Problem:
    """A start state, a goal predicate, and how to name a state in the output."""

    start: Any
    goal: Callable[[Any], bool] | None
    label: Callable[[Any], str]


def _seed_tree(args: argparse.Namespace) -> Problem:
    return Problem(
        DictTreeIterator("Root", SEED_TREE),
        lambda s: s.name == "Monte Carlo Tree Search",
        lambda s: str(s.name),
    )


def _grid(args: argparse.Namespace) -> Problem:
    n = args.size
    graph = Graph.grid(n, n, wall_fraction=0.3, seed=args.seed)
    distances = BFS().run(graph.state(0)).distances or {0: 0}
    target = max(distances, key=lambda cell: (distances[cell], cell))  # the farthest cell
    return Problem(
        graph.state(0), lambda s: s.id == target, lambda s: f"({s.id // n},{s.id % n})"
    )


GAMES: dict[str, Callable[[argparse.Namespace], Problem]] = {
    "seed-tree": _seed_tree,
    "grid": _grid,
}

SearchFactory = Callable[[Problem, Budget, int], TreeSearch]

SEARCHES: dict[str, SearchFactory] = {
    "bfs": lambda p, b, seed: BFS(goal=p.goal, budget=b),
    "dfs": lambda p, b, seed: DFS(goal=p.goal, budget=b),
    "iddfs": lambda p, b, seed: IDDFS(goal=p.goal, budget=b),
    "backtracking": lambda p, b, seed: Backtracking(goal=p.goal, budget=b),
    "random-walk": lambda p, b, seed: RandomWalk(rng=seed, episodes=20, budget=b),
}


def _budget(args: argparse.Namespace) -> Budget:
    return Budget(max_nodes=args.max_nodes, seconds=args.seconds)


def _describe(name: str, result: SearchResult, problem: Problem) -> str:
    s = result.stats
    best = problem.label(result.best) if result.best is not None else "-"
    return (
        f"{name:<13} {result.status.value:<14} best={best:<24} "
        f"path={max(len(result.path) - 1, 0):<5} expanded={s.expanded:<8} "
        f"visited={s.visited:<8} {s.seconds * 1000:8.1f} ms"
    )


def _demo(args: argparse.Namespace) -> int:
    print("Backtracking over the seed tree (entering and returning):")
    rec = RecordingObserver()
    Backtracking(rec).run(DictTreeIterator("Root", SEED_TREE))
    print("  " + " -> ".join(name for _, _, name in rec.trace()))
    for game in ("seed-tree", "grid"):
        problem = GAMES[game](args)
        print(f"\nsearching {game} for its goal:")
        for name, make in SEARCHES.items():
            result = make(problem, Budget(max_nodes=200_000), args.seed).run(problem.start)
            print("  " + _describe(name, result, problem))
    return 0


def _run(args: argparse.Namespace) -> int:
    problem = GAMES[args.game](args)
    search = SEARCHES[args.search](problem, _budget(args), args.seed)
    observers = [ProgressObserver(desc=args.search, file=sys.stderr)] if args.progress else []
    result = search.run(problem.start, observers=observers)
    print(_describe(args.search, result, problem))
    if result.path:
        print("path: " + " -> ".join(problem.label(s) for s in result.path))
    return 0


def _compare(args: argparse.Namespace) -> int:
    problem = GAMES[args.game](args)
    names = [n.strip() for n in args.searches.split(",") if n.strip()]
    unknown = [n for n in names if n not in SEARCHES]
    if unknown:
        print(f"unknown search {unknown[0]!r}; choose from {', '.join(SEARCHES)}", file=sys.stderr)
        return 2
    for name in names:
        result = SEARCHES[name](problem, _budget(args), args.seed).run(problem.start)
        print(_describe(name, result, problem))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="treesearch", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--game", choices=sorted(GAMES), default="grid")
        p.add_argument("--size", type=int, default=30, help="grid side length (grid game)")
        p.add_argument("--seed", type=int, default=0, help="seed for games and random searches")
        p.add_argument("--max-nodes", type=int, default=None, help="expansion budget")
        p.add_argument("--seconds", type=float, default=None, help="wall-clock budget")

    demo = sub.add_parser("demo", help="a tour: every search on the seed tree and a grid")
    common(demo)
    demo.set_defaults(func=_demo)
    run = sub.add_parser("run", help="run one search and print its result and path")
    common(run)
    run.add_argument("--search", choices=sorted(SEARCHES), default="bfs")
    run.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    run.set_defaults(func=_run)
    compare = sub.add_parser("compare", help="run several searches on the same game")
    common(compare)
    compare.add_argument("--searches", default="bfs,dfs,iddfs,backtracking,random-walk")
    compare.set_defaults(func=_compare)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``treesearch`` command."""
    args = _parser().parse_args(argv)
    try:
        return int(args.func(args))
    except ValueError as exc:  # bad sizes, budgets...: one line, not a traceback
        print(f"treesearch: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
