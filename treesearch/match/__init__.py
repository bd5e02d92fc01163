"""A match harness for two-player games: agents, ``play_match``, scores with an interval.

``Agent`` is THE way a bot plays any game with players: an object with a ``name`` and one
method ``choose(state) -> child``, made fresh for every game by a maker ``make(seed) ->
Agent``. Tron bots (``games.tron.match.TronAgent``), Railroad Ink bots
(``games.railroad_ink.bots.agent``), searches (``SearchAgent``) and the command line's
``play`` and ``compare`` all go through it; a new game's bots need nothing else.

This layer may import ``games`` and ``treesearch``; ``treesearch`` never imports it. ::

    from treesearch.match import RandomAgent, SearchAgent, play_match
    from games.tictactoe import TicTacToe
    from treesearch import MCTS

    mcts = SearchAgent(lambda seed: MCTS(iterations=1000, rng=seed, reuse=True), name="mcts")
    result = play_match(mcts, RandomAgent(), TicTacToe(), games=20, seed=0, jobs=2)
    print(result.summary())

Modules: ``agents`` (the ``Agent`` protocol and the agent makers) <- ``record`` (per-game
records, ``MatchResult``) <- ``play`` (``play_game``, ``play_match``, ``PairedStarts``, ``replay``).
"""

from treesearch.match.agents import (
    Agent,
    AgentMaker,
    OpenSpielMCTSAgent,
    RandomAgent,
    SearchAgent,
)
from treesearch.match.play import PairedStarts, game_seed, make_agent, play_game, play_match, replay
from treesearch.match.record import GameRecord, MatchResult, PlayedGame, wilson_interval

__all__ = [
    "Agent",
    "AgentMaker",
    "GameRecord",
    "MatchResult",
    "OpenSpielMCTSAgent",
    "PairedStarts",
    "PlayedGame",
    "RandomAgent",
    "SearchAgent",
    "game_seed",
    "make_agent",
    "play_game",
    "play_match",
    "replay",
    "wilson_interval",
]
