"""Fitting a value to search results: the second way to learn a two-player game's value.

``search_samples`` plays games whose moves a search chooses (MCTS, AlphaBeta: any search
whose result has a ``best`` child and a ``value`` for the player to move), and labels each
state where a player moves with a target from player 0's view: the search's own value
(``target="search"``) or the game's final ``returns()[0]`` (``target="outcome"``). ``fit``
then moves a learned value towards the targets, epoch after epoch, in a seeded order.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from typing import Any, Literal

from treesearch._contract import CHANCE
from treesearch.arguments import check_count, check_number
from treesearch.errors import InvalidArgumentError
from treesearch.learn.td import episode_seed
from treesearch.values import chance_outcomes_of, returns_of, sample_outcome

__all__ = ["TARGETS", "fit", "search_samples"]

TARGETS: tuple[str, ...] = ("search", "outcome")
"""What a state of a searched game is labelled with: the search's value, or the outcome."""


def search_samples(
    start: Any,
    search: Any,
    *,
    games: int,
    seed: int = 0,
    target: Literal["search", "outcome"] = "search",
    epsilon: float = 0.0,
) -> list[tuple[Any, float]]:
    """Play ``games`` games by ``search``; return ``(state, target)`` for each state played.

    With probability ``epsilon`` a move is random instead (more varied states); chance
    states draw their outcome. Draws come from a stream seeded by ``seed`` and the game.
    """
    games = check_count("games", games, 1)
    epsilon = check_number("epsilon", epsilon, minimum=0.0)
    if target not in TARGETS or epsilon > 1.0:
        raise InvalidArgumentError(
            f"target must be one of {TARGETS} and epsilon in [0, 1], got {target!r}, {epsilon!r}"
        )
    if not callable(getattr(search, "run", None)):
        raise InvalidArgumentError(f"search must be a search with run(state), got {search!r}")
    samples: list[tuple[Any, float]] = []
    for game in range(games):
        rng = random.Random(episode_seed(seed, game))
        played: list[tuple[Any, float]] = []
        state = start
        while True:
            player = int(state.player())
            if player == CHANCE:
                state = sample_outcome(chance_outcomes_of(state), rng.random())
                continue
            children = list(state.get_children())
            if not children:
                final = returns_of(state)[0]
                break
            result = search.run(state)
            sign = -1.0 if player == 1 else 1.0
            played.append((state, sign * float(result.value)))
            if epsilon and rng.random() < epsilon:
                state = children[rng.randrange(len(children))]
            else:
                state = result.best
        samples.extend((s, final if target == "outcome" else v) for s, v in played)
    return samples


def fit(
    value: Any,
    samples: Iterable[tuple[Any, float]],
    *,
    epochs: int = 10,
    alpha: float = 0.5,
    seed: int = 0,
) -> float:
    """Move ``value`` towards each sample's target for ``epochs`` shuffled passes.

    Returns:
        The mean squared error over the samples after the last pass.
    """
    epochs = check_count("epochs", epochs, 1)
    alpha = check_number("alpha", alpha, minimum=0.0, above=True)
    if alpha > 1.0:
        raise InvalidArgumentError(f"alpha must be in (0, 1], got {alpha!r}")
    items = list(samples)
    if not items:
        raise InvalidArgumentError("fit needs at least one (state, target) sample")
    order = random.Random(seed)
    for _ in range(epochs):
        order.shuffle(items)
        for state, target in items:
            value.update(state, target, alpha)
    return math.fsum((float(value(s)) - t) ** 2 for s, t in items) / len(items)
