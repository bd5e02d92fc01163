"""One contract, one home (``treesearch._contract``): the checkers and the searches agree.

``check_iterator``, ``check_random_play`` and ``values.player_of`` / ``returns_of`` used to
carry their own copies of the player, key, rewards and chance checks, and they drifted: a
``numpy.int64`` player passed ``check_iterator`` and MCTS but failed ``check_random_play``.
Each test below pins one rule on every checker at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tests.games_util import Gamble
from treesearch import (
    CHANCE,
    MCTS,
    TERMINAL,
    AlphaBeta,
    InvalidArgumentError,
    TreeIterator,
    _contract,
    check_iterator,
    values,
)
from treesearch.checks import check_random_play
from treesearch.errors import IteratorContractError
from treesearch.values import player_of, returns_of

Answer = Callable[["Take"], Any]


def _index(s: Take) -> Any:
    return TERMINAL if s.stones == 0 else s.to_move


def _rewards(s: Take) -> Any:
    return (1.0, -1.0) if s.to_move == 1 else (-1.0, 1.0)  # the mover took the last stone


class Take(TreeIterator):
    """Take 1 or 2 stones; taking the last one wins (from 4, player 0 wins by taking 1).

    ``player_as`` and ``returns_as`` make what ``player()`` and ``returns()`` answer, so one
    game shows each rule: numpy answers pass everywhere, broken ones are named everywhere.
    """

    __slots__ = ("move", "player_as", "returns_as", "stones", "to_move")

    def __init__(
        self,
        stones: int = 4,
        to_move: int = 0,
        move: int | None = None,
        *,
        player_as: Answer = _index,
        returns_as: Answer = _rewards,
    ) -> None:
        self.stones, self.to_move, self.move = stones, to_move, move
        self.player_as, self.returns_as = player_as, returns_as

    def get_children(self) -> list[Take]:
        return [
            type(self)(
                self.stones - k,
                1 - self.to_move,
                k,
                player_as=self.player_as,
                returns_as=self.returns_as,
            )
            for k in (1, 2)
            if k <= self.stones
        ]

    def player(self) -> Any:
        return self.player_as(self)

    def returns(self) -> Any:
        return self.returns_as(self)

    def key(self) -> Any:
        return (self.stones, self.to_move)

    def __repr__(self) -> str:
        return f"Take({self.stones}, to_move={self.to_move})"


NUMPY_PLAYERS = Take(player_as=lambda s: np.int64(_index(s)))
NUMPY_RETURNS = Take(returns_as=lambda s: tuple(map(np.float64, _rewards(s))))
NUMPY_EVERYTHING = Take(
    player_as=lambda s: np.int32(_index(s)),
    returns_as=lambda s: np.array(_rewards(s), dtype=np.float32),
)


def _mcts(state: Any) -> Any:
    return MCTS(iterations=20, rng=0).run(state)


def _random_play(state: Any) -> Any:
    return check_random_play(state, games=10, rng=0)


CHECKERS = [
    pytest.param(check_iterator, id="check_iterator"),
    pytest.param(_random_play, id="check_random_play"),
]


@pytest.mark.parametrize("start", [NUMPY_PLAYERS, NUMPY_RETURNS, NUMPY_EVERYTHING])
def test_numpy_players_and_rewards_pass_every_checker_and_search(start: Take) -> None:
    report = check_iterator(start)
    assert report.keyed and report.terminals > 0
    play = check_random_play(start, games=10, rng=0)
    assert play.players == 2 and play.games == 10
    ab = AlphaBeta().run(start)
    assert ab.move == 1 and ab.value == 1.0
    mc = MCTS(iterations=300, rng=0).run(start)
    assert mc.move == 1 and mc.value is not None and mc.value > 0.5


def test_numpy_players_become_plain_ints() -> None:
    assert type(player_of(NUMPY_PLAYERS)) is int and player_of(NUMPY_PLAYERS) == 0
    end = Take(0, player_as=NUMPY_PLAYERS.player_as)
    assert type(player_of(end)) is int and player_of(end) == TERMINAL
    assert type(_contract.player_index(end, np.int16(CHANCE))) is int
    rewards = returns_of(Take(0, 1, returns_as=NUMPY_EVERYTHING.returns_as))
    assert rewards == (1.0, -1.0) and all(type(r) is float for r in rewards)


@pytest.mark.parametrize(
    ("player_as", "shown"),
    [
        (lambda s: bool(s.to_move), "False"),
        (lambda s: float(s.to_move), "0.0"),
        (lambda s: np.float64(s.to_move), r"np\.float64\(0\.0\)"),
        (lambda s: np.bool_(0), "np.False_"),
        (lambda s: "0", "'0'"),
        (lambda s: -2, "-2"),
    ],
)
@pytest.mark.parametrize(
    "check", [*CHECKERS, pytest.param(player_of, id="player_of"), pytest.param(_mcts, id="mcts")]
)
def test_bool_float_and_other_players_are_refused_by_name(
    check: Callable[[Any], Any], player_as: Answer, shown: str
) -> None:
    with pytest.raises(
        IteratorContractError,
        match=rf"^player\(\) of Take\(4, to_move=0\): returned {shown}\. Fix: "
        r"return the index of the player",
    ):
        check(Take(player_as=player_as))


@pytest.mark.parametrize("check", [*CHECKERS, pytest.param(player_of, id="player_of")])
def test_terminal_at_a_state_with_moves_has_one_wording(check: Callable[[Any], Any]) -> None:
    """check_random_play said "returned TERMINAL (-4) before the game ended"."""
    liar = Take(3, player_as=lambda s: TERMINAL if s.stones in (0, 3) else s.to_move)
    count = "children" if check is player_of else "2 children"
    with pytest.raises(
        IteratorContractError,
        match=rf"^player\(\) of Take\(3, to_move=0\): returned treesearch\.TERMINAL "
        rf"\(-4\) but the state has {count}\. Fix: return TERMINAL only",
    ):
        check(liar)


@pytest.mark.parametrize("check", CHECKERS)
def test_a_player_at_the_end_needs_a_reward(check: Callable[[Any], Any]) -> None:
    """check_random_play used to accept ``player() == 2`` at the end of a two-player game."""
    start = Take(2, player_as=lambda s: 2 if s.stones == 0 else s.to_move)
    with pytest.raises(
        IteratorContractError,
        match=r"player\(\) of Take\(0, .*returned 2 but returns\(\) has 2 players",
    ):
        check(start)


@pytest.mark.parametrize(
    ("returns_as", "shown"),
    [
        (lambda s: 1.0, "1.0"),
        (lambda s: (True, False), r"\(True, False\)"),
        (lambda s: ("1", "-1"), r"\('1', '-1'\)"),
        (lambda s: (), r"\(\)"),
        (lambda s: (1.0, np.nan), r"\(1\.0, nan\)"),
        (lambda s: [10**400, 0], r"\[1000"),
    ],
)
@pytest.mark.parametrize("check", [*CHECKERS, pytest.param(returns_of, id="returns_of")])
def test_bad_rewards_are_refused_alike(
    check: Callable[[Any], Any], returns_as: Answer, shown: str
) -> None:
    """Not iterable used to be a bare TypeError from both checkers; returns_of took bools
    and strings, which the checkers refuse."""
    state = (
        Take(2, returns_as=returns_as)
        if check is not returns_of
        else Take(0, returns_as=returns_as)
    )
    with pytest.raises(IteratorContractError, match=rf"returns\(\) of Take\(0, .*returned {shown}"):
        check(state)


class NumpyEnd(Take):
    """``is_terminal()`` gives a numpy bool (``board.all()`` style)."""

    __slots__ = ()

    def is_terminal(self) -> Any:
        return np.bool_(self.stones == 0)


class MaybeEnd(Take):
    """``is_terminal()`` answers a word."""

    __slots__ = ()

    def is_terminal(self) -> Any:
        return "no"


def test_numpy_bool_is_terminal_passes_both_checkers() -> None:
    """check_random_play used to insist on ``is_terminal() is True``."""
    check_iterator(NumpyEnd())
    assert check_random_play(NumpyEnd(), games=5, rng=0).players == 2


@pytest.mark.parametrize("check", CHECKERS)
def test_is_terminal_must_be_a_bool(check: Callable[[Any], Any]) -> None:
    with pytest.raises(IteratorContractError, match=r"is_terminal\(\) of Take.*returned 'no'"):
        check(MaybeEnd())


class KeyField(Take):
    """A ``key`` that is data, not a method: keyless, as ``treesearch.core.key_of`` sees it."""

    __slots__ = ()
    key = "take"  # type: ignore[assignment]


class ListKey(Take):
    __slots__ = ()

    def key(self) -> Any:
        return [self.stones, self.to_move]


def test_a_key_attribute_that_is_not_a_method_means_keyless() -> None:
    """check_iterator used to call it (a bare TypeError); check_random_play ignored it."""
    assert not check_iterator(KeyField()).keyed
    check_random_play(KeyField(), games=3, rng=0)


@pytest.mark.parametrize("check", CHECKERS)
def test_unhashable_keys_are_named(check: Callable[[Any], Any]) -> None:
    with pytest.raises(
        IteratorContractError,
        match=r"^key\(\) of Take\(4, to_move=0\): returned the unhashable \[4, 0\]",
    ):
        check(ListKey())


class Flip(TreeIterator):
    """A coin decides the game, player 0 wins on heads; no ``chance_outcomes()`` (broken)."""

    __slots__ = ("side",)
    weights: tuple[float, ...] = ()

    def __init__(self, side: str = "") -> None:
        self.side = side

    def player(self) -> int:
        return CHANCE if not self.side else TERMINAL

    def get_children(self) -> list[Flip]:
        return [type(self)(side) for side in "HT"] if not self.side else []

    def returns(self) -> tuple[float, float]:
        r = 1.0 if self.side == "H" else -1.0
        return (r, -r)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.side!r})"


class Fair(Flip):
    __slots__ = ()
    weights: tuple[float, ...] = (0.5, 0.5)

    def chance_outcomes(self) -> list[tuple[Flip, float]]:
        return list(zip(self.get_children(), self.weights, strict=False))


class Loaded(Fair):
    __slots__ = ()
    weights = (0.5, 0.7)


class OneSided(Fair):
    __slots__ = ()
    weights = (1.0,)


class ChanceToTheEnd(Fair):
    """``player()`` is CHANCE at the end too, where there is no outcome to weigh."""

    __slots__ = ()

    def player(self) -> int:
        return CHANCE


@pytest.mark.parametrize(
    ("state", "problem"),
    [
        (Flip(), "is missing at a chance state"),
        (Loaded(), r"summing to 1\.2"),
        (OneSided(), "gave 1 outcomes for 2 children"),
        (ChanceToTheEnd(), r"\[\], summing to 0"),
    ],
)
@pytest.mark.parametrize("check", CHECKERS)
def test_chance_outcomes_are_checked_by_both_checkers(
    check: Callable[[Any], Any], state: Flip, problem: str
) -> None:
    """check_random_play used to draw from any weights (or fail with an AttributeError)."""
    check_iterator(Fair())
    assert check_random_play(Fair(), games=5, rng=0).players == 2
    with pytest.raises(IteratorContractError, match=rf"chance_outcomes\(\) of .*{problem}"):
        check(state)


def test_values_reexports_the_contracts_constants() -> None:
    assert values.CHANCE is _contract.CHANCE == -1
    assert values.TERMINAL is _contract.TERMINAL == -4
    assert values.PROBABILITY_TOLERANCE is _contract.PROBABILITY_TOLERANCE


def test_a_chance_start_has_no_move() -> None:
    """MCTS returned a dice outcome as its "move"; AlphaBeta refuses, naming the fix."""
    result = MCTS(iterations=200, rng=0).run(Gamble("gamble"))
    assert result.best is None and result.move is None
    assert result.info["proven"] == pytest.approx((0.3, -0.3))  # the chance node's value
    with pytest.raises(InvalidArgumentError, match=r"is a chance state .*Fix: start from"):
        AlphaBeta().run(Gamble("gamble"))
