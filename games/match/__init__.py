"""A match harness for two-player games: agents, ``play_match``, scores with an interval.

This layer may import ``games`` and ``treesearch``; ``treesearch`` never imports it. ::

    from games.match import RandomAgent, SearchAgent, play_match
    from games.tictactoe import TicTacToe
    from treesearch import MCTS

    mcts = SearchAgent(lambda seed: MCTS(iterations=1000, rng=seed, reuse=True), name="mcts")
    result = play_match(mcts, RandomAgent(), TicTacToe(), games=20, seed=0, jobs=2)
    print(result.summary())

Modules: ``agents`` (the ``Agent`` protocol and the agent makers) <- ``record`` (per-game
records, ``MatchResult``) <- ``play`` (``play_game``, ``play_match``).
"""

from games.match.agents import (
    Agent,
    AgentMaker,
    OpenSpielMCTSAgent,
    RandomAgent,
    SearchAgent,
)
from games.match.play import game_seed, play_game, play_match
from games.match.record import GameRecord, MatchResult, wilson_interval

__all__ = [
    "Agent",
    "AgentMaker",
    "GameRecord",
    "MatchResult",
    "OpenSpielMCTSAgent",
    "RandomAgent",
    "SearchAgent",
    "game_seed",
    "play_game",
    "play_match",
    "wilson_interval",
]
