"""``LearnedAgent``: greedy on a learned value, for the mover, over afterstates or states."""

from __future__ import annotations

from typing import Any

from tests.treesearch.learn.toys import Nim
from treesearch import CHANCE
from treesearch.learn import LearnedAgent, TableValue


class Gamble:
    """Take a sure 0.4, or a coin for 1 or 0: ``name`` is "start", "sure", "coin", "won", "lost"."""

    def __init__(self, name: str = "start") -> None:
        self.name = name

    def get_children(self) -> list[Gamble]:
        if self.name == "start":
            return [Gamble("sure"), Gamble("coin")]
        return [Gamble("won"), Gamble("lost")] if self.name == "coin" else []

    def chance_outcomes(self) -> list[tuple[Gamble, float]]:
        return [(Gamble("won"), 0.5), (Gamble("lost"), 0.5)]

    def player(self) -> int:
        return CHANCE if self.name == "coin" else 0

    def key(self) -> str:
        return self.name


def _table(values: dict[Any, float]) -> TableValue:
    table = TableValue()
    table.table.update(values)
    return table


def test_a_value_of_states_weighs_a_chance_child_by_its_outcomes() -> None:
    table = _table({"sure": 0.4, "won": 1.0, "lost": 0.0})  # the coin's own value: unknown, 0
    assert LearnedAgent(table)(0).choose(Gamble()).name == "sure"  # afterstates: coin is 0
    assert LearnedAgent(table, on="states")(0).choose(Gamble()).name == "coin"  # 0.5 > 0.4


def test_player_1_takes_the_child_player_0_values_least() -> None:
    start = Nim((2,), to_move=1)
    table = _table({((1,), 0): 0.5, ((0,), 0): -1.0})  # values are player 0's view
    assert LearnedAgent(table)(0).choose(start).heaps == (0,)


def test_ties_are_broken_by_the_game_seed() -> None:
    table, start = TableValue(), Nim((3,))
    picks = {seed: LearnedAgent(table)(seed).choose(start).heaps for seed in range(8)}
    assert len(set(picks.values())) > 1
    assert picks == {seed: LearnedAgent(table)(seed).choose(start).heaps for seed in range(8)}
