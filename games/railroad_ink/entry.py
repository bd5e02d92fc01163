"""Railroad Ink on the command line: a score game, its bots, and whole games played by one.

``RAILROAD_INK`` is registered in the ``treesearch.games`` entry point group, as a plugin's
game is. ``run`` and ``compare`` search it (``--dice known|revealed|free``, ``--seed``
rolls); ``play`` has one of its bots (``INK_BOTS``) play whole seeded games (``play``),
filming game 1 with the bot's candidates before each placement (``film``). This module
imports the game only inside the functions that build or play it: the engine (numba) loads
when a game of Railroad Ink is made, not when the command line starts.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from observers.game_films import board_video
from treesearch.agents import AgentMaker
from treesearch.errors import InvalidArgumentError
from treesearch.game_entry import (
    BotEntry,
    BotOptions,
    Forecast,
    GameEntry,
    GameOption,
    GameOptions,
    LearnRequest,
    Play,
    Problem,
    SoloResult,
)
from treesearch.learn import LearnedValue, Training

__all__ = ["COMPILED", "DICE", "INK_BOTS", "RAILROAD_INK"]

DICE = GameOption(
    "dice",
    "Railroad Ink: rolls known in advance, revealed each round, or free play (any tile)",
    "known",
    choices=("known", "revealed", "free"),
    order=2,
    defaults={"play": "revealed"},  # a played game rolls round by round, as at the table
)
"""``--dice``: the dice mode (``DICE_MODES``, named here so that the engine loads later)."""


def _railroad_ink(args: GameOptions) -> Problem:
    from games.railroad_ink import HEURISTIC, RailroadInk  # the engine (numba) loads here

    dice = args[DICE.dest]
    return Problem(
        "railroad-ink",
        "score",
        RailroadInk(args.seed, dice).start(),
        None,
        lambda s: 0.0,
        lambda s: "start" if s.move is None else str(s.move),
        f"Railroad Ink, dice {dice}, seed {args.seed}",
        value=HEURISTIC,
        score=lambda s: float(s.board.score().total),
    )


def _check(problem: Problem) -> None:
    from games.railroad_ink import PLAY_DICE

    dice = problem.start.game.dice
    if dice not in PLAY_DICE:
        raise InvalidArgumentError(
            f"play needs rolls: --dice must be one of {', '.join(PLAY_DICE)}, got "
            f"{dice!r} (free play has no dice; 'run --dice free' searches it)"
        )


def _solo(
    problem: Problem, seed: int, agents: AgentMaker, video: Path | None, observers: list[Any]
) -> SoloResult:
    """Game ``seed`` played whole by ``agents`` with the problem's dice; filmed with ``video``."""
    from games.railroad_ink import film, play

    dice = problem.start.game.dice
    record = play(seed, dice, agents, observers=observers)
    if video is not None:
        film(record, video, title=f"{record.bot} bot")
    total = record.score.total
    return SoloResult(
        float(total),
        record.seconds,
        f"(seed {seed}, dice {dice}): {record.bot} scores {total} with "
        f"{len(record.moves)} placements in {record.seconds:.2f} s",
    )


SECONDS = {"random": 0.1, "greedy": 1.0, "beam": 10.0, "mcts": 10.0, "lookahead": 60.0}
"""About how long a game takes each bot on its fixed budget, compiled or not (measured on seed
100, dice revealed, on a slow shared machine: 0.0, 0.4-1.0, 8-15, 9-11 and 58-71 s); the
``montecarlo`` bots' are below, and ``best`` keeps a clock (``BEST_SECONDS``)."""

COMPILED_SECONDS = {"learned-rounds": 45.0}
"""The engine bots' games on their fixed budgets, compiled, where not ``MONTECARLO_SECONDS``
(``benchmarks/RESULTS.md``: ``learned-rounds`` 42.5 s a game, two games at once)."""

MONTECARLO_SECONDS = 35.0
"""``montecarlo``'s game on its fixed budget, compiled (``benchmarks/RESULTS.md``: 29-34 s on
an idle core; a game took 86 s with the other core busy, which ``best``'s clock prevents)."""

ENGINE_BOTS = ("montecarlo", "learned-mc", "learned-rounds", "best")
"""The bots whose play-outs run on the engine, which numba compiles (``COMPILED``)."""

COMPILED = (
    "its play-outs run about 50 times faster (41-108x measured) and a beam search about twice "
    "as fast"
)
"""What numba buys Railroad Ink (``benchmarks/RESULTS.md``), said by every command."""


def _forecast(problem: Problem, bot: str, seconds: float | None) -> Forecast:
    """What a game by ``bot`` costs (``--bot-seconds`` or its default budget), and numba's gain."""
    from games._compile import ENGINE, HOW_TO_COMPILE
    from games.railroad_ink.bots.montecarlo import PYTHON_SECONDS
    from games.railroad_ink.bots.roster import BEST_SECONDS

    note = ""
    if bot == "best" and seconds is None:
        seconds = BEST_SECONDS  # its clock, compiled or not
    if bot in ENGINE_BOTS:
        clock = seconds is not None
        if seconds is None:
            compiled = COMPILED_SECONDS.get(bot, MONTECARLO_SECONDS)
            seconds = PYTHON_SECONDS if ENGINE == "python" else compiled
        if ENGINE == "python":
            plays = (
                "many more play-outs in its time"
                if clock
                else f"its full budget instead of a {PYTHON_SECONDS:g} s clock"
            )
            note = (
                f"the Railroad Ink engine runs as plain Python; {HOW_TO_COMPILE}. Compiled, "
                f"{COMPILED} (benchmarks/RESULTS.md), and {bot} plays {plays}, scoring higher"
            )
    elif seconds is None:
        seconds = SECONDS.get(bot)
    return Forecast(seconds, note, _rounds)


def _rounds(state: Any) -> tuple[int, int]:
    """``(rounds done, 7)`` at ``state``."""
    return min(max(int(getattr(state, "round", 1)) - 1, 0), 7), 7


def _tiles(start: object) -> object:
    """The renderer of a Railroad Ink video (imported here: the engine loads with the game)."""
    from games.railroad_ink import RailroadInkTiles

    return RailroadInkTiles(40)


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
    "learned-mc": "montecarlo, its choice nudged by the learned value",
    "learned-rounds": "each round chosen whole by the learned value, its best ends played out",
    "best": "the strongest measured per dice mode within 50 s a game (learned-rounds revealed, "
    "montecarlo's plan known)",
}

INK_BOTS = tuple(
    BotEntry("railroad-ink", n, "score", h, _ink(n), timed=True) for n, h in _INK_HELP.items()
)
"""Railroad Ink's bots (``BOTS``, in its order), ``--bot-seconds`` a game.

Named here rather than read from ``bots.roster``, whose engine (numba) would load with every
command; a test checks that the two lists agree.
"""


def _learner(problem: Problem) -> LearnedValue:
    """What ``treesearch learn railroad-ink`` trains: the engine's n-tuple network of pairs."""
    from games.railroad_ink.bots.learned_value import network

    return network()


def _trainer(request: LearnRequest) -> Callable[[], Training]:
    """``treesearch learn railroad-ink`` on the compiled engine (``trainer.trainer``)."""
    from games.railroad_ink.trainer import trainer

    return trainer(request)


RAILROAD_INK = GameEntry(
    "railroad-ink",
    "score",
    "Railroad Ink: --dice known|revealed|free, --seed rolls",
    _railroad_ink,
    board_video(_tiles),
    video_search="beam",  # plays well in seconds (backtracking: a score of 9 in a minute)
    play=Play(
        bots=INK_BOTS,
        default=("best",),
        solo=_solo,
        check=_check,
        solo_video=True,
        forecast=_forecast,
    ),
    options=("dice",),
    compiled=COMPILED,
    knobs=(DICE,),
    order=6,
    learner=_learner,
    trainer=_trainer,
    model=Path(__file__).parent / "models" / "ink_value.npz",
)
