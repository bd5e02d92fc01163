"""What a game offers the command line: ``GameEntry`` and the parts it is made of.

A ``GameEntry`` is the rich description of a game: ``make`` builds a ``Problem`` (a start
state and how to judge and name its states) from the ``GameOptions`` the command line read,
``video`` films a search on it, ``play`` says how whole games are played (``Play``: its bots
as ``BotEntry``s making agent makers, the match's start, a film of a game), and ``knobs``
declares the game's own options (``GameOption``: ``--dice``, ``--map``...), which the command
line adds to every command. Bundled games and plugins register an entry in the
``treesearch.games`` entry point group alike; ``treesearch.plugins.GamePlugin`` is the simple
form a plugin may register instead (a ``make`` and a few hooks), which the command line
turns into an entry. This module lives with the core so that games can describe themselves
without importing the command line; the video makers that need ``observers`` live in
``observers.game_films``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from treesearch.agents import AgentMaker, RandomAgent
from treesearch.plugins import Kind
from treesearch.result import SearchResult
from treesearch.search import TreeSearch

if TYPE_CHECKING:
    from treesearch.learn import LearnedValue, Training

__all__ = [
    "DUEL_BOTS",
    "BotEntry",
    "BotOptions",
    "FilmMaker",
    "Forecast",
    "GameEntry",
    "GameOption",
    "GameOptions",
    "LearnRequest",
    "Play",
    "Problem",
    "SoloMaker",
    "SoloResult",
    "VideoMaker",
    "VideoOptions",
    "checked",
    "count",
    "text",
]

_T = TypeVar("_T")


def checked(
    name: str, read: Callable[[str], _T], fits: Callable[[_T], bool], wants: str
) -> Callable[[str], _T]:
    """An option's type: ``read(value)`` when it ``fits``; else ``wants, got VALUE`` refuses it.

    A value ``read`` cannot convert (a ``ValueError``) is refused the same way. ``name`` is
    the type's name in argparse's messages.
    """

    def parse(value: str) -> _T:
        try:
            result = read(value)
        except ValueError:
            result = None
        if result is None or not fits(result):
            raise argparse.ArgumentTypeError(f"{wants}, got {value!r}")
        return result

    parse.__name__ = name
    return parse


def count(low: int) -> Callable[[str], int]:
    """An option's type: an int >= ``low``, refused otherwise with what it must be."""
    return checked(f"int >= {low}", int, lambda n: n >= low, f"must be an int >= {low}")


def text(what: str) -> Callable[[str], str]:
    """An option's type: a non-blank text, ``what`` it names (a name, a path)."""
    return checked(what, str, lambda value: bool(value.strip()), f"needs {what}")


@dataclass(frozen=True)
class Problem:
    """A start state and how to judge and name states.

    Attributes:
        game: the game's name on the command line.
        kind: the kind of game (see ``Kind``).
        start: the start state.
        goal: the goal test of a path problem (None otherwise).
        heuristic: an admissible distance-to-goal estimate (0 for other kinds).
        label: a short name of a state, for tables and paths (a duel's: the move made).
        describe: a few words on the problem, for headings ("a 31x31 maze").
        value: a score game's value of a state in points (its final score at the end); a
            duel's cut-off value for alpha-beta, from player 0's view (None: play to the end).
        score: a score game's final score of a finished state (None for other kinds).
        sides: the players' names in print, player 0's then player 1's (``("X", "O")``).
        move_text: how ``run`` names the move it found (default: ``label``).
        cost_note: what a path problem's step costs mean, said where a route's cost is
            explained (``": mud costs more"``; empty: nothing said).
    """

    game: str
    kind: Kind
    start: Any
    goal: Callable[[Any], bool] | None
    heuristic: Callable[[Any], float]
    label: Callable[[Any], str]
    describe: str
    value: Callable[[Any], float] | None = None
    score: Callable[[Any], float] | None = None
    sides: tuple[str, str] = ("player 0", "player 1")
    move_text: Callable[[Any], str] | None = None
    cost_note: str = ""

    def side(self, player: int) -> str:
        """How ``player`` is named in print (``sides``; ``"player N"`` beyond two)."""
        return self.sides[player] if player in (0, 1) else f"player {player}"


@dataclass(frozen=True)
class LearnRequest:
    """What ``treesearch learn`` asks of a game that trains its value itself.

    A game whose engine trains faster than the generic self-play (``GameEntry.trainer``)
    gets the options read and checked; an option the user did not give is None (the
    trainer's own default), so a trainer refuses only what it was asked and cannot do.

    Attributes:
        problem: the game built from the options (its knobs, its seed).
        out: the model file to write (at the end, on Ctrl-C, at checkpoints).
        curve: the learning curve's PNG, written with the model at the end and on Ctrl-C.
        games: the games to have played in all (a resumed run plays the rest); None with
            ``seconds`` alone.
        seconds: stop after about this long (None: after ``games``).
        seed: the training's seed: same seed and games, same model file.
        resume: go on from the model in ``out``.
        progress: show a bar (None: when stderr is a terminal).
        checkpoint_every: games between two writes of ``out``.
        eval_every: games between two points of the learning curve.
        alpha: the step of the updates.
        epsilon: the chance of a random move while learning.
        lam: TD's λ.
        batch: games played with the same weights.
        jobs: worker processes.
        backend: "local" or "ray".
    """

    problem: Problem
    out: Path
    curve: Path
    games: int | None
    seconds: float | None = None
    seed: int = 0
    resume: bool = False
    progress: bool | None = None
    checkpoint_every: int | None = None
    eval_every: int | None = None
    alpha: float | None = None
    epsilon: float | None = None
    lam: float | None = None
    batch: int | None = None
    jobs: int | None = None
    backend: str = "local"


@dataclass(frozen=True)
class GameOption:
    """One option of a game's own (``--dice``), declared by its entry for the command line.

    The command line adds every option its games declare to each command, checks a value as
    it is parsed (``type``, ``choices``), and refuses an option the chosen game does not
    read (``GameEntry.options``) in one line. The options are those of the games loaded when
    the command line is built, the bundled ones: a plugin's entry is loaded only once it is
    named, after the arguments are parsed, so its own options are not offered.

    Attributes:
        name: the option's name without dashes, its ``dest`` with ``-`` for ``_`` (``"dice"``).
        help: its help text (``--help`` adds the default).
        default: its value when not given.
        type: ``type(text) -> value``, raising ``argparse.ArgumentTypeError`` for a bad text
            (``count(0)``, ``text("a map name or file")``); None: the text as it is.
        choices: the values it takes (None: any ``type`` accepts).
        metavar: how ``--help`` names its value (``"N"``; None: argparse's own).
        order: where it comes in ``--help`` among the games' options (lower first; equal
            ones in the order of their games).
        defaults: another default for some commands (``{"play": "revealed"}``).
        from_trace: ``from_trace(value) -> reason``: why a value read from a trace's header
            (data from anyone) is refused there, or None to take it.
    """

    name: str
    help: str
    default: Any = None
    type: Callable[[str], Any] | None = None
    choices: tuple[Any, ...] | None = None
    metavar: str | None = None
    order: int = 0
    defaults: Mapping[str, Any] = field(default_factory=dict)
    from_trace: Callable[[Any], str | None] | None = None

    @property
    def dest(self) -> str:
        """Where argparse stores it: ``name`` with ``_`` for ``-``."""
        return self.name.replace("-", "_")

    @property
    def flag(self) -> str:
        """The option on the command line: ``--name``."""
        return f"--{self.name}"


@dataclass(frozen=True)
class GameOptions:
    """The options a game's ``make`` reads (not the whole namespace).

    Attributes:
        seed: ``--seed``: the game's seed (an instance's own in a comparison or a match).
        size: ``--size``: the grid's or maze's side (the command's default unless given).
        size_given: whether ``--size`` was given (a plugin game gets ``size=None`` otherwise:
            it knows its own default).
        knobs: the game's own options by ``dest`` (``{"dice": "known"}``), those its entry
            declares; ``options["dice"]`` reads one.
    """

    seed: int = 0
    size: int = 21
    size_given: bool = False
    knobs: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, dest: str) -> Any:
        """The game's own option ``dest`` (``options["drills"]``)."""
        return self.knobs[dest]

    @classmethod
    def of(cls, args: object, knobs: Iterable[GameOption] = ()) -> GameOptions:
        """The options of parsed arguments: the shared ones and ``knobs`` (defaults if missing)."""
        if isinstance(args, GameOptions):
            return args
        shared = {n: getattr(args, n) for n in ("seed", "size", "size_given") if hasattr(args, n)}
        own = {k.dest: getattr(args, k.dest, k.default) for k in knobs}
        return cls(**shared, knobs=own)


@dataclass(frozen=True)
class VideoOptions:
    """The options of ``video`` a game's video maker reads (not the whole namespace).

    Attributes:
        fps: frames per second.
        duration: the video's length to aim at, in seconds.
        every: draw every n-th step (None: chosen to last about ``duration``).
        max_frames: stop the search after this many frames (None: no limit).
        raw: leave the panel out.
        color_by: mazes colour cells by visit "order" or by "depth".
        observers: more observers of the filmed run (an HTML replay, a trace), attached by
            the video makers that can (``BoardFilm``); not read from the arguments.
    """

    fps: float = 30.0
    duration: float = 20.0
    every: int | None = None
    max_frames: int | None = None
    raw: bool = False
    color_by: Literal["order", "depth"] = "order"
    observers: tuple[Any, ...] = ()

    @classmethod
    def of(cls, args: object) -> VideoOptions:
        """The options of parsed arguments (missing ones keep their defaults)."""
        if isinstance(args, VideoOptions):
            return args
        names = ("fps", "duration", "every", "max_frames", "raw", "color_by")
        return cls(**{n: getattr(args, n) for n in names if hasattr(args, n)})


VideoMaker = Callable[
    [Problem, TreeSearch, Path | None, VideoOptions, str], tuple[SearchResult, int]
]
"""``(problem, search, out, options, title) -> (result, frames)``: a video of one search.

``out`` is None when only ``options.observers`` are wanted (``video --html`` alone); only a
``BoardFilm`` is given that."""


@dataclass(frozen=True)
class BotOptions:
    """What a bot's maker may use: the seed, the thinking time, the game's start.

    Attributes:
        seed: the seed of the match or game (``--seed``).
        seconds: ``--bot-seconds``, None for the bot's own default.
        start: the start state of the game played (Railroad Ink bots read its dice mode).
    """

    seed: int = 0
    seconds: float | None = None
    start: Any = None


@dataclass(frozen=True)
class BotEntry:
    """A bot: its family of games, kind, one-line help and the maker of its agent maker.

    ``make(options)`` returns an agent maker (``treesearch.agents``) ``make(seed) -> Agent``;
    ``timed`` says whether it reads ``--bot-seconds`` (a bot that does not think ignores it,
    so the command line refuses the option where no such bot plays).
    """

    family: str
    short: str
    kind: Kind
    help: str
    make: Callable[[BotOptions], AgentMaker]
    source: str = "bundled"
    timed: bool = False

    @property
    def name(self) -> str:
        """The registry name, ``family/short``."""
        return f"{self.family}/{self.short}"


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


FilmMaker = Callable[[Problem, list[Any], tuple[str, str], Path], str]
"""``film(problem, states, names, out) -> message``: a video of one played game.

``states`` run from its start to its end, ``names`` are player 0's and player 1's; the
message (may be empty) is printed after the games.
"""


@dataclass(frozen=True)
class SoloResult:
    """The outcome of one whole game of a one-player score game, as ``play`` prints it."""

    score: float
    seconds: float
    text: str
    """What follows ``game N`` on its line: the seed, the bot, its score."""


SoloMaker = Callable[[Problem, int, AgentMaker, Path | None, list[Any]], SoloResult]
"""``solo(problem, seed, agents, video, observers) -> SoloResult``: game ``seed`` played whole
by one agent; ``observers`` (callables of ``treesearch`` events: a progress bar) see its
states."""


@dataclass(frozen=True)
class Forecast:
    """What ``play`` says before a score game's first game: its cost and how to lower it."""

    seconds: float | None
    """About how long one game takes (None: unknown)."""
    note: str = ""
    """A line on what would make it faster (a missing extra), or empty."""
    steps: Callable[[Any], tuple[int, int]] | None = None
    """``steps(state) -> (done, total)`` of a game at ``state`` (rounds), for a progress bar."""


@dataclass(frozen=True)
class Play:
    """How ``play`` and ``compare`` play whole games of a game: bots, start, pictures.

    Attributes:
        bots: the game's own bots, named first; each makes agent makers.
        searches: whether the searches of the game's kind play too (Tron: its bots only).
        default: who plays without ``--bots`` (two names) or ``--bot`` (one, score games).
        paired: ``paired(problem) -> fn``, for a start drawn per pair of games: both games of
            pair ``k`` start from ``fn(seed_k)`` (``treesearch.match.PairedStarts(fn)``);
            None: every game starts from ``problem.start``.
        film: a video of game 1 of a match (None: ``play --video`` refuses).
        narrate: print each move of every game and its final position.
        solo: plays a whole one-player game with a bot (score games; None: no ``play``).
        check: refuses, before any work, options ``solo`` cannot play (``--dice free``).
        solo_video: ``solo`` films game 1 when given a path.
        forecast: ``forecast(problem, bot, seconds) -> Forecast``: what a game of ``solo``
            by the bot costs with ``--bot-seconds`` (None: nothing said).
    """

    bots: tuple[BotEntry, ...] = ()
    searches: bool = True
    default: tuple[str, ...] = ("mcts", "alphabeta")
    paired: Callable[[Problem], Callable[[int], Any]] | None = None
    film: FilmMaker | None = None
    narrate: bool = False
    solo: SoloMaker | None = None
    check: Callable[[Problem], None] | None = None
    solo_video: bool = False
    forecast: Callable[[Problem, str, float | None], Forecast] | None = None

    @property
    def films(self) -> bool:
        """Whether ``play --video`` can film this game."""
        return self.film is not None or (self.solo is not None and self.solo_video)

    def bot(self, name: str) -> BotEntry | None:
        """The game's bot called ``name``, or None."""
        return next((b for b in self.bots if b.short == name), None)


@dataclass(frozen=True)
class GameEntry:
    """A game as the command line sees it: how to build it, film a search on it, and play it.

    The command line asks the entry, never the game's name: ``make`` builds the problem
    (start, labels, sides), ``video`` films a search, ``play`` says who plays whole games
    and how (bots, the match's start, a film of game 1). ``no_video`` says why a game
    without ``video`` cannot be filmed. ``knobs`` declares the game's own options
    (``GameOption``), which the command line adds to every command. ``options`` names the
    options ``make`` reads (``"size"`` and the ``dest`` of any game's knob); the command
    line refuses the others when given. None (an entry that does not say) takes every knob.
    ``compiled`` says what numba buys a game whose engine it compiles (empty: none); the
    commands say it once, up front, when the engine runs as plain Python. ``order`` places
    a bundled game in ``treesearch list`` and ``--game`` (lower first), since entry points
    come in no fixed order. ``learner(problem)`` makes the value ``treesearch learn`` trains
    (None: chosen from what the start state offers: ``encoding()``, ``features()``,
    ``key()``); ``trainer(request)`` trains it the game's own way instead of the generic
    self-play: it checks the ``LearnRequest`` (refusing, in one line, what it cannot honour)
    and returns the training to run, which writes the model file and its curve. ``model`` is
    the model file a game ships, which ``play``'s bot ``learned`` plays with (None:
    ``learned:FILE`` only).
    """

    name: str
    kind: Kind
    help: str
    make: Callable[[GameOptions], Problem]
    video: VideoMaker | None = None
    video_searches: tuple[str, ...] | None = None  # None: every search of its kind
    no_video: str = "the command line has no renderer for it yet"
    source: str = "bundled"
    play: Play = Play()
    options: tuple[str, ...] | None = None
    video_search: str | None = None  # video's default search (None: the first that fits)
    compiled: str = ""
    knobs: tuple[GameOption, ...] = ()
    order: int = 0
    learner: Callable[[Problem], LearnedValue] | None = None
    trainer: Callable[[LearnRequest], Callable[[], Training]] | None = None
    model: Path | None = None

    def build(self, args: argparse.Namespace | GameOptions) -> Problem:
        """The problem of parsed arguments: ``make`` sees their ``GameOptions`` only."""
        return self.make(GameOptions.of(args, self.knobs))
