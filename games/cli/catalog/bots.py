"""Bots (whole-game players) and observers of the command line, as registries.

A bot belongs to a family of games: ``railroad-ink`` (its ``BOTS``, played by
``games.railroad_ink.bots.play``), ``tron`` (square and hex Tron, ``games.tron.bots``) or
``duel`` (any other two-player game: a random player; the duel searches play too). Its
registry name is ``family/name`` (``tron/heuristic``); the command line names it short.
What ``make(args)`` returns is what the family's match driver plays: a bot name for
Railroad Ink, a ``TronBot`` for Tron, an agent maker (``games.match``) for other duels.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.cli.catalog.registry import Kind, Registry
from games.match import RandomAgent
from games.railroad_ink import BOTS as INK_BOTS
from games.tron.bots import alphabeta_bot, best_bot, heuristic_bot, mcts_bot, random_bot
from observers import ProgressObserver

__all__ = ["BOTS", "OBSERVERS", "TRON_SECONDS", "BotEntry", "ObserverEntry", "family_of"]

TRON_SECONDS = 0.1
"""A Tron search bot's thinking time per move without ``--bot-seconds``."""


@dataclass(frozen=True)
class BotEntry:
    """A bot: its family of games, kind, one-line help and maker."""

    family: str
    short: str
    kind: Kind
    help: str
    make: Callable[[argparse.Namespace], Any]
    source: str = "bundled"

    @property
    def name(self) -> str:
        """The registry name, ``family/short``."""
        return f"{self.family}/{self.short}"


@dataclass(frozen=True)
class ObserverEntry:
    """An observer the command line attaches: by the option in its help, or by name.

    ``make`` (no arguments) builds one for ``run --observers NAME,...``; None: only the
    command named in the help attaches it.
    """

    name: str
    help: str
    kind: str = "any"
    source: str = "bundled"
    make: Callable[[], Any] | None = None


def family_of(game: str) -> str:
    """The bot family that plays ``game``."""
    return {"tron": "tron", "tron-hex": "tron", "railroad-ink": "railroad-ink"}.get(game, "duel")


def _tron_seconds(args: argparse.Namespace) -> float:
    seconds = getattr(args, "bot_seconds", None)
    return TRON_SECONDS if seconds is None else float(seconds)


def _named(name: str) -> Callable[[argparse.Namespace], str]:
    """A Railroad Ink bot's maker: its name, which ``games.railroad_ink.bots.play`` takes."""
    return lambda args: name


_INK_HELP = {
    "random": "a uniformly random placement",
    "greedy": "the best next placement by the heuristic",
    "beam": "a beam over the game (dice known) or the round (revealed)",
    "mcts": "MCTS with the heuristic as leaf value",
    "lookahead": "a round beam whose ends are played out (sampled rolls, or the known ones)",
    "montecarlo": "flat Monte Carlo over meaningful placements, play-outs on the engine",
    "best": "the strongest measured for the dice mode (montecarlo, ~35 s a game)",
}

BOTS: Registry[BotEntry] = Registry("bot", "treesearch.bots", (
    *(BotEntry("railroad-ink", n, "score", _INK_HELP.get(n, "a Railroad Ink bot"),
               _named(n)) for n in INK_BOTS),
    BotEntry("tron", "random", "duel", "a random move that does not crash at once",
             lambda a: random_bot(a.seed)),
    BotEntry("tron", "heuristic", "duel", "seed 004's contest bot: most cells reached first",
             lambda a: heuristic_bot()),
    BotEntry("tron", "alphabeta", "duel", "alpha-beta on Voronoi territory, --bot-seconds a move",
             lambda a: alphabeta_bot(_tron_seconds(a))),
    BotEntry("tron", "mcts", "duel", "MCTS valuing leaves by territory, --bot-seconds a move",
             lambda a: mcts_bot(_tron_seconds(a), seed=a.seed)),
    BotEntry("tron", "best", "duel", "the strongest measured (alpha-beta with contempt)",
             lambda a: best_bot(_tron_seconds(a))),
    BotEntry("duel", "random", "duel", "a uniformly random move (any two-player game)",
             lambda a: RandomAgent()),
))  # fmt: skip

OBSERVERS: Registry[ObserverEntry] = Registry("observer", "treesearch.observers", (
    ObserverEntry("progress", "a progress bar on stderr (run --progress, or --observers)",
                  make=lambda: ProgressObserver(file=sys.stderr)),
    ObserverEntry("video", "frames of the search drawn by the game's renderer (video)"),
    ObserverEntry("recording", "the events of a run, in order (demo's backtracking trace)"),
    ObserverEntry("playthrough", "a played game shown to a video (play --video)"),
))  # fmt: skip
