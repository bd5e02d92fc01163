"""The ``learned-rounds`` bot: whole rounds chosen by the learned value, then by play-outs.

At a round's first decision the bot knows the round's faces, so it chooses the round as one
move (``engine.round_beam``): a beam over the round's placements, ranked by the learned afterstate
value, finds the distinct boards where the round can end; the ``top`` the value rates
highest are each played to the game's end ``playouts`` times, on dice the bot draws itself
(the same draws for every end), and the best mean is played, placement by placement. The
play-outs choose their rounds the same way, by a narrow beam (``PLAYOUT_WIDTH``; their last
round, scored exactly, by a wider one, ``PLAYOUT_LAST``), or each placement greedily by the
value. In the last round the ends are scored exactly. It never reads a later roll of the
game, with dice known or revealed.

With ``seconds`` the play-outs go in batches (one per end first, then as many as the time
left allows, at most ``BATCH``) until the round's share of the clock is spent (larger for
early rounds, whose play-outs are longer; at most ``playouts`` per end); without, each end
gets exactly ``playouts`` and the bot repeats its games by seed. The value is the shipped
model fine-tuned for the round player (``rounds_value``) unless weights are given; where the
engine runs as plain Python, whose beams are slow, the play-outs are greedy and the value is
the first shipped model (``shipped_value``), which suits greedy play-outs better.
"""

from __future__ import annotations

import time

import numpy as np

from games._compile import ENGINE
from games.railroad_ink.bots.base import Bot, check_count
from games.railroad_ink.bots.learned_value import LearnedBot, rounds_value, shipped_value
from games.railroad_ink.bots.montecarlo import PYTHON_SECONDS, move_code
from games.railroad_ink.engine.playout import Turn, next_random, seed_stream
from games.railroad_ink.engine.position import Position
from games.railroad_ink.engine.round_beam import Ends, new_ends, round_ends
from games.railroad_ink.pieces.dice import ROUNDS, check_seed
from games.railroad_ink.rules.game import RailroadInkState
from treesearch.flat_mc import Candidate

__all__ = [
    "BATCH",
    "LAST_WIDTH",
    "PLAYOUTS",
    "PLAYOUT_LAST",
    "PLAYOUT_WIDTH",
    "PYTHON_WIDTHS",
    "TOP",
    "WIDTH",
    "LearnedRoundsBot",
]

WIDTH = 64
"""Boards the beam keeps while placing a round: 64 found ends that score 1.03 points more than
16 did (59.20 against 58.17 over seeds 100-199, 10 s a game against 3.6)."""
LAST_WIDTH = 128
"""The beam's width in the last round, whose ends are scored exactly."""
TOP = 48
"""Round ends compared by play-outs, the value's best first."""
PLAYOUTS = 64
"""Play-outs per round end (the most, with a clock): 256 measured no better than 64."""
PYTHON_WIDTHS = (4, 16)
"""``width`` and ``last_width`` by default where the engine runs as plain Python, whose beams
would otherwise spend the clock (the play-outs keep to it)."""
PLAYOUT_WIDTH = 4
"""The play-outs' beam, compiled: with the fine-tuned value 0.56 points above greedy play-outs
by the first value over 200 games (seeds 100-199 and 4000-4099), 24 s a game against 10."""
PLAYOUT_LAST = 32
"""The play-outs' beam in their last round (scored exactly), compiled: the round player then
scores 56.1 against 55.2, and the bot +0.65 [+0.04, +1.26] over seeds 100-199 (60.18), 42 s a
game against 24."""
BATCH = 16
"""The most play-outs per end between two looks at the clock."""


_NONE = np.zeros(0, np.int64)
"""No futures: the round's ends only."""
_ONE = np.ones(1, np.int64)
"""One future: the ends and one play-out each (compiles every path)."""


def _share(rnd: int) -> float:
    """Round ``rnd``'s share of the time left, by the length of its play-outs.

    A play-out from round r costs about one round's beam per round before the last, plus the
    last round's wider beam (about two of them): ``ROUNDS`` + 1 - r.
    """
    return (ROUNDS + 1 - rnd) / sum(ROUNDS + 1 - r for r in range(rnd, ROUNDS))


def _turn(p: Position) -> Turn:
    """The engine's turn at ``p``, its arrays copied (a search may write into them)."""
    return (p.tiles.copy(), p.slots.copy(), p.round, p.counts.copy(), p.placed, p.used, p.now)


class LearnedRoundsBot(Bot):
    """Rounds chosen whole: a beam by the learned value, its best ends compared by play-outs.

    Args:
        weights: the value's weights (``load_value``, a value of the final score); None for
            the shipped ``rounds_value`` (``shipped_value`` when the engine is not compiled).
        width: boards the beam keeps while placing a round (rounds 1-6); None: ``WIDTH``
            (``PYTHON_WIDTHS`` when the engine is not compiled).
        top: round ends compared by play-outs (the value's best).
        playouts: play-outs per end (0: the value alone chooses); with ``seconds``, the most.
        last_width: the beam's width in the last round (its ends are scored exactly); None:
            ``LAST_WIDTH`` (``PYTHON_WIDTHS`` when the engine is not compiled).
        seconds: thinking time per game; None for the fixed ``playouts`` (``PYTHON_SECONDS``
            when the engine is not compiled).
        seed: the bot's stream of future dice.
        playout_weights: the value the play-outs follow; None: ``weights``.
        playout_width: 0 for play-outs by the value's greedy player; above, by its round
            player, each round's best end of a beam that wide (``engine.round_beam``); None:
            ``PLAYOUT_WIDTH`` (0 when the engine is not compiled).
        playout_last: the round player's beam in a play-out's last round, when wider than
            ``playout_width``; None: ``PLAYOUT_LAST`` (0 when the engine is not compiled).

    Raises:
        InvalidArgumentError: a bad width, top, play-out count, weights, seconds or seed.
    """

    name = "learned-rounds"
    engine = ENGINE

    def __init__(
        self,
        weights: np.ndarray | None = None,
        width: int | None = None,
        top: int = TOP,
        playouts: int = PLAYOUTS,
        last_width: int | None = None,
        seconds: float | None = None,
        seed: int = 0,
        playout_weights: np.ndarray | None = None,
        playout_width: int | None = None,
        playout_last: int | None = None,
    ) -> None:
        if seconds is None and ENGINE == "python":
            seconds = PYTHON_SECONDS  # the fixed play-outs would take many minutes there
        super().__init__(seconds)
        plain = ENGINE == "python"
        if width is None:
            width = PYTHON_WIDTHS[0] if plain else WIDTH
        if last_width is None:
            last_width = PYTHON_WIDTHS[1] if plain else LAST_WIDTH
        if playout_width is None:
            playout_width = 0 if plain else PLAYOUT_WIDTH
        if playout_last is None:
            playout_last = 0 if plain else PLAYOUT_LAST
        self.width, self.top = check_count("width", width), check_count("top", top)
        self.playouts = check_count("playouts", playouts, 0)
        self.last_width = check_count("last_width", last_width)
        self.seed = check_seed(seed)
        self.playout_width = check_count("playout_width", playout_width, 0)
        self.playout_last = check_count("playout_last", playout_last, 0)
        self._weights = None if weights is None else LearnedBot(weights).weights
        self._rollout = None if playout_weights is None else LearnedBot(playout_weights).weights
        self._stream = seed_stream(self.seed)
        self._keys = np.random.default_rng(self.seed).integers(1, 1 << 40, size=49)
        self._plan: list[int] = []
        self.last_means: list[float] = []
        """The play-out means of the last round chosen, best end first by value."""
        self.last_decision: list[Candidate] = []
        """The placements of the last choice with play-outs behind them, best first: each is
        the next placement of some round ends, with the best of their means (a film shows
        them); empty when the round was chosen without play-outs."""
        self._ends: list[tuple[list[int], float, int]] = []  # plan, mean, play-outs
        self._played: list[int] = []  # the placements of the plan played so far

    @property
    def weights(self) -> np.ndarray:
        """The value's weights (a shipped model's unless some were given)."""
        if self._weights is None:
            weights, _ = shipped_value() if ENGINE == "python" else rounds_value()
            self._weights = np.ascontiguousarray(weights, dtype=np.float64)
        return self._weights

    def _warm(self, state: RailroadInkState) -> None:
        """Load (or compile) the beam and the play-outs off the clock: one small run."""
        if state.faces is None:
            return
        turn = _turn(Position.of(state))
        ends, sums, widths = new_ends(2), np.zeros(2), (self.playout_width, self.playout_last)
        round_ends(self.weights, turn, 1, False, ends, self._keys, _ONE, sums, 0, *widths)

    def _choose(self, state: RailroadInkState) -> RailroadInkState:
        children = {move_code(child): child for child in state.get_children()}
        if not self._plan or self._plan[0] not in children:
            self._plan = self._round(state)
        code = self._plan.pop(0) if self._plan else -1
        self.last_decision = self._weighed(children)
        self._played.append(code)
        # nothing placed: the round's end is the only child
        return children[code] if code in children else next(iter(children.values()))

    def _weighed(self, children: dict[int, RailroadInkState]) -> list[Candidate]:
        """The children that begin some round end after the placements played, best first."""
        k, best = len(self._played), dict[int, tuple[float, int]]()
        for plan, mean, count in self._ends:
            if len(plan) > k and plan[:k] == self._played and mean > best.get(plan[k], (-1e9,))[0]:
                best[plan[k]] = (mean, count)
        ranked = sorted(best.items(), key=lambda item: -item[1][0])
        return [Candidate(children[c], c, n, m) for c, (m, n) in ranked if c in children]

    def _round(self, state: RailroadInkState) -> list[int]:
        """The placements that end ``state``'s round best (-1 closes a round ended early)."""
        p = Position.of(state)
        last = p.round >= ROUNDS
        ends, turn = new_ends(self.top), _turn(p)
        width = self.last_width if last else self.width
        keys, none = self._keys, np.zeros(0)
        count = round_ends(self.weights, turn, width, last, ends, keys, _NONE, none, 0, 0, 0)
        pick = int(np.argmax(ends[0][:count])) if count else 0
        self.last_means, self._ends, self._played = [], [], []
        plans = [[int(m) for m in ends[5][q][: ends[6][q]]] for q in range(count)]
        if not last and count > 1 and self.playouts:
            sums, done = self._playouts(turn, width, ends, count)
            pick = int(np.argmax(sums))
            self._ends = [(plan, s / done, done) for plan, s in zip(plans, sums, strict=True)]
        return plans[pick][:] if count else []  # a copy: the bot pops it, _ends keeps it

    def _playouts(self, turn: Turn, width: int, ends: Ends, count: int) -> tuple[np.ndarray, int]:
        """``(sums, play-outs each)`` of the ``count`` ends, within the round's clock share.

        Each batch plays out the ends already found (``round_ends`` with ``found``).
        """
        left, rnd = self._left(), turn[2]
        deadline = None if left is None else time.perf_counter() + 0.9 * left * _share(rnd)
        sums, done, batch = np.zeros(count), 0, 1 if deadline is not None else BATCH
        while done < self.playouts:
            batch = min(batch, self.playouts - done)
            futures = np.array([next_random(self._stream) | 1 for _ in range(batch)], np.int64)
            t0 = time.perf_counter()
            rollout = self.weights if self._rollout is None else self._rollout
            inner = (self.playout_width, self.playout_last)
            round_ends(rollout, turn, width, False, ends, self._keys, futures, sums, count, *inner)
            done, now = done + batch, time.perf_counter()
            if deadline is not None:  # the next batch as large as the time left allows
                if now >= deadline:
                    break
                batch = max(1, min(BATCH, int((deadline - now) * batch / max(now - t0, 1e-9))))
        self.last_means = (sums / done).tolist()
        return sums, done
