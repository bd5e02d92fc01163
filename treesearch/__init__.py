"""treesearch: any game, any tree search, every step observable.

Compose a game state (a ``TreeIterator``), a search and observers::

    result = BFS(observers=[video]).run(maze.start(0))

This package needs only numpy; games live in ``games`` and observers in ``observers``.

Its rooms: the searches, the game contract (``TreeIterator``, the optional capabilities
declared as Protocols in ``treesearch.capabilities``, and ``check_iterator``),
``Budget``, results, events and errors at the top, with the agent protocol games implement
(``treesearch.agents``) and what a game offers the command line (``treesearch.game_entry``,
with the plugins' ``treesearch.plugins``); ``treesearch.mcts`` and ``treesearch.alphabeta``
hold those two searches' parts; ``treesearch.learn`` learns values from play (tables, linear
and n-tuple values, TD(λ), model files); ``treesearch.match`` plays whole games between
agents (``play_game``, ``play_match``, their records); ``treesearch.compare`` runs seeded
comparisons on local workers or Ray, with statistics and reports; ``treesearch.cli`` is the
``treesearch`` command, the one room that imports ``games`` and ``observers``, and that
nothing else imports.
"""

from treesearch import errors
from treesearch.alphabeta import AlphaBeta
from treesearch.backtracking import Backtracking
from treesearch.beam import BeamSearch
from treesearch.best_first import AStar, Dijkstra, GreedyBestFirst
from treesearch.budget import Budget
from treesearch.capabilities import (
    Chance,
    Encoded,
    Features,
    Goal,
    Heuristic,
    Moved,
    Players,
    RandomPlayout,
    Scored,
    Simultaneous,
)
from treesearch.checks import CheckReport, RandomPlayReport, check_iterator, check_random_play
from treesearch.core import Observer, TreeIterator
from treesearch.errors import *  # noqa: F403 - every exception, named in errors.__all__
from treesearch.events import (
    Evaluated,
    Event,
    Expanded,
    Pruned,
    SearchFinished,
    SearchStarted,
    SimulationPhase,
    SolutionImproved,
    Visited,
    VisitKind,
)
from treesearch.flat_mc import FlatMonteCarlo
from treesearch.iddfs import IDDFS
from treesearch.mcts import MCTS
from treesearch.nrpa import NRPA
from treesearch.playthrough import Playthrough
from treesearch.plugins import GamePlugin, SearchPlugin
from treesearch.random_walk import RandomWalk
from treesearch.result import SearchResult, Stats, Status
from treesearch.search import TreeSearch
from treesearch.traversal import BFS, DFS
from treesearch.values import CHANCE, TERMINAL, evaluate, negated, normalised, terminal_value

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
    "Chance",
    "CheckReport",
    "Dijkstra",
    "Encoded",
    "Evaluated",
    "Event",
    "Expanded",
    "Features",
    "FlatMonteCarlo",
    "GamePlugin",
    "Goal",
    "GreedyBestFirst",
    "Heuristic",
    "Moved",
    "Observer",
    "Players",
    "Playthrough",
    "Pruned",
    "RandomPlayReport",
    "RandomPlayout",
    "RandomWalk",
    "Scored",
    "SearchFinished",
    "SearchPlugin",
    "SearchResult",
    "SearchStarted",
    "SimulationPhase",
    "Simultaneous",
    "SolutionImproved",
    "Stats",
    "Status",
    "TreeIterator",
    "TreeSearch",
    "VisitKind",
    "Visited",
    "check_iterator",
    "check_random_play",
    "evaluate",
    "negated",
    "normalised",
    "terminal_value",
]
__all__ += errors.__all__  # the exceptions, listed once in treesearch.errors
