"""TD(λ) from play: ε-greedy games, their λ-returns, and the updates they give.

A game is played by the value being learned: at each decision the player to move takes the
child it rates best (player 0 the highest value, player 1 the lowest: values are player 0's
view), or with probability ``epsilon`` a random child; chance states draw their outcome.
The states it learns on are either the *afterstates*, the children chosen (after a move,
before chance: a chance state is itself an afterstate), or the *states*, where a player is
to move, whose children are then rated by the expected value over their chance outcomes.

Each learned state gets a one-step target: the value of the best choice at the next
decision (after an afterstate), or of the best choice at the state itself (for states); the
game's ``returns()[0]`` at the end. The targets are mixed into λ-returns,
``G_t = (1 - λ) b_t + λ G_{t+1}``, cut where the next move explored (it says nothing about
the greedy player), and every learned state then moves a fraction
``alpha`` towards its ``G_t``, once the game is over (the offline λ-return algorithm, the
forward view of TD(λ)). So a table converges to the values of greedy play: the closed form
of a random walk, the minimax values of a two-player game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from treesearch._contract import CHANCE
from treesearch.arguments import check_number
from treesearch.errors import InvalidArgumentError
from treesearch.values import chance_outcomes_of, returns_of, sample_outcome

__all__ = ["ON", "Episode", "TDSettings", "evaluate_greedy", "play_episode", "td_update"]

ON: tuple[str, ...] = ("afterstates", "states")
"""What TD learns on: the states after each move, or the states where a player moves."""


@dataclass(frozen=True)
class TDSettings:
    """The knobs of TD(λ), checked: ``alpha`` in (0, 1], ``lam`` and ``epsilon`` in [0, 1]."""

    alpha: float = 0.1
    lam: float = 0.5
    epsilon: float = 0.1
    on: Literal["afterstates", "states"] = "afterstates"

    def __post_init__(self) -> None:
        alpha = check_number("alpha", self.alpha, minimum=0.0, above=True)
        if alpha > 1.0:
            raise InvalidArgumentError(f"alpha must be in (0, 1], got {self.alpha!r}")
        for name in ("lam", "epsilon"):
            given = getattr(self, name)
            if not 0.0 <= check_number(name, given, minimum=0.0) <= 1.0:
                raise InvalidArgumentError(f"{name} must be in [0, 1], got {given!r}")
        if self.on not in ON:
            raise InvalidArgumentError(f"on must be one of {ON}, got {self.on!r}")


@dataclass
class Episode:
    """A played game: the states learned on, their one-step targets, where traces are cut."""

    states: list[Any]
    targets: list[float]
    cut: list[bool]
    returns: tuple[float, ...]


def _sign(state: Any, player: int) -> float:
    if player == 1:
        return -1.0
    if player == 0:
        return 1.0
    raise InvalidArgumentError(
        f"{state!r}: player() is {player!r}; learned values cover one- and two-player games"
    )


def rate(value: Callable[[Any], float], child: Any, expect: bool) -> float:
    """``value(child)``, or its expectation over the child's outcomes if it is chance."""
    if expect and _player(child) == CHANCE:
        return sum(p * rate(value, o, True) for o, p in chance_outcomes_of(child))
    return value(child)


def sign_of(state: Any) -> float:
    """1 where player 0 (or the one player) moves, -1 where player 1 does."""
    return _sign(state, _player(state))


def _player(state: Any) -> int:
    get = getattr(state, "player", None)
    return 0 if get is None else int(get())


def choose(scores: list[float], rng: random.Random, epsilon: float) -> tuple[int, float, bool]:
    """The index chosen among ``scores`` (the mover's view), the best score, and greedy?."""
    top = max(scores)
    if epsilon and rng.random() < epsilon:
        i = rng.randrange(len(scores))
        return i, top, scores[i] == top
    ties = [i for i, s in enumerate(scores) if s == top]
    return (ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]), top, True


def play_episode(
    value: Callable[[Any], float],
    start: Any,
    rng: random.Random,
    settings: TDSettings,
    *,
    opponent: int | None = None,
) -> Episode:
    """Play one game from ``start`` with ``value`` ε-greedy; record what TD learns from.

    ``opponent``: a player (0 or 1) who moves uniformly at random instead (evaluation).
    """
    afterstates, epsilon = settings.on == "afterstates", settings.epsilon
    states: list[Any] = []
    targets: list[float] = []
    cut: list[bool] = []
    state = start
    while True:
        player = _player(state)
        if player == CHANCE:
            state = sample_outcome(chance_outcomes_of(state), rng.random())
            continue
        children = list(state.get_children())
        if not children:
            rewards = returns_of(state)
            if states and afterstates:
                targets[-1], cut[-1] = rewards[0], True
            elif not afterstates:
                states.append(state)
                targets.append(rewards[0])
                cut.append(True)
            return Episode(states, targets, cut, rewards)
        if player == opponent:
            state = children[rng.randrange(len(children))]
            continue
        sign = _sign(state, player)
        if afterstates:
            scores = [sign * value(c) for c in children]
        else:
            scores = [sign * rate(value, c, True) for c in children]
        i, top, greedy = choose(scores, rng, epsilon)
        if afterstates:
            if states:
                targets[-1], cut[-1] = sign * top, not greedy
            states.append(children[i])
            targets.append(0.0)
            cut.append(True)
        else:
            states.append(state)
            targets.append(sign * top)
            cut.append(not greedy)
        state = children[i]


def td_update(value: Any, episode: Episode, settings: TDSettings) -> None:
    """Move each learned state of ``episode`` towards its λ-return (computed first)."""
    lam, n = settings.lam, len(episode.states)
    returns = [0.0] * n
    g = 0.0
    for t in range(n - 1, -1, -1):
        b = episode.targets[t]
        g = b if episode.cut[t] else (1.0 - lam) * b + lam * g
        returns[t] = g
    update, alpha = value.update, settings.alpha
    for state, g in zip(episode.states, returns, strict=True):
        update(state, g, alpha)


def evaluate_greedy(
    value: Callable[[Any], float],
    start: Callable[[int], Any],
    games: int,
    seed: int,
    players: int,
) -> float:
    """The mean score of the greedy player over ``games`` seeded games.

    A puzzle's score is its ``returns()[0]``; in a two-player game the greedy player meets a
    uniformly random one, sides alternating, and scores its own reward.
    """
    greedy = TDSettings(epsilon=0.0)
    total = 0.0
    for i in range(games):
        rng = random.Random(episode_seed(seed, i, evaluation=True))
        side = i % 2 if players == 2 else 0
        episode = play_episode(
            value, start(i), rng, greedy, opponent=1 - side if players == 2 else None
        )
        total += episode.returns[side]
    return total / games


def episode_seed(seed: int, game: int, *, evaluation: bool = False) -> int:
    """The seed of game ``game`` of a run seeded ``seed`` (its evaluation games apart)."""
    return (seed << 33) | (int(evaluation) << 32) | game
