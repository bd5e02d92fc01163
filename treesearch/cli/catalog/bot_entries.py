"""The bundled bots (whole-game players) of the command line, as ``treesearch.match`` agents.

Each game's entry names its bots (``GameEntry.play.bots``): Railroad Ink's ``INK_BOTS``,
Tron's ``TRON_BOTS`` (square and hex), and ``DUEL_BOTS`` (a random player, for any other
two-player game; the duel searches play too). ``BOTS`` lists them all for ``treesearch
list``, named ``family/name`` (``tron/heuristic``); the command line names a bot short.
Every bot's ``make(options)`` returns an agent maker ``make(seed) -> Agent``
(``treesearch.match``), the one protocol ``play`` and ``compare`` play.
"""

from __future__ import annotations

from collections.abc import Callable

from games.tron.agent import TronAgent
from games.tron.bots import alphabeta_bot, best_bot, heuristic_bot, mcts_bot, random_bot
from treesearch.cli.catalog.observer_entries import OBSERVERS, ObserverEntry
from treesearch.cli.catalog.problem import BotEntry, BotOptions
from treesearch.cli.catalog.registry import Registry
from treesearch.match import AgentMaker, RandomAgent

__all__ = [
    "BOTS",
    "DUEL_BOTS",
    "INK_BOTS",
    "OBSERVERS",
    "TRON_BOTS",
    "TRON_SECONDS",
    "BotEntry",
    "BotOptions",
    "ObserverEntry",
]

TRON_SECONDS = 0.1
"""A Tron search bot's thinking time per move without ``--bot-seconds``."""


def _tron_seconds(options: BotOptions) -> float:
    return TRON_SECONDS if options.seconds is None else float(options.seconds)


def _ink(name: str) -> Callable[[BotOptions], AgentMaker]:
    """A Railroad Ink bot's maker: ``--bot-seconds`` per game, the dice of the start."""

    def make(o: BotOptions) -> AgentMaker:
        from games.railroad_ink import BotAgent  # here: the engine (numba) loads when played

        return BotAgent(
            name, getattr(getattr(o.start, "game", None), "dice", "revealed"), o.seconds
        )

    return make


_INK_HELP = {
    "random": "a uniformly random placement",
    "greedy": "the best next placement by the heuristic",
    "beam": "a beam over the game (dice known) or the round (revealed)",
    "mcts": "MCTS with the heuristic as leaf value",
    "lookahead": "a round beam whose ends are played out (sampled rolls, or the known ones)",
    "montecarlo": "flat Monte Carlo over meaningful placements, play-outs on the engine",
    "best": "the strongest measured for the dice mode (montecarlo, ~35 s a game)",
}

INK_BOTS = tuple(
    BotEntry("railroad-ink", n, "score", h, _ink(n), timed=True) for n, h in _INK_HELP.items()
)
"""Railroad Ink's bots (``games.railroad_ink.BOTS``, in its order), ``--bot-seconds`` a game.

Named here rather than read from ``games.railroad_ink``, whose engine (numba) would load with
every command; a test checks that the two lists agree.
"""

TRON_BOTS = (
    BotEntry(
        "tron",
        "random",
        "duel",
        "a random move that does not crash at once",
        lambda o: TronAgent(random_bot(o.seed)),
    ),
    BotEntry(
        "tron",
        "heuristic",
        "duel",
        "the 2018 contest bot: most cells reached first",
        lambda o: TronAgent(heuristic_bot()),
    ),
    BotEntry(
        "tron",
        "alphabeta",
        "duel",
        "alpha-beta on Voronoi territory, --bot-seconds a move",
        lambda o: TronAgent(alphabeta_bot(_tron_seconds(o))),
        timed=True,
    ),
    BotEntry(
        "tron",
        "mcts",
        "duel",
        "MCTS valuing leaves by territory, --bot-seconds a move",
        lambda o: TronAgent(mcts_bot(_tron_seconds(o), seed=o.seed)),
        timed=True,
    ),
    BotEntry(
        "tron",
        "best",
        "duel",
        "the strongest measured (alpha-beta with contempt)",
        lambda o: TronAgent(best_bot(_tron_seconds(o))),
        timed=True,
    ),
)
"""Tron's bots (``games.tron.bots``), each a ``games.tron.agent.TronAgent``."""

DUEL_BOTS = (
    BotEntry(
        "duel",
        "random",
        "duel",
        "a uniformly random move (any two-player game)",
        lambda o: RandomAgent(),
    ),
)
"""The bots of any two-player game without its own."""

BOTS: Registry[BotEntry] = Registry(
    "bot",
    "treesearch.bots",
    (
        *INK_BOTS,
        *TRON_BOTS,
        *DUEL_BOTS,
    ),
)
