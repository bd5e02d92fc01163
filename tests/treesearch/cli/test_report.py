"""The result tables: a cost column, aligned columns, and a line per status that appeared."""

from __future__ import annotations

import io
import re

import pytest

from games.maze import path_cost
from treesearch import Budget, SearchResult, Stats, Status
from treesearch.cli import main
from treesearch.cli.catalog import GAMES, SEARCHES
from treesearch.cli.result_tables import Table, explain


def _table(out: str) -> tuple[str, list[str], list[str]]:
    lines = out.splitlines()
    i = next(i for i, line in enumerate(lines) if line.startswith("search "))
    rows = [line for line in lines[i + 1 :] if line and not line.startswith("  ")]
    notes = [line.strip() for line in lines[i + 1 :] if line.startswith("  ")]
    return lines[i], rows, notes


def test_compare_prints_cost_so_a_longer_cheaper_route_looks_better(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["compare", "--game", "maze", "--searches", "bfs,astar"]) == 0
    header, rows, _ = _table(capsys.readouterr().out)
    assert header.split() == [
        "search",
        "status",
        "moves",
        "cost",
        "expanded",
        "visited",
        "time",
        "best",
    ]
    fields = ["search", "status", "moves", "cost"]
    bfs, astar = (dict(zip(fields, r.split()[:4], strict=True)) for r in rows)
    # The issue's case: A*'s 68-move route is cheaper than BFS's 58-move one (mud).
    assert (bfs["moves"], astar["moves"]) == ("58", "68")
    assert float(astar["cost"]) < float(bfs["cost"])


def test_cost_is_the_sum_of_step_costs() -> None:
    from types import SimpleNamespace

    args = SimpleNamespace(size=12, seed=3)
    problem = GAMES["maze"].build(args)  # type: ignore[arg-type]
    search = SEARCHES["bfs"].make(problem, Budget(), args)  # type: ignore[arg-type]
    result = search.run(problem.start)
    out = io.StringIO()
    table = Table(problem, out)
    table.row("bfs", search, result)
    row = out.getvalue().splitlines()[1].split()
    steps = sum(a.step_cost(b) for a, b in zip(result.path, result.path[1:], strict=False))
    assert row[1] == "solved" and int(row[2]) == len(result.path) - 1
    assert float(row[3]) == steps == path_cost(result.path)


def test_columns_line_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "--game", "maze", "--size", "12"]) == 0
    header, rows, _ = _table(capsys.readouterr().out)
    # Right-aligned numeric columns end where their header ends.
    for name in ("moves", "cost", "expanded", "visited", "time"):
        end = header.index(name) + len(name)
        for row in rows:
            assert row[end - 1] != " " and row[end] == " ", (name, row)


def test_random_walk_exhausted_is_explained(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "--game", "grid", "--searches", "bfs,random-walk"]) == 0
    _, rows, notes = _table(capsys.readouterr().out)
    assert rows[1].split()[:2] == ["random-walk", "exhausted"]
    assert notes[1].startswith(
        "random-walk: exhausted = all 20 episodes ended without reaching the goal"
    )
    assert notes[0].startswith("bfs: solved = reached the goal")


def test_one_line_per_status_naming_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["compare", "--game", "maze", "--size", "20", "--max-nodes", "60"]
    assert main([*argv, "--searches", "bfs,greedy,dfs,astar"]) == 0
    _, rows, notes = _table(capsys.readouterr().out)
    statuses = [re.split(r"\s{2,}", r)[1] for r in rows]
    assert set(statuses) == {"solved", "budget reached"}
    assert len(notes) == 2
    budget = next(n for n in notes if "budget reached" in n)
    assert "stopped by --max-nodes 60" in budget


def _result(status: Status, reason: str | None = None) -> SearchResult:
    return SearchResult(status=status, stop_reason=reason, stats=Stats(iterations=7))


def test_every_status_has_an_explanation() -> None:
    from types import SimpleNamespace

    args = SimpleNamespace(size=6, seed=0, iterations=7)
    maze = GAMES["maze"].build(args)  # type: ignore[arg-type]
    bfs = SEARCHES["bfs"].make(maze, Budget(seconds=4), args)  # type: ignore[arg-type]
    assert "reached the goal" in explain(bfs, _result(Status.SOLVED), maze)
    assert "every reachable state" in explain(bfs, _result(Status.EXHAUSTED), maze)
    said = explain(bfs, _result(Status.BUDGET_REACHED, "seconds"), maze)
    assert "--seconds 4" in said
    assert "observer stopped it (frames)" in explain(bfs, _result(Status.STOPPED, "frames"), maze)
    assert "Ctrl-C" in explain(bfs, _result(Status.INTERRUPTED), maze)
    ttt = GAMES["tictactoe"].build(SimpleNamespace(moves=""))  # type: ignore[arg-type]
    mcts = SEARCHES["mcts"].make(ttt, Budget(), args)  # type: ignore[arg-type]
    assert "ran all 7 simulations" in explain(mcts, _result(Status.EXHAUSTED), ttt)


def test_time_column_is_the_search_own_time_and_drawing_is_said_apart() -> None:
    from dataclasses import replace
    from types import SimpleNamespace

    args = SimpleNamespace(size=7, seed=0)
    problem = GAMES["maze"].build(args)  # type: ignore[arg-type]
    search = SEARCHES["astar"].make(problem, Budget(), args)  # type: ignore[arg-type]
    result = search.run(problem.start)
    # A run of 50 s of which 20 s went into drawing frames: the search took 30 s.
    result = replace(result, stats=replace(result.stats, seconds=50.0, observer_seconds=20.0))
    out = io.StringIO()
    table = Table(problem, out)
    table.row("astar", search, result)
    table.explain_statuses()
    _, rows, notes = _table(out.getvalue())
    assert rows[0].split()[6:8] == ["30.0", "s"]
    assert (
        notes[-1]
        == "time in observers (drawing, recording, counting), not in the time column: astar 20.0 s"
    )


@pytest.mark.parametrize(("game", "mud"), [("grid", False), ("seed-tree", False), ("maze", True)])
def test_mud_is_named_only_for_games_with_mud(
    game: str, mud: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    size = [] if game == "seed-tree" else ["--size", "9"]  # the seed tree has one size
    assert main(["run", "--game", game, "--search", "bfs", *size]) == 0
    _, _, notes = _table(capsys.readouterr().out)
    assert notes[0].startswith("bfs: solved = reached the goal")
    assert ("mud" in notes[0]) is mud
