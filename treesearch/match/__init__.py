"""A match harness for two-player games: agents, ``play_match``, scores with an interval.

``Agent`` is THE way a bot plays any game with players: an object with a ``name`` and one
method ``choose(state) -> child``, made fresh for every game by a maker ``make(seed) ->
Agent``. The protocol and the generic makers live with the core (``treesearch.agents``,
re-exported here), so games implement it without importing this harness. Tron bots
(``games.tron.agent.TronAgent``), Railroad Ink bots (``games.railroad_ink.bots.roster.BotAgent``),
searches (``SearchAgent``) and the command line's ``play`` and ``compare`` all go through it;
a new game's bots need nothing else. ::

    from treesearch.match import RandomAgent, SearchAgent, play_match
    from games.tictactoe import TicTacToe
    from treesearch import MCTS

    mcts = SearchAgent(lambda seed: MCTS(iterations=1000, rng=seed, reuse=True), name="mcts")
    result = play_match(mcts, RandomAgent(), TicTacToe(), games=20, seed=0, jobs=2)
    print(result.summary())

Modules: ``record`` (per-game records, ``MatchResult``) <- ``play`` (``play_game``,
``play_match``, ``PairedStarts``, ``game_start``, ``replay``), both on ``treesearch.agents``.
"""

from treesearch.agents import (
    Agent,
    AgentMaker,
    OpenSpielMCTSAgent,
    PlayedGame,
    RandomAgent,
    SearchAgent,
    make_agent,
)
from treesearch.match.play import (
    PairedStarts,
    game_seed,
    game_start,
    play_game,
    play_match,
    replay,
)
from treesearch.match.record import GameRecord, MatchResult, wilson_interval

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
    "game_start",
    "make_agent",
    "play_game",
    "play_match",
    "replay",
    "wilson_interval",
]
