"""What a match returns: one ``GameRecord`` per game and a ``MatchResult`` over them.

``GameRecord`` is a ``treesearch.agents.PlayedGame``, as Railroad Ink's one-player
``InkRecord`` (``games.railroad_ink.records``) is.

Scores are from agent a's point of view: 1 for a win, 0.5 for a draw, 0 for a loss, decided
by comparing the two players' ``returns()`` at the end (so any two-player game works, zero-sum
or not). The 95% interval is Wilson's score interval with wins plus half the draws counted as
successes: it stays inside [0, 1], is not empty at a score of 0 or 1, and always contains the
score. It treats a draw as half a coin flip, so with many draws it is wider (more cautious)
than the spread of the per-game scores alone would give.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

__all__ = ["GameRecord", "MatchResult", "wilson_interval"]

_Z95 = 1.959963984540054


def wilson_interval(successes: float, n: int, z: float = _Z95) -> tuple[float, float]:
    """Wilson score interval of a success rate (95% by default); ``(0, 1)`` when ``n == 0``.

    Examples:
        >>> lo, hi = wilson_interval(55, 100)
        >>> round(lo, 3), round(hi, 3)
        (0.452, 0.644)
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # Exact arithmetic puts p inside; the clamp keeps rounding from leaving it out at 0 or 1.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of a match.

    Attributes:
        index: the game's number in the match (0-based).
        seed: the game's seed, derived from the match seed and ``index`` only;
            ``play_game(..., seed=seed, a_player=a_player)`` replays the game.
        a_player: the player agent a played (0 moves first); 0 when ``index`` is even.
        names: the agents' names, a's then b's.
        returns: ``returns()`` of the final state, indexed by player.
        moves: the children taken from the start, chance outcomes included: each child's
            ``move`` attribute, or when it has none its index in ``get_children()`` (in
            ``chance_outcomes()`` for a chance outcome).
        seconds: seconds each of a's moves took, then each of b's.
    """

    index: int
    seed: int
    a_player: int
    names: tuple[str, str]
    returns: tuple[float, ...]
    moves: tuple[Any, ...]
    seconds: tuple[tuple[float, ...], tuple[float, ...]]

    @property
    def score(self) -> float:
        """Agent a's score: 1 win, 0.5 draw, 0 loss (its return against b's)."""
        mine, theirs = self.returns[self.a_player], self.returns[1 - self.a_player]
        return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5

    def outcome(self) -> tuple[int, int, tuple[float, ...], tuple[Any, ...]]:
        """Everything but the timings: equal for the same seeds whatever ``jobs`` was."""
        return self.seed, self.a_player, self.returns, self.moves


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The games of ``play_match`` and their statistics, from agent a's point of view.

    Attributes:
        records: the finished games, in game order.
        games: the number of games asked for.
        interrupted: True when Ctrl-C ended the match early; ``records`` holds the games
            finished by then (never a half-played one).
    """

    records: tuple[GameRecord, ...]
    games: int
    interrupted: bool = False

    @property
    def names(self) -> tuple[str, str]:
        """The agents' names, a's then b's (``("a", "b")`` before any game finished)."""
        return self.records[0].names if self.records else ("a", "b")

    @property
    def wins(self) -> int:
        """Games agent a won."""
        return sum(1 for r in self.records if r.score == 1.0)

    @property
    def draws(self) -> int:
        """Games drawn."""
        return sum(1 for r in self.records if r.score == 0.5)

    @property
    def losses(self) -> int:
        """Games agent a lost."""
        return sum(1 for r in self.records if r.score == 0.0)

    @property
    def score(self) -> float:
        """Agent a's mean score over the finished games (NaN when none finished)."""
        n = len(self.records)
        return (self.wins + 0.5 * self.draws) / n if n else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of ``score`` (see the module docstring)."""
        return wilson_interval(self.wins + 0.5 * self.draws, len(self.records))

    @property
    def seconds_per_move(self) -> tuple[float, float]:
        """Mean seconds per move of a, then of b, over all finished games (NaN if none)."""
        means = []
        for side in (0, 1):
            times = [t for r in self.records for t in r.seconds[side]]
            means.append(sum(times) / len(times) if times else math.nan)
        return means[0], means[1]

    def summary(self) -> str:
        """One line: names, score, interval, W/D/L, seconds per move of each side."""
        a, b = self.names
        n = len(self.records)
        if n == 0:
            return f"{a} vs {b}: no game finished" + (" (interrupted)" if self.interrupted else "")
        lo, hi = self.interval
        sa, sb = self.seconds_per_move
        line = (
            f"{a} vs {b}: score {self.score:.3f} [{lo:.3f}, {hi:.3f}] over {n} games "
            f"(W {self.wins} D {self.draws} L {self.losses}); s/move {sa:.4f} vs {sb:.4f}"
        )
        if self.interrupted:
            line += f" (interrupted after {n} of {self.games} games)"
        return line
