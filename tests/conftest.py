from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings

from games.dict_tree import DictTreeIterator

# CI machines are shared and noisy: no per-example deadline (a slow example is not a bug),
# and failures print the blob that reproduces them.
settings.register_profile("treesearch", deadline=None, print_blob=True)
settings.load_profile("treesearch")

SEED_TREE: dict[str, Any] = {
    "Algorithms": {
        "Breadth-First": {},
        "Depth-First": {"Backtracking": {}, "Beam Search": {}},
        "Other": {"Monte Carlo Tree Search": {}},
    }
}


@pytest.fixture
def seed_tree() -> DictTreeIterator:
    """The seed article's tree, rooted at "Root"."""
    return DictTreeIterator("Root", SEED_TREE)


@pytest.fixture(autouse=True)
def _commands_write_into_tmp(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Command-line tests run in a temporary folder: a default output never lands in the repo."""
    if request.module.__name__.startswith("tests.treesearch.cli."):
        monkeypatch.chdir(request.getfixturevalue("tmp_path"))


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    """A local Ray instance for the module; the signal handlers Ray sets are put back."""
    import ray

    saved = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    address = os.environ.pop("RAY_ADDRESS", None)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()
        for signum, handler in saved.items():
            signal.signal(signum, handler)
        if address is not None:
            os.environ["RAY_ADDRESS"] = address
