"""Whole one-player games played by one agent: ``play`` for score games without a driver.

Railroad Ink has its own driver (seeded rolls, a record a film can read); any other score
game with bots (a plugin's) is played here from the problem's start: the agent chooses at
every state of player 0, chance states draw from ``chance_outcomes()`` with the game's seed,
and the final state's score counts. With a renderer, game 1 is filmed move by move.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from observers import VideoObserver
from treesearch import CHANCE, InvalidArgumentError, Playthrough
from treesearch.events import Visited
from treesearch.game_entry import Problem, SoloMaker, SoloResult
from treesearch.match import AgentMaker
from treesearch.values import sample_outcome

__all__ = ["solo_play"]


def solo_play(renderer: Callable[[Any], Any] | None = None) -> SoloMaker:
    """A ``SoloMaker`` playing from ``problem.start``; ``renderer(start)`` films game 1."""

    def solo(
        problem: Problem, seed: int, agents: AgentMaker, video: Path | None, observers: list[Any]
    ) -> SoloResult:
        agent = agents(seed)
        states, seconds = _play_out(problem.start, agent, random.Random(seed), observers)
        end = states[-1]
        score = problem.score(end) if problem.score is not None else float(end.returns()[0])
        if video is not None and renderer is not None:
            _film(states, renderer, video, f"{agent.name}: score {score:g}")
        return SoloResult(
            score,
            seconds,
            f"(seed {seed}): {agent.name} scores {score:g} with "
            f"{len(states) - 1} moves in {seconds:.2f} s",
        )

    return solo


def _play_out(
    state: Any, agent: Any, rng: random.Random, observers: list[Any]
) -> tuple[list[Any], float]:
    """The states from ``state`` to the end as ``agent`` plays them, and its thinking time.

    Each of ``observers`` (a callable) is called with a ``Visited`` event of every state.
    """
    states, seconds = [state], 0.0
    while not _ended(state):
        if _chance(state):
            state = sample_outcome(list(state.chance_outcomes()), rng.random())
        else:
            children = list(state.get_children())
            if not children:
                break
            t0 = time.perf_counter()
            chosen = agent.choose(state)
            seconds += time.perf_counter() - t0
            state = next((c for c in children if _same(c, chosen)), None)
            if state is None:
                raise InvalidArgumentError(
                    f"agent {agent.name!r} played {chosen!r}, which is not a child of "
                    f"{states[-1]!r}"
                )
        states.append(state)
        for observe in observers:
            observe(Visited(state, len(states) - 1))
    return states, seconds


def _same(child: Any, chosen: Any) -> bool:
    """Whether ``chosen`` is ``child``: the very object, the same ``key()``, or equal."""
    if child is chosen:
        return True
    key = getattr(chosen, "key", None)
    if callable(key) and callable(getattr(child, "key", None)):
        return bool(child.key() == key())
    return bool(child == chosen)


def _ended(state: Any) -> bool:
    is_terminal = getattr(state, "is_terminal", None)
    return bool(is_terminal()) if callable(is_terminal) else False  # else: no children


def _chance(state: Any) -> bool:
    player = getattr(state, "player", None)
    return callable(player) and player() == CHANCE


def _film(states: list[Any], renderer: Callable[[Any], Any], out: Path, title: str) -> None:
    with (
        VideoObserver(out, renderer(states[0]), fps=2, final_frames=4) as video,
        Playthrough(states[0], [video], name=title) as show,
    ):
        for state in states[1:]:
            show.advance(state)
        show.finish(float(states[-1].returns()[0]), title)
