"""What the command line can search: its games and searches, and which go together.

A game entry builds a ``Problem`` from the parsed arguments and says what kind of game it
is: a one-player path problem (a start, a goal, step costs) or a two-player duel (players
and rewards). Each search entry serves one kind; a pairing of the other kind is refused
with the reason. A game entry may also say how it renders a search as a video.
"""

from __future__ import annotations

import argparse
import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

from games.dict_tree import DictTreeIterator
from games.graph import Graph
from games.maze import ExplorationRenderer, Maze, manhattan_to, render_search_video
from games.tictactoe import TicTacToe
from games.tictactoe_render import TicTacToeTiles
from observers import MCTSView, VideoObserver
from treesearch import (
    BFS,
    DFS,
    IDDFS,
    MCTS,
    AlphaBeta,
    AStar,
    Backtracking,
    BeamSearch,
    Budget,
    Dijkstra,
    GreedyBestFirst,
    InvalidArgumentError,
    RandomWalk,
    SearchResult,
    TreeSearch,
)

__all__ = [
    "GAMES",
    "SEARCHES",
    "GameEntry",
    "Kind",
    "Problem",
    "SearchEntry",
    "VideoMaker",
    "cell_name",
    "check_pairing",
    "hold_frames",
    "lookup",
    "searches_for",
]

Kind = Literal["path", "duel"]
"""``"path"``: one player, a start and a goal; ``"duel"``: two players with rewards."""

SEED_TREE: dict[str, Any] = {
    "Algorithms": {
        "Breadth-First": {},
        "Depth-First": {"Backtracking": {}, "Beam Search": {}},
        "Other": {"Monte Carlo Tree Search": {}},
    }
}

RANDOM_WALK_EPISODES = 20


@dataclass(frozen=True)
class Problem:
    """A start state and how to judge and name states.

    Attributes:
        game: the game's name on the command line.
        kind: the kind of game (see ``Kind``).
        start: the start state.
        goal: the goal test of a path problem (None for duels).
        heuristic: an admissible distance-to-goal estimate (0 for duels).
        label: a short name of a state, for tables and paths.
        describe: a few words on the problem, for headings ("a 31x31 maze").
        maze: the maze, for maze problems (their videos need it).
    """

    game: str
    kind: Kind
    start: Any
    goal: Callable[[Any], bool] | None
    heuristic: Callable[[Any], float]
    label: Callable[[Any], str]
    describe: str
    maze: Maze | None = None


VideoMaker = Callable[
    [Problem, TreeSearch, Path, argparse.Namespace, str], tuple[SearchResult, int]
]
"""``(problem, search, out, args, title) -> (result, frames)``: write a video of one search."""


@dataclass(frozen=True)
class GameEntry:
    """A game of the command line: how to build it, and how it renders a video, if it can."""

    name: str
    kind: Kind
    help: str
    make: Callable[[argparse.Namespace], Problem]
    video: VideoMaker | None = None
    video_searches: tuple[str, ...] | None = None  # None: every search of its kind


@dataclass(frozen=True)
class SearchEntry:
    """A search of the command line, for one kind of game, with its display title."""

    name: str
    kind: Kind
    title: str
    help: str
    make: Callable[[Problem, Budget, argparse.Namespace], TreeSearch]


def _seed_tree(args: argparse.Namespace) -> Problem:
    return Problem(
        "seed-tree", "path", DictTreeIterator("Root", SEED_TREE),
        lambda s: s.name == "Monte Carlo Tree Search", lambda s: 0.0, lambda s: str(s.name),
        "the seed tree",
    )  # fmt: skip


def _grid(args: argparse.Namespace) -> Problem:
    n = args.size
    graph = Graph.grid(n, n, wall_fraction=0.3, seed=args.seed)
    # Start in the largest connected region, and aim for its farthest cell.
    distances: dict[Any, float] = {}
    seen: set[Any] = set()
    for cell in range(n * n):
        if cell not in seen:
            reached = BFS().run(graph.state(cell)).distances or {}
            seen.update(reached)
            if len(reached) > len(distances):
                distances = dict(reached)
    source = min(distances)
    distances = dict(BFS().run(graph.state(source)).distances or {})
    target = max(distances, key=lambda cell: (distances[cell], cell))
    tr, tc = divmod(target, n)
    return Problem(
        "grid", "path", graph.state(source), lambda s: s.id == target,
        lambda s: abs(s.id // n - tr) + abs(s.id % n - tc),
        lambda s: f"({s.id // n},{s.id % n})", f"a {n}x{n} grid",
    )  # fmt: skip


def _maze(args: argparse.Namespace) -> Problem:
    n = args.size
    maze = Maze.generate(n, n, seed=args.seed)
    start = maze.nearest_cell(row=0, col=0)
    maze = maze.with_cheese([maze.nearest_cell(row=n - 1, col=n - 1)])
    cheese = next(iter(maze.cheese))
    return Problem(
        "maze", "path", maze.start(start), lambda s: s.cell == cheese,
        manhattan_to(maze, maze.cheese), lambda s: f"({s.cell // n},{s.cell % n})",
        f"a {n}x{n} maze", maze,
    )  # fmt: skip


def cell_name(cell: int) -> str:
    """A tic-tac-toe cell as its index and (row, column): ``"4 (1,1)"``."""
    return f"{cell} ({cell // 3},{cell % 3})"


def _tictactoe(args: argparse.Namespace) -> Problem:
    state = TicTacToe()
    for text in (m for m in args.moves.split(",") if m.strip()):
        try:
            cell = int(text)
        except ValueError:
            raise InvalidArgumentError(
                f"--moves takes cells 0-8 separated by commas, got {args.moves!r}"
            ) from None
        state = state.play(cell)
    return Problem(
        "tictactoe", "duel", state, None, lambda s: 0.0,
        lambda s: "start" if s.move is None else cell_name(s.move), "tic-tac-toe",
    )  # fmt: skip


def hold_frames(fps: float) -> int:
    """Frames that hold the end of a video for about a second."""
    return max(1, round(fps))


def _maze_video(
    problem: Problem, search: TreeSearch, out: Path, args: argparse.Namespace, title: str
) -> tuple[SearchResult, int]:
    assert problem.maze is not None
    renderer = ExplorationRenderer(problem.maze, color_by=args.color_by)
    every, duration = (args.every, None) if args.every is not None else (None, args.duration)
    result = render_search_video(
        problem.maze, search, problem.start, out, fps=args.fps, every=every,
        duration=duration, max_frames=args.max_frames, final_frames=hold_frames(args.fps),
        panel=not args.raw, title=title, renderer=renderer,
    )  # fmt: skip
    return result, renderer.frames


def _tictactoe_video(
    problem: Problem, search: TreeSearch, out: Path, args: argparse.Namespace, title: str
) -> tuple[SearchResult, int]:
    """MCTS making up its mind: visits and values of every move, about --duration long."""
    hold = hold_frames(args.fps)
    frames = max(1, round(args.duration * args.fps) - hold)
    view = MCTSView(TicTacToeTiles(), frames=frames, stride=args.every)
    with VideoObserver(out, view, fps=args.fps, max_frames=args.max_frames,
                       final_frames=hold, panel=not args.raw, title=title) as video:
        result = search.run(problem.start, observers=[video])
    return result, video.frames


GAMES: dict[str, GameEntry] = {
    e.name: e
    for e in (
        GameEntry("seed-tree", "path", "the eight-node tree of the original example", _seed_tree),
        GameEntry("grid", "path", "a --size square grid, 30 percent walls, to its farthest cell",
                  _grid),
        GameEntry("maze", "path", "a --size maze with mud, from one corner to the cheese in "
                  "the other", _maze, _maze_video),
        GameEntry("tictactoe", "duel", "tic-tac-toe from the empty board (or after --moves)",
                  _tictactoe, _tictactoe_video, ("mcts",)),
    )
}  # fmt: skip


def _iterations(args: argparse.Namespace) -> int:
    n = args.iterations
    if n < 1:
        raise InvalidArgumentError(f"--iterations must be >= 1, got {n!r}")
    return int(n)


SEARCHES: dict[str, SearchEntry] = {
    e.name: e
    for e in (
        SearchEntry("bfs", "path", "BFS", "breadth-first: fewest moves",
                    lambda p, b, a: BFS(goal=p.goal, budget=b)),
        SearchEntry("dfs", "path", "DFS", "depth-first",
                    lambda p, b, a: DFS(goal=p.goal, budget=b)),
        SearchEntry("iddfs", "path", "IDDFS", "iterative deepening depth-first",
                    lambda p, b, a: IDDFS(goal=p.goal, budget=b)),
        SearchEntry("backtracking", "path", "Backtracking", "depth-first, one path at a time",
                    lambda p, b, a: Backtracking(goal=p.goal, budget=b)),
        SearchEntry("dijkstra", "path", "Dijkstra", "cheapest route (step costs)",
                    lambda p, b, a: Dijkstra(goal=p.goal, budget=b)),
        SearchEntry("astar", "path", "A*", "cheapest route, guided by a heuristic",
                    lambda p, b, a: AStar(heuristic=p.heuristic, goal=p.goal, budget=b)),
        SearchEntry("greedy", "path", "Greedy best-first", "straight at the goal",
                    lambda p, b, a: GreedyBestFirst(heuristic=p.heuristic, goal=p.goal,
                                                    budget=b)),
        SearchEntry("beam", "path", "Beam search (width 8)", "the 8 most promising per level",
                    lambda p, b, a: BeamSearch(width=8, value=lambda s: -p.heuristic(s),
                                               goal=p.goal, budget=b)),
        SearchEntry("random-walk", "path", "Random walk",
                    f"{RANDOM_WALK_EPISODES} random walks, ending at the goal if one reaches it",
                    lambda p, b, a: RandomWalk(rng=a.seed, episodes=RANDOM_WALK_EPISODES,
                                               goal=p.goal, value=lambda s: -p.heuristic(s),
                                               budget=b)),
        SearchEntry("mcts", "duel", "MCTS", "Monte Carlo tree search, --iterations simulations",
                    lambda p, b, a: MCTS(iterations=_iterations(a), rng=a.seed, budget=b)),
        SearchEntry("alphabeta", "duel", "Alpha-beta", "minimax with alpha-beta: perfect play",
                    lambda p, b, a: AlphaBeta(budget=b)),
    )
}  # fmt: skip

_E = TypeVar("_E")


def lookup(what: str, name: str, table: Mapping[str, _E]) -> _E:
    """The entry called ``name``, or an error suggesting the closest name and listing all.

    Raises:
        InvalidArgumentError: no entry has that name.
    """
    if name in table:
        return table[name]
    close = difflib.get_close_matches(name, list(table), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise InvalidArgumentError(
        f"unknown {what} {name!r}{hint}; choose from: {', '.join(table)}"
    )


def searches_for(kind: Kind) -> list[str]:
    """The names of the searches that serve games of ``kind``."""
    return [name for name, entry in SEARCHES.items() if entry.kind == kind]


def check_pairing(search: SearchEntry, game: GameEntry) -> None:
    """Refuse a search that makes no sense for the game, saying why and what fits.

    Raises:
        InvalidArgumentError: the search serves the other kind of game.
    """
    if search.kind == game.kind:
        return
    fits = ", ".join(searches_for(game.kind))
    if game.kind == "duel":
        reason = (
            f"{search.name} looks for a goal state, and {game.name} is a two-player game "
            "without one"
        )
    else:
        reason = (
            f"{search.name} plays two-player games (it needs players and rewards), and "
            f"{game.name} is a one-player path problem without players"
        )
    raise InvalidArgumentError(
        f"search {search.name!r} does not apply to game {game.name!r}: {reason}; "
        f"for {game.name} use one of: {fits}"
    )
