"""The ``montecarlo`` bot: its candidates, its play-outs, the last round, its decisions."""

from __future__ import annotations

import random

import numpy as np
import pytest

from games._compile import ENGINE
from games.railroad_ink import SPECIALS, Board, RailroadInk, RailroadInkState, play
from games.railroad_ink.bots.montecarlo import (
    EnginePlayouts,
    LastRound,
    MonteCarloBot,
    candidates,
    move_code,
)
from games.railroad_ink.engine.playout import GUIDED
from games.railroad_ink.records import replay
from games.railroad_ink.rules.board import placement_of
from games.railroad_ink.rules.game import END_OF_ROUND
from treesearch import CHANCE
from treesearch.errors import InvalidArgumentError

SPECIAL_TURNS = {o for s in SPECIALS for o in s.orientations()}


def walk_to(seed: int, rnd: int, placed: int, dice: str = "known") -> RailroadInkState:
    """A seeded random game's state in round ``rnd`` once ``placed`` faces are down, no special."""
    rng = random.Random(seed)
    game = RailroadInk(seed, dice)
    state = game.start()
    while not (state.round == rnd and state.faces is not None and 4 - len(state.faces) == placed):
        if state.player() == CHANCE:
            state = state.rolled(game.rolls[state.round - 1])
            continue
        faces = [c for c in state.get_children() if c.used == state.used]
        state = rng.choice(faces)
    return state


def test_candidates_are_meaningful_children_of_faces_only_early() -> None:
    state = RailroadInk(3).start()
    found = candidates(state)
    children = state.get_children()
    assert found and set(found) < set(children)
    assert not any(c.special_now for c in found)  # no special in round 1
    codes = [move_code(c) for c in found]
    assert len(set(codes)) == len(codes) and all(code >= 0 for code in codes)


def test_specials_come_right_after_the_first_face_of_rounds_five_and_six() -> None:
    state = walk_to(5, 5, 1)
    found = candidates(state)
    assert found and all(c.special_now for c in found)
    before = walk_to(5, 4, 1)
    assert not any(c.special_now for c in candidates(before))
    last = walk_to(5, 7, 1)  # the last round may take one, or a face
    kinds = {c.special_now for c in candidates(last, last=True)}
    assert kinds == {True, False}


def test_a_round_where_no_face_fits_ends() -> None:
    state = walk_to(9, 5, 4)  # all four faces placed: specials would fit, the bot ends
    assert state.faces == ()
    found = candidates(state)
    assert [c.move for c in found] == [END_OF_ROUND]


def test_playouts_credit_their_round_and_a_revealed_one_draws_later_rolls() -> None:
    state = walk_to(2, 2, 1, dice="revealed")
    playouts = EnginePlayouts(futures=4)
    playouts.start(state, random.Random(1))
    child = candidates(state)[0]
    value, codes = playouts(child, random.Random(2))
    assert np.isfinite(value)
    assert codes and codes[0] >= 0
    assert all(c // 64 != move_code(child) // 64 for c in codes)  # later squares of the round
    shared = playouts._rolls  # drawn once per decision, the same for every candidate
    assert shared is not None and shared.shape == (4, 7, 4)
    assert (shared[:, :2] == -1).all() and (shared[:, 2:] >= 0).all()  # rounds 3..7 only


def test_the_last_round_is_searched_to_its_best_board() -> None:
    # Dice revealed: with dice known the bot plays its plan, which settles the last round too.
    state = walk_to(4, 7, 1, "revealed")
    bot = MonteCarloBot(seed=0)
    end = state
    while not end.is_terminal():
        end = bot.choose(end)
    finals = [v.state.board.score().total for v in _leaves(LastRound(state))]
    assert len(finals) > 1000  # 9,463 distinct boards end this round
    assert end.board.score().total == max(finals)


def _leaves(view: LastRound) -> list[LastRound]:
    seen, todo, leaves = set(), [view], []
    while todo:
        v = todo.pop()
        if v.key() in seen:
            continue
        seen.add(v.key())
        children = v.get_children()
        if not children:
            leaves.append(v)
        todo.extend(children)
    return leaves


def test_decisions_are_explained_and_seeded() -> None:
    bot = MonteCarloBot(playouts=200, seed=4, keep_best=False, plan=False)
    state = RailroadInk(7).start()
    child = bot.choose(state)
    decision = bot.last_decision
    assert decision[0].state == child
    assert [d.mean for d in decision] == sorted((d.mean for d in decision), reverse=True)
    assert sum(d.count for d in decision) >= 200 + 10 * len(decision)
    again = MonteCarloBot(playouts=200, seed=4, keep_best=False, plan=False).choose(state)
    assert again == child


def test_last_tries_reach_the_play_outs() -> None:
    state = RailroadInk(7, "revealed").start()
    state = state.rolled(state.game.rolls[0])
    best = []
    for tries in (1, 4):
        bot = MonteCarloBot(playouts=300, seed=4, last_tries=tries)
        bot.choose(state)
        best.append(bot.last_decision[0].mean)
    assert best[1] > best[0] + 1  # the last round's best of four lifts every play-out


def test_with_dice_known_the_bot_follows_the_best_game_found() -> None:
    bot = MonteCarloBot(playouts=200, seed=4, plan=False)
    state = RailroadInk(7, "known").start()
    child = bot.choose(state)
    rest = [str(placement_of(m)) for m in bot.playouts.best_game]
    assert len(rest) > 20
    board = Board.from_moves([str(child.placement), *rest], strict=True)
    assert board.score().total == bot.playouts.best_total


@pytest.mark.parametrize("dice", ["known", "revealed"])
def test_a_whole_game_replays_and_names_its_engine(dice: str) -> None:
    record = play(11, dice, "montecarlo", seconds=2.0)
    assert record.engine == ENGINE
    states = replay(record)
    assert states[-1].board.score() == record.score
    specials = [m for m in record.moves if m[2:] in {str(o) for o in SPECIAL_TURNS}]
    assert len(specials) <= 3


def test_without_the_compiled_engine_the_bot_plays_on_a_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from games.railroad_ink.bots import montecarlo

    monkeypatch.setattr(montecarlo, "ENGINE", "python")
    bot = montecarlo.MonteCarloBot()
    assert bot.seconds == montecarlo.PYTHON_SECONDS and bot.engine == "python"
    assert montecarlo.MonteCarloBot(seconds=3.0).seconds == 3.0
    monkeypatch.setattr(montecarlo, "ENGINE", "numba")
    assert montecarlo.MonteCarloBot().seconds is None


@pytest.mark.parametrize("dice", ["known", "revealed"])
def test_first_playouts_follow_the_dice_unless_given(dice: str) -> None:
    from games.railroad_ink.bots import montecarlo

    state = RailroadInk(2, dice).start()
    if dice == "revealed":
        state = state.rolled(state.game.rolls[0])
    bot = MonteCarloBot(playouts=20, seed=1, plan=False)
    bot.choose(state)
    expected = montecarlo.FIRST_KNOWN if dice == "known" else montecarlo.FIRST_PLAYOUTS
    assert bot.search.first == expected
    assert min(c.count for c in bot.last_decision) >= expected
    given = MonteCarloBot(playouts=20, seed=1, first=3, plan=False)
    given.choose(state)
    assert given.search.first == 3


@pytest.mark.parametrize(
    ("knobs", "says"),
    [
        ({"weights": np.zeros((10, 4, 7))}, "shape (7, 4, 10) of finite numbers, got shape (10, 4"),
        ({"weights": np.full((7, 4, 10), np.nan)}, "got a NaN or infinite entry"),
        ({"weights": np.full((7, 4, 10), "x")}, "got dtype <U1"),
        ({"weights": [[0.0]]}, "got list [[0.0]]"),
        ({"futures": 10**9}, "futures must be at most 100000"),
        ({"futures": -1}, "futures must be an int >= 0, got -1"),
    ],
)
def test_bad_arrays_are_refused_before_compiled_code_sees_them(
    knobs: dict[str, object], says: str
) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        MonteCarloBot(**knobs)  # type: ignore[arg-type]
    assert says in str(info.value)
    with pytest.raises(InvalidArgumentError):
        EnginePlayouts(GUIDED, **knobs)  # type: ignore[arg-type]


def test_an_integer_policy_table_is_taken_as_floats() -> None:
    bot = MonteCarloBot(weights=np.zeros((7, 4, 10), dtype=np.int32))
    assert bot.playouts.weights.dtype == np.float64


@pytest.mark.parametrize("dice", ["known", "revealed"])
def test_best_keeps_a_clock_by_default_and_montecarlo_its_fixed_budget(
    dice: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.railroad_ink.bots import montecarlo, roster
    from games.railroad_ink.entry import RAILROAD_INK
    from treesearch.game_entry import BotOptions, GameOptions

    monkeypatch.setattr(montecarlo, "ENGINE", "numba")  # the fixed budget, as compiled
    assert roster.make_bot("best", dice).seconds == roster.BEST_SECONDS == 50.0
    assert roster.make_bot("best", dice, seconds=3.0).seconds == 3.0
    assert roster.make_bot("montecarlo", dice).seconds is None
    assert roster.BotAgent("best", dice)(4).seconds == roster.BEST_SECONDS
    # What 'play railroad-ink --bot best' builds without --bot-seconds, and its forecast.
    start = RailroadInk(0, dice).start()
    entry = RAILROAD_INK.play.bot("best")
    assert entry is not None
    assert entry.make(BotOptions(start=start))(7).seconds == roster.BEST_SECONDS
    forecast = RAILROAD_INK.play.forecast
    assert forecast is not None
    problem = RAILROAD_INK.build(GameOptions(knobs={"dice": dice}))
    assert forecast(problem, "best", None).seconds == roster.BEST_SECONDS


def _tiny(seed: int) -> MonteCarloBot:
    """A montecarlo bot on a tiny fixed budget (a game in a second or two)."""
    return MonteCarloBot(playouts=30, first=2, last_width=40, seed=seed)


def test_a_fixed_playout_budget_replays_the_same_game_by_seed() -> None:
    first, again = (play(21, "revealed", _tiny) for _ in range(2))
    assert first.moves == again.moves and first.score == again.score
    assert first.decisions == again.decisions  # the same play-out counts and means
    other = play(21, "revealed", lambda seed: _tiny(seed + 1))
    assert other.moves != first.moves  # the bot's own seed draws its play-outs


def test_a_clocked_game_gives_every_flat_decision_a_share_of_its_clock() -> None:
    bot = MonteCarloBot(seconds=1.5, seed=2)
    budgets: list[tuple[int, float]] = []
    run = bot.search.run

    def noted(state: RailroadInkState) -> object:
        seconds = bot.search.budget.seconds if bot.search.budget else None
        budgets.append((state.round, seconds or 0.0))
        return run(state)

    bot.search.run = noted  # type: ignore[method-assign]
    record = play(22, "revealed", lambda seed: bot)
    assert record.score == replay(record)[-1].board.score()
    assert len(budgets) >= 20 and all(seconds > 0 for _, seconds in budgets)
    assert record.seconds < 1.5 + 30  # a sanity bound on a shared machine, not a timing
