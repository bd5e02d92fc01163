"""The optional capabilities of a state: declared once, listed by ``check_iterator``."""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import treesearch
from games.dict_tree import DictTreeIterator
from games.tictactoe import TicTacToe
from tests.games_util import Gamble
from tests.treesearch.learn.toys import Nim, Walk
from treesearch import TreeIterator, capabilities, check_iterator
from treesearch._contract import CONTRACT_METHODS
from treesearch.capabilities import CAPABILITIES, capabilities_of

ROOT = Path(__file__).resolve().parents[2]

# Attributes the package reads by name that are not state capabilities: of agents, observers,
# plugins, exceptions, search nodes, the standard library, command-line arguments and results,
# and of one particular game (OpenSpiel's states, Railroad Ink's round).
NOT_STATE_CAPABILITIES = {
    "__dict__",
    "__doc__",
    "__eq__",
    "__qualname__",
    "action",
    "best",
    "choose",
    "close",
    "depth",
    "frames",
    "given",
    "html",
    "order",
    "item",
    "iterations",
    "kinds",
    "move_id",
    "move_label",
    "name",
    "notify",
    "obj",
    "observers",
    "path",
    "pthread_sigmask",
    "pyspiel_state",
    "result",
    "run",
    "seed",
    "signum",
    "state",
    "sysconf",
    "timed",  # Observer.timed: an observer whose time is counted apart
    "trace",
}


def _members(cls: type) -> set[str]:
    return {
        name
        for name, value in vars(cls).items()
        if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, property))
    }


DECLARED = set().union(*map(_members, (TreeIterator, *CAPABILITIES)))


class Playout(TreeIterator):
    """A one-player toy: two moves, scored at the end, with its own fast play-out."""

    def __init__(self, depth: int = 0) -> None:
        self.depth = depth

    def get_children(self) -> list[Playout]:
        return [Playout(self.depth + 1)] * 2 if self.depth < 2 else []

    def returns(self) -> tuple[float]:
        return (float(self.depth),)

    def random_playout(self, rng: random.Random) -> tuple[float]:
        return (2.0,)


class Turns(TreeIterator):
    """Two players choose at once: player 1's states are the second half of the turn."""

    def __init__(self, moves: tuple[int, ...] = ()) -> None:
        self.moves = moves

    def get_children(self) -> list[Turns]:
        return [Turns((*self.moves, m)) for m in (0, 1)] if len(self.moves) < 2 else []

    def key(self) -> tuple[int, ...]:
        return self.moves

    def player(self) -> int:
        return len(self.moves) if len(self.moves) < 2 else treesearch.TERMINAL

    def returns(self) -> tuple[float, float]:
        won = float(self.moves[0] == self.moves[1])
        return (won, -won)

    def simultaneous(self) -> bool:
        return len(self.moves) == 1


@pytest.mark.parametrize(
    ("start", "expected"),
    [
        (TicTacToe(), ("Players", "Scored", "RandomPlayout", "Moved")),
        (Playout(), ("Scored", "RandomPlayout")),
        (Gamble(), ("Players", "Scored", "Chance")),
        (Turns(), ("Players", "Scored", "Simultaneous")),
        (DictTreeIterator("root", {"a": {"b": {}}}), ()),
        (Walk(), ("Players", "Scored", "Chance", "Features")),
        (Nim(), ("Players", "Scored", "Encoded")),
    ],
)
def test_the_report_lists_the_capabilities_a_game_offers(start: Any, expected: tuple[str]) -> None:
    assert check_iterator(start, max_states=50, walks=2).capabilities == expected


def test_capabilities_are_read_from_every_checked_state() -> None:
    """A capability offered by deeper states only (another class) is listed too."""

    class Leaf(Playout):
        def is_goal(self) -> bool:
            return True

    class Root(Playout):
        def get_children(self) -> list[Playout]:
            return [Leaf(2)]

    assert capabilities_of(Root()) == ("Scored", "RandomPlayout")
    assert check_iterator(Root()).capabilities == ("Scored", "RandomPlayout", "Goal")


def test_a_method_must_be_callable_an_attribute_only_present() -> None:
    class Odd(Playout):
        random_playout = None  # type: ignore[assignment]
        move = None

    assert capabilities_of(Odd()) == ("Scored", "Moved")


def test_every_capability_is_a_documented_exported_runtime_protocol() -> None:
    for cap in CAPABILITIES:
        assert getattr(capabilities, cap.__name__) is cap
        assert cap.__name__ in capabilities.__all__
        assert getattr(cap, "_is_protocol", False) and getattr(cap, "_is_runtime_protocol", False)
        assert cap.__doc__ and _members(cap), cap
        for name in _members(cap):
            member = vars(cap)[name]
            doc = (member.fget if isinstance(member, property) else member).__doc__
            assert doc and doc.strip(), f"{cap.__name__}.{name} has no docstring"


def test_contract_methods_are_derived_from_the_declarations() -> None:
    methods = {
        name
        for cls in (TreeIterator, *CAPABILITIES)
        for name, value in vars(cls).items()
        if not name.startswith("_") and inspect.isfunction(value)
    }
    assert set(CONTRACT_METHODS) == methods
    assert {"get_children", "player", "returns", "chance_outcomes"} <= methods
    assert {"random_playout", "simultaneous"} <= methods


def _lookups() -> dict[str, list[str]]:
    """Every attribute name the package reads with ``getattr``/``hasattr`` and a literal name."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / "treesearch").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr", "_method")
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, str)
            ):
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                found.setdefault(node.args[1].value, []).append(where)
    return found


def test_every_optional_lookup_names_a_declared_capability() -> None:
    """A search that looks up a new method on a state must declare it in a Protocol first."""
    lookups = _lookups()
    assert {"random_playout", "simultaneous", "move", "player"} <= set(lookups)  # it scans
    undeclared = {
        name: where
        for name, where in lookups.items()
        if name not in DECLARED and name not in NOT_STATE_CAPABILITIES
    }
    assert not undeclared, f"declare these in treesearch.capabilities: {undeclared}"
    stale = NOT_STATE_CAPABILITIES - set(lookups)
    assert not stale, f"no longer looked up, drop from the list: {stale}"


def test_a_capability_method_that_raises_is_named_in_the_error() -> None:
    """Being declared, ``random_playout`` is a contract method the checker can blame."""

    class Raises(Playout):
        def random_playout(self, rng: random.Random) -> tuple[float]:
            raise ValueError("oops")

    with pytest.raises(treesearch.errors.IteratorContractError, match=r"^random_playout\(\) of "):
        check_iterator(Raises())


class Vector(Nim):
    """Nim whose ``features()`` and ``encoding()`` break the contract in ``flaw``'s way."""

    def __init__(self, heaps: tuple[int, ...] = (1, 2), to_move: int = 0, flaw: str = "") -> None:
        super().__init__(heaps, to_move)
        self.flaw = flaw

    def get_children(self) -> list[Nim]:
        return [Vector(c.heaps, c.to_move, self.flaw) for c in super().get_children()]

    def features(self) -> Any:
        if self.flaw == "nan" and sum(self.heaps) == 1:
            return np.array([np.nan, 1.0])
        if self.flaw == "length":
            return np.ones(1 + sum(self.heaps) % 2)
        if self.flaw == "list":
            return [1.0, 2.0]
        return np.array([float(sum(self.heaps)), 1.0])

    def encoding(self) -> Any:
        if self.flaw == "float cells":
            return np.array([0.5, 1.0])
        if self.flaw == "2-D":
            return np.zeros((2, 1), dtype=int)
        return super().encoding()

    def cell_values(self) -> Any:
        return 3 if self.flaw == "few values" else 4 if self.flaw != "one value" else 1


@pytest.mark.parametrize(
    ("flaw", "says"),
    [
        ("nan", r"^features\(\) of Nim\(\(.*returned array\(\[nan, {2}1\.\]\)"),
        ("length", r"^features\(\) of .*: gave 1 numbers, but 2 on Nim\(\(1, 2\)"),
        ("list", r"^features\(\) of .*returned \[1\.0, 2\.0\]\. Fix: return a 1-D numpy array"),
        ("float cells", r"^encoding\(\) of .*Fix: return a 1-D numpy array of finite ints"),
        ("2-D", r"^encoding\(\) of "),
        ("few values", r"^encoding\(\) of .*holds \[1, 3, 0\], outside 0\.\.2"),
        ("one value", r"^cell_values\(\) of .*returned 1"),
    ],
)
def test_check_iterator_checks_features_and_encodings(flaw: str, says: str) -> None:
    with pytest.raises(treesearch.errors.IteratorContractError, match=says):
        check_iterator(Vector(flaw=flaw) if flaw != "few values" else Vector((1, 3), flaw=flaw))


def test_sound_features_and_encodings_pass() -> None:
    report = check_iterator(Vector())
    assert report.capabilities == ("Players", "Scored", "Features", "Encoded")


def test_the_top_level_keeps_the_names_a_user_starts_with() -> None:
    # The searches, running them, the contract, watching, the common errors: about 30 names.
    # Everything else lives in its module (events, capabilities, values, plugins, errors).
    assert len(treesearch.__all__) <= 32
    for name in treesearch.__all__:
        assert getattr(treesearch, name) is not None, name
    for name in ("Players", "Expanded", "GamePlugin", "evaluate", "InvalidGoalError"):
        assert not hasattr(treesearch, name), name
