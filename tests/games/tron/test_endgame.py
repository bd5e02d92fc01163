"""Separated endgames: the longest path through one's own room, and the bots that play it."""

from __future__ import annotations

import hashlib

import pytest

from games.tron.bots import alphabeta_bot, best_bot, random_bot
from games.tron.endgame import chamber_fill, dive, fill_evaluate, fill_move, guided_fill
from games.tron.grid import hex_grid
from games.tron.state import TronState, hex_start
from games.tron.value import SEPARATED_BASE, evaluate, outlook
from games.tron.voronoi import race, separated
from tests.helpers import plain_python_digest
from treesearch.errors import InvalidArgumentError

# A separated position from a game ``best_bot(0.2)`` lost to a one-ply Voronoi bot in the
# contest's simulator: the race counts 24 cells for the bot and 23 for the opponent, but the
# bot's room has side chambers, and no path through it is longer than 20 moves.
HEADS, FACINGS, TURN = (106, 160), (4, 2), 34
TRAILS = (
    0x800C00C00E00F00F80F80F80F80E00,
    0x1800F00F80E00E00E00E00E00E00E006002000000,
)


def chambers() -> TronState:
    """That position, the bot as player 0."""
    return TronState(hex_grid(13), HEADS, FACINGS, TRAILS, turn=TURN)


def longest_by_brute_force(state: TronState) -> int:
    """The longest path from player 0's head, every path tried (small rooms only)."""
    grid = state.grid

    def walk(cell: int, facing: int, walls: int) -> int:
        best = 0
        for move in (-2, -1, 0, 1, 2):
            d = (facing + move) % 6
            nxt = grid.steps[cell][d]
            if nxt >= 0 and not walls >> nxt & 1:
                best = max(best, 1 + walk(nxt, d, walls | 1 << nxt))
        return best

    return walk(state.heads[0], state.orientations[0], state.walls)


def test_the_room_counts_more_cells_than_any_path_through_it() -> None:
    state = chambers()
    assert separated(state)
    room = race(state).reach[0].bit_count()
    move, length = fill_move(state, 0)
    assert (room, length) == (24, 20)
    assert length == longest_by_brute_force(state)
    assert move in state.legal_moves(0)


def test_small_rooms_are_filled_optimally() -> None:
    checked = 0
    for seed in range(20):
        state = _small_separated(seed)
        if state is None:
            continue
        _, length = fill_move(state, 0)
        assert length == longest_by_brute_force(state), seed
        checked += 1
    assert checked >= 5


def _small_separated(seed: int) -> TronState | None:
    """A separated position of a random game on the 7-cell-wide hexagon, or None."""
    state, bot = hex_start(seed, n=7), random_bot(seed)
    while not state.is_terminal():
        if separated(state):
            return state
        state = state.play(bot(state, 0), bot(state, 1))
    return None


def test_the_chain_of_chambers_lies_between_the_longest_path_and_the_room() -> None:
    state = chambers()
    assert (chamber_fill(state, 0), chamber_fill(state, 1)) == (20, 23)
    checked = 0
    for seed in range(20):
        state = _small_separated(seed)
        if state is None or state.pending is not None:
            continue
        room = race(state).reach[0].bit_count()
        longest = longest_by_brute_force(state)
        assert guided_fill(state, 0) <= longest <= chamber_fill(state, 0) <= room, seed
        checked += 1
    assert checked >= 5


def test_the_chain_reused_across_rooms_counts_as_a_fresh_one() -> None:
    """``_chain`` hands its working arrays back as they came, so one set serves every room."""
    from games.tron import flood
    from games.tron.endgame import _chain, _chambers, chain_work
    from tests.games.tron.test_flood import POSITIONS

    work: dict[int, flood.Array] = {}
    for state in POSITIONS[::3]:
        g = flood.arrays(state.grid)
        marks = flood._open(g.playable, flood._wall_bytes(g, state.walls))
        kept = work.setdefault(state.grid.cells, chain_work(state.grid.cells))
        for head in state.heads:
            assert _chain(g.steps, marks, head, kept) == _chambers(g.steps, marks, head), state
    fresh = chain_work(max(work))  # the arrays read before they are written: as new
    assert all(list(a) == list(b) for a, b in zip(work[max(work)][:4], fresh[:4], strict=True))


def test_the_first_move_keeps_the_longest_chain_of_chambers() -> None:
    """A room where the greedy path (fewest free cells onward) turns into a chamber.

    From a game ``deep_bot(0.2)`` lost to seed 004's bot: separated with 33 moves to 31,
    it filled 22 after the greedy path's first move, when stepping 1 keeps all 33.
    """
    trails = (0x400400400F80D80F80F80780080000, 0x803C0201E01E01901F01C00C000000000000)
    state = TronState(hex_grid(13), (19, 143), (1, 3), trails, turn=26)
    assert separated(state) and chamber_fill(state, 0) == 33
    assert fill_move(state, 0, nodes=1) == (1, 33)


def test_a_node_budget_answers_the_best_path_found() -> None:
    state = chambers()
    move, length = fill_move(state, 0, nodes=1)
    assert move in state.legal_moves(0) and 0 < length <= 20


def test_the_bots_fill_alone_once_separated() -> None:
    state = chambers()
    move, _ = fill_move(state, 0)
    assert alphabeta_bot(None, depth=2, endgame=True)(state, 0) == move
    assert "endgame=True" in repr(alphabeta_bot(None, depth=2, endgame=True))
    assert "endgame=True" in repr(best_bot(0.2))


def _separated_positions() -> list[TronState]:
    """Separated turn starts of seeded random games on the full hexagon, pending children too."""
    out = []
    for seed in range(12):
        state, bot = hex_start(seed), random_bot(seed)
        while not state.is_terminal():
            if separated(state):
                out.append(state)
                out.extend(c for c in state.get_children() if not c.is_terminal())
            state = state.play(bot(state, 0), bot(state, 1))
    return out


def _digest() -> str:
    """The dives, values and chambers of ``_separated_positions`` (the same under both engines)."""
    rows = [
        (dive(s, 0), dive(s, 1), fill_evaluate(s), chamber_fill(s, 0), chamber_fill(s, 1))
        for s in _separated_positions()
    ]
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:16]


def test_a_greedy_path_is_a_path_the_room_holds() -> None:
    positions = _separated_positions()
    assert len(positions) > 20
    for state in positions:
        if state.pending is None:
            _, mine, theirs = outlook(state)
            assert 0 <= dive(state, 0) <= mine and 0 <= dive(state, 1) <= theirs
    state = chambers()
    assert dive(state, 1) == 23 and dive(state, 0) <= fill_move(state, 0)[1]


def test_fill_evaluate_scores_rooms_by_paths_and_the_rest_as_evaluate() -> None:
    state = chambers()
    assert evaluate(state) >= SEPARATED_BASE  # 24 cells against 23: the count says won
    assert fill_evaluate(state) <= -SEPARATED_BASE  # no path of ours is as long as theirs
    assert fill_evaluate(state, 1) == -fill_evaluate(state)
    for seed in range(3):
        s, bot = hex_start(seed), random_bot(seed)
        while not s.is_terminal():
            if not separated(s):
                assert fill_evaluate(s) == evaluate(s)
            s = s.play(bot(s, 0), bot(s, 1))
        assert fill_evaluate(s) == evaluate(s)  # the end: its returns


def test_plain_python_gives_the_same_dives() -> None:
    engine, digest = plain_python_digest("tests.games.tron.test_endgame")
    assert engine == "python"
    assert digest == _digest()


def test_bad_calls_are_named() -> None:
    with pytest.raises(InvalidArgumentError, match="player must be 0 or 1"):
        fill_move(chambers(), 2)
    with pytest.raises(InvalidArgumentError, match="nodes"):
        fill_move(chambers(), 0, nodes=0)
