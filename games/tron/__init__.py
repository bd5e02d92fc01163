"""Tron light cycles on square arenas and the Hexatron hexagon, as game trees.

Both players move at once; a search sees a turn as two plies (player 0 picks, then player 1
picks and the turn resolves), so MCTS and AlphaBeta run unchanged::

    from games.tron import hex_start, square_start

    state = square_start("box15")          # or hex_start(seed=1)
    state = state.play(1, 3)               # a whole turn: player 0 East, player 1 West

Modules, each importing only those above it in this list (never one below, not even lazily):

- ``grid``: board geometry, cells as ints and cell sets as bitmasks (``Grid``, ``square_grid``,
  ``hex_grid``);
- ``maps``: square map text, the shipped ``MAPS`` and ``generate_map``;
- ``state``: ``TronState``, the rules, ``square_start`` and ``hex_start``;
- ``render``: pictures of positions for ``observers.VideoObserver`` (``TronRenderer``);
- ``flood``: the Voronoi race's breadth-first searches over arrays, compiled by numba when
  it is installed;
- ``voronoi``: the race of both heads on positions (``territory``, ``territory_owner``,
  ``separated``, ``fill_estimate``);
- ``value``: ``evaluate(state, player)``, a position's value in the ``returns()`` scale;
- ``endgame``: ``fill_move``, the longest path through one's own room once the players are
  separated, searched alone; ``chamber_fill``, the most moves a room's chain of chambers
  allows; ``fill_evaluate``, ``evaluate`` with such rooms scored by a greedy path's length;
- ``features``: ``features(state)``, numbers describing a position (race, rooms, dead ends,
  mobility) for a learned evaluation;
- ``learned_evaluation``: ``LearnedEvaluation``, ``evaluate`` with weights of those features
  fitted from self-play (``learned_evaluation()`` loads the shipped ``models/tron_value.npz``);
- ``deep``: ``DeepSearch``, the alternating alpha-beta over the flood's arrays, compiled,
  with a transposition table: twice the plies of ``AlphaBeta`` in the same time;
- ``moves``: what every bot shares (``Bot``, ``TronBot``, ``safe_moves``, ``as_player_0``);
- ``heuristic``: the 2018 UGent contest bot that finished 5th (``heuristic_bot``);
- ``bots``: ``random_bot``, ``alphabeta_bot``, ``mcts_bot`` (framework searches with the
  Voronoi evaluation), ``deep_bot`` (the compiled search), ``best_bot`` (the strongest),
  ``learned_bot`` (on the learned evaluation);
- ``agent``: ``TronAgent``, a bot as an agent of ``treesearch.match.play_match`` (sides
  swapped in pairs of games, ``PairedStarts(hex_start)`` for seeded starts);
- ``film``: ``write_video``, a played game tinted by Voronoi territory;
- ``contest``: the Hexatron contest's agent interface, both ways (``to_contest_agent``,
  ``from_contest_agent``);
- ``entry``: Tron and the Hexatron on the command line (``TRON``, ``TRON_HEX``, their bots),
  registered in the ``treesearch.games`` entry point group.

A bot is a callable ``bot(state, player) -> move`` called at a turn start: it never sees the
other player's choice of the same turn.
"""

from games.tron.agent import TronAgent
from games.tron.bots import alphabeta_bot, best_bot, deep_bot, mcts_bot, random_bot
from games.tron.contest import from_contest_agent, to_contest_agent
from games.tron.film import write_video
from games.tron.grid import HEX_STEPS, SQUARE_STEPS, Grid, hex_grid, square_grid
from games.tron.heuristic import heuristic_bot
from games.tron.maps import MAPS, TronMap, generate_map, load_map, parse_map
from games.tron.moves import Bot, TronBot, safe_moves
from games.tron.render import TronRenderer
from games.tron.state import HEX_MOVES, TronState, hex_start, square_start
from games.tron.value import evaluate
from games.tron.voronoi import fill_estimate, separated, territory, territory_owner

__all__ = [
    "HEX_MOVES",
    "HEX_STEPS",
    "MAPS",
    "SQUARE_STEPS",
    "Bot",
    "Grid",
    "TronAgent",
    "TronBot",
    "TronMap",
    "TronRenderer",
    "TronState",
    "alphabeta_bot",
    "best_bot",
    "deep_bot",
    "evaluate",
    "fill_estimate",
    "from_contest_agent",
    "generate_map",
    "heuristic_bot",
    "hex_grid",
    "hex_start",
    "load_map",
    "mcts_bot",
    "parse_map",
    "random_bot",
    "safe_moves",
    "separated",
    "square_grid",
    "square_start",
    "territory",
    "territory_owner",
    "to_contest_agent",
    "write_video",
]
