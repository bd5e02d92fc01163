from __future__ import annotations

import itertools
from typing import Any

import pytest

from games.dict_tree import DictTreeIterator
from games.graph import Graph
from tests.conftest import SEED_TREE
from treesearch import TERMINAL, TreeIterator, check_iterator
from treesearch.errors import InvalidArgumentError, IteratorContractError


class Board(TreeIterator):
    """A correct little game: fill three cells with X or O."""

    __slots__ = ("cells",)

    def __init__(self, cells: tuple[str, ...] = ("", "", "")) -> None:
        self.cells = cells

    def get_children(self) -> list[Board]:
        out = []
        for i, c in enumerate(self.cells):
            if not c:
                for mark in "XO":
                    out.append(Board((*self.cells[:i], mark, *self.cells[i + 1 :])))
        return out

    def key(self) -> tuple[str, ...]:
        return self.cells


def test_correct_games_pass() -> None:
    report = check_iterator(Board())
    assert report.keyed and report.max_depth == 3 and report.terminals > 0
    check_iterator(DictTreeIterator("Root", SEED_TREE))
    check_iterator(Graph({0: [1], 1: [0, 2], 2: []}).state(0))


class InvertedTerminal(DictTreeIterator):
    """The seed blog's bug: is_terminal() inverted."""

    def is_terminal(self) -> bool:
        return len(self.children) > 0

    def get_children(self) -> Any:
        for name, sub in sorted(self.children.items()):
            yield InvertedTerminal(name, sub, (*self.path, name))


class MutatingBoard(Board):
    __slots__ = ()

    def get_children(self) -> list[Board]:
        children = []
        cells = list(self.cells)
        for i, c in enumerate(cells):
            if not c:
                cells[i] = "X"
                self.cells = tuple(cells)  # bug: writes into the parent
                children.append(MutatingBoard(tuple(cells)))
        return children


class OneShot(Board):
    """Returns the same generator every time: empty on the second call."""

    __slots__ = ("_gen",)

    def __init__(self) -> None:
        super().__init__()
        self._gen = iter([Board()])

    def get_children(self) -> Any:
        return self._gen


class Shuffled(Board):
    __slots__ = ()
    _counter = itertools.count()

    def get_children(self) -> list[Board]:
        kids = super().get_children()
        return kids[::-1] if next(self._counter) % 2 else kids


class YieldsMoves(Board):
    __slots__ = ()

    def get_children(self) -> list[Any]:
        return [0, 1, 2]


class UnhashableKey(Board):
    __slots__ = ()

    def key(self) -> Any:
        return list(self.cells)


class NegativeCost(Board):
    __slots__ = ()

    def step_cost(self, child: Any) -> float:
        return -1.0


class EqualityDisagrees(Board):
    __slots__ = ()

    def key(self) -> Any:
        return 0  # every state the same key...

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.cells == other.cells  # ...but not equal

    def __hash__(self) -> int:
        return hash(self.cells)

    def get_children(self) -> list[Board]:
        return [EqualityDisagrees(b.cells) for b in super().get_children()]


@pytest.mark.parametrize(
    ("state", "message"),
    [
        (
            InvertedTerminal("Root", SEED_TREE),
            r"is_terminal\(\).*is True but the state has 1 children.*inverted",
        ),
        (MutatingBoard(), r"changed the state itself"),
        (OneShot(), r"gave 1 children, then 0"),
        (Shuffled(), r"not deterministic"),
        (YieldsMoves(), r"yielded 0, which has no get_children"),
        (UnhashableKey(), r"unhashable \['', '', ''\]"),
        (NegativeCost(), r"step_cost\(\).*returned -1.0"),
        (EqualityDisagrees(), r"not =="),
    ],
)
def test_broken_games_are_explained(state: Any, message: str) -> None:
    with pytest.raises(IteratorContractError, match=message) as info:
        check_iterator(state)
    assert "Fix:" in str(info.value)


def test_not_a_state_at_all() -> None:
    with pytest.raises(IteratorContractError, match="get_children"):
        check_iterator(object())


def test_bad_arguments() -> None:
    with pytest.raises(InvalidArgumentError, match="max_states"):
        check_iterator(Board(), max_states=-1)


def test_games_with_players_pass() -> None:
    from games.tictactoe import TicTacToe
    from tests.games_util import Gamble

    check_iterator(TicTacToe())
    check_iterator(Gamble())


def test_bad_chance_probabilities() -> None:
    from tests.games_util import Gamble

    class Loaded(Gamble):
        __slots__ = ()

        def chance_outcomes(self) -> list[tuple[Gamble, float]]:
            return [(Gamble("won"), 0.5), (Gamble("lost"), 0.7)]

        def get_children(self) -> list[Gamble]:
            return [Loaded(c.stage) for c in super().get_children()]

    with pytest.raises(IteratorContractError, match=r"summing to 1\.2"):
        check_iterator(Loaded())


def test_terminal_without_returns() -> None:
    class NoReturns(Board):
        __slots__ = ()

        def player(self) -> int:
            return 0

        def get_children(self) -> list[Board]:
            return []

    with pytest.raises(IteratorContractError, match=r"returns\(\).*missing"):
        check_iterator(NoReturns())


def test_chance_probabilities_are_checked_as_the_searches_check_them() -> None:
    """A NaN probability used to pass check_iterator while every search refused it."""
    from treesearch import CHANCE, TreeIterator, check_iterator
    from treesearch.errors import IteratorContractError

    class End(TreeIterator):
        def __init__(self, r: float) -> None:
            self.r = r

        def get_children(self) -> list[TreeIterator]:
            return []

        def player(self) -> int:
            return 0

        def returns(self) -> tuple[float, float]:
            return (self.r, -self.r)

    class Coin(TreeIterator):
        def __init__(self) -> None:
            self.kids = [End(1.0), End(-1.0)]

        def get_children(self) -> list[TreeIterator]:
            return list(self.kids)

        def player(self) -> int:
            return CHANCE

        def chance_outcomes(self) -> list[tuple[TreeIterator, float]]:
            return [(self.kids[0], 0.5), (self.kids[1], float("nan"))]

    with pytest.raises(IteratorContractError, match="nan"):
        check_iterator(Coin())


class Endless(TreeIterator):
    """A state whose get_children() never ends; ``made[0]`` counts the children made."""

    def __init__(self, made: list[int]) -> None:
        self.made = made

    def get_children(self) -> Any:
        while True:
            self.made[0] += 1
            yield Endless(self.made)


def test_an_endless_generator_of_children_is_refused_after_max_children() -> None:
    from treesearch.checks import check_random_play

    made = [0]
    with pytest.raises(IteratorContractError, match="more than 50 children"):
        check_iterator(Endless(made), max_children=50)
    assert made[0] == 51
    made[0] = 0
    with pytest.raises(IteratorContractError, match="more than 7 children"):
        check_random_play(Endless(made), max_children=7)
    assert made[0] == 8
    with pytest.raises(InvalidArgumentError, match="max_children"):
        check_iterator(Board(), max_children=0)


def test_a_state_wider_than_the_default_limit_is_refused_without_reading_on() -> None:
    from treesearch.checks import MAX_CHILDREN

    made = [0]
    with pytest.raises(IteratorContractError, match=r"get_children\(\).*max_children="):
        check_iterator(Endless(made))
    assert made[0] == MAX_CHILDREN + 1


class Exits(Board):
    """``get_children()`` calls sys.exit(3) (or raises ``stop`` when given)."""

    __slots__ = ()

    def get_children(self) -> list[Board]:
        raise SystemExit(3)

    def player(self) -> int:
        return 0


def test_sys_exit_in_the_game_is_the_fault_of_its_method() -> None:
    from treesearch.checks import check_random_play

    for check in (check_iterator, check_random_play):
        with pytest.raises(IteratorContractError, match=r"get_children\(\).*SystemExit: 3"):
            check(Exits())


def test_keyboard_interrupt_still_interrupts() -> None:
    class Interrupted(Board):
        __slots__ = ()

        def get_children(self) -> list[Board]:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        check_iterator(Interrupted())


class Counted(TreeIterator):
    """An endless binary tree whose is_terminal() (asked once per state checked) counts."""

    def __init__(self, asked: list[int], path: tuple[int, ...] = ()) -> None:
        self.asked, self.path = asked, path

    def get_children(self) -> list[Counted]:
        return [Counted(self.asked, (*self.path, i)) for i in (0, 1)]

    def is_terminal(self) -> bool:
        self.asked[0] += 1
        return False

    def key(self) -> tuple[int, ...]:
        return self.path


@pytest.mark.parametrize(("max_states", "walks"), [(1, 20), (0, 3), (7, 0), (30, 3)])
def test_max_states_is_kept_exactly_and_each_walk_adds_max_depth_at_most(
    max_states: int, walks: int
) -> None:
    asked = [0]
    report = check_iterator(Counted(asked), max_states=max_states, walks=walks, max_depth=50)
    assert asked[0] == report.states_checked == max_states + walks * 50  # an endless game


class Nim(TreeIterator):
    """Take 1 or 2 from a pile; whoever takes the last wins. ``player()`` may be off."""

    def __init__(self, n: int = 5, turn: int = 0, shift: int = 0) -> None:
        self.n, self.turn, self.shift = n, turn, shift

    def get_children(self) -> list[Nim]:
        return [type(self)(self.n - k, 1 - self.turn, self.shift) for k in (1, 2) if k <= self.n]

    def player(self) -> int:
        return self.turn + self.shift if self.n else TERMINAL

    def returns(self) -> tuple[float, float]:
        return (1.0, -1.0) if self.turn == 1 else (-1.0, 1.0)

    def key(self) -> tuple[int, int]:
        return (self.n, self.turn)

    def __repr__(self) -> str:
        return f"Nim({self.n}, {self.turn})"


def test_a_player_out_of_range_is_blamed_on_player() -> None:
    from treesearch.checks import check_random_play

    for check in (check_iterator, check_random_play):
        with pytest.raises(
            IteratorContractError,
            match=r"^player\(\) of Nim\(\d, \d\): returned [78], but returns\(\) of Nim\(0, \d\) "
            "gives 2 ",
        ):
            check(Nim(shift=7))  # players 7 and 8, two rewards


def test_too_few_rewards_are_blamed_on_returns() -> None:
    from treesearch.checks import check_random_play

    class Short(Nim):
        def returns(self) -> tuple[float, float]:
            return (1.0,)  # type: ignore[return-value]

    for check in (check_iterator, check_random_play):
        with pytest.raises(IteratorContractError, match=r"^returns\(\) of .*player 1 moves"):
            check(Short())


def test_a_raising_repr_does_not_hide_the_real_fault() -> None:
    class Ugly(Nim):
        def returns(self) -> tuple[float, float]:
            return None  # type: ignore[return-value]

        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    with pytest.raises(IteratorContractError, match=r"returns\(\) of <Ugly .*__repr__ raised"):
        check_iterator(Ugly())


@pytest.mark.parametrize("answer", [None, 5, ("a", "b"), (float("nan"), 0.0), (), iter([])])
def test_random_playout_of_the_wrong_type_is_reported(answer: Any) -> None:
    class Fast(Nim):
        def random_playout(self, rng: Any) -> Any:
            return answer

    with pytest.raises(IteratorContractError, match=r"^random_playout\(\) of Nim\(5, 0\)"):
        check_iterator(Fast())


def test_random_playout_with_the_wrong_number_of_rewards_is_reported() -> None:
    class Solo(Nim):
        def random_playout(self, rng: Any) -> tuple[float]:
            return (1.0,)

    with pytest.raises(IteratorContractError, match=r"random_playout\(\).*returned 1 rewards"):
        check_iterator(Solo(), walks=1)


def test_a_wide_state_costs_a_linear_number_of_expansions() -> None:
    from treesearch.checks import EXPANDED

    expanded = [0]

    class Leaf(TreeIterator):
        def get_children(self) -> list[Leaf]:
            expanded[0] += 1
            return []

    class Wide(TreeIterator):
        def get_children(self) -> list[Leaf]:
            return [Leaf() for _ in range(1000)]

    check_iterator(Wide(), max_states=1, walks=0)
    assert 0 < expanded[0] <= EXPANDED


def test_a_type_error_inside_a_generator_of_children_is_not_called_not_iterable() -> None:
    class Faulty(Board):
        __slots__ = ()

        def get_children(self) -> Any:
            yield Board()
            raise TypeError("the game's own bug")

    with pytest.raises(IteratorContractError, match="the game's own bug") as info:
        check_iterator(Faulty())
    assert "not iterable" not in str(info.value)
