"""Railroad Ink bots by name: each a composition of the framework's searches and ``value``.

``make_bot(name, dice, seconds=None, seed=0)`` returns a ``Bot``; ``BotAgent(name, dice,
seconds)`` is the same as a ``treesearch.match`` agent maker (``make(seed) -> Agent``: a bot is an
agent, with its ``name`` and ``choose``); ``bot.choose(state)`` returns the
child of ``state`` (a ``RailroadInkState`` where player 0 moves) that the bot plays. ``seconds``
is the bot's thinking time for a whole game, spread over its decisions; None uses the bot's
own fixed budget (a width or a number of simulations), which makes it deterministic; ``best``
alone has a clock by default (``BEST_SECONDS`` a game), as a default must keep its time on a
loaded machine, where a fixed budget of play-outs takes as long as the machine makes it.

Bots (``BOTS``):

- ``random``: a uniformly random child (its own ``random.Random(seed)``).
- ``greedy``: ``BeamSearch(width=1)`` ranking by ``HEURISTIC``: the best child, ply by ply.
- ``beam``: ``BeamSearch`` of width ``BEAM_WIDTH`` ranking by ``HEURISTIC``.
- ``mcts``: ``MCTS`` with ``HEURISTIC`` as leaf evaluation (scaled to rewards) and tree reuse.
- ``lookahead``: a round beam whose best ends are compared by playing the rest of the game
  from each: with dice revealed greedily on sampled rolls, with dice known by a narrower
  whole-game beam on the known rolls, keeping the best finished game found (``LookaheadBot``).
- ``montecarlo``: flat Monte Carlo on the compiled engine (``MonteCarloBot``).
- ``learned-mc``: the same, its choice nudged by the learned value (``LearnedMonteCarloBot``,
  the shipped model read on first use).
- ``learned-rounds``: each round chosen whole, a beam over its placements by the learned
  value, the value's best round ends compared by play-outs that choose their rounds the same
  way, by a narrow beam (``LearnedRoundsBot``, the fine-tuned model read on first use).
- ``best``: the strongest measured per dice mode (``BEST``), within ``BEST_SECONDS`` a game
  unless given ``seconds``, its play-outs capped by the bot's fixed budget: with dice
  revealed ``learned-rounds``, with dice known ``montecarlo``'s plan, guided by the learned
  value (``BEST_PLAN_BETA``, ``BEST_PLAN_ITERATIONS``). The bots on their fixed budgets are
  the reproducible ones that benchmarks measure.

Horizon. With dice *known* the beam plans the whole game at once and the bot follows the plan.
With dice *revealed* a bot must not look at future rolls: the beam searches the rest of the
current round only (``RoundView``: states of a later round, chance states included, are
leaves ranked by the heuristic) and the bot follows that plan until the next roll; MCTS goes
through chance states with rolls it samples itself. No bot reads ``state.game.rolls``.

With ``seconds`` the beam is anytime: it reruns with doubled width while the time left allows,
keeping the widest finished plan (a run cut by the clock keeps its best partial plan only when
no run finished).
"""

from __future__ import annotations

import difflib

from games.railroad_ink.bots.base import Bot, check_seconds
from games.railroad_ink.bots.learned_montecarlo import LearnedMonteCarloBot
from games.railroad_ink.bots.learned_rounds import LearnedRoundsBot
from games.railroad_ink.bots.lookahead import (
    LOOKAHEAD_ENDS,
    LOOKAHEAD_PILOT,
    LOOKAHEAD_ROLLS,
    LOOKAHEAD_ROUNDS,
    LOOKAHEAD_WIDTH,
    LookaheadBot,
)
from games.railroad_ink.bots.mcts_bot import MCTS_ITERATIONS, MctsBot
from games.railroad_ink.bots.montecarlo import MonteCarloBot
from games.railroad_ink.bots.planning import RoundView
from games.railroad_ink.bots.simple import BEAM_WIDTH, BeamBot, RandomBot
from games.railroad_ink.pieces.dice import check_seed
from games.railroad_ink.rules.game import DICE_MODES
from treesearch.errors import InvalidArgumentError

__all__ = [
    "BEAM_WIDTH",
    "BEST",
    "BEST_NEST",
    "BEST_PLAN_BETA",
    "BEST_PLAN_ITERATIONS",
    "BEST_SECONDS",
    "BOTS",
    "LOOKAHEAD_ENDS",
    "LOOKAHEAD_PILOT",
    "LOOKAHEAD_ROLLS",
    "LOOKAHEAD_ROUNDS",
    "LOOKAHEAD_WIDTH",
    "MCTS_ITERATIONS",
    "BeamBot",
    "Bot",
    "BotAgent",
    "LearnedMonteCarloBot",
    "LearnedRoundsBot",
    "LookaheadBot",
    "MctsBot",
    "MonteCarloBot",
    "RandomBot",
    "RoundView",
    "check_bot_name",
    "check_dice",
    "check_seconds",
    "make_bot",
]

BOTS = (
    "random",
    "greedy",
    "beam",
    "mcts",
    "lookahead",
    "montecarlo",
    "learned-mc",
    "learned-rounds",
    "best",
)
"""The bots ``make_bot`` knows, weakest first."""

BEST = {"known": "montecarlo", "revealed": "learned-rounds"}
"""The bot ``best`` plays per dice mode (measured: ``benchmarks/bench_railroad_bots.py``): with
dice revealed ``learned-rounds`` (60.20 over seeds 100-199 on the 50 s clock, 41.9 s a game;
59.53 with the play-outs' last round 4 wide, in 24 s; its first version, greedy play-outs,
scored 59.20 in 10 s, +2.25 over ``montecarlo``'s 98 s games on the same 20 seeds), with
dice known ``montecarlo``'s plan after a nested search over whole rounds (69.02 over seeds
100-199 on the 50 s clock)."""

BEST_PLAN_BETA, BEST_PLAN_ITERATIONS = 1.0, 50
"""``best``'s plan with dice known: the learned value guides the plan's play-outs
(``MonteCarloBot(beta=, iterations=)``), each level-3 run a third of the unguided plan's CPU,
restarted while the clock lasts. On the 50 s clock it scored 1.5 points more than the
unguided plan on the same seeds, and on a clock too short for one run it still plays a guided
game (48 on a 0.3 s clock, where the unguided plan's first random play-out scored 1)."""

BEST_NEST = 2
"""``best``'s nested search over whole rounds before its plan, with dice known
(``MonteCarloBot(nest=)``): half the plan's time, the better game played: +0.40
[-0.11, +0.91] over the guided plan alone on seeds 100-149, 17 games higher, 10 lower."""

BEST_SECONDS = 50.0
"""``best``'s thinking time a game when none is given: a game stays under a minute on one
core however loaded the machine (a fixed budget took 30-34 s idle, 86 s with the other core
busy), leaving 10 s for what the clock does not count (dealing the game, the clock read
between play-outs). Its play-outs stay capped by the bot's fixed budget: never more than the
benchmarked bot, fewer where the machine is slow."""


def check_bot_name(name: object) -> str:
    """``name`` if it is one of ``BOTS``.

    Raises:
        InvalidArgumentError: naming the bad name, the choices and a near miss if any.
    """
    if isinstance(name, str) and name in BOTS:
        return name
    near = difflib.get_close_matches(name, BOTS, n=1) if isinstance(name, str) else []
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    raise InvalidArgumentError(f"bot must be one of {BOTS!r}, got {name!r}{hint}")


def check_dice(dice: object) -> str:
    """``dice`` if it is one of ``DICE_MODES``.

    Raises:
        InvalidArgumentError: naming the bad mode and the choices.
    """
    if not isinstance(dice, str) or dice not in DICE_MODES:
        raise InvalidArgumentError(f"dice must be one of {DICE_MODES!r}, got {dice!r}")
    return dice


def make_bot(name: str, dice: str = "revealed", seconds: float | None = None, seed: int = 0) -> Bot:
    """The bot called ``name`` (one of ``BOTS``) for a game with ``dice`` ("known"/"revealed").

    Raises:
        InvalidArgumentError: an unknown name (with a near miss), or a bad dice mode,
            ``seconds`` or seed.
    """
    check_bot_name(name)
    check_dice(dice)
    seconds = check_seconds(seconds)
    seed = check_seed(seed)
    guided = name == "best" and dice == "known"
    if name == "best":
        name = BEST.get(dice, "beam")
        seconds = BEST_SECONDS if seconds is None else seconds
    if name == "random":
        return RandomBot(seconds, seed)
    if name == "greedy":
        return BeamBot(1, seconds=seconds, name="greedy", widen=False)
    if name == "beam":
        return BeamBot(BEAM_WIDTH, seconds=seconds)
    if name == "lookahead":
        return LookaheadBot(seconds=seconds, seed=seed)
    if name == "learned-rounds":
        return LearnedRoundsBot(seconds=seconds, seed=seed)
    if name == "montecarlo" and guided:
        return MonteCarloBot(
            seconds=seconds,
            seed=seed,
            beta=BEST_PLAN_BETA,
            iterations=BEST_PLAN_ITERATIONS,
            nest=BEST_NEST,
        )
    if name == "montecarlo":
        return MonteCarloBot(seconds=seconds, seed=seed)
    if name == "learned-mc":
        return LearnedMonteCarloBot(seconds=seconds, seed=seed)
    return MctsBot(seconds=seconds, seed=seed)


class BotAgent:
    """Makes ``treesearch.match`` agents of a named bot: ``BotAgent(name, dice)(seed)``, a ``Bot``.

    A ``Bot`` already is an agent (a ``name`` and ``choose(state) -> child``); this maker
    fixes what ``make_bot`` needs besides the seed, so Railroad Ink bots plug in wherever a
    maker ``make(seed) -> Agent`` is taken (``play``, the command line).

    Args:
        name: one of ``BOTS``.
        dice: the dice mode the bot plays ("known" or "revealed").
        seconds: the bot's thinking time per game (> 0), None for its own fixed budget
            (``best``: ``BEST_SECONDS``).

    Raises:
        InvalidArgumentError: an unknown name (with a near miss), or a bad dice mode or
            ``seconds``.

    Examples:
        >>> from games.railroad_ink.rules.game import RailroadInk
        >>> agent = BotAgent("greedy", "known")(0)
        >>> state = RailroadInk(0, "known").start()
        >>> agent.name, agent.choose(state) in state.get_children()
        ('greedy', True)
    """

    def __init__(self, name: str, dice: str = "revealed", seconds: float | None = None) -> None:
        self.name = check_bot_name(name)
        self.dice, self.seconds = check_dice(dice), check_seconds(seconds)

    def __call__(self, seed: int) -> Bot:
        """A fresh bot for one game, seeded with ``seed``."""
        return make_bot(self.name, self.dice, self.seconds, seed)

    def __repr__(self) -> str:
        return f"BotAgent({self.name!r}, {self.dice!r}, seconds={self.seconds!r})"
