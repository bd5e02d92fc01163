"""``treesearch.plugins`` (descriptions, kinds, discovery) and ``check_random_play``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.plugin_fakes import fake_dist, plugin_path
from treesearch import BFS, TERMINAL, InvalidArgumentError
from treesearch.checks import check_random_play
from treesearch.errors import IteratorContractError
from treesearch.plugins import (
    GamePlugin,
    PluginLoadError,
    SearchPlugin,
    discover,
    infer_kind,
    search_kinds,
)


class Nim:
    """Take 1 or 2; taking the last wins. Knobs break it in one way each."""

    def __init__(self, n: int = 6, to_move: int = 0, fault: str = "") -> None:
        self.n, self.to_move, self.fault = n, to_move, fault

    def get_children(self) -> list[Nim]:
        if self.fault == "endless":
            return [Nim(self.n, 1 - self.to_move, self.fault)]
        return [Nim(self.n - k, 1 - self.to_move, self.fault) for k in (1, 2) if k <= self.n]

    def player(self) -> int:
        if self.fault == "player" and self.n == 3:
            return -9
        if self.fault == "early-terminal" and self.n == 2:
            return TERMINAL
        return self.to_move

    def returns(self) -> list[float]:
        if self.fault == "nan":
            return [float("nan"), 0.0]
        winner = 1 - self.to_move
        return [1.0 if p == winner else -1.0 for p in (0, 1)]

    def key(self) -> Any:
        return [self.n] if self.fault == "unhashable" else (self.n, self.to_move)


def test_random_play_reports_what_it_played_and_is_deterministic() -> None:
    first = check_random_play(Nim(9), games=15, rng=4)
    assert first == check_random_play(Nim(9), games=15, rng=4)
    assert first.games == 15 and first.players == 2
    assert 5 <= first.longest <= 9 and first.moves >= 15 * 5


@pytest.mark.parametrize(
    ("fault", "method"),
    [
        ("player", "player()"),
        ("early-terminal", "player()"),
        ("nan", "returns()"),
        ("unhashable", "key()"),
        ("endless", "get_children()"),
    ],
)
def test_random_play_names_the_broken_method(fault: str, method: str) -> None:
    with pytest.raises(IteratorContractError, match=method.replace("(", r"\(").replace(")", r"\)")):
        check_random_play(Nim(6, fault=fault), games=3, max_moves=50)


def test_random_play_refuses_bad_counts() -> None:
    with pytest.raises(InvalidArgumentError, match="games must be an int >= 1, got 0"):
        check_random_play(Nim(), games=0)


class _Goal:
    def get_children(self) -> list[Any]:
        return []

    def is_goal(self) -> bool:
        return True


class _Score:
    def get_children(self) -> list[Any]:
        return []

    def returns(self) -> list[float]:
        return [3.0]


def test_infer_kind_reads_the_start_state() -> None:
    assert infer_kind(Nim()) == "duel"
    assert infer_kind(_Goal()) == "path"
    assert infer_kind(_Score()) == "score"
    assert infer_kind(object()) == "path"


def test_descriptions_refuse_bad_values() -> None:
    with pytest.raises(InvalidArgumentError, match="kind must be one of path, score, duel"):
        GamePlugin(make=Nim, kind="race")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="GamePlugin make must be callable"):
        GamePlugin(make=3)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="heuristic must be callable"):
        GamePlugin(make=Nim, heuristic=2)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="kinds must be a non-empty tuple"):
        SearchPlugin(BFS, ())


def test_search_kinds_from_the_arguments_or_a_class_attribute() -> None:
    assert search_kinds(BFS) == ("path",)

    def scored(*, value: Any, budget: Any) -> Any:
        return None

    assert search_kinds(scored) == ("score",)

    class Declared:
        kinds = ("duel",)

    assert search_kinds(Declared) == ("duel",)
    with pytest.raises(InvalidArgumentError, match="takes neither goal= nor value="):
        search_kinds(lambda budget: None)


def test_discover_finds_entry_points_without_importing(tmp_path: Path) -> None:
    fake_dist(
        tmp_path,
        "ts-demo",
        "2.0",
        {"treesearch.games": {"nope": "tsnope:make"}},
        {"tsnope": "raise ImportError('missing dependency')\n"},
    )
    with plugin_path(tmp_path):
        refs = [r for r in discover("treesearch.games") if r.name == "nope"]
        assert len(refs) == 1 and refs[0].source == "ts-demo 2.0"
        with pytest.raises(PluginLoadError, match=r"from ts-demo 2.0 failed to load: ImportErr"):
            refs[0].load()
    with pytest.raises(InvalidArgumentError, match="group must be one of"):
        next(discover("treesearch.nothing"))
