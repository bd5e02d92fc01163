"""The command line's entries of the games that are one module each: seed tree, grid, tic-tac-toe.

Each is registered in the ``treesearch.games`` entry point group, as a plugin's game is:
``SEED_TREE_GAME`` (the eight-node tree of the original example), ``GRID`` (a seeded grid
with walls, to its farthest cell) and ``TICTACTOE`` (from the empty board or after
``--moves``; its videos show MCTS making up its mind, ``MCTSView`` over ``TicTacToeTiles``,
and ``play`` narrates each game and films game 1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from games.dict_tree import DictTreeIterator
from games.graph import Graph
from games.maze.entry import checked_size
from games.tictactoe import TicTacToe
from games.tictactoe_render import TicTacToeTiles
from observers.game_films import filmed, hold_frames, playthrough_film, replayable
from observers.mcts_view import MCTSView
from treesearch.errors import InvalidArgumentError
from treesearch.game_entry import (
    DUEL_BOTS,
    GameEntry,
    GameOption,
    GameOptions,
    Play,
    Problem,
    VideoOptions,
)
from treesearch.result import SearchResult
from treesearch.search import TreeSearch
from treesearch.traversal import BFS

__all__ = ["GRID", "MOVES", "SEED_TREE", "SEED_TREE_GAME", "TICTACTOE", "cell_name"]

SEED_TREE: dict[str, Any] = {
    "Algorithms": {
        "Breadth-First": {},
        "Depth-First": {"Backtracking": {}, "Beam Search": {}},
        "Other": {"Monte Carlo Tree Search": {}},
    }
}
"""The seed tree's children below its root, as ``DictTreeIterator`` reads them."""


def _seed_tree(args: GameOptions) -> Problem:
    return Problem(
        "seed-tree",
        "path",
        DictTreeIterator("Root", SEED_TREE),
        lambda s: s.name == "Monte Carlo Tree Search",
        lambda s: 0.0,
        lambda s: str(s.name),
        "the seed tree",
    )


SEED_TREE_GAME = GameEntry(
    "seed-tree",
    "path",
    "the eight-node tree of the original example",
    _seed_tree,
    options=(),
    order=1,
)


def _grid(args: GameOptions) -> Problem:
    n = checked_size(args, "grid")
    graph = Graph.grid(n, n, wall_fraction=0.3, seed=args.seed)
    # Start in the largest connected region, and aim for its farthest cell.
    distances: dict[Any, float] = {}
    seen: set[Any] = set()
    for cell in range(n * n):
        if cell not in seen:
            reached = BFS().run(graph.state(cell)).raise_if_interrupted().distances or {}
            seen.update(reached)
            if len(reached) > len(distances):
                distances = dict(reached)
    source = min(distances)
    distances = dict(BFS().run(graph.state(source)).raise_if_interrupted().distances or {})
    target = max(distances, key=lambda cell: (distances[cell], cell))
    tr, tc = divmod(target, n)
    return Problem(
        "grid",
        "path",
        graph.state(source),
        lambda s: s.id == target,
        lambda s: abs(s.id // n - tr) + abs(s.id % n - tc),
        lambda s: f"({s.id // n},{s.id % n})",
        f"a {n}x{n} grid",
    )


GRID = GameEntry(
    "grid",
    "path",
    "a --size square grid, 30 percent walls, to its farthest cell",
    _grid,
    no_video="a grid has no renderer yet (the maze has one)",
    options=("size",),
    order=2,
)

MOVES = GameOption(
    "moves",
    "tic-tac-toe: cells 0-8 (row by row) played first, e.g. 4,0",
    "",
    metavar="CELLS",
    order=1,
)
"""``--moves CELLS``: tic-tac-toe's cells played before the search starts."""


def cell_name(cell: int) -> str:
    """A tic-tac-toe cell as its index and (row, column): ``"4 (1,1)"``."""
    return f"{cell} ({cell // 3},{cell % 3})"


def _move_text(state: Any) -> str:
    cell = state.move
    return f"cell {cell} (row {cell // 3}, column {cell % 3})"


def _tictactoe(args: GameOptions) -> Problem:
    state = TicTacToe()
    moves: str = args[MOVES.dest]
    for text in (m for m in moves.split(",") if m.strip()):
        try:
            cell = int(text)
        except ValueError:
            raise InvalidArgumentError(
                f"--moves takes cells 0-8 separated by commas, got {moves!r}"
            ) from None
        state = state.play(cell)
    return Problem(
        "tictactoe",
        "duel",
        state,
        None,
        lambda s: 0.0,
        lambda s: "start" if s.move is None else cell_name(s.move),
        "tic-tac-toe",
        sides=("X", "O"),
        move_text=_move_text,
    )


def _view(problem: Problem, args: VideoOptions) -> MCTSView:
    """The root's moves, visits and values, in about --duration * --fps frames."""
    frames = max(1, round(args.duration * args.fps) - hold_frames(args.fps))
    return MCTSView(TicTacToeTiles(), frames=frames, stride=args.every)


def _replay_view(problem: Problem, args: VideoOptions) -> MCTSView:
    """The view of an HTML replay: 150 frames (its pictures change a lot: ~10 KB each)."""
    return MCTSView(TicTacToeTiles(), frames=150)


def _video(
    problem: Problem, search: TreeSearch, out: Path | None, args: VideoOptions, title: str
) -> tuple[SearchResult, int]:
    """MCTS making up its mind: visits and values of every move, about --duration long."""
    return filmed(search, problem.start, out, _view(problem, args), args, title)


TICTACTOE = GameEntry(
    "tictactoe",
    "duel",
    "tic-tac-toe from the empty board (or after --moves)",
    _tictactoe,
    replayable(_video, _replay_view),
    ("mcts",),
    play=Play(bots=DUEL_BOTS, narrate=True, film=playthrough_film(lambda s: TicTacToeTiles())),
    options=("moves",),
    knobs=(MOVES,),
    order=5,
)
