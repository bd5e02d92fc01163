"""The Ray backend: its missing-extra message always; a real local Ray instance when installed.

To run the Ray test: ``pip install "treesearch[distributed]"`` then
``pytest tests/games/compare/test_backends.py`` (it starts a local Ray instance).
"""

import importlib.util
import sys

import pytest

from games.compare import compare, run_jobs
from tests.games.compare.test_harness import better, noisy, square


def test_missing_ray_names_the_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    with pytest.raises(ImportError, match=r"pip install \"treesearch\[distributed\]\""):
        run_jobs(square, [1, 2], backend="ray")


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("ray") is None,
    reason='ray is not installed (pip install "treesearch[distributed]")',
)
def test_ray_matches_local(monkeypatch: pytest.MonkeyPatch) -> None:
    import ray

    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        local = compare({"a": noisy, "b": better}, instances=4, seed=3, jobs=1)
        remote = compare({"a": noisy, "b": better}, instances=4, seed=3, jobs=3, backend="ray")
    finally:
        ray.shutdown()
    assert [(r.entrant, r.seed, r.value) for r in remote.rows] == [
        (r.entrant, r.seed, r.value) for r in local.rows
    ]
