"""``treesearch learn railroad-ink``: the value trained on the compiled engine.

The generic self-play plays Railroad Ink through its Python states, under two games a second;
the engine's n-tuple trainer (``bots.learned_value.train_value``) about a thousand on one
core. ``trainer`` takes the command line's ``LearnRequest``: ``--games``/``--seconds``,
``--seed`` (same seed and games, same model file), ``--alpha``/``--epsilon`` (unless given:
the shipped model's recipe, ``RECIPE``), ``--eval-every`` (the curve: the greedy player's
mean on seeds 100-199), ``--checkpoint-every`` and ``--resume`` (the file keeps the engine's
random stream, so a resumed run ends as a run never stopped), a progress bar and the curve's
PNG, and ``--lam`` (TD(0) unless given). It refuses in one line what the engine's trainer, one
game after another on one core, cannot honour: ``--batch`` other than 1, ``--jobs`` other
than 1, Ray, and ``--dice free``.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from treesearch.errors import InvalidArgumentError, ModelFileError
from treesearch.game_entry import LearnRequest
from treesearch.learn import Training, write_curve

if TYPE_CHECKING:
    from games.railroad_ink.bots.learned_value import InkTraining

__all__ = ["CHECKPOINT_EVERY", "EVAL_EVERY", "RECIPE", "TICK", "trainer"]

RECIPE = {"alpha": 0.2, "epsilon": 0.02, "decay": 300_000}
"""The step, exploration and step decay of the shipped model (``models/README.md``): the
default here, so that ``--games 900000 --seed 1`` trains the shipped weights."""
CHECKPOINT_EVERY = 100_000
"""Games between two writes of the model file unless ``--checkpoint-every`` is given: a
file is 7.5 MB, and 100,000 games take one or two minutes."""
EVAL_EVERY = 10_000
"""Games between two points of the curve with ``--seconds`` (each point plays 100 games)."""
TICK = 1000
"""Games between two updates of the progress bar (a divisor of the checkpoints' interval)."""


def _refuse(request: LearnRequest) -> None:
    """Refuse, in one line, an option the engine's trainer cannot honour.

    Raises:
        InvalidArgumentError: naming the option and why.
    """
    how = "railroad-ink learns on its compiled engine one game after another"
    if request.batch not in (None, 1):
        raise InvalidArgumentError(f"{how}: --batch must be 1, got {request.batch!r}")
    if request.jobs not in (None, 1) or request.backend != "local":
        raise InvalidArgumentError(
            f"{how} on one core (about a thousand games a second): --jobs and --backend ray "
            f"do not apply, got --jobs {request.jobs} --backend {request.backend}"
        )
    dice = getattr(getattr(request.problem.start, "game", None), "dice", None)
    if dice not in ("known", "revealed"):
        raise InvalidArgumentError(
            f"railroad-ink learns from games with dice (known or revealed: the same value), "
            f"got --dice {dice}"
        )


def _knobs(request: LearnRequest) -> dict[str, Any]:
    """``train_value``'s settings: the options given, else ``RECIPE``."""
    return {
        "alpha": RECIPE["alpha"] if request.alpha is None else request.alpha,
        "epsilon": RECIPE["epsilon"] if request.epsilon is None else request.epsilon,
        "decay": RECIPE["decay"],
        "reward": "final",
        "seed": request.seed,
        "lam": 0.0 if request.lam is None else request.lam,
    }


def trainer(request: LearnRequest) -> Callable[[], Training]:
    """Check ``request`` (and the file to resume); the training to run.

    Raises:
        InvalidArgumentError: an option the engine's trainer cannot honour.
        ModelFileError: ``--resume`` from a file of other settings or without a stream.
    """
    from games.railroad_ink.bots.learned_value import resume_value, training_settings

    _refuse(request)
    knobs = _knobs(request)
    start: InkTraining | None = None
    if request.resume:
        start = resume_value(request.out)
        mine = training_settings(**knobs)
        theirs = {name: start.settings.get(name) for name in mine}
        if mine != theirs:
            raise ModelFileError(
                f"{request.out}: trained with other settings; cannot resume: the file has "
                f"{theirs!r}, this run {mine!r}"
            )
    every = request.eval_every
    if every is None:
        every = max(1, request.games // 20) if request.games is not None else EVAL_EVERY

    def run() -> Training:
        return _train(request, knobs, start, every)

    return run


def _train(
    request: LearnRequest, knobs: dict[str, Any], start: InkTraining | None, every: int
) -> Training:
    """Train, with a bar and checkpoints; write the model and its curve (on Ctrl-C too)."""
    from tqdm import tqdm

    from games.railroad_ink.bots.learned_value import network, train_value

    show = sys.stderr.isatty() if request.progress is None else bool(request.progress)
    before = 0 if start is None else start.games
    bar = tqdm(total=request.games, initial=before, disable=not show, desc="learning", unit="game")
    latest: list[InkTraining] = [] if start is None else [start]
    checkpoint = request.checkpoint_every or CHECKPOINT_EVERY
    written = [before]

    def each(run: InkTraining) -> None:
        latest[:] = [run]
        bar.update(run.games - bar.n)
        if run.curve:
            bar.set_postfix(score=f"{run.curve[-1][1]:.3g}")
        if run.games // checkpoint > written[0] // checkpoint:
            _save(request, run, curve=False)
            written[0] = run.games

    began = time.perf_counter()
    try:
        with bar:
            run = train_value(
                games=request.games,
                seconds=request.seconds if request.games is None else None,
                every=every,
                start=start,
                tick=math.gcd(TICK, checkpoint),  # checkpoints fall on their multiples
                each=each,
                **knobs,
            )
    except BaseException as exc:
        if not isinstance(exc, Exception) and latest:  # Ctrl-C: keep what was learned
            _save(request, latest[0], curve=True)
        raise
    _save(request, run, curve=True)
    spent = time.perf_counter() - began
    rate = (run.games - before) / spent if spent > 0 else 0.0
    return Training(network(run.weights), run.games, list(run.curve), spent, rate, request.out)


def _save(request: LearnRequest, run: InkTraining, curve: bool) -> None:
    """Write the model file (the same bytes for the same seed and games) and the curve."""
    from games.railroad_ink.bots.learned_value import save_value

    save_value(request.out, run, timed=False)
    if curve:
        write_curve(
            request.curve,
            run.curve,
            title="railroad-ink",
            label="mean score of the greedy player on seeds 100-199",
        )
