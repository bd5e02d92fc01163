"""What a game entry builds (``Problem``) and what it is (``GameEntry``), with small helpers.

A ``Problem`` is a start state and how to judge and name its states; its ``kind`` (see
``registry.Kind``) says which searches fit. A ``GameEntry`` builds a problem from the
``GameOptions`` read from the parsed arguments, films a search on it when it can be drawn,
and says how whole games are played (``Play``: its bots, as ``treesearch.match`` agent makers,
the match's start, a film of a game).
Adding a game to the command line is writing its entry; nothing else tests its name.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Literal

from games.maze import Maze
from observers import VideoObserver
from treesearch import Playthrough, SearchResult, Status, TreeSearch
from treesearch.cli.catalog.registry import Kind
from treesearch.cli.catalog.replay import BoardFilm, replayable
from treesearch.events import Event, Visited
from treesearch.match import AgentMaker

__all__ = [
    "GAME_KNOBS",
    "BotEntry",
    "BotOptions",
    "FilmMaker",
    "Forecast",
    "GameEntry",
    "GameOptions",
    "Play",
    "Problem",
    "SoloMaker",
    "SoloResult",
    "VideoMaker",
    "VideoOptions",
    "board_video",
    "hold_frames",
    "playthrough_film",
    "seeded",
]


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
        maze: the maze, for maze problems (their videos need it).
        value: a score game's value of a state in points (its final score at the end); a
            duel's cut-off value for alpha-beta, from player 0's view (None: play to the end).
        score: a score game's final score of a finished state (None for other kinds).
        sides: the players' names in print, player 0's then player 1's (``("X", "O")``).
        move_text: how ``run`` names the move it found (default: ``label``).
    """

    game: str
    kind: Kind
    start: Any
    goal: Callable[[Any], bool] | None
    heuristic: Callable[[Any], float]
    label: Callable[[Any], str]
    describe: str
    maze: Maze | None = None
    value: Callable[[Any], float] | None = None
    score: Callable[[Any], float] | None = None
    sides: tuple[str, str] = ("player 0", "player 1")
    move_text: Callable[[Any], str] | None = None

    def side(self, player: int) -> str:
        """How ``player`` is named in print (``sides``; ``"player N"`` beyond two)."""
        return self.sides[player] if player in (0, 1) else f"player {player}"


GAME_KNOBS = ("size", "moves", "dice", "map", "drills")
"""The options of ``GameOptions`` that some games read and others ignore (by dest)."""


@dataclass(frozen=True)
class GameOptions:
    """The options a game's ``make`` reads (not the whole namespace); each game reads its own.

    Attributes:
        seed: ``--seed``: the game's seed (an instance's own in a comparison or a match).
        size: ``--size``: the grid's or maze's side (the command's default unless given).
        size_given: whether ``--size`` was given (a plugin game gets ``size=None`` otherwise:
            it knows its own default).
        moves: ``--moves``: tic-tac-toe's cells played first ("4,0").
        dice: ``--dice``: Railroad Ink's dice mode.
        map: ``--map``: Tron's map, a name or a file.
        drills: ``--drills``: the drill maze's drills.
    """

    seed: int = 0
    size: int = 21
    size_given: bool = False
    moves: str = ""
    dice: str = "known"
    map: str = "box15"
    drills: int = 1

    @classmethod
    def of(cls, args: object) -> GameOptions:
        """The options of parsed arguments (missing ones keep their defaults)."""
        if isinstance(args, GameOptions):
            return args
        names = [f.name for f in fields(cls)]
        return cls(**{n: getattr(args, n) for n in names if hasattr(args, n)})


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

    ``make(options)`` returns a ``treesearch.match`` agent maker ``make(seed) -> Agent``;
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
        bots: the game's own bots, named first; each makes ``treesearch.match`` agent makers.
        searches: whether the searches of the game's kind play too (Tron: its bots only).
        default: who plays without ``--bots`` (two names) or ``--bot`` (one, score games).
        start: ``start(problem)``: what a match starts from, e.g. ``PairedStarts(fn)`` for a
            start drawn per pair of games (None: ``problem.start``).
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
    start: Callable[[Problem], Any] | None = None
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


def playthrough_film(renderer: Callable[[Any], Any], fps: float = 2) -> FilmMaker:
    """A ``FilmMaker`` showing a game move by move with ``renderer(start)``, the end held.

    The video's title names each player's side (``problem.sides``).
    """

    def film(problem: Problem, states: list[Any], names: tuple[str, str], out: Path) -> str:
        title = " vs ".join(f"{n} ({s})" for n, s in zip(names, problem.sides, strict=True))
        returns = tuple(states[-1].returns())
        with (
            VideoObserver(out, renderer(states[0]), fps=fps, final_frames=4) as video,
            Playthrough(states[0], [video], name=title) as show,
        ):
            for state in states[1:]:
                show.advance(state)
            show.finish(returns[0], f"returns {returns}")
        return f"video of game 1: {video.frames} frames -> {out}"

    return film


@dataclass(frozen=True)
class GameEntry:
    """A game of the command line: how to build it, film a search on it, and play it.

    The command line asks the entry, never the game's name: ``make`` builds the problem
    (start, labels, sides), ``video`` films a search, ``play`` says who plays whole games
    and how (bots, the match's start, a film of game 1). ``no_video`` says why a game
    without ``video`` cannot be filmed. ``options`` names the game knobs ``make`` reads
    (``GAME_KNOBS``: ``"size"``, ``"moves"``, ``"dice"``, ``"map"``, ``"drills"``); the
    command line refuses the others when given. None (an entry that does not say) takes
    every knob. ``compiled`` says what numba buys a game whose engine it compiles (empty:
    none); the commands say it once, up front, when the engine runs as plain Python.
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

    def build(self, args: argparse.Namespace | GameOptions) -> Problem:
        """The problem of parsed arguments: ``make`` sees their ``GameOptions`` only."""
        return self.make(GameOptions.of(args))


def seeded(args: argparse.Namespace, seed: int) -> argparse.Namespace:
    """A copy of ``args`` with another ``seed`` (an instance of a comparison, a game)."""
    return argparse.Namespace(**{**vars(args), "seed": seed})


def hold_frames(fps: float) -> int:
    """Frames that hold the end of a video for about a second."""
    return max(1, round(fps))


def board_video(renderer: Callable[[Any], Any]) -> BoardFilm:
    """A video maker drawing the visited states with ``renderer(start)``, ~``--duration`` long.

    Without ``--every`` or ``--max-frames`` the search first runs without video, counting its
    visits, then runs again drawing every n-th visit so that the video lasts about
    ``--duration`` seconds and shows the whole run, its end included. Replays draw with
    another ``renderer(start)``.
    """

    def film(
        problem: Problem, search: TreeSearch, out: Path | None, args: VideoOptions, title: str
    ) -> tuple[SearchResult, int]:
        hold = hold_frames(args.fps)
        every = args.every
        if every is None and args.max_frames is None and out is not None:
            visits = [0]

            def count(event: Event) -> None:
                if isinstance(event, Visited):
                    visits[0] += 1

            first = search.run(problem.start, observers=[count])
            if first.status is Status.INTERRUPTED:
                return first, 0
            wanted = max(1, round(args.duration * args.fps) - hold)
            every = max(1, -(-visits[0] // wanted))
        return filmed(search, problem.start, out, renderer(problem.start), args, title, every)

    return replayable(film, lambda problem, options: renderer(problem.start))


def filmed(
    search: TreeSearch,
    start: Any,
    out: Path | None,
    renderer: Any,
    args: VideoOptions,
    title: str,
    every: int | None = None,
) -> tuple[SearchResult, int]:
    """Run ``search`` from ``start`` filmed into ``out`` as the options say; the frames.

    ``args.observers`` watch the run too; without ``out`` they alone do (no frames).
    """
    if out is None:
        return search.run(start, observers=list(args.observers)), 0
    with VideoObserver(
        out,
        renderer,
        fps=args.fps,
        max_frames=args.max_frames,
        every=every or 1,
        final_frames=hold_frames(args.fps),
        panel=not args.raw,
        title=title,
    ) as video:
        result = search.run(start, observers=[video, *args.observers])
    return result, video.frames
