"""The engine, the one implementation of the rules: its tables, placements, scores and play-outs.

The placement table against the rule stated plainly for every tile and slot; the move
generator and the play-out score against ``Board``'s view of the same tables (its legal
placements, its recording score) on 2,000 seeded random boards; the children of game
positions; then the plain-Python path run in a subprocess gives the very same numbers. The
scores themselves are checked on hand-worked boards and by brute force in ``test_score``.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import random
from types import SimpleNamespace

import numpy as np
import pytest

from games import _compile as compiled
from games.railroad_ink import SPECIALS, Board, RailroadInk, RailroadInkState, Tile
from games.railroad_ink.bots.policy import load_policy
from games.railroad_ink.engine.placements import add_moves
from games.railroad_ink.engine.playout import (
    END,
    GUIDED,
    NO_MOVE,
    RANDOM,
    UNIFORM,
    best_last_round,
    child_moves,
    playout,
    seed_stream,
    step,
)
from games.railroad_ink.engine.position import NO_POLICY, PIECE_OF, Position
from games.railroad_ink.engine.scoring import score_details, score_parts, total
from games.railroad_ink.engine.tables import (
    LEGAL,
    MEANINGFUL,
    MEANINGFUL_COUNT,
    OT_SIDES,
    PIECES,
    SLOTS,
    TILES,
    slot_digits,
)
from games.railroad_ink.pieces.tiles import OPPOSITE
from games.railroad_ink.rules.board import Placement, placement_of
from games.railroad_ink.rules.game import END_OF_ROUND
from tests.helpers import plain_python_digest
from treesearch import CHANCE
from treesearch.errors import InvalidArgumentError


def random_boards(count: int, seed: int) -> list[Board]:
    """``count`` boards: legal random placements of random pieces, stopped at random lengths."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        board = Board()
        stop = rng.randrange(1, 50)
        while len(board.order) < stop:
            spots = board.legal_placements(rng.choice(PIECES))
            if not spots:
                if not board.has_open_square():
                    break
                continue
            p = rng.choice(spots)
            board = board.place(p.row, p.col, p.tile)
        boards.append(board)
    return boards


def game_positions(games: int, seed: int, dice: str = "known") -> list[RailroadInkState]:
    """Every decision state of ``games`` seeded random games (the seeded rolls at chance)."""
    rng = random.Random(seed)
    found = []
    for g in range(games):
        game = RailroadInk(seed * 1000 + g, dice)
        state = game.start()
        while not state.is_terminal():
            if state.faces is None:
                state = state.rolled(game.rolls[state.round - 1])
                continue
            found.append(state)
            state = rng.choice(state.get_children())
    return found


@functools.cache
def boards() -> list[Board]:
    """The seeded random boards the engine is checked on (built once, when first needed)."""
    return random_boards(800, seed=1)


def engine_placements(board: Board, tile: Tile) -> list[Placement]:
    """Every legal placement of the piece ``tile`` (base orientation), by ``add_moves``."""
    tiles, slots = board.arrays()
    out = np.zeros(4096, dtype=np.int64)
    n = add_moves(tiles, slots, PIECE_OF[tile], False, out, 0)
    return [placement_of(m) for m in out[:n]]


def engine_score(board: Board) -> list[int]:
    """The five parts of ``board``'s score by the play-outs' ``score_parts``."""
    return [int(v) for v in score_parts(board.arrays()[0])[:5]]


def test_the_placement_table_is_the_rule_for_every_tile_and_slot() -> None:
    for t, tile in enumerate(TILES):
        for slot in range(SLOTS):
            met = [d if d in (1, 2) else 0 for d in slot_digits(slot)]  # a route or an exit
            pairs = [(route, m) for route, m in zip(tile.sides, met, strict=True) if route and m]
            legal = bool(pairs) and all(route == m for route, m in pairs)
            assert LEGAL[t, slot] == legal, (str(tile), slot_digits(slot))


@pytest.mark.slow
def test_move_generation_and_the_board_agree_on_800_boards() -> None:
    for board in boards():
        for piece in PIECES:
            assert engine_placements(board, piece) == board.legal_placements(piece), (
                board.to_moves(),
                str(piece),
            )
        s = board.score()
        assert engine_score(board) == [s.exits, s.highway, s.railway, s.center, s.errors], (
            board.to_moves()
        )


def test_children_match_the_rules_in_random_games() -> None:
    moves = np.zeros(4096, dtype=np.int64)
    positions = game_positions(12, seed=2) + game_positions(6, seed=3, dice="revealed")
    assert len(positions) > 400
    for state in positions:
        p = Position.of(state)
        n, can_end = child_moves(p.tiles, p.slots, p.counts, p.used, p.now, moves)
        engine = {str(placement_of(m)) for m in moves[:n]}
        children = state.get_children()
        assert engine == {c.move for c in children if c.placement is not None}
        assert can_end == any(c.move == END_OF_ROUND for c in children)


def test_meaningful_orientations_have_most_matches_then_fewest_errors() -> None:
    for board in boards()[:300]:
        tiles, slots = board.arrays()
        for square in range(49):
            if tiles[square] >= 0:
                continue
            for p, piece in enumerate(PIECES):
                legal = [
                    o for o in piece.orientations() if board.is_legal(square // 7, square % 7, o)
                ]
                rated = [(_matches(board, square, o), -_errors(board, square, o), o) for o in legal]
                best = max((m, e) for m, e, _ in rated) if rated else None
                want = {str(o) for m, e, o in rated if (m, e) == best}
                code = slots[square]
                got = {
                    str(placement_of(square * 64 + MEANINGFUL[p, code, k]).tile)
                    for k in range(MEANINGFUL_COUNT[p, code])
                }
                assert got == want


def _facing(board: Board, square: int, side: int) -> tuple[str, int]:
    """What ``side`` of ``square`` meets: an exit, the edge, a tile's side, or an empty square."""
    row, col = divmod(square, 7)
    r, c = row + (-1, 0, 1, 0)[side], col + (0, 1, 0, -1)[side]
    if not (0 <= r < 7 and 0 <= c < 7):
        from games.railroad_ink import EXITS

        kind = EXITS.get((row, col, side))
        return ("exit", kind) if kind else ("edge", 0)
    held = board.tiles[r * 7 + c]
    return ("empty", 0) if held is None else ("tile", held.sides[OPPOSITE[side]])


def _matches(board: Board, square: int, tile: Tile) -> int:
    found = 0
    for side, route in enumerate(tile.sides):
        what, value = _facing(board, square, side)
        found += bool(route) and what in ("exit", "tile") and value == route
    return found


def _errors(board: Board, square: int, tile: Tile) -> int:
    found = 0
    for side, route in enumerate(tile.sides):
        what, value = _facing(board, square, side)
        if what in ("exit", "tile"):
            found += (not route and value > 0) or (bool(route) and what == "tile" and value == 0)
    return found


@pytest.mark.parametrize("policy", [UNIFORM, RANDOM, GUIDED])
@pytest.mark.parametrize("dice", ["known", "revealed"])
def test_playouts_are_legal_games_scored_exactly(policy: int, dice: str) -> None:
    weights = np.random.default_rng(0).normal(size=NO_POLICY.shape)
    for seed in range(15):
        state = RailroadInk(seed, dice).start()
        if dice == "revealed":
            state = state.rolled(state.game.rolls[0])
        p = Position.of(state)
        record = np.zeros(64, dtype=np.int64)
        shaped, total, first, placed = playout(
            p.arrays,
            policy,
            weights,
            seed_stream(seed),
            record,
            p.round,
        )
        moves = [str(placement_of(m)) for m in record[:placed]]
        board = Board.from_moves(moves, strict=True)
        assert board.score().total == total
        assert 0 < first <= placed
        assert list(board.arrays()[0]) == list(p.tiles)
        specials = [m for m in moves if Tile.parse(m[2:]) in _SPECIAL_TURNS]
        assert len(specials) <= 3
        if dice == "known":  # every face placed came from its round's roll: replay the game
            _replays(state, moves)
        assert np.isfinite(shaped)


_SPECIAL_TURNS = {o for s in SPECIALS for o in s.orientations()}


def _replays(state: RailroadInkState, moves: list[str]) -> None:
    """The moves are a path through the game's children (ending rounds where needed)."""
    for move in moves:
        children = state.get_children()
        found = [c for c in children if c.move == move]
        while not found:
            state = next(c for c in children if c.placement is None)
            children = state.get_children()
            found = [c for c in children if c.move == move]
        state = found[0]


def test_random_and_guided_play_specials_only_late_after_one_face() -> None:
    for seed in range(10):
        state = RailroadInk(seed).start()
        p = Position.of(state)
        record = np.zeros(64, dtype=np.int64)
        *_, placed = playout(
            p.arrays,
            RANDOM,
            NO_POLICY,
            seed_stream(seed),
            record,
            p.round,
        )
        board = Board.from_moves([str(placement_of(m)) for m in record[:placed]])
        rounds = _rounds(state, board)
        for index, rnd in zip(board.order, rounds, strict=True):
            if board.tiles[index] in _SPECIAL_TURNS:
                assert rnd >= 5


def _rounds(state: RailroadInkState, board: Board) -> list[int]:
    found = []
    for square in board.order:
        move = f"{square // 7}{square % 7}{board.tiles[square]}"
        children = state.get_children()
        nxt = [c for c in children if c.move == move]
        while not nxt:
            state = next(c for c in children if c.placement is None)
            children = state.get_children()
            nxt = [c for c in children if c.move == move]
        found.append(state.round)
        state = nxt[0]
    return found


def test_step_answers_no_move_at_a_round_end_and_end_where_the_rules_offer_it() -> None:
    board = Board.from_moves(["01D_D_"])
    tiles, slots = board.arrays()
    moves = np.zeros(4096, dtype=np.int64)
    counts = np.zeros(9, dtype=np.int64)  # every face placed
    stream = seed_stream(3)
    for policy in (RANDOM, GUIDED):
        assert step((tiles, slots, 3, counts, 4, 0, False), policy, NO_POLICY, stream, moves) == (
            NO_MOVE
        )
    seen = {
        step((tiles, slots, 3, counts, 4, 0, False), UNIFORM, NO_POLICY, stream, moves)
        for _ in range(400)
    }
    assert END in seen and len(seen) > 2  # the end, or one of the specials' placements


def test_the_same_stream_gives_the_same_playout() -> None:
    state = RailroadInk(4, "revealed").start()
    state = state.rolled(state.game.rolls[0])
    results = []
    for _ in range(2):
        p = Position.of(state)
        record = np.zeros(64, dtype=np.int64)
        out = playout(
            p.arrays,
            RANDOM,
            NO_POLICY,
            seed_stream(9),
            record,
            p.round,
        )
        results.append((out, list(record)))
    assert results[0] == results[1]
    assert state.random_playout(random.Random(5)) == state.random_playout(random.Random(5))


def test_the_error_weight_takes_the_final_errors_off_the_shaped_score() -> None:
    state = RailroadInk(6, "revealed").start()
    state = state.rolled(state.game.rolls[0])
    found = []
    for weight in (0.0, 0.5):
        p = Position.of(state)
        record = np.zeros(64, dtype=np.int64)
        shaped, total, _, placed = playout(
            p.arrays, GUIDED, load_policy(), seed_stream(3), record, 1, weight
        )
        errors = score_parts(p.tiles)[4]
        found.append((shaped, total, record[:placed].tolist(), errors))
    (plain, total, moves, errors), (weighted, total2, moves2, errors2) = found
    assert (total2, moves2, errors2) == (total, moves, errors)  # the same game
    assert errors > 0 and weighted == pytest.approx(plain - 0.5 * errors)


def _last_round(seed: int) -> RailroadInkState:
    """A revealed game, placed at random (no specials), at its last round's roll."""
    rng = random.Random(seed)
    game = RailroadInk(seed, "revealed")
    state = game.start()
    while not (state.round == 7 and state.faces is not None and len(state.faces) == 4):
        if state.player() == CHANCE:
            state = state.rolled(game.rolls[state.round - 1])
        else:
            state = rng.choice([c for c in state.get_children() if c.used == state.used])
    return state


def _try_last_round(
    state: RailroadInkState, stream: np.ndarray, tries: int
) -> tuple[int, list[int]]:
    p = Position.of(state)
    moves = np.zeros(4096, dtype=np.int64)
    record = np.zeros(64, dtype=np.int64)
    n = best_last_round(
        p.tiles, p.slots, p.counts, p.used, GUIDED, load_policy(), stream, moves, record, tries
    )
    return int(total(p.tiles)), record[:n].tolist()


def test_the_last_round_played_several_times_keeps_its_best_try() -> None:
    state = _last_round(5)
    stream = seed_stream(2)
    singles = [_try_last_round(state, stream, 1) for _ in range(6)]  # the same numbers ...
    kept = _try_last_round(state, seed_stream(2), 6)  # ... as six tries at once
    assert kept == max(singles, key=lambda t: t[0])  # the first of the best
    assert len({score for score, _ in singles}) > 1  # the tries differ: keeping one matters
    moves = [*state.board.to_moves(), *(str(placement_of(m)) for m in kept[1])]
    assert Board.from_moves(moves, strict=True).score().total == kept[0]


def test_play_outs_that_try_the_last_round_more_score_more() -> None:
    state = RailroadInk(8, "revealed").start()
    state = state.rolled(state.game.rolls[0])
    mean = {}
    for tries in (1, 4):
        totals = []
        for seed in range(150):
            p = Position.of(state)
            record = np.zeros(64, dtype=np.int64)
            _, score, _, placed = playout(
                p.arrays, GUIDED, load_policy(), seed_stream(seed), record, 1, 0.0, tries
            )
            totals.append(score)
            if seed < 3:  # the recorded game, kept last round included, is the scored one
                moves = [str(placement_of(m)) for m in record[:placed]]
                assert Board.from_moves(moves, strict=True).score().total == score
        mean[tries] = float(np.mean(totals))
    assert mean[4] > mean[1] + 1.0


def test_a_revealed_position_knows_no_later_roll() -> None:
    state = RailroadInk(4, "revealed").start()
    state = state.rolled(state.game.rolls[0])
    p = Position.of(state)
    assert (p.rolls == -1).all()
    assert p.counts.sum() == 4 and p.round == 1
    known = Position.of(RailroadInk(4).start())
    assert (known.rolls >= 0).all()


def test_the_engine_refuses_free_play_and_foreign_tiles() -> None:
    with pytest.raises(InvalidArgumentError, match="free play"):
        Position.of(RailroadInk(dice="free").start())
    odd = Board.from_moves(["01D___"], strict=False)
    game = SimpleNamespace(dice="revealed", rolls=())
    state = SimpleNamespace(board=odd, round=1, faces=None, special_now=False, used=0, game=game)
    with pytest.raises(InvalidArgumentError, match="D___"):
        Position.of(state)


def _digest() -> str:
    """A fingerprint of the engine's answers on fixed boards and play-outs."""
    out = []
    moves = np.zeros(4096, dtype=np.int64)
    for board in random_boards(24, seed=7):
        tiles, slots = board.arrays()
        for piece in range(15):
            n = add_moves(tiles, slots, piece, piece % 2 == 0, moves, 0)
            out.append([int(m) for m in moves[:n]])
        out.append(list(engine_score(board)))
        _, roots, exits, errors, highway, railway = score_details(board.arrays()[0])
        out.append([a.tolist() for a in (roots, exits, errors, highway, railway)])
    weights = np.arange(np.prod(NO_POLICY.shape), dtype=np.float64).reshape(NO_POLICY.shape)
    for seed in range(4):
        for policy in (UNIFORM, RANDOM, GUIDED):
            p = Position.of(RailroadInk(seed).start())
            record = np.zeros(64, dtype=np.int64)
            shaped, score, first, placed = playout(
                p.arrays,
                policy,
                weights,
                seed_stream(seed),
                record,
                p.round,
                0.0,
                1 + seed % 3,  # the last round tried 1, 2 or 3 times
            )
            out.append([float(shaped), int(score), int(first), [int(m) for m in record[:placed]]])
    return hashlib.sha256(json.dumps(out).encode()).hexdigest()


def test_plain_python_gives_the_same_answers_as_the_compiled_engine() -> None:
    engine, digest = plain_python_digest("tests.games.railroad_ink.test_engine")
    assert engine == "python"
    assert digest == _digest()


def test_the_engine_in_use_is_reported() -> None:
    assert compiled.ENGINE in ("numba", "python")
    try:
        import numba  # noqa: F401
    except ImportError:
        assert compiled.ENGINE == "python"
    else:
        expected = "python" if os.environ.get("TREESEARCH_ENGINE") else "numba"
        assert expected == compiled.ENGINE


def test_piece_numbers_cover_faces_then_specials() -> None:
    assert [PIECE_OF[p] for p in PIECES] == list(range(15))
    assert OT_SIDES.shape[1] == 4
