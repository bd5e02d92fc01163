"""treesearch: any game, any tree search, every step observable.

Compose a game state (a ``TreeIterator``), a search and observers::

    result = BFS(observers=[video]).run(maze.start(0))

This package needs only numpy; games live in ``games`` and observers in ``observers``.

Its rooms: the searches, ``Budget``, results, the game contract (``TreeIterator`` and
``check_iterator``) and the first things an observer needs are at the top; the rest lives in
its module: every event in ``treesearch.events``, every optional capability, declared as a
Protocol, in ``treesearch.capabilities``, values in ``treesearch.values``, every exception in
``treesearch.errors``, the agent protocol games implement in ``treesearch.agents``, what a
game offers the command line in ``treesearch.game_entry`` (with the plugins'
``treesearch.plugins``). ``treesearch.mcts`` and ``treesearch.alphabeta`` hold those two
searches' parts; ``treesearch.learn`` learns values from play (tables, linear and n-tuple
values, TD(λ), model files); ``treesearch.match`` plays whole games between agents
(``play_game``, ``play_match``, their records); ``treesearch.compare`` runs seeded
comparisons on local workers or Ray, with statistics and reports; ``treesearch.cli`` is the
``treesearch`` command, the one room that imports ``games`` and ``observers``, and that
nothing else imports.
"""

from treesearch.alphabeta import AlphaBeta
from treesearch.backtracking import Backtracking
from treesearch.beam import BeamSearch
from treesearch.best_first import AStar, Dijkstra, GreedyBestFirst
from treesearch.budget import Budget
from treesearch.checks import CheckReport, check_iterator
from treesearch.core import Observer, TreeIterator
from treesearch.errors import InvalidArgumentError, StopSearch, TreeSearchError
from treesearch.events import Event, Visited, VisitKind
from treesearch.flat_mc import FlatMonteCarlo
from treesearch.iddfs import IDDFS
from treesearch.mcts import MCTS
from treesearch.nrpa import NRPA
from treesearch.playthrough import Playthrough
from treesearch.random_walk import RandomWalk
from treesearch.result import SearchResult, Stats, Status
from treesearch.search import TreeSearch
from treesearch.traversal import BFS, DFS
from treesearch.values import CHANCE, TERMINAL

__version__ = "0.1.0"

__all__ = [
    "BFS",
    "CHANCE",
    "DFS",
    "IDDFS",
    "MCTS",
    "NRPA",
    "TERMINAL",
    "AStar",
    "AlphaBeta",
    "Backtracking",
    "BeamSearch",
    "Budget",
    "CheckReport",
    "Dijkstra",
    "Event",
    "FlatMonteCarlo",
    "GreedyBestFirst",
    "InvalidArgumentError",
    "Observer",
    "Playthrough",
    "RandomWalk",
    "SearchResult",
    "Stats",
    "Status",
    "StopSearch",
    "TreeIterator",
    "TreeSearch",
    "TreeSearchError",
    "VisitKind",
    "Visited",
    "check_iterator",
]
