"""Values learned from play, for any game: tables, linear values, n-tuple networks.

Its rooms:

- ``learned``: the values, each a callable ``value(state) -> float`` from player 0's view
  that plugs in wherever a hand-written value does (``TableValue`` over ``key()``,
  ``LinearValue`` over ``features()``, ``NTupleValue`` over ``encoding()``), and
  ``playout_policy``, a value as MCTS's play-out policy;
- ``td``: TD(λ) on afterstates or states, from ε-greedy games (self-play for two players);
- ``fit``: fitting a value to a search's results or to the games' outcomes;
- ``training``: ``train``, seeded and reproducible, with progress, a learning curve,
  checkpoints and resume after Ctrl-C;
- ``model_file``: a value, its game and its training in one ``.npz`` (numpy only to load);
- ``learned_agent``: ``LearnedAgent``, a player greedy on a learned value, for matches;
- ``curve``: the learning curve as a PNG.

Example::

    value = TableValue()
    train(value, TicTacToe(), games=2000, seed=1)
    AlphaBeta(depth=2, value=value).run(TicTacToe())
"""

from treesearch.learn.curve import write_curve
from treesearch.learn.fit import fit, search_samples
from treesearch.learn.learned import (
    LearnedValue,
    LinearValue,
    NTupleValue,
    TableValue,
    playout_policy,
)
from treesearch.learn.learned_agent import LearnedAgent
from treesearch.learn.model_file import Model, load_model, save_model
from treesearch.learn.td import Episode, TDSettings, evaluate_greedy, play_episode, td_update
from treesearch.learn.training import Pool, Training, interrupts_between_games, train

__all__ = [
    "Episode",
    "LearnedAgent",
    "LearnedValue",
    "LinearValue",
    "Model",
    "NTupleValue",
    "Pool",
    "TDSettings",
    "TableValue",
    "Training",
    "evaluate_greedy",
    "fit",
    "interrupts_between_games",
    "load_model",
    "play_episode",
    "playout_policy",
    "save_model",
    "search_samples",
    "td_update",
    "train",
    "write_curve",
]
