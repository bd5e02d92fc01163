from __future__ import annotations

import itertools
from typing import Any

import pytest

from games.dict_tree import DictTreeIterator
from games.graph import Graph
from tests.conftest import SEED_TREE
from treesearch import TreeIterator, check_iterator
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
    from treesearch import CHANCE, IteratorContractError, TreeIterator, check_iterator

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
