"""Railroad Ink as TreeIterators: modes, round structure, specials, searches running on it."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest

from games.railroad_ink import (
    DIE_FACES,
    EXITS,
    HIGHWAY,
    MAX_SPECIALS,
    REWARD_SCALE,
    SPECIALS,
    Board,
    RailroadInk,
    RailroadInkState,
    Tile,
)
from games.railroad_ink.pieces.dice import canonical, round_outcomes
from games.railroad_ink.rules.game import END_OF_ROUND
from games.railroad_ink.rules.rounds import (
    face_placements,
    free_placements,
    settle,
    special_placements,
)
from treesearch import CHANCE, MCTS, TERMINAL, RandomWalk, check_iterator
from treesearch.errors import InvalidArgumentError

BASE = {o: t for t in DIE_FACES + SPECIALS for o in t.orientations()}
"""Every oriented tile -> its face or special in base orientation."""


def walk(seed: int, dice: str = "known", rng: int = 0) -> list[RailroadInkState]:
    """The states of one random game, start to end."""
    result = RandomWalk(rng=rng).run(RailroadInk(seed=seed, dice=dice).start())
    path: list[RailroadInkState] = list(result.path)
    assert path[-1].is_terminal()
    return path


@pytest.mark.parametrize(("dice", "states", "walks"), [("known", 20, 2), ("revealed", 10, 2)])
def test_check_iterator_is_clean(dice: str, states: int, walks: int) -> None:
    report = check_iterator(
        RailroadInk(seed=3, dice=dice).start(), max_states=states, walks=walks, rng=1
    )
    assert report.keyed
    assert report.terminals >= walks  # every walk played a whole game
    assert report.max_depth >= 20


def test_check_iterator_is_clean_in_free_play() -> None:
    # check_iterator expands every child of every state it checks: free play branches into
    # hundreds of placements early, so check the start briefly and a late position fully
    game = RailroadInk(dice="free")
    assert check_iterator(game.start(), max_states=2, walks=0).states_checked == 2
    late = walk(0, dice="free", rng=5)[-8]
    report = check_iterator(late, max_states=20, walks=3, rng=1)
    assert report.keyed and report.terminals >= 3


def test_bad_arguments_are_named() -> None:
    with pytest.raises(InvalidArgumentError, match=r"dice must be one of .*got 'loaded'"):
        RailroadInk(dice="loaded")
    with pytest.raises(InvalidArgumentError, match="seed must be an int >= 0, got -2"):
        RailroadInk(seed=-2)
    with pytest.raises(InvalidArgumentError, match="game must be a RailroadInk"):
        RailroadInkState("known")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="needs dice='free'"):
        RailroadInkState(RailroadInk(), Board())


def test_the_constructor_gives_the_start_or_a_free_position() -> None:
    game = RailroadInk(seed=4)
    assert RailroadInkState(game) == game.start()
    board = Board.from_moves(["01D_D_"])
    free = RailroadInkState(RailroadInk(dice="free"), board)
    assert free.board is board
    assert all(str(c.board.tiles[1]) == "D_D_" for c in free.get_children())


def test_known_mode_is_deterministic_by_seed() -> None:
    def first_moves(seed: int) -> list[str | None]:
        return [c.move for c in RailroadInk(seed=seed).start().get_children()]

    assert first_moves(7) == first_moves(7)
    assert first_moves(7) != first_moves(8)
    start = RailroadInk(seed=7).start()
    assert start.faces == canonical(RailroadInk(seed=7).rolls[0])
    assert start.player() == 0


def test_first_children_place_any_face_then_every_special() -> None:
    start = RailroadInk(seed=1).start()
    children = start.get_children()
    faces = start.faces
    assert faces is not None and len(set(faces)) == 4
    face_moves = [c.move for c in children if not c.special_now]
    assert face_moves == [str(p) for f in faces for p in start.board.legal_placements(f)]
    special_moves = [c.move for c in children if c.special_now]
    assert special_moves == [str(p) for _, p in special_placements(start.board, 0)]
    assert len(special_moves) > 0  # round 1: specials fit at exits
    assert all(c.faces == faces for c in children if c.special_now)
    for c in children:
        if not c.special_now:
            placed = BASE[c.board.tiles[c.board.order[-1]]]  # type: ignore[index]
            assert Counter(c.faces) + Counter([placed]) == Counter(faces)


def test_a_random_game_is_legal_and_uses_only_the_rolled_faces_and_few_specials() -> None:
    for seed in range(3):  # game 0 skips a face that fits nowhere; all three use 3 specials
        path = walk(seed, rng=seed)
        end = path[-1]
        rolls = RailroadInk(seed=seed).rolls
        moves = [s.move for s in path[1:]]
        assert all(isinstance(m, str) for m in moves)
        placements = [str(s.placement) for s in path[1:] if s.placement is not None]
        assert placements == [m for m in moves if m != END_OF_ROUND]
        replayed = Board.from_moves(placements, strict=True)
        assert replayed == end.board
        assert end.round == 8 and end.player() == TERMINAL and end.get_children() == []
        specials: list[Tile] = []
        placed_faces = 0
        for rnd in range(1, 8):
            # the states entered by this round's moves; the round ends at the next state
            # whose round is higher, and its board is the board at the round's end
            tiles = [
                BASE[end.board.tiles[s.board.order[-1]]]  # type: ignore[index]
                for parent, s in pairwise(path)
                if parent.round == rnd and s.placement
            ]
            used = [t for t in tiles if t in SPECIALS]
            assert len(used) <= 1, f"seed {seed} round {rnd}: specials {used}"
            specials += used
            faces = Counter(t for t in tiles if t not in SPECIALS)
            rolled = Counter(rolls[rnd - 1])
            assert not faces - rolled, f"seed {seed} round {rnd}: {faces} not in {rolled}"
            placed_faces += sum(faces.values())
            board_at_end = next(s.board for s in path if s.round > rnd)
            for face in (rolled - faces).elements():  # skipped: must fit nowhere then
                assert board_at_end.legal_placements(face) == []
        assert len(specials) == len(set(specials)) <= MAX_SPECIALS
        assert set(specials) == set(end.specials_used)
        assert placed_faces + end.skipped == 28


def test_specials_stop_after_one_a_round_and_three_a_game() -> None:
    state = RailroadInk(seed=2).start()
    seen_rounds = set()
    while not state.is_terminal():
        children = state.get_children()
        specials = [c for c in children if c.used != state.used]
        if state.special_now or len(state.specials_used) == MAX_SPECIALS:
            assert specials == []
        if specials and state.round not in seen_rounds:
            seen_rounds.add(state.round)
            state = specials[0]
        else:
            state = children[-1] if not specials else children[0]
    assert len(state.specials_used) == MAX_SPECIALS


def test_returns_are_the_score_scaled_and_players_follow_the_game() -> None:
    end = walk(11)[-1]
    total = end.board.score().total
    assert end.returns() == (max(-1.0, min(1.0, total / REWARD_SCALE)),)
    assert -1.0 <= end.returns()[0] <= 1.0
    assert str(end).endswith("faces skipped") or "game over" in str(end)


def test_revealed_mode_rolls_at_chance_states() -> None:
    game = RailroadInk(seed=6, dice="revealed")
    start = game.start()
    assert start.player() == CHANCE and start.faces is None and start.round == 1
    outcomes = start.chance_outcomes()
    assert len(outcomes) == len(round_outcomes()) == 168
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert [c for c, _ in outcomes] == start.get_children()
    child = start.rolled([str(t) for t in game.rolls[0]])
    assert child.player() == 0 and child.faces == canonical(game.rolls[0])
    assert child.move == " ".join(str(t) for t in canonical(game.rolls[0]))
    assert "(not rolled yet)" in str(start)
    with pytest.raises(InvalidArgumentError, match="not a roll"):
        start.rolled(["D_D_", "D_D_", "D_D_", "D_D_"])
    with pytest.raises(InvalidArgumentError, match="needs a chance state"):
        child.rolled(game.rolls[0])
    assert child.chance_outcomes() == []


def test_revealed_rounds_end_at_a_chance_state() -> None:
    path = walk(5, dice="revealed")
    chance = [s for s in path if s.player() == CHANCE]
    assert [s.round for s in chance] == list(range(1, 8))
    assert all(s.special_now is False for s in chance)


def test_free_play_ends_when_nothing_fits() -> None:
    path = walk(0, dice="free", rng=3)
    end = path[-1]
    assert end.round == 0 and end.player() == TERMINAL
    assert free_placements(end.board) == []  # nothing fits anywhere: the game is over
    assert not end.board.open_squares()
    moves = [s.move for s in path[1:] if s.move is not None]
    assert Board.from_moves(moves, strict=True) == end.board
    assert len(moves) > 20
    assert "free play" in str(end)


def test_keys_merge_transpositions_and_ignore_history() -> None:
    start = RailroadInk(seed=1).start()
    children = start.get_children()
    face = next(c for c in children if not c.special_now)
    special = next(
        c
        for c in children
        if c.special_now
        and c.board.order[0] // 7 != face.board.order[0] // 7
        and c.board.order[0] % 7 != face.board.order[0] % 7
    )
    a = next(c for c in face.get_children() if c.move == special.move)
    b = next(c for c in special.get_children() if c.move == face.move)
    assert a == b and a.key() == b.key() and hash(a) == hash(b)
    assert a != face and a.key() != RailroadInk(seed=2).start().key()


@pytest.mark.parametrize("dice", ["known", "revealed"])
def test_mcts_runs_unchanged(dice: str) -> None:
    start = RailroadInk(seed=5, dice=dice).start()
    if dice == "revealed":  # the first roll is a chance state: MCTS would choose nothing there
        assert MCTS(iterations=20, rng=0).run(start).best is None
        start = start.get_children()[0]  # one roll cast: the player places its faces
    result = MCTS(iterations=50, rng=0).run(start)
    assert result.best in start.get_children()
    assert result.value is not None and -1.0 <= result.value <= 1.0
    assert result.stats.iterations == 50


def dead_ends(kind: str) -> Board:
    """A board (free placement) with a one-sided tile on every exit of ``kind`` ("D", "L")."""
    moves = []
    for (row, col, side), value in EXITS.items():
        letter = "D" if value == HIGHWAY else "L"
        if letter in kind:
            sides = ["_"] * 4
            sides[side] = letter
            moves.append(f"{row}{col}{''.join(sides)}")
    return Board.from_moves(moves, strict=False)


def test_a_face_that_fits_nowhere_waits_while_another_fits() -> None:
    board = dead_ends("D")  # only railway exits are left open
    faces = canonical([Tile.parse("D_D_"), Tile.parse("L_L_")])
    found = face_placements(board, faces)
    assert [k for k, _ in found] == [1]  # the highway waits, the railway may go
    assert found[0][1] == board.legal_placements(Tile.parse("L_L_"))
    settled = settle(board, 2, faces, 5, True, 0, None)
    assert (settled.round, settled.faces, settled.skipped) == (2, faces, 5)
    assert settled.spots == found and settled.specials is None


def test_rounds_where_nothing_fits_are_skipped_and_counted() -> None:
    board = dead_ends("DL")  # no open square at all
    rolls = RailroadInk(seed=9).rolls
    faces = canonical(rolls[2])
    known = settle(board, 3, faces, 1, True, 0, rolls)
    assert (known.round, known.faces, known.skipped, known.spots) == (8, (), 1 + 5 * 4, ())
    revealed = settle(board, 3, faces, 1, True, 0, None)  # the next roll is awaited
    assert (revealed.round, revealed.faces, revealed.skipped) == (4, None, 5)
    assert revealed.special_now is False  # a new round may have its special
