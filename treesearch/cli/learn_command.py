"""``learn``: a value learned by self-play for a game with players or a score, into a model file.

The value is the game's own choice where its entry names one (``GameEntry.learner``), else
what its start state offers: an ``NTupleValue`` over ``encoding()``, a ``LinearValue`` over
``features()``, a ``TableValue`` over ``key()``. Training is ``treesearch.learn.train``:
seeded, in batches of ``--batch`` games played with the weights at the batch's start, on
``--jobs`` local workers or Ray and applied in game order, so the weights depend on the
seed and the batch, never on the workers. Progress goes to stderr (a bar on a terminal);
the model is written every ``--checkpoint-every`` games, at the end and on Ctrl-C, and
``--resume`` goes on from it. ``play --bots learned:FILE`` then plays with it.

A game whose entry has its own trainer (``GameEntry.trainer``: Railroad Ink trains on its
compiled engine, about a thousand games a second) gets the options as a ``LearnRequest`` and
trains its own way, refusing in one line an option it cannot honour.
"""

from __future__ import annotations

import argparse
import ast
import functools
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from treesearch.cli.applies import given, refuse_unused
from treesearch.cli.catalog import game_entry
from treesearch.cli.common import Work, say_compiled
from treesearch.cli.output_options import check_file
from treesearch.compare import default_jobs, run_jobs
from treesearch.compare.interrupts import Stopped
from treesearch.errors import InvalidArgumentError, MissingCapabilityError
from treesearch.game_entry import GameEntry, LearnRequest, Problem
from treesearch.learn import (
    LearnedValue,
    LinearValue,
    NTupleValue,
    TableValue,
    Training,
    load_model,
    train,
)

__all__ = ["GAMES_WITHOUT_LIMIT", "prepare_learn", "starts_of", "value_for"]

GAMES_WITHOUT_LIMIT = 1000
"""Games learned from when neither ``--games`` nor ``--seconds`` is given."""

_NO_END = 1 << 62
"""The games of a run bounded by ``--seconds`` only."""


def _tuples(cells: int, cell_values: int) -> list[tuple[int, ...]]:
    """Default n-tuples of an encoding: every run of consecutive cells, as long as fits.

    Runs of three cells, or fewer where ``cell_values ** 3`` weights per tuple would be
    too many (over 2**16).
    """
    width = min(3, cells)
    while width > 1 and cell_values**width > 1 << 16:
        width -= 1
    return [tuple(range(i, i + width)) for i in range(cells - width + 1)]


def value_for(game: GameEntry, problem: Problem) -> LearnedValue:
    """The value ``learn`` trains for ``game``: its entry's, else what its states offer.

    Raises:
        MissingCapabilityError: a start state with neither ``key()``, ``features()`` nor
            ``encoding()`` (naming what is missing).
    """
    if game.learner is not None:
        return game.learner(problem)
    start = problem.start
    encoding, values = getattr(start, "encoding", None), getattr(start, "cell_values", None)
    if callable(encoding) and callable(values):
        cells, n = len(encoding()), int(values())
        return NTupleValue(_tuples(cells, n), cells=cells, cell_values=n)
    features = getattr(start, "features", None)
    if callable(features):
        return LinearValue(len(features()))
    key = start.key() if callable(getattr(start, "key", None)) else None
    if key is not None:
        key = _odd_key(start)
        if key is not None:
            raise MissingCapabilityError(
                f"learn keeps a table of values by key(), written as Python literals, and "
                f"{game.name}'s keys hold other objects ({_short(key)}); give its states "
                "features() or encoding(), or its entry a learner"
            )
        return TableValue()
    raise MissingCapabilityError(
        f"learn needs states with key(), features() or encoding(); {game.name}'s start state "
        f"{type(start).__name__} has none (give it key() for a table of values)"
    )


def _odd_key(start: Any, moves: int = 200) -> Any:
    """A key of one seeded random game from ``start`` that its ``repr`` cannot give back.

    A model file stores a table's keys as Python literals; a game whose keys hold other
    objects is refused before training rather than when its model is loaded. None: all fit.
    """
    rng, state = random.Random(0), start
    for _ in range(moves):
        key = state.key()
        try:
            fits = bool(ast.literal_eval(repr(key)) == key)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            fits = False
        if not fits:
            return key
        children = list(state.get_children())
        if not children:
            return None
        state = children[rng.randrange(len(children))]
    return None


def _short(key: Any) -> str:
    """The ``repr`` of ``key``, cut to a line's part."""
    text = repr(key)
    return text if len(text) <= 60 else text[:57] + "..."


def starts_of(game: GameEntry, problem: Problem) -> Any:
    """Each training game's start: the entry's start per seed (``Play.paired``), else one."""
    if game.play.paired is None:
        return problem.start
    start: Callable[[int], Any] = game.play.paired(problem)
    return start


def _pool(jobs: int | None, backend: str) -> Callable[[Any, Sequence[Any]], list[Any]] | None:
    """Where a batch's games are played: here (one local job), local workers or Ray."""
    if backend == "local" and jobs == 1:
        return None
    return functools.partial(run_jobs, jobs=jobs, backend=backend)


def _settings(args: argparse.Namespace, name: str, curve: Path) -> dict[str, Any]:
    """``train``'s arguments from the options (the value and the start apart)."""
    games = args.games if args.games is not None else GAMES_WITHOUT_LIMIT
    if args.limit is not None:
        games = _NO_END
    eval_every = args.eval_every
    if eval_every is None:
        eval_every = max(1, games // 20) if args.limit is None else 1000
    jobs = _jobs(args)
    return {
        "games": games,
        "alpha": args.alpha,
        "lam": args.lam,
        "epsilon": args.epsilon,
        "seed": args.seed,
        "game": name,
        "out": args.out,
        "checkpoint_every": args.checkpoint_every,
        "resume": args.resume,
        "eval_every": eval_every,
        "curve": curve,
        "batch": args.batch,
        "pool": _pool(jobs, args.backend),
        "chunks": jobs or default_jobs(),
        "seconds": args.limit,
    }


def _jobs(args: argparse.Namespace) -> int | None:
    """``--jobs``, else 1 locally and no limit on Ray."""
    if args.jobs is not None:
        return int(args.jobs)
    return 1 if args.backend == "local" else None


def prepare_learn(args: argparse.Namespace) -> Work:
    """``learn``: check the game, its value and the files; return the training."""
    game = game_entry(args.game)
    if game.kind == "path":
        raise InvalidArgumentError(
            f"learn needs a game with players or a score; {game.name} is a path game"
        )
    refuse_unused(args, "learn", game)
    if args.games is not None and args.limit is not None:
        raise InvalidArgumentError("give --games N or --seconds S, not both")
    if args.resume and not Path(args.out).exists():
        raise InvalidArgumentError(f"--resume goes on from --out, and {args.out} does not exist")
    curve = Path(args.curve) if args.curve is not None else Path(args.out).with_suffix(".png")
    check_file(args.out, "--out")
    check_file(curve, "--curve")
    problem = game.build(args)
    value = value_for(game, problem)
    value.check_state(problem.start)
    if args.resume:  # another game's model, or no model at all: refused before any work
        load_model(args.out, game=game.name, state=problem.start)
    if game.trainer is not None:
        request = _request(args, problem, curve)
        return _own_training(game, value, game.trainer(request), request)  # checked now
    settings = _settings(args, game.name, curve)

    def work() -> int:
        say_compiled(game)
        jobs = _jobs(args)
        where = (
            f"{jobs} local job{'s' if jobs != 1 else ''}"
            if args.backend == "local"
            else f"ray ({jobs or 'all'})"
        )
        print(f"learning {game.name}: {value!r}, batches of {args.batch}, {where}", file=sys.stderr)
        try:
            run = train(value, starts_of(game, problem), **settings)
        except (KeyboardInterrupt, Stopped):
            print(f"{args.out} holds what was learned: add --resume to go on", file=sys.stderr)
            raise
        _report(run, args.out, curve)
        return 0

    return work


def _report(run: Training, out: str | Path, curve: Path) -> None:
    """The last line of a training: games, speed, the greedy score, the files."""
    score = f", greedy score {run.curve[-1][1]:.3g}" if run.curve else ""
    rate = run.games_per_second
    speed = f"{rate:,.0f}" if rate >= 10 else f"{rate:.2g}"
    print(f"{run.games} games learned ({speed} games/s){score}; model {out}, curve {curve}")


def _request(args: argparse.Namespace, problem: Problem, curve: Path) -> LearnRequest:
    """The options as a game's own trainer takes them: None for those not given."""
    said = given(args)

    def asked(dest: str) -> Any:
        return getattr(args, dest) if dest in said else None

    games = args.games
    if games is None and args.limit is None:
        games = GAMES_WITHOUT_LIMIT
    return LearnRequest(
        problem,
        Path(args.out),
        curve,
        games,
        seconds=args.limit,
        seed=args.seed,
        resume=bool(args.resume),
        checkpoint_every=asked("checkpoint_every"),
        eval_every=args.eval_every,
        alpha=asked("alpha"),
        epsilon=asked("epsilon"),
        lam=asked("lam"),
        batch=asked("batch"),
        jobs=args.jobs,
        backend=args.backend,
    )


def _own_training(
    game: GameEntry, value: LearnedValue, run: Callable[[], Training], request: LearnRequest
) -> Work:
    """``learn`` by the game's own trainer: ``run`` trains as ``request`` asked."""

    def work() -> int:
        say_compiled(game)
        print(f"learning {game.name}: {value!r}, by its own trainer", file=sys.stderr)
        try:
            done = run()
        except (KeyboardInterrupt, Stopped):
            print(f"{request.out} holds what was learned: add --resume to go on", file=sys.stderr)
            raise
        _report(done, request.out, request.curve)
        return 0

    return work
