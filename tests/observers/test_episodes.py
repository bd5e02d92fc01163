from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from games.dict_tree import DictTreeIterator
from observers.episodes import Episode, EpisodeCollector
from tests.conftest import SEED_TREE
from tests.strategies import trees
from treesearch import BFS, DFS, Backtracking, InvalidArgumentError, RandomWalk, Visited
from treesearch.errors import InvalidValueError


def name_length(state: DictTreeIterator) -> float:
    return len(state.name)


def names(episode: Episode) -> list[str]:
    return [s.name for s in episode.path]


@pytest.mark.parametrize(
    "search",
    [
        Backtracking(),
        DFS(),
        BFS(),
        DFS(graph=False),
        BFS(graph=False),
        RandomWalk(rng=0, episodes=25),
    ],
    ids=repr,
)
def test_best_two_leaves_of_the_seed_tree(search: Any) -> None:
    best = EpisodeCollector(name_length, k=2)
    search.run(DictTreeIterator("Root", SEED_TREE), observers=best)
    assert [(e.value, names(e)) for e in best.best] == [
        (23, ["Root", "Algorithms", "Other", "Monte Carlo Tree Search"]),
        (13, ["Root", "Algorithms", "Breadth-First"]),
    ]
    assert best.best[0].state is best.best[0].path[-1]


def test_all_leaves_ranked_and_each_kept_once() -> None:
    best = EpisodeCollector(name_length, k=10)
    RandomWalk(best, rng=1, episodes=40).run(DictTreeIterator("Root", SEED_TREE))
    assert [e.state.name for e in best.best] == [
        "Monte Carlo Tree Search",
        "Breadth-First",
        "Backtracking",
        "Beam Search",
    ]


def test_announced_solutions_are_recorded_even_if_not_terminal() -> None:
    best = EpisodeCollector(name_length, k=5)
    BFS(best, goal=lambda s: s.name == "Depth-First").run(DictTreeIterator("Root", SEED_TREE))
    assert [(e.value, names(e)) for e in best.best] == [
        (13, ["Root", "Algorithms", "Breadth-First"]),
        (11, ["Root", "Algorithms", "Depth-First"]),
    ]


def test_ties_keep_the_earlier_episode() -> None:
    best = EpisodeCollector(lambda s: 1.0, k=2)
    Backtracking(best).run(DictTreeIterator("Root", SEED_TREE))
    assert [e.state.name for e in best.best] == ["Breadth-First", "Backtracking"]


def test_a_tiny_memory_loses_breadth_first_paths_with_a_warning() -> None:
    best = EpisodeCollector(name_length, k=1, memory=1)
    with pytest.warns(RuntimeWarning, match="raise memory="):
        BFS(best).run(DictTreeIterator("Root", SEED_TREE))
    assert best.best[0].state.name == "Monte Carlo Tree Search"
    assert len(best.best[0].path) < 4


def test_states_without_is_terminal_are_recorded_only_when_announced() -> None:
    best = EpisodeCollector(lambda s: s, k=3)
    for depth, state in enumerate((10, 20, 30)):
        best.notify(Visited(state, depth, parent=None if depth == 0 else state - 10))
    assert best.best == []


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"k": 0}, "k must be an int >= 1, got 0"),
        ({"memory": -1}, "got -1"),
        ({"value": 3}, "value must be a callable"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        EpisodeCollector(**{"value": name_length, **kwargs})


def test_value_functions_must_return_numbers() -> None:
    best = EpisodeCollector(lambda s: "high")  # type: ignore[arg-type, return-value]
    with pytest.raises(InvalidValueError, match="'high'"):
        Backtracking(best).run(DictTreeIterator("Root", {"a": {}}))
    best = EpisodeCollector(lambda s: float("nan"))
    with pytest.raises(InvalidValueError, match="NaN"):
        Backtracking(best).run(DictTreeIterator("Root", {"a": {}}))


def leaf_paths(
    name: str, tree: dict[str, Any], prefix: tuple[str, ...] = ()
) -> list[tuple[str, ...]]:
    here = (*prefix, name)
    if not tree:
        return [here]
    return [p for child, sub in tree.items() for p in leaf_paths(child, sub, here)]


def score(state: DictTreeIterator) -> float:
    return sum(ord(ch) for name in state.key() for ch in name) % 17


@settings(max_examples=40, deadline=None)
@given(tree=trees)
def test_top_k_matches_brute_force_on_random_trees(tree: dict[str, Any]) -> None:
    root = DictTreeIterator("Root", tree)
    expected = sorted(
        (sum(ord(ch) for name in p for ch in name) % 17 for p in leaf_paths("Root", tree)),
        reverse=True,
    )[:3]
    for search in (Backtracking(), BFS(), DFS()):
        best = EpisodeCollector(score, k=3)
        search.run(root, observers=best)
        assert [e.value for e in best.best] == expected
        for e in best.best:
            assert e.path[0].key() == ("Root",) and e.path[-1] is e.state
            assert [s.key() for s in e.path] == [e.state.key()[: i + 1] for i in range(len(e.path))]
