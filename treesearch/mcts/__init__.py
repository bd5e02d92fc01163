"""Monte Carlo tree search, one room: the search and the parts it is built from.

``mcts`` holds ``MCTS`` (knobs, budget, run loop, answer); ``node`` the tree node;
``policies`` the hooks (selection, rollouts, leaf values); ``solver`` exact values proven at
terminal states; ``final`` the recommended move; ``settings`` the knobs checked once;
``simulate`` one simulation; ``decoupled`` simultaneous moves (DUCT); ``rave`` RAVE. Imports
go one way, in that order reversed (``tests/treesearch/test_mcts_*`` check it).
"""

from treesearch.mcts.mcts import MCTS, REUSE_DEPTH
from treesearch.mcts.node import Node
from treesearch.mcts.policies import ROLLOUT_LIMIT
from treesearch.mcts.settings import EXPLORATION, RAVE, SIMULTANEOUS, MCTSSettings

__all__ = [
    "EXPLORATION",
    "MCTS",
    "RAVE",
    "REUSE_DEPTH",
    "ROLLOUT_LIMIT",
    "SIMULTANEOUS",
    "MCTSSettings",
    "Node",
]
