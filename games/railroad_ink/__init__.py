"""Railroad Ink as a search problem: tiles and their notation, the board, legality, scoring.

The rules are those of the board game, written once as the engine's arrays (``engine``) and
read as typed values (``rules``: ``Board``, ``Score``, the game). A square is ``(row, col)``,
row 0 at the top, with index ``row * 7 + col``; a placement is written ``RC`` + the tile, e.g.
``"10__LL"``::

    from games.railroad_ink import Board, Tile

    board = Board.from_moves(["01D_D_", "11DL__"])
    board.legal_placements(Tile.parse("L_L_"))

The package is grouped by concern, in rooms that run one way: ``pieces``, then ``engine``,
then ``rules``, then ``render`` and ``bots`` side by side, then ``records`` and ``trainer``,
then ``record_film`` and ``entry``. A module imports only modules listed before it (never one
below, not even lazily), and the subpackages' ``__init__`` files import nothing:

- ``pieces``: ``tiles`` (``Tile``, sides, dice faces, specials), ``geometry`` (size, exits,
  centre, neighbours, the placement notation), ``dice`` (seeded rolls, one round's outcomes):
  values with no rule of play;
- ``engine``: the rules written once, as arrays compiled by numba when installed
  (``games._compile``): ``arrays`` (checks of arrays handed to compiled code), ``tables``
  (the tiles, squares and slots as arrays, which tiles fit which slot), ``placements``
  (placing, legal and meaningful placements), ``scoring`` (the exact score, with what
  produced it when asked), ``playout`` and ``position`` (whole play-outs from a state),
  ``plans`` (a known-dice game planned by nested rollout policy adaptation), ``ntuple`` (a
  learned afterstate value: its n-tuple network, TD(0) or TD(lambda) games);
- ``rules``: typed views over the engine: ``score`` (``score_tiles``, ``Score``, ``Network``),
  ``board`` (``Board``, legality explained, ``Placement``), ``rounds`` (the rules of a round),
  ``game`` (``RailroadInk`` and its states);
- ``render``: ``pictures`` (a tile in pillow), ``networks`` (the scored board's marks),
  ``column`` (the column beside the board), ``decision`` (a bot's candidates before a
  placement, on the board and in a column), ``ids`` (the fixed tile ids), ``renderer``
  (``RailroadInkTiles``);
- ``bots``: ``features`` and ``value`` (value functions of partial boards), ``planning``
  (round views, play-outs and pilots), ``base`` (the ``Bot`` interface), ``simple``
  (random, greedy and beam), ``mcts_bot``, ``lookahead``, ``policy`` (the guided play-outs'
  learned table), ``learned_value`` (the learned afterstate value: training,
  ``LearnedBot``), ``montecarlo`` (flat Monte Carlo on the engine: ``best``; with dice
  known, its plan may be guided by the learned value),
  ``learned_montecarlo`` (``montecarlo`` over the value's best candidates: ``learned-mc``),
  ``roster`` (``BOTS``, ``make_bot``, ``BotAgent``: a bot as a ``treesearch.match`` agent
  maker);
- ``records``: whole games by one agent and their records
  (``play(seed, dice, bot) -> InkRecord``, ``replay``);
- ``record_film``: ``film``, a video of a record, with the bot's candidates at each placement
  (``film(record, "game.mp4")``);
- ``trainer``: ``treesearch learn railroad-ink`` on the compiled engine (the options checked,
  progress, checkpoints, the curve);
- ``entry``: the game on the command line (``RAILROAD_INK``, its bots), registered in the
  ``treesearch.games`` entry point group.

The package imports a public name's module when the name is first used, so that the command
line reads ``entry`` without loading the engine.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # at run time each name is imported when first used (``__getattr__``)
    from games.railroad_ink.bots.features import Features, features
    from games.railroad_ink.bots.roster import BOTS, BotAgent, LookaheadBot, make_bot
    from games.railroad_ink.bots.value import HEURISTIC, Heuristic, Weights, dead_sides, score_value
    from games.railroad_ink.pieces.dice import ROUNDS, roll_sequence, round_outcomes
    from games.railroad_ink.pieces.geometry import CENTRE, EXITS, SIZE
    from games.railroad_ink.pieces.tiles import (
        BLANK,
        DIE_FACES,
        HIGHWAY,
        JUNCTION_DIE,
        RAILWAY,
        ROUTE_DIE,
        SPECIALS,
        Tile,
    )
    from games.railroad_ink.record_film import film
    from games.railroad_ink.records import PLAY_DICE, InkRecord, play
    from games.railroad_ink.render.renderer import ORIENTED_TILES, RailroadInkTiles
    from games.railroad_ink.rules.board import Board, Placement
    from games.railroad_ink.rules.game import (
        DICE_MODES,
        REWARD_SCALE,
        RailroadInk,
        RailroadInkState,
    )
    from games.railroad_ink.rules.rounds import MAX_SPECIALS
    from games.railroad_ink.rules.score import Network, Score, exit_points, score_tiles

_HOMES = {
    "bots.features": ("Features", "features"),
    "bots.roster": ("BOTS", "BotAgent", "LookaheadBot", "make_bot"),
    "bots.value": ("HEURISTIC", "Heuristic", "Weights", "dead_sides", "score_value"),
    "record_film": ("film",),
    "records": ("PLAY_DICE", "InkRecord", "play"),
    "render.renderer": ("ORIENTED_TILES", "RailroadInkTiles"),
    "rules.board": ("Board", "Placement"),
    "pieces.dice": ("ROUNDS", "roll_sequence", "round_outcomes"),
    "rules.game": ("DICE_MODES", "REWARD_SCALE", "RailroadInk", "RailroadInkState"),
    "pieces.geometry": ("CENTRE", "EXITS", "SIZE"),
    "rules.rounds": ("MAX_SPECIALS",),
    "rules.score": ("Network", "Score", "exit_points", "score_tiles"),
    "pieces.tiles": (
        "BLANK",
        "DIE_FACES",
        "HIGHWAY",
        "JUNCTION_DIE",
        "RAILWAY",
        "ROUTE_DIE",
        "SPECIALS",
        "Tile",
    ),
}
"""The module of each public name, imported when the name is first used."""


def __getattr__(name: str) -> Any:
    """Import a public name on first use, so that ``entry`` loads without the engine (numba)."""
    for module, names in _HOMES.items():
        if name in names:
            value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
            globals()[name] = value
            return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    "BotAgent",
    "Features",
    "Heuristic",
    "InkRecord",
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
    "film",
    "make_bot",
    "play",
    "roll_sequence",
    "round_outcomes",
    "score_tiles",
    "score_value",
]
