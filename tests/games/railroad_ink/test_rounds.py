"""The round rules: faces in any order, skips only when nothing fits, specials at any point.

Perft-style: from fixed positions, the placement sequences to the end of the round and the
distinct boards they reach are counted twice, by the game's own children and by a brute force
that reads the rules' text independently (every order of the faces, each placed where it fits,
at most one special slipped in anywhere; a sequence may stop only where no face left fits).
"""

from __future__ import annotations

import itertools
import random

import pytest

from games.railroad_ink import MAX_SPECIALS, SPECIALS, Board, RailroadInk, RailroadInkState, Tile
from games.railroad_ink.rules.game import END_OF_ROUND
from treesearch import check_iterator

End = tuple[tuple[Tile | None, ...], int]


def position(
    seed: int, rnd: int, placed: int, specials: bool = False, dice: str = "known"
) -> RailroadInkState:
    """A state of game ``seed`` in round ``rnd`` once ``placed`` faces of it are down.

    Reached by a seeded random walk (the game's own rolls at chance states) that places no
    special unless ``specials``.
    """
    rng = random.Random(seed)
    game = RailroadInk(seed, dice)
    state = game.start()
    while not (state.round == rnd and state.faces is not None and 4 - len(state.faces) >= placed):
        if state.faces is None:
            state = state.rolled(game.rolls[state.round - 1])
            continue
        children = [c for c in state.get_children() if specials or c.used == state.used]
        state = rng.choice(children)
    return state


def by_children(state: RailroadInkState) -> tuple[int, set[End]]:
    """Paths to the end of ``state``'s round through its children, and the boards they end on."""
    rnd, paths, ends = state.round, 0, set()
    todo = [state]
    while todo:
        s = todo.pop()
        if s.round != rnd or s.is_terminal():
            paths += 1
            ends.add((s.board.tiles, s.used))
        else:
            todo.extend(s.get_children())
    return paths, ends


def by_brute_force(state: RailroadInkState) -> tuple[int, set[End]]:
    """The same from the rules' text alone, with ``Board`` legality and nothing of ``rounds``."""
    faces = list(state.faces or ())
    allowed = not state.special_now and bin(state.used).count("1") < MAX_SPECIALS
    unused = [i for i in range(len(SPECIALS)) if allowed and not state.used >> i & 1]
    sequences: set[tuple[str, ...]] = set()
    ends: set[End] = set()

    def extend(
        board: Board, left: list[Tile], special: bool, seq: tuple[str, ...], used: int
    ) -> None:
        if all(not board.legal_placements(face) for face in left):  # the round may end here
            sequences.add(seq)
            ends.add((board.tiles, used))
        if left:
            for p in board.legal_placements(left[0]):
                extend(board.place(p.row, p.col, p.tile), left[1:], special, (*seq, str(p)), used)
        if not special:
            for i in unused:
                for p in board.legal_placements(SPECIALS[i]):
                    extend(
                        board.place(p.row, p.col, p.tile), left, True, (*seq, str(p)), used | 1 << i
                    )

    for order in set(itertools.permutations(faces)):
        extend(state.board, list(order), False, (), state.used)
    return len(sequences), ends


@pytest.mark.parametrize(
    ("seed", "rnd", "placed", "specials", "paths", "boards"),
    [
        (4, 6, 2, False, 22286, 5904),  # two faces left, a special still allowed
        (9, 5, 4, False, 93, 93),  # every face placed: a special, or the end of the round
        (2, 7, 3, False, 442, 262),  # the last face of the game
        (3, 4, 1, True, 2952, 772),  # three faces left, all three specials spent
    ],
)
def test_round_counts_match_an_independent_brute_force(
    seed: int, rnd: int, placed: int, specials: bool, paths: int, boards: int
) -> None:
    state = position(seed, rnd, placed, specials)
    assert specials == (bin(state.used).count("1") == MAX_SPECIALS)
    found = by_children(state)
    assert (found[0], len(found[1])) == (paths, boards)
    assert by_brute_force(state) == found


def test_any_face_may_go_first_and_orders_meet_in_one_state() -> None:
    start = RailroadInk(seed=1).start()
    faces = start.faces
    assert faces is not None
    firsts = {Tile.parse(c.move[2:]) for c in start.get_children() if not c.special_now}
    assert {o for f in faces for o in f.orientations()} >= firsts
    assert {next(f for f in faces if t in f.orientations()) for t in firsts} == set(faces)
    # two faces on two squares, in both orders: the same state (a transposition)
    a = next(c for c in start.get_children() if c.move == "01DDD_")
    b = next(c for c in start.get_children() if c.move == "03L_L_")
    ab = next(c for c in a.get_children() if c.move == "03L_L_")
    ba = next(c for c in b.get_children() if c.move == "01DDD_")
    assert ab == ba and ab.key() == ba.key() and ab.faces == ba.faces


def test_a_special_may_come_after_the_last_face_or_the_round_may_end() -> None:
    state = position(9, 5, 4)  # all four faces of round 5 are down, no special used yet
    assert state.faces == () and state.round == 5 and not state.special_now
    children = state.get_children()
    ends = [c for c in children if c.placement is None]
    assert [c.move for c in ends] == [END_OF_ROUND]
    assert ends[0].round == 6 and not ends[0].special_now and ends[0].skipped == state.skipped
    specials = [c for c in children if c.placement is not None]
    assert specials and all(c.used != state.used for c in specials)
    assert all(c.round == 6 for c in specials)  # one special this round: it ends by itself


def test_without_a_special_to_place_a_round_ends_by_itself() -> None:
    state = position(2, 7, 3)  # one face left in the last round
    assert state.faces is not None and len(state.faces) == 1
    for child in state.get_children():
        if child.placement is not None and not child.special_now:
            assert child.round == 7 or child.is_terminal()


@pytest.mark.parametrize("dice", ["known", "revealed"])
def test_check_iterator_is_clean_late_in_a_game(dice: str) -> None:
    state = position(4, 6, 2, dice=dice)
    report = check_iterator(state, max_states=200, walks=5, rng=2)
    assert report.keyed and report.terminals >= 5
