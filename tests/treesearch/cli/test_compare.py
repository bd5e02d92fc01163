"""``compare`` on the harness: N seeded instances, statistics, files, workers, errors."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest
from PIL import Image

from tests.treesearch.cli.errors import error_line
from treesearch.cli import main


def _rows(folder: Path) -> list[dict[str, str]]:
    """The CSV rows, the measured column (named after the measure) renamed ``value``."""
    measure = json.loads((folder / "results.json").read_text())["measure"]
    with open(folder / "results.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return [{**r, "value": r[measure]} for r in rows]


def test_compare_writes_table_csv_json_and_a_png(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "results"
    argv = [
        "compare",
        "--game",
        "maze",
        "--searches",
        "bfs,astar,dfs",
        "--size",
        "7",
        "--instances",
        "3",
        "--seed",
        "1",
        "--jobs",
        "1",
        "--out",
        str(out),
    ]
    assert main(argv) == 0
    printed = capsys.readouterr()
    assert "cost (lower is better)" in printed.out
    for name in ("bfs", "astar", "dfs"):
        assert any(line.lstrip().startswith(name) for line in printed.out.splitlines())
    rows = _rows(out)
    assert len(rows) == 9 and {r["entrant"] for r in rows} == {"bfs", "astar", "dfs"}
    by = {(r["entrant"], r["instance"]): float(r["value"]) for r in rows}
    for i in "012":  # A* finds a cheapest route, never dearer than BFS's or DFS's
        assert by[("astar", i)] <= min(by[("bfs", i)], by[("dfs", i)])
    assert len({by[("astar", i)] for i in "012"}) > 1  # the instances are different mazes
    document = json.loads((out / "results.json").read_text())
    assert document["measure"] == "cost" and document["higher_is_better"] is False
    assert (out / "summary.txt").read_text().strip()
    with Image.open(out / "cdf.png") as image:
        image.load()
        assert image.size[0] > 100
    assert "compare" in printed.err  # the tqdm bar


def _values(tmp_path: Path, jobs: str, argv: list[str]) -> list[tuple[str, str, str]]:
    out = tmp_path / f"jobs{jobs}"
    assert main([*argv, "--jobs", jobs, "--out", str(out)]) == 0
    return [(r["entrant"], r["seed"], r["value"]) for r in _rows(out)]


@pytest.mark.parametrize(
    "argv",
    [
        [
            "compare",
            "--game",
            "railroad-ink",
            "--searches",
            "random,random-walk",
            "--max-nodes",
            "40",  # enough for the walk's scores to differ by seed
        ],
        ["compare", "--game", "tron-hex", "--searches", "heuristic,random"],
        ["compare", "--game", "tictactoe", "--searches", "mcts,random", "--iterations", "50"],
    ],
)
def test_one_or_two_workers_give_the_same_rows(argv: list[str], tmp_path: Path) -> None:
    argv = [*argv, "--instances", "3", "--seed", "4"]
    one = _values(tmp_path, "1", argv)
    assert one == _values(tmp_path, "2", argv)
    assert len(one) == 6


def test_duels_score_against_the_opponent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "duel"
    argv = [
        "compare",
        "--game",
        "tictactoe",
        "--searches",
        "alphabeta",
        "--opponent",
        "alphabeta",
        "--instances",
        "2",
        "--jobs",
        "1",
        "--out",
        str(out),
    ]
    assert main(argv) == 0
    assert "match_score against alphabeta" in capsys.readouterr().out
    assert {r["value"] for r in _rows(out)} == {"0.5"}  # perfect play draws every game


def test_openspiel_through_the_harness(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")
    out = tmp_path / "os"
    argv = [
        "compare",
        "--game",
        "openspiel:tic_tac_toe",
        "--searches",
        "mcts,random",
        "--iterations",
        "100",
        "--instances",
        "2",
        "--jobs",
        "1",
        "--out",
        str(out),
    ]
    assert main(argv) == 0
    assert {r["entrant"] for r in _rows(out)} == {"mcts", "random"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--instances", "0"], "argument --instances: must be an int >= 1, got '0'"),
        (["--instances", "2", "--jobs", "0"], "argument --jobs: must be an int >= 1, got '0'"),
        (["--instances", "2", "--backend", "spark"], "--backend must be one of local, ray"),
        (["--instances", "2", "--seed", "-3"], "argument --seed: must be an int >= 0, got '-3'"),
        (["--instances", "2", "--searches", "bfs,mcts"], "'mcts' does not apply"),
        (
            ["--game", "tictactoe", "--instances", "2", "--opponent", "rnd"],
            "'rnd' cannot play 'tictactoe' (did you mean 'random'?)",
        ),
        (
            ["--game", "railroad-ink", "--instances", "2", "--searches", "bfs"],
            "'bfs' cannot play 'railroad-ink'",
        ),
        (["--game", "tron", "--instances", "2", "--map", "box51"], "did you mean 'box15'?"),
        (["--game", "maze", "--size", "-4", "--instances", "2"], "-4"),
    ],
)
def test_bad_harness_values_are_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert message in error_line(["compare", *argv], capsys)


def test_an_unwritable_out_is_refused_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main(["compare", "--game", "maze", "--instances", "2", "--out", str(blocker)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "--out" in captured.err


def test_ray_missing_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "ray" else real(name, *a)
    )
    assert main(["compare", "--game", "maze", "--instances", "2", "--backend", "ray"]) == 2
    assert "pip install" in capsys.readouterr().err


def test_compare_without_matplotlib_claims_no_plot_and_leaves_no_stale_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "results"
    out.mkdir()
    (out / "cdf.png").write_bytes(b"an old plot of other results")
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib: ImportError
    argv = ["compare", "--game", "maze", "--searches", "bfs,astar", "--size", "5"]
    assert main([*argv, "--instances", "2", "--jobs", "1", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert 'pip install "treesearch[plot]"' in printed
    assert f"wrote results.csv, results.json, summary.txt to {out}" in printed
    assert "cdf.png" not in printed.split("wrote", 1)[1]
    assert not (out / "cdf.png").exists()
