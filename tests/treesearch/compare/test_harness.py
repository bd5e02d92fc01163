import math
import random
from pathlib import Path

import pytest

from treesearch.compare import Outcome, compare, instance_seed, run_jobs, table, write
from treesearch.errors import InvalidArgumentError


def noisy(seed: int) -> Outcome:
    """A stand-in entrant: its value depends only on its seed."""
    rng = random.Random(seed)
    return Outcome(rng.random() * 10, 0.001, rng.randrange(100), "ok")


def better(seed: int) -> float:
    return 5 + random.Random(seed).random() * 10


def failing(seed: int) -> Outcome:
    return Outcome(math.nan if seed % 2 else 1.0, 0.0, 0, "no route" if seed % 2 else "ok")


def square(x: int) -> int:
    return x * x


def test_rows_in_instance_then_entrant_order() -> None:
    c = compare({"a": noisy, "b": better}, instances=3, seed=4, jobs=1)
    assert [(r.entrant, r.instance) for r in c.rows] == [
        ("a", 0),
        ("b", 0),
        ("a", 1),
        ("b", 1),
        ("a", 2),
        ("b", 2),
    ]
    assert [r.seed for r in c.rows[::2]] == [instance_seed(4, i) for i in range(3)]
    # Both entrants meet the same instances.
    assert [r.seed for r in c.rows[::2]] == [r.seed for r in c.rows[1::2]]
    assert c.rows[0].value == noisy(instance_seed(4, 0)).value
    assert c.rows[1].status == "ok" and c.rows[1].seconds >= 0


def test_results_do_not_depend_on_workers() -> None:
    one = compare({"a": noisy, "b": better}, instances=6, seed=1, jobs=1)
    two = compare({"a": noisy, "b": better}, instances=6, seed=1, jobs=2)
    strip = [(r.entrant, r.instance, r.seed, r.value, r.nodes) for r in one.rows]
    assert strip == [(r.entrant, r.instance, r.seed, r.value, r.nodes) for r in two.rows]


def test_run_jobs_keeps_task_order_with_workers() -> None:
    seen: list[int] = []
    assert run_jobs(square, list(range(20)), jobs=2, done=lambda i, _: seen.append(i)) == [
        x * x for x in range(20)
    ]
    assert sorted(seen) == list(range(20))


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"instances": 0}, "instances"),
        ({"instances": 2, "seed": -1}, "seed"),
        ({"instances": 2, "jobs": 0}, "jobs"),
        ({"instances": 2, "backend": "mpi"}, "backend"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        compare({"a": noisy}, **kwargs)  # type: ignore[arg-type]


def test_bad_entrants() -> None:
    with pytest.raises(InvalidArgumentError, match="at least one"):
        compare({}, instances=1)
    with pytest.raises(InvalidArgumentError, match="must be a callable"):
        compare({"a": 3}, instances=1)  # type: ignore[dict-item]
    with pytest.raises(InvalidArgumentError, match="returned 'x'"):
        compare({"a": lambda s: "x"}, instances=1, jobs=1)  # type: ignore[arg-type, return-value]


@pytest.mark.parametrize("value", [math.inf, -math.inf])
@pytest.mark.parametrize("wrap", [False, True], ids=["number", "outcome"])
def test_an_infinite_value_is_refused_by_name(value: float, wrap: bool) -> None:
    def entrant(seed: int) -> Outcome | float:
        return Outcome(value, 0.0) if wrap else value

    with pytest.raises(InvalidArgumentError, match=rf"entrant 'x' returned the value {value}"):
        compare({"x": entrant, "y": lambda s: 1.0}, instances=3, seed=0, jobs=1)


def test_failures_are_counted_not_averaged() -> None:
    c = compare({"f": failing}, instances=8, seed=0, jobs=1)
    failed = c.failures("f")
    assert 0 < failed < 8
    summary = c.summary("f")
    assert summary is not None and summary.n == 8 - failed and summary.mean == 1.0
    assert "failed" in table(c)


def test_table_and_files(tmp_path: Path) -> None:
    c = compare({"a": noisy, "b": better}, instances=12, seed=2, jobs=1)
    text = table(c)
    lines = text.splitlines()
    assert lines[0].split()[:3] == ["entrant", "n", "mean"]
    assert lines[1].startswith("a ") and lines[2].startswith("b ")
    assert "Mann-Whitney U" in text and "a vs b: p = " in text
    notes = write(c, tmp_path / "out")
    assert notes == []
    out = tmp_path / "out"
    csv_lines = (out / "results.csv").read_text().splitlines()
    assert csv_lines[0] == "entrant,instance,seed,score,seconds,nodes,status"
    assert len(csv_lines) == 1 + 24
    import json

    doc = json.loads((out / "results.json").read_text())
    assert doc["entrants"] == ["a", "b"] and len(doc["rows"]) == 24
    assert (out / "summary.txt").read_text() == text
    from PIL import Image

    with Image.open(out / "cdf.png") as image:
        assert image.size == (700, 450)
        # Two coloured step lines: more than a handful of colours.
        assert len(image.convert("RGB").getcolors(100000) or []) > 10


def test_a_failing_entrant_is_named() -> None:
    from treesearch.compare import JobError

    def broken(seed: int) -> float:
        raise ZeroDivisionError("oops")

    with pytest.raises(JobError, match=r"entrant 'b' failed on the instance seeded \d+: "):
        compare({"a": noisy, "b": broken}, instances=2, jobs=1)


def test_an_entrant_that_counts_no_nodes_shows_no_mean_of_zero() -> None:
    c = compare({"search": noisy, "bot": better}, instances=3, seed=2, jobs=1)
    rows = {line.split()[0]: line.split() for line in table(c).splitlines()[1:3]}
    assert rows["bot"][-2] == "-"  # a bare value: the bot counted no nodes
    assert int(rows["search"][-2]) > 0
    assert "'-' where the entrant counts no nodes" in table(c)
