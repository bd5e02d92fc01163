"""Railroad Ink as a search problem: tiles and their notation, the board, legality, scoring.

Rules as coded: ``GAMES.md`` section 2. A square is ``(row, col)``, row 0 at the top, with index
``row * 7 + col``; a placement is written ``RC`` + the tile, e.g. ``"10__LL"``::

    from games.railroad_ink import Board, Tile

    board = Board.from_moves(["01D_D_", "11DL__"])
    board.legal_placements(Tile.parse("L_L_"))

Modules, each importing only those above it in this list (never one below, not even lazily):

- ``tiles``: ``Tile``, side values and indices, the dice faces and the six specials;
- ``exits``: the board's size, its 12 exits and its centre squares;
- ``score``: ``score_tiles``, ``Score``, ``Network`` and ``exit_points`` (scoring a finished
  board, GAMES.md 2.6);
- ``board``: ``Board`` (immutable, with placement legality) and ``Placement`` (the notation);
- ``pictures``: the pillow drawing of each tile (roads, rails, stations, overpass, exits);
- ``dice``: ``roll_sequence`` (a seed's seven rolls) and ``round_outcomes`` (one round's rolls
  with their probabilities, for chance nodes);
- ``rounds``: the rules of a round on a board (next face, specials, free play);
- ``scored``: the scored board's pictures (networks coloured, longest routes, error marks);
- ``side``: the column beside the board (round, dice to place, specials, score breakdown);
- ``render``: ``RailroadInkTiles``, a 9x11 ``TileRenderer`` for videos: the board in its
  frame of exits, and the side column;
- ``game``: ``RailroadInk`` and its states, ``RailroadInkState`` (TreeIterators; dice known,
  revealed at chance nodes, or free play);
- ``features``: what a partial board already scores and could still score, in one pass
  (``features``: exits, centre and errors exactly, a cheap bound on the longest routes);
- ``value``: value functions of partial boards (``HEURISTIC``, ``score_value``);
- ``planning``: round views, sampled rolls, play-outs and pilots for the bots;
- ``bot_base``, ``lookahead``: the bot interface, the beam bot, and the look-ahead bot;
- ``bots``: the bots by name (``BOTS``, ``make_bot``), each a framework search with a value
  function;
- ``play``: ``play(seed, dice, bot) -> GameRecord``, a whole seeded game.
"""

from games.railroad_ink.board import Board, Placement
from games.railroad_ink.bots import BOTS, LookaheadBot, make_bot
from games.railroad_ink.dice import ROUNDS, roll_sequence, round_outcomes
from games.railroad_ink.exits import CENTRE, EXITS, SIZE
from games.railroad_ink.features import Features, features
from games.railroad_ink.game import DICE_MODES, REWARD_SCALE, RailroadInk, RailroadInkState
from games.railroad_ink.play import PLAY_DICE, GameRecord, play
from games.railroad_ink.render import ORIENTED_TILES, RailroadInkTiles
from games.railroad_ink.rounds import MAX_SPECIALS
from games.railroad_ink.score import Network, Score, exit_points, score_tiles
from games.railroad_ink.tiles import (
    BLANK,
    DIE_FACES,
    HIGHWAY,
    JUNCTION_DIE,
    RAILWAY,
    ROUTE_DIE,
    SPECIALS,
    Tile,
)
from games.railroad_ink.value import HEURISTIC, Heuristic, Weights, dead_sides, score_value

__all__ = [
    "BLANK",
    "BOTS",
    "CENTRE",
    "DICE_MODES",
    "DIE_FACES",
    "EXITS",
    "HEURISTIC",
    "HIGHWAY",
    "JUNCTION_DIE",
    "MAX_SPECIALS",
    "ORIENTED_TILES",
    "PLAY_DICE",
    "RAILWAY",
    "REWARD_SCALE",
    "ROUNDS",
    "ROUTE_DIE",
    "SIZE",
    "SPECIALS",
    "Board",
    "Features",
    "GameRecord",
    "Heuristic",
    "LookaheadBot",
    "Network",
    "Placement",
    "RailroadInk",
    "RailroadInkState",
    "RailroadInkTiles",
    "Score",
    "Tile",
    "Weights",
    "dead_sides",
    "exit_points",
    "features",
    "make_bot",
    "play",
    "roll_sequence",
    "round_outcomes",
    "score_tiles",
    "score_value",
]
