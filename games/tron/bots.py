"""Tron bots: ``bot(state, player) -> move``, called at a turn start (``pending is None``).

The search bots are compositions of the framework's searches with
``games.tron.value.evaluate``: they search from a position where they are player 0
(``as_player_0`` swaps the sides for player 1), so they always pick first in the alternating
approximation, the cautious side. Every bot here is a ``TronBot`` (a
``name`` and ``for_game(seed)``, see ``games.tron.moves``); any plain function
``(state, player) -> move`` is a bot too.

Bots: ``random_bot`` (uniform over the moves that do not crash at once), ``heuristic_bot``
(a 2018 contest bot, ``games.tron.heuristic``), ``alphabeta_bot``, ``mcts_bot``,
``best_bot`` (the strongest) and ``learned_bot`` (``best_bot``'s search on the learned
evaluation of ``games.tron.learned_evaluation``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from games.tron.grid import check_int
from games.tron.heuristic import HEAD_ON_PENALTY, heuristic_bot, heuristic_scores
from games.tron.moves import Bot, TronBot, as_player_0, check_turn_start, safe_moves
from games.tron.state import TronState
from games.tron.value import evaluate
from games.tron.voronoi import race, race_counts
from treesearch.alphabeta import AlphaBeta
from treesearch.arguments import check_count
from treesearch.budget import Budget
from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError, InvalidBudgetError
from treesearch.mcts import MCTS, MCTSSettings

if TYPE_CHECKING:  # imported where used: it loads numba, as the bot plays
    from games.tron.deep import DeepSearch

__all__ = [
    "HEAD_ON_PENALTY",
    "Bot",
    "Contempt",
    "TronBot",
    "alphabeta_bot",
    "as_player_0",
    "best_bot",
    "check_turn_start",
    "deep_bot",
    "heads_within",
    "heuristic_bot",
    "heuristic_scores",
    "learned_bot",
    "mcts_bot",
    "previous_best_bot",
    "random_bot",
    "safe_moves",
]


# ------------------------------------------------------------------------------ random
class _RandomBot:
    __slots__ = ("name", "rng", "seed")

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
            raise InvalidArgumentError(f"seed must be an int, got {seed!r}")
        self.seed: int = int(seed)
        self.rng = random.Random(self.seed)
        self.name = "random"

    def __call__(self, state: TronState, player: int) -> int:
        check_turn_start(state, player)
        moves = safe_moves(state, player) or list(state.legal_moves(player))
        return moves[self.rng.randrange(len(moves))]

    def for_game(self, seed: int) -> _RandomBot:
        return _RandomBot(seed)

    def __repr__(self) -> str:
        return f"random_bot({self.seed!r})"


def random_bot(seed: int = 0) -> TronBot:
    """A bot playing uniformly among the moves that do not crash at once (any move if none).

    Deterministic by ``seed``: the same seed and positions give the same moves.
    """
    return _RandomBot(seed)


# ------------------------------------------------------------------------------ search
class Contempt(TreeIterator):
    """A position as a search sees it when a draw counts as a small loss for player 0.

    Against a weaker opponent a draw is a missed win: with ``draw = 0.03`` the search turns
    away from a head-on collision when that costs it less than 6% of the board's cells in
    territory (``evaluate``'s territory values lie in ``(-0.5, 0.5)``). Children, players,
    keys and ``move`` are the wrapped state's; only a drawn end scores ``(-draw, draw)``.
    """

    __slots__ = ("draw", "state")

    def __init__(self, state: TronState, draw: float) -> None:
        self.state, self.draw = state, draw

    @property
    def move(self) -> int | None:
        """The move that produced the wrapped state."""
        return self.state.move

    def get_children(self) -> list[Contempt]:
        """The wrapped children, in the same order."""
        draw = self.draw
        return [Contempt(c, draw) for c in self.state.get_children()]

    def is_terminal(self) -> bool:
        """True once a player has crashed."""
        return self.state.is_terminal()

    def player(self) -> int:
        """The wrapped state's ``player()``."""
        return self.state.player()

    def simultaneous(self) -> bool:
        """The wrapped state's ``simultaneous()`` (player 1 to move at a pending state)."""
        return self.state.simultaneous()

    def returns(self) -> tuple[float, float]:
        """The wrapped returns, but ``(-draw, draw)`` for a drawn end."""
        state = self.state
        if state.is_terminal() and state.winner() is None:
            return -self.draw, self.draw
        return state.returns()

    def key(self) -> Hashable:
        """The wrapped state's key."""
        return self.state.key()


def _contempt_value(view: Contempt) -> float:
    return evaluate(view.state)


class _SearchBot:
    """A search from the bot's side as player 0, made afresh for every game."""

    __slots__ = ("draw", "endgame", "kind", "make", "name", "search", "seed")

    def __init__(
        self,
        kind: str,
        make: Callable[[int], AlphaBeta | MCTS | _NearMatrix | DeepSearch],
        name: str,
        seed: int,
        draw: float = 0.0,
        endgame: tuple[float | None, int] | None = None,
    ) -> None:
        self.kind, self.make, self.name, self.seed = kind, make, name, seed
        self.draw, self.endgame = draw, endgame
        self.search: AlphaBeta | MCTS | _NearMatrix | DeepSearch | None = None

    def __call__(self, state: TronState, player: int) -> int:
        check_turn_start(state, player)
        safe = safe_moves(state, player)
        if len(safe) <= 1:  # nothing to think about
            return safe[0] if safe else state.legal_moves(player)[0]
        mine = as_player_0(state, player)
        if self.search is None:
            self.search = self.make(self.seed)
            evaluate(mine)  # loads (or compiles) the flood now, not on the first move's clock
            race(mine)
            if not isinstance(self.search, AlphaBeta | MCTS | _NearMatrix):
                self.search.warm(mine)  # a DeepSearch: compiles its search now, too
            if self.endgame is not None:
                from games.tron.endgame import fill_move

                fill_move(mine, 0, nodes=1)  # and the endgame's kernels
        if self.endgame is not None and not race_counts(mine)[0]:  # separated: fill alone
            from games.tron.endgame import fill_move  # here: it loads numba, as the bot plays

            seconds, nodes = self.endgame
            return fill_move(mine, 0, nodes=nodes, seconds=seconds)[0]
        if not isinstance(self.search, AlphaBeta | MCTS | _NearMatrix):
            return self.search.move(mine)
        result = self.search.run(Contempt(mine, self.draw) if self.draw else mine)
        result.raise_if_interrupted()
        move = result.move
        if move is None:  # pragma: no cover - a live start always yields a child
            return safe[0]
        return int(move)

    def for_game(self, seed: int) -> _SearchBot:
        return _SearchBot(self.kind, self.make, self.name, seed, self.draw, self.endgame)

    def __repr__(self) -> str:
        return self.kind


def _seconds(seconds: object) -> float | None:
    """``seconds`` as a float if it is a finite number > 0 (None: no clock).

    The rule of Railroad Ink's bots: an infinite thinking time is refused, not honoured, as a
    bot with only a clock would never answer.
    """
    if seconds is None:
        return None
    if (
        isinstance(seconds, bool | np.bool_)
        or not isinstance(seconds, int | float | np.integer | np.floating)
        or not (0 < seconds < math.inf)
    ):
        raise InvalidArgumentError(
            f"seconds must be a finite number > 0 (thinking time per move) or None, got {seconds!r}"
        )
    return float(seconds)


def heads_within(state: TronState, steps: int) -> bool:
    """True when player 1's head is at most ``steps`` cells from player 0's (walls ignored)."""
    grid, target = state.grid, state.heads[1]
    layer, seen = [state.heads[0]], {state.heads[0]}
    for _ in range(steps):
        ahead = []
        for cell in layer:
            for nxt in grid.steps[cell]:
                if nxt == target:
                    return True
                if nxt >= 0 and nxt not in seen:
                    seen.add(nxt)
                    ahead.append(nxt)
        layer = ahead
    return False


class _NearMatrix:
    """The turn at hand as a matrix game when the heads are near, else the sequential search.

    Far apart, the two picks of a turn cannot meet, and the matrix game (every joint move
    searched) costs three to four times the sequential search's nodes at the same depth: a
    turn less of look-ahead for a view that changes nothing.
    """

    __slots__ = ("matrix", "sequential", "steps")

    def __init__(self, matrix: AlphaBeta, sequential: AlphaBeta, steps: int) -> None:
        self.matrix, self.sequential, self.steps = matrix, sequential, steps

    def run(self, view: Any) -> Any:
        """The matrix search's result when the heads are within ``steps``, else the other's."""
        state = view.state if isinstance(view, Contempt) else view
        near = heads_within(state, self.steps)
        return (self.matrix if near else self.sequential).run(view)


def alphabeta_bot(
    seconds: float | None = 0.2,
    *,
    depth: int | None = None,
    draw: float = 0.0,
    simultaneous: Literal["sequential", "matrix"] = "sequential",
    matrix_within: int | None = None,
    value: Callable[[TronState], float] | None = None,
    endgame: bool = False,
) -> TronBot:
    """``treesearch.AlphaBeta`` with the Voronoi ``evaluate``, deepening until time runs out.

    Args:
        seconds: wall-clock seconds per move (iterative deepening keeps the last finished
            depth's move); None: no clock, then ``depth`` must be given.
        depth: the deepest round in plies (two plies a turn); with ``seconds=None`` this
            makes the bot deterministic.
        draw: contempt: a drawn end scores ``-draw`` for the bot (``Contempt``), in [0, 1).
        simultaneous: "sequential" (the alternating approximation: the opponent sees the
            bot's pick) or "matrix" (the turn at hand as a matrix game, the pick drawn from
            its optimal mix, seeded per game: ``AlphaBeta(simultaneous="matrix")``).
        matrix_within: with "matrix", the matrix game only when the heads are at most this
            many cells apart, the sequential search otherwise (None: always the matrix).
        value: the evaluation of the positions where the search stops, ``value(state)``
            from player 0's view in ``[-1, 1]``; None: ``games.tron.value.evaluate``.
        endgame: once the players are separated, play ``games.tron.endgame.fill_move`` (the
            longest path through the bot's own room, searched alone; ``seconds`` a move, or
            ``ENDGAME_NODES`` without a clock) instead of the two-player search.
    """
    secs, depth = _clock("alphabeta_bot", seconds, depth, draw)
    if matrix_within is not None:
        matrix_within = check_int("matrix_within", matrix_within, 1)
    if value is not None and not callable(value):
        raise InvalidArgumentError(f"value must be a callable value(state) -> float, got {value!r}")
    budget = Budget(seconds=secs) if secs is not None else None
    leaf = _leaf_value(evaluate if value is None else value, draw)

    AlphaBeta(simultaneous=simultaneous)  # validates it here, at the entry point

    def make(seed: int) -> AlphaBeta | _NearMatrix:
        search = AlphaBeta(
            value=leaf, budget=budget, depth=depth, simultaneous=simultaneous, rng=seed
        )
        if simultaneous != "matrix" or matrix_within is None:
            return search
        plain = AlphaBeta(value=leaf, budget=budget, depth=depth, rng=seed)
        return _NearMatrix(search, plain, matrix_within)

    label = f"alphabeta({secs}s)" if depth is None else f"alphabeta({secs}s, depth {depth})"
    extra = "" if matrix_within is None else f", matrix_within={matrix_within!r}"
    if value is not None:
        extra += f", value={getattr(value, '__name__', value)!s}"
    if endgame:
        extra += ", endgame=True"
    kind = (
        f"alphabeta_bot({secs!r}, depth={depth!r}, draw={draw!r}, "
        f"simultaneous={simultaneous!r}{extra})"
    )
    fill = (secs, ENDGAME_NODES) if endgame else None
    return _SearchBot(kind, make, label, 0, float(draw), fill)


ENDGAME_NODES = 200_000
"""The most nodes ``fill_move`` searches a move for ``alphabeta_bot(endgame=True)``."""


def _leaf_value(value: Callable[[TronState], float], draw: float) -> Callable[[Any], float]:
    """``value`` of a searched position, reading through ``Contempt`` when ``draw`` is set."""
    if not draw:
        return value
    if value is evaluate:
        return _contempt_value

    def of_view(view: Contempt) -> float:
        return value(view.state)

    return of_view


def _clock(
    maker: str, seconds: float | None, depth: int | None, draw: float
) -> tuple[float | None, int | None]:
    """A search bot's checked ``seconds`` and ``depth`` (one at least) after checking ``draw``."""
    secs = _seconds(seconds)
    if depth is not None:
        depth = check_int("depth", depth, 1)
    if secs is None and depth is None:
        raise InvalidArgumentError(f"{maker} needs seconds or depth (or both), got neither")
    _check_draw(draw)
    return secs, depth


def _check_draw(draw: float) -> None:
    if isinstance(draw, bool) or not isinstance(draw, (int, float)) or not 0 <= draw < 1:
        raise InvalidArgumentError(f"draw must be a number in [0, 1), got {draw!r}")


def mcts_bot(
    seconds: float | None = 0.2,
    *,
    iterations: int | None = None,
    exploration: float = 0.25,
    simultaneous: Literal["sequential", "decoupled"] = "sequential",
    playout: int | None = None,
    reuse: bool = True,
    seed: int = 0,
) -> TronBot:
    """``treesearch.MCTS`` with the Voronoi ``evaluate`` as leaf value.

    Deterministic by ``seed`` when given ``iterations`` and ``seconds=None``.

    Args:
        seconds: wall-clock seconds per move, or None.
        iterations: simulations per move, or None (then ``seconds`` must be given).
        exploration: ``MCTS(exploration=...)``, in widths of the reward range [-1, 1]
            (territory values lie in [-0.5, 0.5], so it is below MCTS's default).
        simultaneous: "sequential" (the opponent sees the bot's pick in the tree) or
            "decoupled" (DUCT: it does not; ``treesearch.mcts.decoupled``).
        playout: random moves (plies) played from a new leaf before ``evaluate`` scores it
            (``MCTS(rollout_depth=...)``); None: evaluate the leaf itself.
        reuse: keep the tree between the moves of one game.
        seed: the seed of the first game; a match reseeds every game (``for_game``).
    """
    secs = _seconds(seconds)
    if secs is None and iterations is None:
        raise InvalidArgumentError("mcts_bot needs seconds or iterations (or both), got neither")
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise InvalidArgumentError(f"seed must be an int, got {seed!r}")
    seed = check_int("seed", seed, 0)  # and not negative: MCTS seeds numpy with it
    # The search's knobs are checked here, at the entry point, as MCTS checks them: by its
    # settings and its iterations check, with its messages; playout is rollout_depth.
    try:
        settings = MCTSSettings(
            evaluate=evaluate,
            exploration=exploration,
            reuse=reuse,
            rollout_depth=playout,
            simultaneous=simultaneous,
        )
    except InvalidArgumentError as err:
        message = str(err)
        if message.startswith("rollout_depth "):
            raise InvalidArgumentError("playout" + message.removeprefix("rollout_depth")) from None
        raise
    iterations = check_count("iterations", iterations, 1, optional=True, error=InvalidBudgetError)
    knobs = settings.keywords()

    def make(game_seed: int) -> MCTS:
        return MCTS(iterations=iterations, seconds=secs, rng=game_seed, **knobs)

    label = f"mcts({secs}s)" if iterations is None else f"mcts({iterations} it)"
    if simultaneous != "sequential":
        label = label[:-1] + f", {simultaneous})"
    kind = (
        f"mcts_bot({secs!r}, iterations={iterations!r}, exploration={exploration!r}, "
        f"simultaneous={simultaneous!r}, playout={playout!r}, reuse={reuse!r})"
    )
    return _SearchBot(kind, make, label, seed)


def deep_bot(
    seconds: float | None = 0.2,
    *,
    depth: int | None = None,
    draw: float = 0.03,
    simultaneous: Literal["sequential", "matrix"] = "sequential",
    endgame: bool = True,
    horizon: Literal["race", "learned"] = "race",
    model: str | None = None,
) -> TronBot:
    """``alphabeta_bot``'s search compiled over arrays (``games.tron.deep``): deeper in time.

    The same alternating alpha-beta on the Voronoi race, with a transposition table kept for
    the whole game; it searches about 14 plies where ``alphabeta_bot`` searches 8 in 0.2 s.

    Args:
        seconds: wall-clock seconds per move (the last depth finished in time is played);
            None: no clock, then ``depth`` must be given.
        depth: the most turns searched (two plies each); with ``seconds=None`` the bot is
            deterministic.
        draw: contempt: a drawn end scores ``-draw`` for the bot, in [0, 1).
        simultaneous: "sequential" (the opponent is searched as if it saw the pick) or
            "matrix" (the turn at hand as a matrix game, the pick drawn from its optimal mix,
            seeded per game).
        endgame: once the players are separated, play ``games.tron.endgame.fill_move``.
        horizon: how the connected positions where the search stops are scored: "race" (the
            Voronoi race's territories) or "learned" (``games.tron.learned_evaluation``, hex
            only).
        model: with "learned", a model file of ``benchmarks/train_tron_value.py``; None: the
            shipped one.
    """
    secs, depth = _clock("deep_bot", seconds, depth, draw)
    if simultaneous not in ("sequential", "matrix"):
        raise InvalidArgumentError(
            f"simultaneous must be 'sequential' or 'matrix', got {simultaneous!r}"
        )
    matrix = simultaneous == "matrix"
    if horizon not in ("race", "learned"):
        raise InvalidArgumentError(f"horizon must be one of ('race', 'learned'), got {horizon!r}")
    weights = None
    if horizon == "learned":
        from games.tron.learned_evaluation import learned_evaluation

        weights = learned_evaluation(None if model is None else Path(model)).weights
    elif model is not None:
        raise InvalidArgumentError(f"model={model!r} is read only with horizon='learned'")

    def make(seed: int) -> DeepSearch:
        from games.tron.deep import DeepSearch  # here: it loads numba, as the bot plays

        return DeepSearch(secs, depth, float(draw), matrix, seed, horizon=horizon, weights=weights)

    label = f"deep({secs}s)" if depth is None else f"deep({secs}s, depth {depth})"
    if horizon != "race":
        label = f"{label[:-1]}, {horizon})"
    kind = (
        f"deep_bot({secs!r}, depth={depth!r}, draw={draw!r}, simultaneous={simultaneous!r}, "
        f"endgame={endgame!r}, horizon={horizon!r}"
        f"{f', model={model!r}' if model is not None else ''})"
    )
    fill = (secs, ENDGAME_NODES) if endgame else None
    return _SearchBot(kind, make, label, 0, 0.0, fill)


def best_bot(seconds: float = 0.2) -> TronBot:
    """The strongest bot here at ``seconds`` per move (see ``benchmarks/RESULTS.md``).

    ``deep_bot(seconds)``: the compiled alternating alpha-beta on the Voronoi race, about 14
    plies deep at 0.2 s, with a little contempt for draws (``draw=0.03``) and, once the
    players are separated, the longest path through its own room searched alone
    (``games.tron.endgame``). It plays the sequential view: assuming the opponent sees its
    pick keeps it out of head-on collisions, and measured stronger than the matrix view
    against both contest bots. ``previous_best_bot`` is the bot it replaced.
    """
    bot = deep_bot(seconds)
    bot.name = f"best({seconds}s)"
    return bot


def previous_best_bot(seconds: float = 0.2) -> TronBot:
    """``best_bot`` before ``deep_bot``: the framework's ``AlphaBeta`` on the Voronoi race.

    ``alphabeta_bot(seconds, draw=0.03, simultaneous="matrix", endgame=True)``: contempt for
    draws, the turn at hand searched as a matrix game (the pick drawn from its optimal mix),
    and the separated endgame searched alone. It reaches 6-8 plies at 0.2 s.
    """
    bot = alphabeta_bot(seconds, draw=0.03, simultaneous="matrix", endgame=True)
    bot.name = f"previous-best({seconds}s)"
    return bot


def learned_bot(seconds: float = 0.2, *, model: str | None = None) -> TronBot:
    """``best_bot`` on the learned evaluation (``games.tron.learned_evaluation``), not the race.

    ``deep_bot(seconds, horizon="learned", model=model)``.

    Args:
        seconds: wall-clock seconds per move.
        model: a model file of ``benchmarks/train_tron_value.py``; None: the shipped one.
    """
    bot = deep_bot(seconds, horizon="learned", model=model)
    bot.name = f"learned({seconds}s)"
    return bot
