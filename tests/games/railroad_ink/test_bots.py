"""Railroad Ink bots: legal games from rolled faces only, no peeking at future rolls, seeds."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.railroad_ink import DIE_FACES, SPECIALS, Board, RailroadInk, RailroadInkState, Tile
from games.railroad_ink.bots.learned_rounds import LearnedRoundsBot
from games.railroad_ink.bots.planning import (
    complete,
    look_ahead,
    path_to,
    rank_ends,
    round_ends,
    sample_rolls,
)
from games.railroad_ink.bots.roster import (
    BEST_PLAN_BETA,
    BEST_PLAN_ITERATIONS,
    BOTS,
    BeamBot,
    Bot,
    LookaheadBot,
    MctsBot,
    MonteCarloBot,
    RandomBot,
    RoundView,
    check_bot_name,
    make_bot,
)
from games.railroad_ink.bots.value import HEURISTIC
from games.railroad_ink.records import InkRecord, play, replay
from treesearch import CHANCE
from treesearch.budget import Budget
from treesearch.errors import InvalidArgumentError

BASE = {o: t for t in DIE_FACES + SPECIALS for o in t.orientations()}
"""Every oriented tile -> its face or special in base orientation."""


def rounds_of(record: InkRecord) -> list[int]:
    """The round of each move, checked by replaying the record through the game's states."""
    states = replay(record)
    assert states[-1].board == record.board and states[-1].is_terminal()
    placed = [s for s in states if s.placement is not None]
    assert [str(s.placement) for s in placed] == list(record.moves)
    return list(record.rounds)


def assert_uses_rolled_faces(record: InkRecord) -> None:
    """Each round's faces come from its roll; at most 3 distinct specials, one a round."""
    Board.from_moves(record.moves, strict=True)  # legal move by move
    per_round: dict[int, Counter[Tile]] = {}
    specials: list[tuple[int, Tile]] = []
    for rnd, move in zip(rounds_of(record), record.moves, strict=True):
        base = BASE[Tile.parse(move[2:])]
        if base in SPECIALS:
            specials.append((rnd, base))
        else:
            per_round.setdefault(rnd, Counter())[base] += 1
    for rnd, placed in per_round.items():
        rolled = Counter(Tile.parse(face) for face in record.rolls[rnd - 1])
        assert not placed - rolled, f"round {rnd} placed {placed} from roll {rolled}"
    assert len(specials) <= 3
    assert len({t for _, t in specials}) == len(specials)
    assert len({r for r, _ in specials}) == len(specials)


@pytest.mark.parametrize("dice", ["known", "revealed"])
@pytest.mark.parametrize("bot", BOTS)
def test_every_bot_plays_a_legal_game_from_the_rolled_faces(bot: str, dice: str) -> None:
    seconds = None if bot in ("random", "greedy") else 0.6
    record = play(5, dice, bot, seconds)
    assert_uses_rolled_faces(record)
    assert record.score == record.board.score()
    assert record.seconds > 0


def first_round_moves(bot: Bot, seed: int, roll_from: int) -> list[str]:
    """The moves ``bot`` makes in round 1 of revealed game ``seed`` given ``roll_from``'s roll."""
    game = RailroadInk(seed, "revealed")
    state = game.start().rolled(RailroadInk(roll_from).rolls[0])
    moves = []
    while state.player() == 0 and state.round == 1:
        state = bot.choose(state)
        moves.append(str(state.move))
    return moves


@pytest.mark.parametrize(
    "make",
    [
        lambda: BeamBot(8),
        lambda: MctsBot(iterations=40, seed=3),
        # two ends, one future each: a bot that looked at the game's own rolls instead
        # plays other moves here (checked; a width of 2 or 3 would not tell)
        lambda: LookaheadBot(width=4, ends=2, rolls=1, seed=3),
        lambda: MonteCarloBot(playouts=100, seed=3),
        lambda: MonteCarloBot(playouts=100, seed=3, futures=8),
        lambda: LearnedRoundsBot(width=2, top=4, playouts=4, seed=3),
    ],
    ids=["beam", "mcts", "lookahead", "montecarlo", "montecarlo-crn", "learned-rounds"],
)
def test_revealed_bots_do_not_look_at_future_rolls(make: object) -> None:
    # games 0 and 11 differ after round 1; both are given game 0's first roll
    assert RailroadInk(0).rolls[1:] != RailroadInk(11).rolls[1:]
    assert callable(make)
    assert first_round_moves(make(), 0, 0) == first_round_moves(make(), 11, 0)


def test_best_guides_its_known_dice_plan_by_the_learned_value() -> None:
    known, revealed = make_bot("best", "known"), make_bot("best", "revealed")
    assert isinstance(known, MonteCarloBot) and isinstance(revealed, LearnedRoundsBot)
    assert (known.beta, known.iterations) == (BEST_PLAN_BETA, BEST_PLAN_ITERATIONS) == (1.0, 50)
    plain = make_bot("montecarlo", "known")  # the fixed budget keeps the unguided plan
    assert isinstance(plain, MonteCarloBot) and plain.beta == 0.0
    assert make_bot("montecarlo", "revealed").beta == 0.0


def test_round_view_stops_at_the_next_roll() -> None:
    state = RailroadInk(2, "revealed").start().rolled(RailroadInk(2).rolls[0])
    leaves, todo = 0, [RoundView(state)]
    while todo:
        view = todo.pop()
        children = view.get_children()
        if not children:
            leaves += 1
            assert view.state.player() == CHANCE and view.state.round == 2
        todo.extend(children[:2])
    assert leaves > 0


@pytest.mark.parametrize(
    ("make", "dice"),
    [
        (lambda: RandomBot(seed=4), "known"),
        (lambda: MctsBot(30, seed=4), "known"),
        # futures of two rounds: the seeded sampler still decides (3 of 5 other seeds
        # play other games here, 1 of 5 with futures to the end)
        (lambda: LookaheadBot(width=2, ends=2, rolls=2, seed=4, rounds=2), "revealed"),
    ],
)
def test_bots_are_deterministic_by_seed(make: object, dice: str) -> None:
    assert callable(make)

    def game() -> list[str]:
        bot: Bot = make()
        game = RailroadInk(7, dice)
        state: RailroadInkState = game.start()
        while not state.is_terminal() and len(state.board.order) < 8:
            if state.player() == CHANCE:
                state = state.rolled(game.rolls[state.round - 1])
            else:
                state = bot.choose(state)
        return state.board.to_moves()

    assert game() == game()


def test_lookahead_picks_among_the_round_ends_of_its_beam() -> None:
    game = RailroadInk(3, "revealed")
    state = game.start().rolled(game.rolls[0])
    ends, finished = round_ends(state, 4, HEURISTIC, keep=5)
    assert finished and 1 <= len(ends) <= 5
    assert [v for v, _ in ends] == sorted((v for v, _ in ends), reverse=True)
    for _, end in ends:  # each end awaits round 2's roll and is reached by its path
        assert end.player() == CHANCE and end.round == 2
        assert path_to(state, end)[-1].key() == end.key()
    chosen = rank_ends(ends, random.Random(1), 2, HEURISTIC)
    assert chosen in [end for _, end in ends]
    # futures of one round: the look only ranks the ends, whatever its length (here it
    # picks the third, not the beam's best)
    plan = LookaheadBot(width=4, ends=5, rolls=2, seed=1, rounds=1)._make_plan(state)
    assert plan[-1].key() in {end.key() for _, end in ends}


def test_make_bot_and_choose_check_their_arguments() -> None:
    with pytest.raises(InvalidArgumentError, match=r"got 'bem' \(did you mean 'beam'\?\)"):
        make_bot("bem")
    with pytest.raises(InvalidArgumentError, match=r"bot must be one of .*got 3"):
        check_bot_name(3)
    with pytest.raises(InvalidArgumentError, match=r"seconds must be a finite number > 0.*got 0"):
        make_bot("beam", seconds=0)
    chance = RailroadInk(1, "revealed").start()
    with pytest.raises(InvalidArgumentError, match=r"player 0 moves, got <RailroadInkState"):
        make_bot("greedy").choose(chance)
    assert isinstance(make_bot("best", "known"), MonteCarloBot)
    assert isinstance(make_bot("best", "revealed"), LearnedRoundsBot)
    with pytest.raises(InvalidArgumentError, match=r"rolls must be an int >= 1, got 0"):
        LookaheadBot(rolls=0)
    with pytest.raises(InvalidArgumentError, match=r"pilot must be an int >= 1, got 1.5"):
        LookaheadBot(pilot=1.5)  # type: ignore[arg-type]


def test_look_ahead_plays_sampled_futures_to_the_end_of_the_game() -> None:
    game = RailroadInk(6, "revealed")
    state = game.start().rolled(game.rolls[0])
    (_, end), *_ = round_ends(state, 2, HEURISTIC, keep=1)[0]
    future = sample_rolls(random.Random(5), 6)
    assert future == sample_rolls(random.Random(5), 6)  # the bot's own seeded sampler
    assert all(len(roll) == 4 for roll in future)
    final = look_ahead(end, future, HEURISTIC)
    assert final == int(final)  # a finished game: its exact score, not a heuristic value
    assert look_ahead(end, future[:1], HEURISTIC) != final  # one round on: still a heuristic


def play_out(bot: Bot, seed: int) -> RailroadInkState:
    """A whole known-dice game ``seed`` played by ``bot``: its final state."""
    state = RailroadInk(seed, "known").start()
    while not state.is_terminal():
        state = bot.choose(state)
    return state


def test_known_lookahead_keeps_the_best_game_its_pilots_found() -> None:
    start = RailroadInk(3, "known").start()
    first = complete(start, 1, HEURISTIC)  # the bot's first pilot, from the start
    assert first is not None and first.is_terminal()
    bot = LookaheadBot(width=2, ends=1, pilot=1)
    final = play_out(bot, 3)
    assert final.board.score().total >= first.board.score().total
    Board.from_moves(final.board.to_moves(), strict=True)
    # the same bot on another game forgets the first game's plan and plays legally
    # (game 7: its pilots play it in half the time of game 4)
    other = play_out(bot, 7)
    assert other.game.seed == 7
    Board.from_moves(other.board.to_moves(), strict=True)
    assert play_out(LookaheadBot(width=2, ends=1, pilot=1), 7).board == other.board


def test_complete_plays_known_dice_to_the_end_or_gives_up_on_the_clock() -> None:
    start = RailroadInk(2, "known").start()
    final = complete(start, 1, HEURISTIC)
    assert final is not None and final.is_terminal()
    assert complete(final, 1, HEURISTIC) is final  # a finished game is its own end
    assert complete(start, 8, HEURISTIC, Budget(seconds=1e-6)) is None


def test_known_lookahead_with_a_clock_plays_legally_and_keeps_its_best_game() -> None:
    start = RailroadInk(6, "known").start()
    first = complete(start, 1, HEURISTIC)
    assert first is not None
    # The game is kept only once a pilot finishes: round 1 gets 7/28 of the clock, the start's
    # pilot (0.4-0.7 s here) what its round beam leaves. 2 s left it 0.4 s and failed on a
    # loaded machine; 8 s leaves it about 1.5 s.
    bot = LookaheadBot(width=2, ends=1, pilot=1, seconds=8.0)
    final = play_out(bot, 6)
    assert final.board.score().total >= first.board.score().total
    Board.from_moves(final.board.to_moves(), strict=True)
