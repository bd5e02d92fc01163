"""The ``learned-mc`` bot: ``montecarlo``'s flat Monte Carlo with the learned value's help.

Each decision of rounds 1-6 rates ``montecarlo``'s candidates (meaningful placements,
specials in their rounds) by the learned afterstate value (``learned_value``); with ``top``
> 0 only the ``top`` it rates highest get the shaped play-outs of ``MonteCarloBot``. The
chosen candidate has the best play-out mean plus ``prior`` times its value. The last round
is solved exactly, as by ``montecarlo``. The defaults are the least bad measured, every
candidate searched and a small prior among the well-sampled candidates, and still not above
``montecarlo`` (pruning to the value's
best 8 or 12 lost more: the value often ranks the play-outs' best move far down;
``benchmarks/RESULTS.md``). The value is the model shipped in ``games/railroad_ink/models``
(read on first use) unless weights are given.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from games.railroad_ink.bots.base import check_count
from games.railroad_ink.bots.learned_value import MODEL, LearnedBot, shipped_value
from games.railroad_ink.bots.montecarlo import PLAYOUTS, MonteCarloBot, candidates
from games.railroad_ink.pieces.dice import ROUNDS
from games.railroad_ink.rules.game import RailroadInkState
from treesearch.arguments import check_number

__all__ = ["MODEL", "PRIOR", "SAMPLED", "TOP", "LearnedMonteCarloBot", "shipped_value"]

TOP = 0
"""Candidates a decision gives play-outs to, the value's best first; 0 for all of them."""
PRIOR = 0.25
"""Weight of the value added to a candidate's play-out mean when choosing (a nudge: values
of one decision's candidates differ by a few points)."""
SAMPLED = 0.5
"""The prior chooses only among candidates with at least half the play-outs of the most
sampled one: without this gate it lost 4.6 points a game to ``montecarlo``, with it 0.7."""


class LearnedMonteCarloBot(MonteCarloBot):
    """Flat Monte Carlo nudged (``prior``) or pruned (``top``) by the learned value.

    Args:
        weights: the value's weights (``load_value``); None for the shipped model.
        reward: what ``weights`` learned (``final`` or ``delta``), with ``weights``.
        top: candidates per decision that get play-outs (the value's best); 0 for all.
        prior: weight of the value in the choice (``mean + prior * value``), at least 0.
        sampled: the share of the most-sampled candidate's play-outs a candidate needs to be
            chosen by the prior (0: any; barely sampled means are noisy by points).
        playouts: play-outs per decision after the first ones, without a time budget.
        seconds: per game; None for the fixed ``playouts``.
        seed: the bot's random stream.
        **knobs: the other knobs of ``MonteCarloBot``.

    Raises:
        InvalidArgumentError: a bad ``top``, ``prior``, weights or knob of ``MonteCarloBot``.
    """

    name = "learned-mc"

    def __init__(
        self,
        weights: np.ndarray | None = None,
        reward: str = "final",
        top: int = TOP,
        prior: float = PRIOR,
        sampled: float = SAMPLED,
        playouts: int = PLAYOUTS,
        seconds: float | None = None,
        seed: int = 0,
        **knobs: Any,
    ) -> None:
        super().__init__(playouts=playouts, seconds=seconds, seed=seed, **knobs)
        self.top = check_count("top", top, 0)
        self.prior = check_number("prior", prior, minimum=0.0)
        self.sampled = check_number("sampled", sampled, minimum=0.0)
        self._given = None if weights is None else LearnedBot(weights, reward)
        self.search.candidates = self._candidates
        self._values: dict[int, float] = {}

    @property
    def learned(self) -> LearnedBot:
        """The value's one-ply player (the shipped model unless weights were given)."""
        if self._given is None:
            self._given = LearnedBot(*shipped_value())
        return self._given

    def _candidates(self, state: RailroadInkState) -> list[RailroadInkState]:
        """``montecarlo``'s candidates (only the ``top`` the value rates highest, if > 0)."""
        found = candidates(state)
        values = [self.learned.value(c) for c in found]
        self._values = {id(c): v for c, v in zip(found, values, strict=True)}
        if not self.top or len(found) <= self.top:
            return found
        order = sorted(range(len(found)), key=lambda k: -values[k])[: self.top]
        return [found[k] for k in sorted(order)]

    def _decide(self, state: RailroadInkState) -> RailroadInkState:
        chosen = super()._decide(state)
        if self.prior and self.last_decision and state.round < ROUNDS:
            most = max(c.count for c in self.last_decision)
            scored = [
                (c.mean + self.prior * self._values.get(id(c.state), 0.0), -i, c.state)
                for i, c in enumerate(self.last_decision)
                if c.count >= self.sampled * most
            ]
            chosen = max(scored, key=lambda t: (t[0], t[1]))[2]
        return chosen
