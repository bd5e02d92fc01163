"""``MCTSSettings``: MCTS's knobs as one frozen object, checked once (issue 20, item 4)."""

from __future__ import annotations

import ast
import dataclasses
import math
from pathlib import Path
from typing import Any

import pytest

from games.tictactoe import TicTacToe
from games.tron.bots import mcts_bot
from games.tron.state import square_start
from treesearch import MCTS
from treesearch.errors import InvalidArgumentError
from treesearch.mcts import EXPLORATION, SIMULTANEOUS
from treesearch.mcts.policies import uct
from treesearch.mcts.settings import (
    LEAF_BOUNDED,
    LEAF_EVALUATE,
    LEAF_ROLLOUT,
    MCTSSettings,
)


def _zero(state: Any) -> float:
    return 0.0


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"exploration": -1.0}, r"exploration must be a finite number >= 0, got -1\.0"),
        ({"exploration": math.inf}, "exploration must be .*got inf"),
        ({"exploration": math.nan}, "exploration must be .*got nan"),
        ({"exploration": True}, "exploration must be .*got True"),
        ({"exploration": "1"}, "exploration must be .*got '1'"),
        ({"selection": 3}, "selection must be callable, got 3"),
        ({"rollout": 5}, "rollout must be callable, got 5"),
        ({"evaluate": "v"}, "evaluate must be callable, got 'v'"),
        ({"score": 0.5}, "score must be callable, got 0.5"),
        ({"backup": "median"}, "backup must be 'mean' or 'max', got 'median'"),
        (
            {"final": "best"},
            "final must be one of 'visits', 'value', 'secure', 'robust-max', got 'best'",
        ),
        ({"solver": 1}, "solver must be True or False, got 1"),
        ({"reward_range": (1, -1)}, r"reward_range must be \(low, high\).*got \(1, -1\)"),
        ({"reward_range": (0, math.inf)}, "reward_range must be .*inf"),
        ({"reward_range": 1.0}, "reward_range must be .*got 1.0"),
        ({"reward_range": (True, 2)}, "reward_range must be .*True"),
        ({"reuse": "no"}, "reuse must be True or False, got 'no'"),
        ({"perspective": 2}, "perspective must be player 0 or 1.*got 2"),
        ({"perspective": 1.0}, "perspective must be .*got 1.0"),
        ({"rollout_depth": 0}, "rollout_depth must be an int >= 1 or None, got 0"),
        ({"rollout_depth": True}, "rollout_depth must be .*got True"),
        (
            {"simultaneous": "joint"},
            "simultaneous must be one of 'sequential', 'decoupled', got 'joint'",
        ),
    ],
)
def test_each_knob_is_checked_and_the_bad_value_named(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        MCTSSettings(**kwargs)
    with pytest.raises(InvalidArgumentError, match=match):  # MCTS says the same
        MCTS(iterations=10, **kwargs)


def test_the_first_bad_knob_in_keyword_order_is_named() -> None:
    with pytest.raises(InvalidArgumentError, match=r"^exploration"):
        MCTSSettings(exploration=-1, backup="median", simultaneous="joint")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"^backup"):
        MCTSSettings(backup="median", simultaneous="joint")  # type: ignore[arg-type]


def test_defaults_are_mcts_defaults() -> None:
    settings = MCTSSettings()
    assert settings == MCTS(iterations=1).settings
    assert settings.exploration == EXPLORATION and settings.simultaneous == SIMULTANEOUS[0]
    assert (settings.backup, settings.final, settings.solver, settings.reuse) == (
        "mean",
        "visits",
        True,
        True,
    )


def test_settings_are_frozen() -> None:
    settings = MCTSSettings()
    for name, value in (("exploration", 1.0), ("c", 3.0), ("reuse", False)):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(settings, name, value)
    with pytest.raises((AttributeError, TypeError)):  # slots: no room for a new attribute
        settings.other = 1  # type: ignore[attr-defined]
    assert settings == MCTSSettings()
    search = MCTS(iterations=1)
    with pytest.raises(AttributeError):
        search.exploration = 1.0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        search.reuse = False  # type: ignore[misc]


def test_equal_settings_compare_equal() -> None:
    a = MCTSSettings(exploration=1, reward_range=(0, 1), rollout_depth=3, evaluate=_zero)
    b = MCTSSettings(exploration=1.0, reward_range=(0.0, 1.0), rollout_depth=3, evaluate=_zero)
    assert a == b and hash(a) == hash(b)
    assert isinstance(a.exploration, float) and a.reward_range == (0.0, 1.0)
    assert a != dataclasses.replace(b, rollout_depth=4)
    assert a != MCTSSettings(exploration=1.0, reward_range=(0.0, 1.0), rollout_depth=3)
    assert len({a, b, MCTSSettings()}) == 2


def test_decoded_forms() -> None:
    assert MCTSSettings(exploration=0.7).c == 1.4
    assert MCTSSettings(exploration=0.7, reward_range=(0, 1)).c == 0.7
    assert MCTSSettings(backup="max").use_max and not MCTSSettings().use_max
    assert MCTSSettings(simultaneous="decoupled").decoupled and not MCTSSettings().decoupled
    assert MCTSSettings().leaf == LEAF_ROLLOUT
    assert MCTSSettings(evaluate=_zero).leaf == LEAF_EVALUATE
    assert MCTSSettings(evaluate=_zero, rollout_depth=2).leaf == LEAF_BOUNDED
    assert MCTSSettings(rollout_depth=2).leaf == LEAF_BOUNDED


def test_replace_checks_again_and_derives_again() -> None:
    settings = MCTSSettings(exploration=0.5)
    wider = dataclasses.replace(settings, reward_range=(-2, 2))
    assert wider.c == 2.0 and settings.c == 1.0
    with pytest.raises(InvalidArgumentError, match="reuse must be True or False, got 0"):
        dataclasses.replace(settings, reuse=0)  # type: ignore[arg-type]


def test_mcts_reads_its_knobs_from_the_settings() -> None:
    search = MCTS(
        iterations=5,
        exploration=0.7,
        reward_range=(0, 1),
        selection=uct,
        evaluate=_zero,
        perspective=1,
        rollout_depth=4,
        reuse=False,
        final="secure",
        backup="max",
        solver=False,
        simultaneous="decoupled",
        rng=3,
    )
    settings = search.settings
    for name in settings.keywords():
        assert getattr(search, name) == getattr(settings, name), name
    assert (search.c, search.reward_range, search.iterations, search.rng) == (0.7, (0.0, 1.0), 5, 3)
    assert MCTS(iterations=5, **settings.keywords()).settings == settings
    assert repr(search).startswith(
        "MCTS(budget=Budget(max_nodes=None, max_depth=None, seconds=None, max_iterations=5), "
        "reward_range=(0.0, 1.0), simultaneous='decoupled', iterations=5, exploration=0.7, "
        "c=0.7, selection=<function uct"
    )


# The bot and MCTS: the same bad values refused with the same messages.
@pytest.mark.parametrize(
    ("knob", "value"),
    [
        ("exploration", -1.0),
        ("exploration", math.inf),
        ("exploration", True),
        ("exploration", "x"),
        ("reuse", 1),
        ("reuse", "no"),
        ("simultaneous", "joint"),
        ("iterations", 0),
        ("iterations", True),
        ("iterations", 2.5),
    ],
)
def test_the_tron_bot_refuses_what_mcts_refuses(knob: str, value: Any) -> None:
    others: dict[str, Any] = {} if knob == "iterations" else {"iterations": 10}
    with pytest.raises(InvalidArgumentError) as by_mcts:
        MCTS(**others, **{knob: value})
    with pytest.raises(InvalidArgumentError) as by_bot:
        mcts_bot(None, **others, **{knob: value})
    # Both name the keyword the caller typed ("iterations", not Budget's "max_iterations").
    assert str(by_bot.value) == str(by_mcts.value)
    assert type(by_bot.value) is type(by_mcts.value)


@pytest.mark.parametrize("value", [0, -2, True, 1.5, "3"])
def test_the_bot_names_rollout_depth_playout(value: Any) -> None:
    with pytest.raises(InvalidArgumentError) as by_mcts:
        MCTS(iterations=10, rollout_depth=value)
    with pytest.raises(InvalidArgumentError) as by_bot:
        mcts_bot(None, iterations=10, playout=value)
    assert str(by_mcts.value).startswith("rollout_depth must be an int >= 1 or None")
    assert str(by_bot.value) == str(by_mcts.value).replace("rollout_depth", "playout")


def test_the_bot_keeps_its_own_checks() -> None:
    with pytest.raises(InvalidArgumentError, match="seconds must be a finite number > 0"):
        mcts_bot(-1.0)
    with pytest.raises(InvalidArgumentError, match=r"seed must be an int, got 1\.5"):
        mcts_bot(None, iterations=10, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="neither"):
        mcts_bot(None)


def _children(search: MCTS) -> list[tuple[str, int, float]]:
    result = search.run(TicTacToe())
    return [(repr(s), n, mean) for s, n, mean in result.info["children"]]


@pytest.mark.parametrize(
    "knobs",
    [
        {},
        {"solver": False, "final": "secure"},
        {"backup": "max"},
        {"evaluate": lambda s: 0.1, "rollout_depth": 2},
        {"exploration": 1.0, "reward_range": (-2, 2)},
    ],
)
def test_same_seed_same_result(knobs: dict[str, Any]) -> None:
    settings = MCTSSettings(**knobs)
    runs = [
        _children(MCTS(iterations=300, rng=7, **knobs)),
        _children(MCTS(iterations=300, rng=7, **settings.keywords())),
        _children(MCTS(iterations=300, rng=7, **knobs)),
    ]
    assert runs[0] == runs[1] == runs[2]
    assert sum(n for _, n, _ in runs[0]) > 0


def test_the_bot_is_deterministic_by_seed() -> None:
    state = square_start("box15").play(1, 3).play(1, 3)
    moves = [mcts_bot(None, iterations=80, playout=2, seed=3)(state, 0) for _ in range(2)]
    assert moves[0] == moves[1]


def test_settings_sit_between_the_hooks_and_the_simulator() -> None:
    """mcts.final, mcts.policies <- mcts.settings <- mcts.simulate, mcts.mcts (one way)."""
    root = Path(__file__).resolve().parents[2] / "treesearch"

    def imports(module: str) -> set[str]:
        tree = ast.parse((root / f"{module}.py").read_text())
        found = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        return {m for m in found if m.startswith("treesearch.mcts")}

    assert imports("mcts/settings") == {"treesearch.mcts.final", "treesearch.mcts.policies"}
    assert "treesearch.mcts.settings" in imports("mcts/simulate") & imports("mcts/mcts")
