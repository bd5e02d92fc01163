"""``train``: learn a value by TD(λ) self-play, seeded, with a curve, checkpoints and resume.

Game ``i`` of a run draws from its own stream, seeded by the run's seed and ``i``, and its
updates are made once it is over; so the weights after ``k`` games depend on nothing but
the settings, the seed and ``k``, and a run resumed from a checkpoint ends with the weights
of a run never stopped. Ctrl-C is taken between games: the game under way finishes, the
model file is written, then ``KeyboardInterrupt`` goes on up (a second Ctrl-C stops at once).

Games may be played in batches (``batch``): every game of a batch is played with the
weights at its start, so the games of a batch can be played on workers (``pool``), and
their updates are applied in game order afterwards. The weights then depend on the batch
size but not on how many workers played it; checkpoints, Ctrl-C and a time limit
(``seconds``) fall between batches. A batch of 1 is plain sequential self-play.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from treesearch.arguments import check_count, check_number
from treesearch.errors import InvalidArgumentError, ModelFileError
from treesearch.learn.curve import write_curve
from treesearch.learn.learned import LearnedValue
from treesearch.learn.model_file import Model, load_model, save_model
from treesearch.learn.td import (
    Episode,
    TDSettings,
    episode_seed,
    evaluate_greedy,
    play_episode,
    td_update,
)

__all__ = ["Pool", "Training", "interrupts_between_games", "train"]

Pool = Callable[[Callable[[Sequence[int]], list[Episode]], Sequence[Sequence[int]]], list[Any]]
"""``pool(play, tasks) -> [play(task) for task in tasks]``, in task order, wherever it runs
them (``treesearch.compare.run_jobs`` with local workers or Ray does)."""


@dataclass(frozen=True)
class Training:
    """What ``train`` did: the value, the games it has played in all, and the curve.

    ``games_per_second`` counts this run's games only (a resumed run's first games were
    played before).
    """

    value: LearnedValue
    games: int
    curve: list[tuple[int, float]]
    seconds: float
    games_per_second: float
    model: Path | None


def _starts(start: Any) -> Callable[[int], Any]:
    """``start`` as a function of the game's index (a state: the same start every game)."""
    if callable(start) and not callable(getattr(start, "get_children", None)):
        made: Callable[[int], Any] = start
        return made
    return _Same(start)


class _Same:
    """The same start for every game (a class, not a closure: workers can unpickle it)."""

    def __init__(self, start: Any) -> None:
        self.start = start

    def __call__(self, _game: int) -> Any:
        return self.start


@contextlib.contextmanager
def interrupts_between_games() -> Iterator[list[bool]]:
    """While training, a first Ctrl-C sets a flag the loop reads after each game.

    Yields a one-item list, True once Ctrl-C was pressed; a second Ctrl-C raises at once.
    Outside the main thread (no signal handler can be set there) the flag never rises.
    """
    asked = [False]
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous is None:
        yield asked
        return

    def handler(signum: int, frame: Any) -> None:
        if asked[0]:
            raise KeyboardInterrupt
        asked[0] = True

    signal.signal(signal.SIGINT, handler)
    try:
        yield asked
    finally:
        signal.signal(signal.SIGINT, previous)


def train(
    value: LearnedValue,
    start: Any,
    *,
    games: int,
    alpha: float = 0.1,
    lam: float = 0.5,
    epsilon: float = 0.1,
    on: Literal["afterstates", "states"] = "afterstates",
    seed: int = 0,
    game: str | None = None,
    out: str | os.PathLike[str] | None = None,
    checkpoint_every: int = 1000,
    resume: bool = False,
    eval_every: int = 0,
    eval_games: int = 20,
    curve: str | os.PathLike[str] | None = None,
    progress: bool | None = None,
    callback: Callable[[int], None] | None = None,
    batch: int = 1,
    pool: Pool | None = None,
    chunks: int = 1,
    seconds: float | None = None,
) -> Training:
    """Learn ``value`` from ``games`` games of ε-greedy self-play by TD(λ).

    Args:
        value: the value to train (changed in place), from player 0's view.
        start: the start state, or a function of the game's index giving its start.
        games: the games to have played in all (a resumed run plays what is left).
        alpha: the step, in (0, 1]: each update moves a value this fraction of the way.
        lam: λ in [0, 1]: 0 learns from the next move's value, 1 from the outcome.
        epsilon: the chance in [0, 1] of a random move instead of the greedy one.
        on: learn on "afterstates" (the children chosen) or "states" (where a player moves).
        seed: every game's stream derives from it; same seed, same weights.
        game: the game's name in the model file (default: the start state's class).
        out: the model file, written every ``checkpoint_every`` games, at the end and on
            Ctrl-C.
        checkpoint_every: games between two writes of ``out``.
        resume: go on from ``out`` when it exists (same settings, seed and value needed).
        eval_every: every this many games (and before the first) play ``eval_games``
            greedy games and add their mean score to the curve; 0 never.
        eval_games: the games of each evaluation (seeded apart from the training games).
        curve: a PNG of the learning curve, written at the end and on Ctrl-C.
        progress: a tqdm bar (None: when stderr is a terminal).
        callback: called with the games played after each batch (each game by default).
        batch: games played with the same weights before their updates are applied, in
            game order; batches start at multiples of ``batch`` (1: today's sequential play).
        pool: plays a batch's games elsewhere (workers, Ray), as ``chunks`` tasks of
            consecutive games; None plays them here. The weights do not depend on it.
        chunks: the tasks each batch is cut into for ``pool``.
        seconds: stop after the first batch that ends past this many seconds (None: play
            ``games``); the result and the model file say how many were played.

    Raises:
        InvalidArgumentError: a bad setting, ``resume`` without ``out``, or a start whose
            features or encoding do not fit the value.
        MissingCapabilityError: the start lacks what the value reads (``key()``...).
        ModelFileError: ``resume`` from a file of other settings, or a bad file.
    """
    settings = TDSettings(alpha, lam, epsilon, on)
    games = check_count("games", games, 1)
    if seconds is not None:
        seconds = check_number("seconds", seconds, minimum=0.0, above=True)
    plan = _Plan(check_count("batch", batch, 1), pool, check_count("chunks", chunks, 1), seconds)
    checkpoint_every = check_count("checkpoint_every", checkpoint_every, 1)
    eval_every, eval_games = (
        check_count("eval_every", eval_every),
        check_count("eval_games", eval_games, 1),
    )
    seed = check_count("seed", seed)
    if resume and out is None:
        raise InvalidArgumentError("resume=True goes on from the model file out=: give out=PATH")
    make = _starts(start)
    first = make(0)
    value.check_state(first)
    name = game if game is not None else f"{type(first).__module__}.{type(first).__qualname__}"
    kept = {**vars(settings), "eval_every": eval_every, "eval_games": eval_games}
    record = Model(value, name, {**kept, "batch": plan.batch}, seed)
    if resume and out is not None and Path(out).exists():
        _resume(record, Path(out))
    files = _Files(out, checkpoint_every, curve)
    return _run(record, make, settings, games, files, progress, callback, plan)


def _resume(record: Model, path: Path) -> None:
    """Take the weights, games and curve of the checkpoint at ``path`` into ``record``."""
    saved = load_model(path, game=record.game)
    mine = (record.value.spec(), record.settings, record.seed)
    theirs = (saved.value.spec(), saved.settings, saved.seed)
    if mine != theirs:
        raise ModelFileError(
            f"{path}: trained with other settings; cannot resume: the file has value, "
            f"settings and seed {theirs!r}, this run {mine!r}"
        )
    record.value.__dict__.update(saved.value.__dict__)
    record.games, record.curve = saved.games, saved.curve


@dataclass
class _Files:
    """Where a run writes: the model file (and how often), the curve's picture."""

    out: str | os.PathLike[str] | None
    every: int
    curve: str | os.PathLike[str] | None

    def save(self, record: Model, players: int) -> None:
        """Write the model and the curve, where asked."""
        if self.out is not None:
            save_model(self.out, record)
        if self.curve is not None:
            label = "mean score of the greedy player"
            if players == 2:
                label = "mean reward of the greedy player against a random one"
            write_curve(self.curve, record.curve, title=record.game, label=label)


@dataclass(frozen=True)
class _Plan:
    """How the games are played: in batches of ``batch``, on ``pool``, until ``seconds``."""

    batch: int
    pool: Pool | None
    chunks: int
    seconds: float | None


class _Games:
    """Plays games by index with the weights it holds; a class so workers and Ray can pickle it."""

    def __init__(
        self, value: LearnedValue, make: Callable[[int], Any], settings: TDSettings, seed: int
    ) -> None:
        self.value, self.make, self.settings, self.seed = value, make, settings, seed

    def __call__(self, games: Sequence[int]) -> list[Episode]:
        """The episodes of ``games``, each from its own seeded stream."""
        return [
            play_episode(
                self.value, self.make(g), random.Random(episode_seed(self.seed, g)), self.settings
            )
            for g in games
        ]


def _play(games: _Games, first: int, last: int, plan: _Plan) -> list[Episode]:
    """The episodes of games ``first`` to ``last - 1``, here or on ``plan.pool``."""
    if plan.pool is None or last - first == 1:
        return games(range(first, last))
    n = last - first
    cut = [first + n * i // plan.chunks for i in range(plan.chunks + 1)]
    tasks = [tuple(range(a, b)) for a, b in itertools.pairwise(cut) if b > a]
    episodes: list[Episode] = []
    for part in plan.pool(games, tasks):
        episodes.extend(part)
    return episodes


def _run(
    record: Model,
    make: Callable[[int], Any],
    settings: TDSettings,
    games: int,
    files: _Files,
    progress: bool | None,
    callback: Callable[[int], None] | None,
    plan: _Plan,
) -> Training:
    """The loop of ``train``: batches of games, evaluations, checkpoints; the files on Ctrl-C."""
    from tqdm import tqdm  # here: loading a model needs numpy alone

    value, seed = record.value, record.seed
    eval_every, eval_games = record.settings["eval_every"], record.settings["eval_games"]
    # Players: counted on one random game (the greedy player meets a random one if two).
    explore = TDSettings(epsilon=1.0)
    players = len(play_episode(value, make(0), random.Random(seed), explore).returns)
    began, done_before = time.perf_counter(), record.games
    show = sys.stderr.isatty() if progress is None else bool(progress)
    total = None if plan.seconds is not None else games
    bar = tqdm(total=total, initial=record.games, disable=not show, desc="learning", unit="game")
    player = _Games(value, make, settings, seed)

    def measure() -> None:
        score = evaluate_greedy(value, make, eval_games, seed, players)
        record.curve.append((record.games, score))
        bar.set_postfix(score=f"{score:.3g}")

    try:
        with bar, interrupts_between_games() as asked:
            if eval_every and record.games == 0 and not record.curve:
                measure()
            while record.games < games:
                first = record.games
                last = min(first - first % plan.batch + plan.batch, games)
                for episode in _play(player, first, last, plan):
                    td_update(value, episode, settings)
                    record.games += 1
                    bar.update()
                    if eval_every and record.games % eval_every == 0:
                        measure()
                if files.out is not None and last // files.every > first // files.every:
                    save_model(files.out, record)
                if callback is not None:
                    callback(record.games)
                if asked[0]:
                    raise KeyboardInterrupt
                if plan.seconds is not None and time.perf_counter() - began >= plan.seconds:
                    break
    except BaseException as exc:
        if not isinstance(exc, Exception):  # Ctrl-C, SIGTERM: keep what was learned
            files.save(record, players)
        raise
    files.save(record, players)
    seconds = time.perf_counter() - began
    rate = (record.games - done_before) / seconds if seconds > 0 else 0.0
    model = None if files.out is None else Path(files.out)
    return Training(value, record.games, list(record.curve), seconds, rate, model)
