"""NRPA: it learns (beats random play-outs), adapts as Rosin's pseudo-code says, is seeded,
honours budgets, refuses what it cannot search, and runs on a bundled game."""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.dict_tree import DictTreeIterator
from games.railroad_ink.rules.game import RailroadInk
from games.tictactoe import TicTacToe
from observers import RecordingObserver
from tests.helpers import transcript
from tests.strategies import names, trees
from treesearch import NRPA, Budget, RandomWalk, Status, TreeIterator
from treesearch.errors import InvalidArgumentError, InvalidValueError, MissingCapabilityError
from treesearch.events import Evaluated, Expanded
from treesearch.nrpa import MAX_LEVEL, adapt
from treesearch.values import CHANCE

# -- a puzzle with a known optimum -----------------------------------------------------------


class Digits(TreeIterator):
    """Choose ``depth`` digits 0..3 one by one; the value is their sum (optimum: all 3s)."""

    __slots__ = ("depth", "digits")

    def __init__(self, depth: int = 10, digits: tuple[int, ...] = ()) -> None:
        self.depth, self.digits = depth, digits

    def get_children(self) -> list[Digits]:
        if len(self.digits) >= self.depth:
            return []
        return [Digits(self.depth, (*self.digits, d)) for d in range(4)]

    def key(self) -> tuple[int, ...]:
        return self.digits

    def __repr__(self) -> str:
        return f"Digits({self.digits})"


def digit_sum(state: Digits) -> float:
    return float(sum(state.digits))


def move(state: Digits, child: Digits) -> tuple[int, int]:
    """The move's identity: which position gets which digit."""
    return len(child.digits), child.digits[-1]


def assert_real_path(result: Any, start: Any) -> None:
    """The path runs from ``start`` through real children to ``best``, a leaf."""
    assert result.path[0] is start and result.path[-1] is result.best
    for parent, child in itertools.pairwise(result.path):
        assert child.key() in [c.key() for c in parent.get_children()]
    assert not list(result.best.get_children())


def test_level_2_finds_the_optimum_that_as_many_random_playouts_miss() -> None:
    nrpa = NRPA(level=2, iterations=20, code=move, value=digit_sum, rng=0)
    result = nrpa.run(Digits())
    assert result.value == 30.0 and result.best.digits == (3,) * 10
    assert result.status is Status.EXHAUSTED and result.info["playouts"] == 400
    assert_real_path(result, result.path[0])
    # The same 400 play-outs without learning: level 0, restarted with a fresh policy.
    random = NRPA(level=0, restarts=399, code=move, value=digit_sum, rng=0).run(Digits())
    assert random.info["playouts"] == 400 and random.value is not None
    assert random.value < 30.0
    walks = RandomWalk(episodes=400, value=digit_sum, rng=0).run(Digits())
    assert walks.value is not None and walks.value < 30.0


def test_one_playout_is_level_0() -> None:
    result = NRPA(level=0, code=move, value=digit_sum, rng=0).run(Digits())
    assert result.info["playouts"] == 1 and result.stats.iterations == 1
    assert result.info["policy_size"] == 0 and result.stats.expanded == 11  # 10 moves + leaf
    assert result.value == digit_sum(result.best) < 30.0


# -- adapt, worked by hand -------------------------------------------------------------------


def test_adapt_uses_the_policy_from_before_the_call() -> None:
    # Step 1: children x, y; step 2: children x, z; x then z chosen. With w(x) = ln 3 the
    # probabilities are 3/4 and 1/4 at both steps; x loses 3/4 twice and gains 1 once.
    policy = {"x": math.log(3)}
    adapt(policy, [(["x", "y"], 0), (["x", "z"], 1)], 1.0)
    assert policy == pytest.approx({"x": math.log(3) - 0.5, "y": -0.25, "z": 0.75})
    # Updating in place would have used w(x) = ln 3 + 1/4 at step 2: another answer.


def test_adapt_scales_with_alpha_and_counts_each_child() -> None:
    policy: dict[Any, float] = {}
    adapt(policy, [(["a", "b"], 0), (["c", "d", "e"], 1)], 0.5)
    assert policy == pytest.approx({"a": 0.25, "b": -0.25, "c": -1 / 6, "d": 1 / 3, "e": -1 / 6})
    same: dict[Any, float] = {}
    adapt(same, [(["a", "a"], 0)], 1.0)  # two children with one code: two shares taken
    assert same == pytest.approx({"a": 0.0})


TWO_STEPS = {"a": {"c": {}, "d": {}, "e": {}}, "b": {"c": {}, "d": {}, "e": {}}}


@pytest.mark.parametrize("seed", range(4))
def test_one_iteration_of_level_1_is_one_playout_then_one_adapt(seed: int) -> None:
    root = DictTreeIterator("r", TWO_STEPS)
    named = NRPA(level=1, iterations=1, code=lambda s, c: c.name, value=lambda s: 0.0, rng=seed)
    result = named.run(root)
    first, second = result.path[1].name, result.path[2].name
    golden = {"a": -0.5, "b": -0.5, "c": -1 / 3, "d": -1 / 3, "e": -1 / 3}
    golden[first] += 1.0
    golden[second] += 1.0
    assert result.info["policy"] == pytest.approx(golden)
    assert result.info["policy_size"] == 5


# -- seeds -----------------------------------------------------------------------------------


def _trace(search: NRPA, start: Any) -> list[Any]:
    rec = RecordingObserver()
    search.run(start, observers=[rec])
    return transcript(rec)


@given(trees, st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_same_seed_same_run(tree: dict[str, Any], seed: int) -> None:
    root = DictTreeIterator("r", tree)
    search = NRPA(level=2, iterations=3, value=lambda s: len(s.path), rng=seed)
    assert _trace(search, root) == _trace(search, root)  # an int seed replays each run
    again = NRPA(level=2, iterations=3, value=lambda s: len(s.path), rng=seed)
    assert _trace(again, root) == _trace(search, root)


def test_different_seeds_differ_and_a_generator_is_consumed() -> None:
    ends = {NRPA(level=0, code=move, value=digit_sum, rng=s).run(Digits()).best for s in range(8)}
    assert len({e.digits for e in ends}) > 1
    search = NRPA(level=0, code=move, value=digit_sum, rng=np.random.default_rng(0))
    runs = {search.run(Digits()).best.digits for _ in range(8)}
    assert len(runs) > 1


def test_observers_see_each_playout_and_change_nothing() -> None:
    root = DictTreeIterator("r", {"a": {"x": {}}, "b": {}})
    rec = RecordingObserver()
    watched = NRPA(rec, level=1, iterations=2, value=lambda s: len(s.path), rng=3).run(root)
    plain = NRPA(level=1, iterations=2, value=lambda s: len(s.path), rng=3).run(root)
    assert watched.path == plain.path and watched.value == plain.value
    walk = transcript(rec)
    assert walk[0] == ("visit", "r", 0)
    assert walk.count(("expand", "r", 2)) == 2  # each play-out expands the start
    evaluated = [e.value for e in rec.events if isinstance(e, Evaluated)]
    assert len(evaluated) == 2 and max(evaluated) == watched.value
    improved = [x for x in walk if x[0] == "solved"]
    assert improved and improved[-1][2] == watched.value


# -- budgets and restarts --------------------------------------------------------------------


def _evaluated(rec: RecordingObserver) -> list[float]:
    return [e.value for e in rec.events if isinstance(e, Evaluated)]


@pytest.mark.parametrize(
    ("budget", "reason"),
    [
        (Budget(max_iterations=7), "max_iterations"),
        (Budget(max_nodes=25), "max_nodes"),
    ],
)
def test_a_budget_stops_it_with_the_best_so_far(budget: Budget, reason: str) -> None:
    rec = RecordingObserver()
    search = NRPA(rec, level=2, iterations=10, code=move, value=digit_sum, rng=1, budget=budget)
    result = search.run(Digits())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == reason
    assert result.value == max(_evaluated(rec)) == digit_sum(result.best)
    assert_real_path(result, result.path[0])
    if reason == "max_iterations":
        assert result.info["playouts"] == 7 == len(_evaluated(rec))
    else:
        assert result.stats.expanded <= 25


def test_a_time_budget_restarts_until_it_ends() -> None:
    budget = Budget(seconds=0.2)
    search = NRPA(level=1, iterations=5, restarts=None, code=move, value=digit_sum, budget=budget)
    result = search.run(Digits())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "seconds"
    assert result.info["runs"] >= 2 and result.info["playouts"] >= 10
    assert result.value == digit_sum(result.best)


def test_restarts_start_from_an_empty_policy_and_keep_the_overall_best() -> None:
    rec = RecordingObserver()
    search = NRPA(rec, level=1, iterations=4, restarts=2, code=move, value=digit_sum, rng=5)
    result = search.run(Digits(depth=3))
    assert result.status is Status.EXHAUSTED and result.info["runs"] == 3
    assert result.info["playouts"] == 12 and result.value == max(_evaluated(rec))
    one_run = NRPA(level=1, iterations=4, code=move, value=digit_sum, rng=5).run(Digits(depth=3))
    assert one_run.info["policy"] != result.info["policy"]  # the last run learnt afresh


def test_max_depth_cuts_the_playouts_and_says_so() -> None:
    budget = Budget(max_depth=3)
    search = NRPA(level=1, iterations=5, code=move, value=digit_sum, rng=0, budget=budget)
    result = search.run(Digits())
    assert result.status is Status.BUDGET_REACHED and result.stop_reason == "max_depth"
    assert len(result.path) == 4 and result.stats.max_depth == 3


# -- what it refuses -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("knobs", "named"),
    [
        ({"level": -1}, "level must be an int >= 0, got -1"),
        ({"level": 1.5}, "got 1.5"),
        ({"level": 3000}, "level must be at most 100"),
        ({"iterations": 0}, "iterations must be an int >= 1, got 0"),
        ({"alpha": 0}, "alpha must be a finite number > 0, got 0"),
        ({"alpha": -1.0}, "got -1.0"),
        ({"alpha": math.nan}, "got nan"),
        ({"code": 3}, "code must be a callable (state, child) -> hashable or None, got 3"),
        ({"value": "len"}, "got 'len'"),
        ({"restarts": -1}, "restarts must be an int >= 0 or None, got -1"),
        ({"restarts": None}, "restarts=None restarts until the budget ends the run"),
        ({"rng": -1}, "rng must be"),
    ],
)
def test_bad_knobs_name_the_value(knobs: dict[str, Any], named: str) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        NRPA(**knobs)
    assert named in str(info.value)


def test_the_deepest_level_taken_runs() -> None:
    result = NRPA(level=MAX_LEVEL, iterations=1, code=move, value=digit_sum, rng=0).run(Digits())
    assert result.info["playouts"] == 1 and result.status is Status.EXHAUSTED


def test_a_two_player_game_is_refused() -> None:
    with pytest.raises(MissingCapabilityError, match="needs a single-player tree") as info:
        NRPA(level=1, iterations=2, rng=0).run(TicTacToe())
    assert "player() is 1" in str(info.value) and "MCTS or AlphaBeta" in str(info.value)


def test_chance_states_are_refused() -> None:
    start = RailroadInk(seed=1, dice="revealed").start()
    with pytest.raises(MissingCapabilityError, match="without chance") as info:
        NRPA(level=0, rng=0).run(start)
    assert repr(start) in str(info.value)


class Late(TreeIterator):
    """Choose 0 or 1 ``depth`` times; past move ``turn`` of a line opened by 1, ``who`` moves."""

    __slots__ = ("bits", "depth", "turn", "who")

    def __init__(self, who: int, turn: int = 3, depth: int = 6, bits: tuple[int, ...] = ()) -> None:
        self.who, self.turn, self.depth, self.bits = who, turn, depth, bits

    def get_children(self) -> list[Late]:
        if len(self.bits) >= self.depth:
            return []
        return [Late(self.who, self.turn, self.depth, (*self.bits, b)) for b in (0, 1)]

    def player(self) -> int:
        return self.who if len(self.bits) >= self.turn and self.bits[0] else 0

    def key(self) -> tuple[int, ...]:
        return self.bits

    def returns(self) -> list[float]:
        return [float(sum(self.bits))]

    def __repr__(self) -> str:
        return f"Late({self.bits})"


@pytest.mark.parametrize(("who", "says"), [(CHANCE, "without chance"), (1, "player() is 1")])
def test_chance_or_a_second_player_met_late_is_refused(who: int, says: str) -> None:
    # The first play-out may take a branch where nobody else moves; a later one must not
    # then learn and return the other side's moves as its own.
    refused = 0
    for seed in range(20):
        rec = RecordingObserver()
        try:
            NRPA(rec, level=1, iterations=30, rng=seed).run(Late(who))
        except MissingCapabilityError as exc:
            assert says in str(exc) and "Late((1, " in str(exc)
            refused += 1
        else:  # a run may stay on the 0 side; then it never expanded a foreign state
            expanded = [e.state for e in rec.events if isinstance(e, Expanded) and e.n_children]
            assert all(s.player() == 0 for s in expanded)
    assert refused >= 10


class Keyless(TreeIterator):
    """A two-leaf tree without keys."""

    __slots__ = ("leaf",)

    def __init__(self, leaf: int = -1) -> None:
        self.leaf = leaf

    def get_children(self) -> list[Keyless]:
        return [] if self.leaf >= 0 else [Keyless(0), Keyless(1)]

    def __repr__(self) -> str:
        return f"Keyless({self.leaf})"


def test_code_and_value_are_asked_for_when_there_is_no_default() -> None:
    with pytest.raises(MissingCapabilityError, match=r"needs code=fn\(state, child\)") as info:
        NRPA(level=0, value=lambda s: 0.0).run(Keyless())
    assert "Keyless(-1)" in str(info.value)
    with pytest.raises(MissingCapabilityError, match=r"needs value=fn\(leaf\) -> float"):
        NRPA(level=0, code=lambda s, c: c.leaf).run(Keyless())
    search = NRPA(level=1, iterations=9, code=lambda s, c: c.leaf, value=lambda s: s.leaf, rng=0)
    result = search.run(Keyless())
    assert result.value == result.best.leaf and result.info["policy_size"] == 2


def test_an_unhashable_code_is_named() -> None:
    with pytest.raises(InvalidValueError, match=r"returned \[0\] for the child Keyless\(0\)"):
        NRPA(level=0, code=lambda s, c: [c.leaf], value=lambda s: 0.0).run(Keyless())


def test_a_non_number_value_is_named() -> None:
    with pytest.raises(InvalidValueError, match="returned 'high'"):
        NRPA(level=0, code=lambda s, c: c.leaf, value=lambda s: "high").run(Keyless())


# -- random trees ----------------------------------------------------------------------------


def _score(state: DictTreeIterator) -> float:
    return float(sum(map(ord, "".join(state.path))) % 7)


@given(trees, st.integers(0, 2**32), st.integers(1, 2), st.integers(1, 6))
@settings(max_examples=60, deadline=None)
def test_the_answer_is_a_real_leaf_at_least_as_good_as_a_first_playout(
    tree: dict[str, Any], seed: int, level: int, iterations: int
) -> None:
    root = DictTreeIterator("r", tree)
    result = NRPA(level=level, iterations=iterations, value=_score, rng=seed).run(root)
    assert result.value == _score(result.best)
    assert_real_path(result, root)
    assert result.info["playouts"] == iterations**level
    first = NRPA(level=0, value=_score, rng=seed).run(root)  # the same stream's first play-out
    assert first.value is not None and result.value >= first.value


tiny_trees: st.SearchStrategy[dict[str, Any]] = st.recursive(
    st.just({}), lambda children: st.dictionaries(names, children, max_size=3), max_leaves=6
)


@given(tiny_trees, st.integers(0, 2**32))
@settings(max_examples=40, deadline=None)
def test_restarts_find_a_tiny_tree_s_best_leaf(tree: dict[str, Any], seed: int) -> None:
    # At most 6 leaves: a random play-out reaches any one with probability >= 1/32, so
    # 500 fresh runs all miss it with probability below 1e-6.
    root = DictTreeIterator("r", tree)
    leaves = [s for s in _states(root) if not list(s.get_children())]
    search = NRPA(level=1, iterations=1, restarts=499, value=_score, rng=seed)
    result = search.run(root)
    assert result.info["runs"] == 500 and result.value == max(map(_score, leaves))


def _states(root: DictTreeIterator) -> list[DictTreeIterator]:
    out, todo = [], [root]
    while todo:
        s = todo.pop()
        out.append(s)
        todo.extend(s.get_children())
    return out


# -- a bundled game --------------------------------------------------------------------------


def test_railroad_ink_with_known_dice_end_to_end() -> None:
    start = RailroadInk(seed=1, dice="known").start()
    search = NRPA(level=1, iterations=6, code=lambda s, c: c.move, rng=0)
    result = search.run(start)
    assert result.status is Status.EXHAUSTED and result.info["playouts"] == 6
    assert result.best.is_terminal() and result.value == result.best.returns()[0]
    assert result.path[0] is start and len(result.path) > 20
    moves = [c.move for c in result.path[1:]]
    assert set(result.info["policy"]) >= set(moves)  # every move played was adapted
