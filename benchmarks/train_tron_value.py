r"""Train Tron's learned evaluation: a linear value of ``games.tron.features`` from self-play.

Self-play on the Hexatron: both sides are ``alphabeta_bot(None, depth=--depth)`` (the Voronoi
evaluation, no clock, so deterministic), each move replaced with probability ``--epsilon`` by a
random move that does not crash at once (seeded per game; every move of the first
``--opening`` turns, as the starts are point-symmetric and the two searches would mirror
each other), from ``hex_start(game seed)``.
Every turn start where the heads can still meet is a sample: its features and the game's
outcome for player 0 (win 1, draw 0, loss -1). The weights of a ``treesearch.learn``
``LinearValue`` are the ridge least-squares fit to the outcomes (``treesearch.learn.fit``'s
normalised steps swing on the many positions whose features are all near 0: its held-out
error rose above the error of predicting 0); the last ``--holdout`` share of the games is kept
aside and the printed learning curve is the held-out mean squared error after fitting on more and
more games, next to the error of the best multiple of the Voronoi difference alone.
``--labeller deep`` labels by ``games.tron.deep``'s compiled search (twice the plies in the
same time, separated rooms counted by their chains of chambers).

    python benchmarks/train_tron_value.py --games 500 --seed 1 --jobs 1 \\
        --out games/tron/models/tron_value.npz
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from games.tron.bots import alphabeta_bot
from games.tron.deep import deep_values, position
from games.tron.features import FEATURES, features
from games.tron.learned_evaluation import MODEL_GAME
from games.tron.moves import as_player_0, safe_moves
from games.tron.state import TronState, hex_start
from games.tron.value import CONNECTED_SCALE, evaluate
from games.tron.voronoi import race_counts
from treesearch.alphabeta import AlphaBeta
from treesearch.learn import LinearValue, Model, save_model

Row = tuple[np.ndarray, float]
"""A turn start's features and its search label."""


class Sample:
    """A position's features, as ``treesearch.learn.fit`` reads them."""

    __slots__ = ("phi",)

    def __init__(self, phi: np.ndarray) -> None:
        self.phi = phi

    def features(self) -> np.ndarray:
        """The stored features."""
        return self.phi


def deep_value(state: TronState, plies: int) -> float:
    """Player 0's value of the turn start ``state`` by ``games.tron.deep``'s search.

    ``plies // 2`` turns, the alternating view (player 1 answers each pick), no contempt.
    """
    pos = position(state)
    if not pos.options(0) or not pos.options(1):
        return evaluate(state)
    values = deep_values(pos, max(1, plies // 2), matrix=False).values
    return max(min(row) for row in values)


def self_play(
    args: tuple[int, int, int, float, int, int, str],
) -> tuple[list[Row], float, int]:
    """One seeded game: its connected turn starts (features, search label), outcome, turns.

    The label is 0 without a labelling search (``label_depth`` 0); else the mean of the
    alternating search's value for player 0 and minus its value for player 1 (each side
    searched as the one who picks first, so the label has no side's bias), by ``AlphaBeta``
    on ``evaluate`` or by ``games.tron.deep`` (``labeller``).
    """
    seed, game, depth, epsilon, opening, label_depth, labeller = args
    rng = random.Random(seed * 1_000_003 + game)
    bots = [alphabeta_bot(None, depth=depth).for_game(game) for _ in range(2)]
    search = AlphaBeta(value=evaluate, depth=label_depth) if label_depth else None
    state: TronState = hex_start(seed * 1_000_003 + game)
    rows: list[Row] = []
    while not state.is_terminal():
        if race_counts(state)[0]:
            searched = 0.0
            swapped = as_player_0(state, 1)
            if search is not None and labeller == "deep":
                searched = (deep_value(state, label_depth) - deep_value(swapped, label_depth)) / 2
            elif search is not None:
                mine, theirs = search.run(state).value, search.run(swapped).value
                searched = (float(mine or 0.0) - float(theirs or 0.0)) / 2
            rows.append((features(state), searched))
        moves = []
        for p in (0, 1):
            safe = safe_moves(state, p)
            if safe and (state.turn < opening or rng.random() < epsilon):
                moves.append(safe[rng.randrange(len(safe))])
            else:
                moves.append(bots[p](state, p))
        state = state.play(*moves)
    return rows, state.returns()[0], state.turn


Game = tuple[list["Row"], float, int]


def dataset(games: list[Game], target: str) -> list[tuple[Sample, float]]:
    """(sample, target) pairs: the game's outcome, or the search label in ``w @ phi``'s scale.

    The learned evaluation is ``CONNECTED_SCALE * clip(w @ phi, -0.98, 0.98)``, so a search
    value ``v`` is the target ``clip(v / CONNECTED_SCALE, -0.98, 0.98)``.
    """
    if target == "outcome":
        return [(Sample(phi), outcome) for rows, outcome, _ in games for phi, _ in rows]
    return [
        (Sample(phi), max(-0.98, min(0.98, v / CONNECTED_SCALE)))
        for rows, _, _ in games
        for phi, v in rows
    ]


def ridge(data: list[tuple[Sample, float]], penalty: float) -> np.ndarray:
    """The weights minimising squared error plus ``penalty`` times their squared length."""
    x = np.array([s.phi for s, _ in data])
    y = np.array([t for _, t in data])
    return np.linalg.solve(x.T @ x + penalty * np.eye(x.shape[1]), x.T @ y)


def mse(weights: np.ndarray, data: list[tuple[Sample, float]]) -> float:
    """Mean squared error of ``weights @ features`` (clipped to [-1, 1]) against the outcomes."""
    x = np.array([s.phi for s, _ in data])
    y = np.array([t for _, t in data])
    return float(np.mean((np.clip(x @ weights, -1, 1) - y) ** 2))


def voronoi_only(train: list[tuple[Sample, float]], test: list[tuple[Sample, float]]) -> float:
    """Held-out error of the best multiple of the Voronoi difference alone (least squares)."""
    x = np.array([s.phi[0] for s, _ in train])
    y = np.array([t for _, t in train])
    k = float(x @ y / (x @ x))
    weights = np.zeros(len(FEATURES))
    weights[0] = k
    return mse(weights, test)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=4, help="plies of the self-play search")
    parser.add_argument("--epsilon", type=float, default=0.05, help="random move share")
    parser.add_argument("--opening", type=int, default=3, help="turns of random moves")
    parser.add_argument("--holdout", type=float, default=0.2, help="share of games held out")
    parser.add_argument("--target", choices=("outcome", "search"), default="outcome")
    parser.add_argument("--label-depth", type=int, default=6, help="plies of the label search")
    parser.add_argument(
        "--labeller",
        choices=("alphabeta", "deep"),
        default="alphabeta",
        help="the label search: treesearch's AlphaBeta or games.tron.deep's compiled one",
    )
    parser.add_argument("--penalty", type=float, default=1.0, help="ridge penalty")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    t0 = time.perf_counter()
    label_depth = args.label_depth if args.target == "search" else 0
    jobs = [
        (args.seed, g, args.depth, args.epsilon, args.opening, label_depth, args.labeller)
        for g in range(args.games)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        played = list(pool.map(self_play, jobs, chunksize=4))
    play_s = time.perf_counter() - t0
    cut = round(args.games * (1 - args.holdout))
    test = dataset(played[cut:], args.target)
    outcomes = [o for _, o, _ in played]
    print(
        f"{args.games} games ({outcomes.count(1.0)} / {outcomes.count(0.0)} / "
        f"{outcomes.count(-1.0)} won / drawn / lost by player 0), "
        f"{sum(t for *_, t in played) / args.games:.1f} turns, {play_s:.0f} s of self-play; "
        f"{len(dataset(played[:cut], args.target))} training and {len(test)} held-out positions"
    )
    curve: list[tuple[int, float]] = []
    value = LinearValue(len(FEATURES))
    for share in (0.125, 0.25, 0.5, 1.0):
        used = max(1, int(cut * share))
        value = LinearValue(len(FEATURES))
        train = dataset(played[:used], args.target)
        value.weights = ridge(train, args.penalty)
        held = mse(value.weights, test)
        curve.append((used, held))
        alone, zero = voronoi_only(train, test), mse(value.weights * 0, test)
        print(
            f"  fitted on {used:4d} games ({len(train):6d} positions): held-out MSE {held:.4f}"
            f"  (Voronoi alone {alone:.4f}, zero {zero:.4f})"
        )
    named = zip(FEATURES, value.weights, strict=True)
    print("weights:", ", ".join(f"{n} {w:+.3f}" for n, w in named))
    print(f"{time.perf_counter() - t0:.0f} s in all")
    if args.out is not None:
        settings = {k: v for k, v in vars(args).items() if k != "out"}
        settings["features"] = list(FEATURES)
        save_model(args.out, Model(value, MODEL_GAME, settings, args.seed, cut, curve))
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
