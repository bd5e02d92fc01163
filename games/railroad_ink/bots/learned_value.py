"""A learned afterstate value for Railroad Ink: training on the engine, and the ``LearnedBot``.

``train_value`` learns the n-tuple network of ``engine.ntuple`` by TD(0) or TD(λ) from
ε-greedy games played on the compiled engine (thousands a second), measuring the greedy
player on fixed seeds as it goes (the learning curve). ``network`` gives the same weights as a
``treesearch.learn.NTupleValue`` over ``RailroadInkState.encoding()``, which ``save_value``
writes as a model file that ``treesearch.learn.load_model`` reads. ``LearnedBot`` plays the
child whose afterstate the value rates highest (one ply, no play-outs).
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from games._compile import ENGINE
from games.railroad_ink.bots.base import Bot, check_count
from games.railroad_ink.engine.ntuple import (
    CELL_VALUES,
    CELLS,
    DELTA,
    FINAL,
    TABLE,
    TUPLES,
    evaluate,
    montecarlo_game,
    play_game,
)
from games.railroad_ink.engine.playout import seed_stream
from games.railroad_ink.engine.position import PIECE_OF
from games.railroad_ink.engine.round_beam import new_ends
from games.railroad_ink.engine.round_td import ENDS, round_game
from games.railroad_ink.engine.scoring import total
from games.railroad_ink.pieces.dice import ROUNDS, check_seed, roll_sequence
from games.railroad_ink.rules.game import RailroadInkState
from treesearch.arguments import check_number
from treesearch.errors import InvalidArgumentError
from treesearch.learn import (
    Model,
    NTupleValue,
    interrupts_between_games,
    load_model,
    save_model,
)

__all__ = [
    "GAME",
    "MODEL",
    "REWARDS",
    "ROUNDS_MODEL",
    "InkTraining",
    "LearnedBot",
    "greedy_scores",
    "load_value",
    "montecarlo_scores",
    "network",
    "resume_value",
    "round_scores",
    "rounds_value",
    "save_value",
    "shipped_value",
    "train_value",
    "training_settings",
]

GAME = "railroad-ink"
"""The game's name in a model file."""
MODEL = Path(__file__).resolve().parent.parent / "models" / "ink_value.npz"
"""The shipped value (``benchmarks/train_ink_value.py``; the command is in the models' README)."""
ROUNDS_MODEL = MODEL.with_name("ink_value_rounds.npz")
"""The shipped value fine-tuned on games played round by round (``train_ink_value.py
--rounds 4``), which ``learned-rounds`` uses: its round player's play-outs score more with it."""
REWARDS = {"final": FINAL, "delta": DELTA}
"""What the value learns: the final score (``final``) or the score still to come (``delta``)."""


def network(weights: np.ndarray | None = None) -> NTupleValue:
    """The ``NTupleValue`` over ``encoding()`` with the tuples of ``engine.ntuple`` (a copy)."""
    net = NTupleValue(TUPLES.tolist(), cells=CELLS, cell_values=CELL_VALUES)
    if weights is not None:
        net.weights = np.array(weights, dtype=np.float64)
    return net


def _rolls(seed: int) -> np.ndarray:
    """The engine's rolls of the game numbered ``seed`` (``roll_sequence``)."""
    return np.array([[PIECE_OF[face] for face in r] for r in roll_sequence(seed)], np.int64)


def greedy_scores(weights: np.ndarray, seeds: Sequence[int], reward: str = "final") -> list[int]:
    """The final scores of the greedy player by ``weights`` on the dice of ``seeds``."""
    code = _reward(reward)
    record = np.zeros(49, dtype=np.int64)
    stream = seed_stream(0)  # unused: the rolls are given and there is no exploration
    return [
        int(
            play_game(
                weights, _rolls(check_seed(s)), stream, 0.0, 0.0, False, code, record, 0.0, 0, 0
            )[0]
        )
        for s in seeds
    ]


def round_keys(seed: int) -> np.ndarray:
    """One random key per square, telling the boards of a round's beam apart (by ``seed``)."""
    return np.random.default_rng(seed).integers(1, 1 << 40, size=49)


def round_scores(weights: np.ndarray, seeds: Sequence[int], width: int) -> list[int]:
    """The final scores of the round player by ``weights`` (a beam of ``width``) on ``seeds``."""
    record, ends, keys = np.zeros(49, dtype=np.int64), new_ends(ENDS), round_keys(0)
    stream = seed_stream(0)  # unused: the rolls are given and there is no exploration
    scores = []
    for s in seeds:
        rolls = _rolls(check_seed(s))
        scores.append(
            int(round_game(weights, rolls, stream, width, 0.0, 0.0, False, ends, keys, record)[0])
        )
    return scores


def montecarlo_scores(
    weights: np.ndarray,
    seeds: Sequence[int],
    playouts: int,
    reward: str = "final",
    seed: int = 0,
    top: int = 0,
) -> list[int]:
    """The final scores of flat Monte Carlo with learned play-outs on the dice of ``seeds``.

    Each decision gives every candidate (the ``top`` the value rates highest, when > 0)
    ``playouts`` play-outs by the greedy learned player (later rolls drawn from
    ``seed_stream(seed + game seed)``, never the game's own).
    """
    code, playouts = _reward(reward), check_count("playouts", playouts, 1)
    top = check_count("top", top, 0)
    record = np.zeros(49, dtype=np.int64)
    return [
        int(
            montecarlo_game(weights, _rolls(s), seed_stream(seed + s), playouts, code, record, top)[
                0
            ]
        )
        for s in (check_seed(s) for s in seeds)
    ]


def _reward(reward: str) -> int:
    if reward not in REWARDS:
        raise InvalidArgumentError(f"reward must be one of {sorted(REWARDS)}, got {reward!r}")
    return REWARDS[reward]


@dataclass
class InkTraining:
    """What ``train_value`` learned: the weights, the games played, the learning curve.

    ``stream`` is the engine's random stream after the last game: a run given back to
    ``train_value`` (``start``) goes on from it as if it had never stopped.
    """

    weights: np.ndarray
    games: int = 0
    seconds: float = 0.0
    curve: list[tuple[int, float]] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    stream: np.ndarray = field(default_factory=lambda: seed_stream(0))


def training_settings(
    alpha: float, epsilon: float, reward: str, decay: int, seed: int, lam: float, rounds: int = 0
) -> dict[str, Any]:
    """The training knobs, checked, as a model file records them.

    Raises:
        InvalidArgumentError: a knob out of its range.
    """
    alpha = check_number("alpha", alpha, minimum=0.0)
    if not 0.0 < alpha <= 1.0:
        raise InvalidArgumentError(f"alpha must be in (0, 1], got {alpha!r}")
    epsilon = check_number("epsilon", epsilon, minimum=0.0)
    if epsilon > 1.0:
        raise InvalidArgumentError(f"epsilon must be in [0, 1], got {epsilon!r}")
    _reward(reward)
    lam = check_number("lam", lam, minimum=0.0)
    if lam > 1.0:
        raise InvalidArgumentError(f"lam must be in [0, 1], got {lam!r}")
    settings = {
        "alpha": alpha,
        "epsilon": epsilon,
        "reward": reward,
        "decay": check_count("decay", decay, 0),
        "td": "TD(0) on afterstates" if lam == 0 else "TD(lambda) on afterstates, game's end",
        "seed": check_seed(seed),
    }
    if lam:
        settings["lambda"] = lam
    if check_count("rounds", rounds, 0):
        if reward != "final" or lam:
            raise InvalidArgumentError(
                f"rounds learns the final score by TD(0), got reward {reward!r}, lam {lam!r}"
            )
        settings["rounds"] = rounds
    return settings


def _limits(games: int | None, seconds: float | None) -> tuple[int | None, float | None]:
    """``games`` and ``seconds`` checked, exactly one of them given.

    Raises:
        InvalidArgumentError: neither or both, or a bad value.
    """
    if (games is None) == (seconds is None):
        raise InvalidArgumentError(
            f"give one of games or seconds, got games={games!r}, seconds={seconds!r}"
        )
    limit = check_count("games", games, 1) if games is not None else None
    wall = check_number("seconds", seconds, minimum=0.0) if seconds is not None else None
    return limit, wall


def _begin(
    start: InkTraining | None, weights: np.ndarray | None, settings: dict[str, Any]
) -> InkTraining:
    """The run to train: ``start`` (checked to have ``settings``), else a fresh one.

    Raises:
        InvalidArgumentError: both ``start`` and ``weights``, or a ``start`` of other settings.
    """
    if start is None:
        w = np.zeros(len(TUPLES) * TABLE) if weights is None else np.array(weights, np.float64)
        return InkTraining(w, settings=settings, stream=seed_stream(settings["seed"]))
    if weights is not None:
        raise InvalidArgumentError("give weights or start (a run to go on from), not both")
    kept = {name: start.settings.get(name) for name in settings}
    if kept != settings:
        raise InvalidArgumentError(
            f"start was trained with settings {kept!r}; this training has {settings!r}"
        )
    return start


def train_value(
    *,
    games: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    alpha: float = 0.1,
    epsilon: float = 0.02,
    reward: str = "final",
    decay: int = 0,
    every: int = 10_000,
    eval_seeds: Sequence[int] = range(100, 200),
    weights: np.ndarray | None = None,
    progress: Callable[[InkTraining], None] | None = None,
    start: InkTraining | None = None,
    tick: int = 0,
    each: Callable[[InkTraining], None] | None = None,
    lam: float = 0.0,
    rounds: int = 0,
) -> InkTraining:
    """Learn the afterstate value by TD(``lam``) until ``games`` games in all, or for ``seconds``.

    Training games draw their dice from ``seed_stream(seed)``; every ``every`` games (and at
    the end) the greedy player's mean score on ``eval_seeds`` joins the curve and
    ``progress`` is called. With ``games`` the weights are the same on every run.
    ``decay`` > 0 shrinks the step as games go by, ``alpha * decay / (decay + games)``
    (large steps learn fast, small ones average the noise of the dice); 0 keeps it.
    ``start`` goes on from a run of the same settings (changed in place): a run stopped and
    resumed ends with the weights of a run never stopped. ``each`` is called every ``tick``
    games (0: never), at the end, and before a Ctrl-C goes up, which is taken between games.
    From ``weights`` given, the curve's first point measures them (0 games).
    ``lam`` 0 learns by TD(0) as each game goes; above 0, towards the ``lam``-returns at
    each game's end. ``rounds`` > 0 plays each round whole, by the value's round beam of that
    width (``engine.round_td``, ε a random round end), and the curve measures that player.

    Raises:
        InvalidArgumentError: neither or both of ``games`` and ``seconds``, or a bad knob.
    """
    limit, wall = _limits(games, seconds)
    settings = training_settings(alpha, epsilon, reward, decay, seed, lam, rounds)
    run = _begin(start, weights, settings)
    if start is None and weights is not None and eval_seeds:
        _measure(run, eval_seeds, progress)  # the curve starts at the weights given
    alpha, epsilon, decay = run.settings["alpha"], run.settings["epsilon"], run.settings["decay"]
    code = _reward(reward)
    every, tick = check_count("every", every, 1), check_count("tick", tick, 0)
    rolls, record = np.full((ROUNDS, 4), -1, dtype=np.int64), np.zeros(49, dtype=np.int64)
    ends, keys = new_ends(ENDS), round_keys(seed)
    began, before = time.perf_counter(), run.seconds
    with interrupts_between_games() as asked:
        while limit is None or run.games < limit:
            rolls[:] = -1
            step = alpha * decay / (decay + run.games) if decay else alpha
            w, stream = run.weights, run.stream
            if rounds:
                round_game(w, rolls, stream, rounds, epsilon, step, True, ends, keys, record)
            else:
                play_game(w, rolls, stream, epsilon, step, True, code, record, lam, 0, 0)
            run.games += 1
            spent = time.perf_counter() - began
            run.seconds = before + spent
            done = (limit is not None and run.games >= limit) or (
                wall is not None and spent >= wall
            )
            if run.games % every == 0 or done:
                _measure(run, eval_seeds, progress)
            if each is not None and (done or asked[0] or (tick and run.games % tick == 0)):
                each(run)
            if asked[0]:
                raise KeyboardInterrupt
            if done:
                break
    return run


def _measure(
    run: InkTraining, seeds: Sequence[int], progress: Callable[[InkTraining], None] | None
) -> None:
    """Add the player's mean score on ``seeds`` to the curve; tell ``progress``.

    The player is the greedy one, or the round player when the run learns by rounds.
    """
    rounds = int(run.settings.get("rounds", 0))
    if not seeds:
        scores = [0]
    elif rounds:
        scores = round_scores(run.weights, seeds, rounds)
    else:
        scores = greedy_scores(run.weights, seeds, run.settings["reward"])
    run.curve.append((run.games, float(np.mean(scores))))
    if progress is not None:
        progress(run)


def save_value(
    path: str | os.PathLike[str], run: InkTraining, compact: bool = False, timed: bool = True
) -> Path:
    """Write the trained value as a ``treesearch.learn`` model file.

    ``compact`` stores float32 weights, compressed (the shipped model: a fifth of the size;
    values differ by float32 rounding). ``timed`` records the engine and the seconds trained;
    without it the file depends on the settings, the seed and the games only. The settings
    keep the engine's stream (``stream``), from which ``resume_value`` goes on.
    """
    net = network(run.weights)
    if compact:
        net.weights = net.weights.astype(np.float32)
    settings = {**run.settings, "stream": int(run.stream[0])}
    if timed:
        settings.update(engine=ENGINE, seconds=round(run.seconds, 1))
    model = Model(
        net,
        GAME,
        settings=settings,
        seed=int(run.settings.get("seed", 0)),
        games=run.games,
        curve=run.curve,
    )
    return save_model(path, model, compressed=compact)


def resume_value(path: str | os.PathLike[str]) -> InkTraining:
    """The run saved in the model file at ``path``, for ``train_value(start=...)``.

    Raises:
        ModelFileError: no model of this value, or one that records no stream to go on from.
    """
    from treesearch.errors import ModelFileError

    model = load_model(path, game=GAME)
    weights, _ = _value_of(model, path)
    settings = dict(model.settings)
    stream = settings.pop("stream", None)
    if not isinstance(stream, int) or stream <= 0:
        raise ModelFileError(f"{path}: records no engine stream to go on from (stream={stream!r})")
    seconds = float(settings.pop("seconds", 0.0))
    settings.pop("engine", None)
    curve = list(model.curve)
    stream_array = np.array([stream], dtype=np.int64)
    return InkTraining(
        np.array(weights, np.float64), model.games, seconds, curve, settings, stream_array
    )


def load_value(path: str | os.PathLike[str]) -> tuple[np.ndarray, str]:
    """The weights and the reward (``final`` or ``delta``) of a model file of this value.

    Raises:
        ModelFileError: the file is no Railroad Ink n-tuple model of these tuples.
    """
    return _value_of(load_model(path, game=GAME), path)


def _value_of(model: Model, path: str | os.PathLike[str]) -> tuple[np.ndarray, str]:
    """``load_value`` of a model already read from ``path``."""
    from treesearch.errors import ModelFileError

    value = model.value
    if not isinstance(value, NTupleValue) or value.spec() != network().spec():
        raise ModelFileError(f"{path}: not this game's n-tuple network ({value!r})")
    reward = str(model.settings.get("reward", "final"))
    _reward(reward)
    return value.weights, reward


@functools.cache
def shipped_value() -> tuple[np.ndarray, str]:
    """The shipped model's weights and reward, read once (on first use)."""
    return load_value(MODEL)


@functools.cache
def rounds_value() -> tuple[np.ndarray, str]:
    """The shipped fine-tuned model's weights and reward (``ROUNDS_MODEL``), read once."""
    return load_value(ROUNDS_MODEL)


class LearnedBot(Bot):
    """One ply by the learned value: the child whose afterstate it rates highest.

    Args:
        weights: the network's weights (``load_value``), in ``engine.ntuple``'s layout.
        reward: what the weights learned (``final`` or ``delta``: then each child's own total
            score is added).
        seconds: unused (a decision costs well under a millisecond); kept for the roster.
    """

    name = "learned"

    def __init__(
        self, weights: np.ndarray, reward: str = "final", seconds: float | None = None
    ) -> None:
        super().__init__(seconds)
        w = np.asarray(weights, dtype=np.float64)
        if w.shape != (len(TUPLES) * TABLE,):
            raise InvalidArgumentError(
                f"weights must have shape ({len(TUPLES) * TABLE},), got {w.shape}"
            )
        self.weights, self.reward = w, reward
        self._delta = _reward(reward) == DELTA

    def value(self, state: RailroadInkState) -> float:
        """The learned value of ``state`` as an afterstate."""
        v = float(evaluate(self.weights, state.encoding()))
        if self._delta:
            v += float(total(state.board.arrays()[0]))
        return v

    def _choose(self, state: RailroadInkState) -> RailroadInkState:
        children = state.get_children()
        values = [self.value(c) for c in children]
        return children[int(np.argmax(values))]
