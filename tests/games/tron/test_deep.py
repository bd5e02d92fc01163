"""The compiled alpha-beta (``games.tron.deep``) against a plain minimax, and its bot.

At the same depth both must find the same values: the reference walks ``TronState`` objects
by the game's own rules, the deep search walks arrays. Both stop where a player has no free
step (the crash it forces) or the players are separated (each room counted by its chain of
chambers), and score the rest at the horizon by ``evaluate``; they differ only in that the
deep search scores a win a thousandth lower a turn. Where no game ends or separates inside the
horizon, ``treesearch.AlphaBeta`` finds the same values too. Under ``TREESEARCH_ENGINE=python``
a subprocess checks that the plain-Python path gives the very same values.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tron.bots import deep_bot
from games.tron.deep import GUIDED_TURNS, DeepSearch, Table, deep_values, position, search_turns
from games.tron.endgame import chamber_fill, guided_fill
from games.tron.grid import hex_grid
from games.tron.learned_evaluation import learned_evaluation
from games.tron.moves import safe_moves
from games.tron.state import TronState, hex_start, square_start
from games.tron.value import evaluate, separated_value
from games.tron.voronoi import separated
from tests.games.tron.test_horizon import TRAILS
from tests.helpers import plain_python_digest
from treesearch.alphabeta import AlphaBeta
from treesearch.errors import InvalidArgumentError


def _played(start: TronState, seed: int, turns: int) -> TronState:
    """``start`` after up to ``turns`` random safe turns (fewer if a side is boxed in)."""
    rng = random.Random(seed)
    state = start
    for _ in range(turns):
        mine, theirs = safe_moves(state, 0), safe_moves(state, 1)
        if not mine or not theirs:
            break
        nxt = state.play(rng.choice(mine), rng.choice(theirs))
        if nxt.is_terminal():
            break
        state = nxt
    return state


def horizon(
    state: TronState, value: Callable[[TronState], float] = evaluate, turn: int = GUIDED_TURNS + 1
) -> float:
    """``value``, but separated players scored by their chains of chambers, as the deep search.

    A turn start where a player has no free step is the crash it forces, as the deep search
    scores it. On the 13-cell hexagon the race's fill is the cells reachable, always at least
    the chain. A separation ``turn`` turns from the root, at most ``GUIDED_TURNS``, whose
    chains differ by a move or less is scored by the guided paths.
    """
    if state.is_terminal():
        return value(state)
    stuck0, stuck1 = not safe_moves(state, 0), not safe_moves(state, 1)
    if stuck0 or stuck1:
        return 0.0 if stuck0 and stuck1 else (-1.0 if stuck0 else 1.0)
    if not separated(state):
        return value(state)
    size = state.grid.playable().bit_count()
    fills = chamber_fill(state, 0), chamber_fill(state, 1)
    if turn <= GUIDED_TURNS and abs(fills[0] - fills[1]) <= 1:
        fills = guided_fill(state, 0), guided_fill(state, 1)
    return separated_value(fills[0] - fills[1], size)


def _reference(state: TronState, turns: int) -> list[list[float]]:
    """``_minimax``'s value of every joint step of the turn at hand, ``turns`` deep in all."""
    pos = position(state)
    out = []
    for cell0, _ in pos.options(0):
        row = []
        for cell1, _ in pos.options(1):
            child = None if cell0 == cell1 else _child(state, cell0, cell1)
            row.append(0.0 if child is None else _minimax(child, turns - 1, 1))
        out.append(row)
    return out


def _minimax(state: TronState, turns: int, turn: int) -> float:
    """Player 0 picks a free step, player 1 answers seeing it; ``horizon`` where it stops.

    ``turn``: the turns from the root to ``state``.
    """
    mine, theirs = safe_moves(state, 0), safe_moves(state, 1)
    if turns == 0 or not mine or not theirs or separated(state):
        return horizon(state, turn=turn)
    best = -math.inf
    for a in mine:
        worst = math.inf
        for b in theirs:
            child = state.play(a, b)
            worst = min(worst, 0.0 if child.is_terminal() else _minimax(child, turns - 1, turn + 1))
        best = max(best, worst)
    return best


def test_alphabeta_agrees_where_nothing_ends_or_separates() -> None:
    state = _played(hex_start(0), 1, 12)
    pos = position(state)
    found = deep_values(pos, 3).values
    for (cell0, _), row in zip(pos.options(0), found, strict=True):
        for (cell1, _), got in zip(pos.options(1), row, strict=True):
            if cell0 != cell1:
                child = _child(state, cell0, cell1)
                assert got == AlphaBeta(value=evaluate, depth=4).run(child).value


def _child(state: TronState, cell0: int, cell1: int) -> TronState:
    """The turn start after player 0 steps to ``cell0`` and player 1 to ``cell1``."""
    moves = []
    for player, cell in ((0, cell0), (1, cell1)):
        for move in safe_moves(state, player):
            facing = (state.orientations[player] + move) % 6 if state.grid.hex else move
            if state.grid.steps[state.heads[player]][facing] == cell:
                moves.append(move)
    return state.play(moves[0], moves[1])


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(2, 16), depth=st.integers(1, 3))
def test_the_deep_search_finds_the_minimax_values(seed: int, turns: int, depth: int) -> None:
    state = _played(hex_start(seed % 64), seed, turns)
    pos = position(state)
    if not pos.options(0) or not pos.options(1):
        return
    expected = _reference(state, depth)
    for bits in (4, 16):  # a tiny table (slots shared by many positions) and a roomy one
        found = deep_values(pos, depth, table=Table(state.grid, bits)).values
        for row, want in zip(found, expected, strict=True):
            assert row == pytest.approx(want, abs=0.001 * depth + 1e-12)


def test_a_separation_near_the_root_is_scored_by_paths_walked_not_by_the_chain() -> None:
    # One of the rare positions (one start in 3,000 tried) where a chain of chambers counts
    # a move no path makes, in a separation that move decides.
    state = _played(hex_start(2043 % 64), 2043, 20)
    pos = position(state)
    size = state.grid.playable().bit_count()
    near = deep_values(pos, 1).values
    decided = 0
    for (cell0, _), row in zip(pos.options(0), near, strict=True):
        for (cell1, _), got in zip(pos.options(1), row, strict=True):
            child = None if cell0 == cell1 else _child(state, cell0, cell1)
            if child is None or not safe_moves(child, 0) or not safe_moves(child, 1):
                continue
            assert got == pytest.approx(horizon(child, turn=1), abs=1e-12)
            chains = chamber_fill(child, 0) - chamber_fill(child, 1)
            paths = guided_fill(child, 0) - guided_fill(child, 1)
            if separated(child) and abs(chains) <= 1 and paths != chains:
                decided += 1
                assert got == separated_value(paths, size) != separated_value(chains, size)
    assert decided >= 1


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_learned_horizon_scores_as_the_learned_evaluation(seed: int) -> None:
    value = learned_evaluation()
    state = _played(hex_start(seed), seed, 8 + 3 * seed)
    pos = position(state, "learned", value.weights)
    found = deep_values(pos, 1).values
    for (cell0, _), row in zip(pos.options(0), found, strict=True):
        for (cell1, _), got in zip(pos.options(1), row, strict=True):
            if cell0 != cell1:
                want = horizon(_child(state, cell0, cell1), value, turn=1)
                assert got == pytest.approx(want, abs=1e-12)


def test_the_learned_horizon_is_for_the_hex_board() -> None:
    with pytest.raises(InvalidArgumentError, match="hex board"):
        position(square_start("box15"), "learned", learned_evaluation().weights)
    with pytest.raises(InvalidArgumentError, match="only with horizon='learned'"):
        deep_bot(0.1, model="x.npz")
    with pytest.raises(InvalidArgumentError, match="horizon must be one of"):
        deep_bot(0.1, horizon="voronoi")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="with the 'learned' horizon only"):
        position(hex_start(0), "race", learned_evaluation().weights)


def test_alpha_beta_over_the_picks_keeps_the_best_rows_value() -> None:
    state = _played(square_start("box15"), 3, 6)
    pos = position(state)
    full = deep_values(pos, 3).values
    pruned = deep_values(pos, 3, matrix=False).values
    best = max(min(row) for row in full)
    assert max(min(row) for row in pruned) == pytest.approx(best)


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_the_deep_search_turns_away_from_the_cut_off(depth: int) -> None:
    """The horizon position of ``test_horizon``, where 6 plies of ``AlphaBeta`` walk on (0)."""
    state = TronState(hex_grid(13), (33, 49), (3, 1), TRAILS, turn=22)
    assert DeepSearch(None, depth, 0.03, True, seed=0).move(state) != 0


def test_a_search_over_its_node_limit_says_so() -> None:
    state = _played(hex_start(5), 5, 4)
    pos = position(state)
    steps = (pos.options(0)[0], pos.options(1)[0])
    _, nodes, exact = search_turns(pos, steps, 6, limit=50)
    assert nodes > 50 and not exact
    walls = bytes(pos.walls)
    search_turns(pos, steps, 2)
    assert bytes(pos.walls) == walls  # the walls are restored after every search


def test_a_search_that_sees_every_end_says_so_and_deeper_ones_agree() -> None:
    state = _played(hex_start(3, n=7), 3, 4)  # the 37-cell hexagon: every end within reach
    pos = position(state)
    found = [deep_values(pos, turns) for turns in range(1, 16)]
    assert not found[0].exact
    first = next(k for k, f in enumerate(found) if f.exact)
    assert all(f.exact and f.values == found[first].values for f in found[first:])
    search = DeepSearch(None, None, 0.0, True, seed=0)
    search.move(state)
    assert search.last[0] == first + 1  # the deepening stops at the first exact depth


def test_the_bot_is_deterministic_without_a_clock_and_plays_free_steps() -> None:
    state = _played(hex_start(9), 9, 5)
    moves = [deep_bot(None, depth=3).for_game(7)(state, p) for p in (0, 1, 0, 1)]
    assert moves[:2] == moves[2:]
    assert moves[0] in safe_moves(state, 0) and moves[1] in safe_moves(state, 1)


def test_the_bot_refuses_bad_settings() -> None:
    with pytest.raises(InvalidArgumentError, match="needs seconds or depth"):
        deep_bot(None)
    with pytest.raises(InvalidArgumentError, match="simultaneous must be"):
        deep_bot(0.1, simultaneous="decoupled")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="draw must be"):
        deep_bot(0.1, draw=1.5)
    with pytest.raises(InvalidArgumentError, match="depth"):
        deep_bot(0.1, depth=0)


def _digest() -> str:
    """Values of a few positions, for the plain-Python subprocess."""
    out = []
    for seed in range(3):
        for start in (hex_start(seed), square_start("box15")):
            state = _played(start, seed, 6 + seed)
            pos = position(state)
            if pos.options(0) and pos.options(1):
                values, nodes, exact = deep_values(pos, 2, draw=0.03, table=Table(state.grid, 8))
                out.append(repr((values, nodes, exact)))
    return hashlib.sha256("\n".join(out).encode()).hexdigest()


def test_plain_python_gives_the_same_values() -> None:
    engine, digest = plain_python_digest("tests.games.tron.test_deep")
    assert engine == "python"
    assert digest == _digest()
