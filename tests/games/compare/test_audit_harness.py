"""Audit of the comparison harness (issue 21), in the style of Gymnasium's ``check_env``.

Every public entry point of ``games.compare`` and of ``treesearch compare`` on the harness
is fed bad values, broken entrants and signals. Each refusal must be one line that names
the bad value (its ``repr``) and what was expected; each fault must end the call (no hang)
and keep what had finished. Kept as a regression table: a new entry point or knob gets a
row here.
"""

from __future__ import annotations

import math
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from games.cli import main
from games.compare import (
    Comparison,
    ComparisonInterrupted,
    Interrupted,
    JobError,
    JobLostError,
    Outcome,
    compare,
    instance_seed,
    mann_whitney,
    plot_cdf,
    run_jobs,
    summarize,
    t_quantile,
    table,
    write,
)
from games.match import RandomAgent, play_match
from games.tictactoe import TicTacToe
from tests.games.cli.errors import error_line
from tests.signal_guard import signal_guard
from treesearch import InvalidArgumentError

posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and fork")


@pytest.fixture(autouse=True)
def deadline() -> Iterator[None]:
    """A hang fails the test (a SIGALRM), a SIGTERM that leaks fails it (not pytest)."""

    with signal_guard("the harness", 30):
        yield


def clear(error: BaseException, *parts: str) -> None:
    """One line that holds every one of ``parts`` (the bad value, what was expected)."""
    text = str(error)
    assert "\n" not in text and "Traceback" not in text, text
    for part in parts:
        assert part in text, (part, text)


def ok(seed: int) -> float:
    return float(seed % 7)


# -- compare(): its arguments ----------------------------------------------------------------

BAD_COMPARE: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("entrants a list", {"entrants": [("a", ok)]}, ("[('a',", "a dict of names")),
    ("entrants None", {"entrants": None}, ("None", "a dict of names")),
    ("entrants empty", {"entrants": {}}, ("at least one entrant",)),
    ("name not a str", {"entrants": {1: ok}}, ("got 1", "non-empty strings")),
    ("name empty", {"entrants": {" ": ok}}, ("got ' '", "non-empty strings")),
    ("entrant not callable", {"entrants": {"a": 3}}, ("entrant 'a'", "got 3", "callable")),
    ("instances 0", {"instances": 0}, ("instances", "got 0", ">= 1")),
    ("instances float", {"instances": 2.0}, ("got 2.0", "an int")),
    ("instances bool", {"instances": True}, ("got True", "an int")),
    ("instances str", {"instances": "3"}, ("got '3'", "an int")),
    ("instances too many", {"instances": 10**9}, ("instances=1000000000", "at most")),
    ("seed negative", {"seed": -1}, ("seed", "got -1", ">= 0")),
    ("seed float", {"seed": 1.5}, ("got 1.5", "an int")),
    ("seed nan", {"seed": math.nan}, ("got nan",)),
    ("jobs 0", {"jobs": 0}, ("jobs", "got 0", ">= 1 or None")),
    ("jobs bool", {"jobs": False}, ("got False",)),
    ("jobs float", {"jobs": 2.0}, ("got 2.0",)),
    ("backend unknown", {"backend": "mpi"}, ("'mpi'", "'local', 'ray'")),
    ("backend None", {"backend": None}, ("got None", "'local', 'ray'")),
    ("measure empty", {"measure": ""}, ("got ''", "non-empty name")),
    ("measure a column", {"measure": "seconds"}, ("got 'seconds'", "other than")),
    ("measure not a str", {"measure": 3}, ("got 3",)),
    ("higher_is_better str", {"higher_is_better": "no"}, ("got 'no'", "True or False")),
    ("higher_is_better int", {"higher_is_better": 0}, ("got 0", "True or False")),
    ("progress str", {"progress": "yes"}, ("got 'yes'", "True or False")),
]


@pytest.mark.parametrize(("case", "kwargs", "parts"), BAD_COMPARE, ids=[c[0] for c in BAD_COMPARE])
def test_compare_refuses_bad_arguments_in_one_line(
    case: str, kwargs: dict[str, Any], parts: tuple[str, ...]
) -> None:
    call = {"entrants": {"a": ok}, "instances": 2, "jobs": 1, **kwargs}
    with pytest.raises(InvalidArgumentError) as caught:
        compare(**call)
    clear(caught.value, *parts)


def test_numpy_integers_count_as_ints() -> None:
    c = compare({"a": ok}, instances=np.int64(3), seed=np.uint32(4), jobs=np.int8(1))
    assert len(c.rows) == 3 and c.rows[0].seed == instance_seed(4, 0)
    assert compare({"a": ok}, instances=2, higher_is_better=np.bool_(False), jobs=1).rows


# -- compare(): what entrants return ---------------------------------------------------------

BAD_RETURNS: list[tuple[str, Any, tuple[str, ...]]] = [
    ("None", None, ("returned None", "an Outcome or a number")),
    ("a str", "2", ("returned '2'", "an Outcome or a number")),
    ("a bool", True, ("returned True",)),
    ("a list", [1.0], ("returned [1.0]",)),
    ("inf", math.inf, ("the value inf", "finite number (or NaN for no result)")),
    ("-inf", -math.inf, ("the value -inf",)),
    ("value str", Outcome("x", 0.0), ("the value 'x'", "finite number")),  # type: ignore[arg-type]
    ("value inf", Outcome(math.inf, 0.0), ("the value inf",)),
    ("seconds nan", Outcome(1.0, math.nan), ("seconds=nan", "finite number of seconds >= 0")),
    ("seconds inf", Outcome(1.0, math.inf), ("seconds=inf",)),
    ("seconds negative", Outcome(1.0, -1.0), ("seconds=-1.0",)),
    ("seconds str", Outcome(1.0, "1"), ("seconds='1'",)),  # type: ignore[arg-type]
    ("nodes float", Outcome(1.0, 0.0, 1.5), ("nodes=1.5", "an int >= 0")),  # type: ignore[arg-type]
    ("nodes negative", Outcome(1.0, 0.0, -2), ("nodes=-2",)),
    ("nodes bool", Outcome(1.0, 0.0, True), ("nodes=True",)),
    ("status int", Outcome(1.0, 0.0, 0, 3), ("status=3", "a string")),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize(("case", "out", "parts"), BAD_RETURNS, ids=[c[0] for c in BAD_RETURNS])
def test_a_bad_result_is_refused_naming_the_entrant_and_seed(
    case: str, out: Any, parts: tuple[str, ...], jobs: int
) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        compare({"e": lambda seed: out, "f": ok}, instances=2, seed=1, jobs=jobs)
    clear(caught.value, "entrant 'e'", *parts)
    assert any(f"seed {instance_seed(1, i)}" in str(caught.value) for i in range(2))


@pytest.mark.parametrize(
    "out", [np.float32(2.5), np.int64(3), 4, Outcome(np.float64(1.0), 0, np.int64(5), "x")]
)
def test_numpy_and_int_results_are_taken_as_numbers(out: Any) -> None:
    row = compare({"e": lambda seed: out}, instances=1, jobs=1).rows[0]
    assert isinstance(row.value, float) and isinstance(row.nodes, int)
    assert isinstance(row.seconds, float)


# -- compare(): broken entrants ----------------------------------------------------------------


class UnpicklableError(Exception):
    def __reduce__(self) -> Any:
        raise TypeError("no pickling")


BROKEN: list[tuple[str, Callable[[int], Any], tuple[str, ...]]] = [
    ("raises", lambda s: 1 / 0, ("ZeroDivisionError('division by zero')",)),
    ("wrong arity", lambda: 1.0, ("takes 0 positional arguments",)),  # type: ignore[misc]
    (
        "unpicklable error",
        lambda s: (_ for _ in ()).throw(UnpicklableError("u")),
        ("UnpicklableError",),
    ),
]


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize(("case", "entrant", "parts"), BROKEN, ids=[c[0] for c in BROKEN])
def test_an_entrants_error_names_it_and_keeps_the_finished_rows(
    case: str, entrant: Callable[[int], Any], parts: tuple[str, ...], jobs: int
) -> None:
    with pytest.raises(JobError) as caught:
        compare({"ok": ok, "bad": entrant}, instances=3, seed=2, jobs=jobs)
    clear(caught.value, "entrant 'bad' failed on the instance seeded", *parts)
    partial = caught.value.comparison
    assert partial is not None and partial.planned == 6 and partial.rows[0].entrant == "ok"


def _die(seed: int) -> float:
    os._exit(9)


def _interrupt(seed: int) -> float:
    raise KeyboardInterrupt


def _exit(seed: int) -> float:
    sys.exit("bye")


LOST: list[tuple[str, Callable[[int], float], str]] = [
    ("os._exit", _die, "its worker died with exit code 9"),
    ("KeyboardInterrupt", _interrupt, "it raised KeyboardInterrupt in its worker"),
    ("sys.exit", _exit, "it raised SystemExit(bye) in its worker"),
]


@posix
@pytest.mark.parametrize(("case", "entrant", "why"), LOST, ids=[c[0] for c in LOST])
def test_every_job_of_a_dying_entrant_is_a_named_failure(
    case: str, entrant: Callable[[int], float], why: str
) -> None:
    c = compare({"ok": ok, "bad": entrant}, instances=3, seed=2, jobs=2)
    assert [f.reason for f in c.failed] == [why] * 3
    assert c.failures("bad") == 3 and c.summary("bad") is None
    assert len(c.values("ok")) == 3
    text = table(c)
    assert "3 failed job(s)" in text and f"bad on instance 0 (seed {instance_seed(2, 0)})" in text


# -- run_jobs --------------------------------------------------------------------------------

BAD_RUN_JOBS: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("fn None", {"fn": None}, ("fn must be a function", "got None")),
    ("tasks an int", {"tasks": 3}, ("tasks must be a sequence", "got 3")),
    ("tasks a generator", {"tasks": (x for x in [1])}, ("tasks must be a sequence",)),
    ("done not callable", {"done": 3}, ("done must be None or a function", "got 3")),
    ("lost not callable", {"lost": "x"}, ("lost must be None or a function", "got 'x'")),
    ("jobs negative", {"jobs": -1}, ("jobs must be an int >= 1 or None", "got -1")),
    ("backend", {"backend": "local "}, ("got 'local '",)),
]


@pytest.mark.parametrize(
    ("case", "kwargs", "parts"), BAD_RUN_JOBS, ids=[c[0] for c in BAD_RUN_JOBS]
)
def test_run_jobs_refuses_bad_arguments_in_one_line(
    case: str, kwargs: dict[str, Any], parts: tuple[str, ...]
) -> None:
    call = {"fn": abs, "tasks": [1, -2], "jobs": 1, **kwargs}
    with pytest.raises(InvalidArgumentError) as caught:
        run_jobs(**call)
    clear(caught.value, *parts)


@posix
def test_run_jobs_names_a_result_that_cannot_come_back() -> None:
    with pytest.raises(JobLostError) as caught:
        run_jobs(lambda x: threading.Lock(), [1, 2], jobs=2)
    clear(caught.value, "its result could not be sent back", "pickle")


@posix
def test_run_jobs_in_a_thread_runs_without_signal_handlers() -> None:
    found: list[Any] = []
    worker = threading.Thread(target=lambda: found.append(run_jobs(abs, [-1, -2], jobs=2)))
    worker.start()
    worker.join(20)
    assert found == [[1, 2]]


# -- signals at every entry point that runs jobs ---------------------------------------------


def _signal_self(signum: int) -> Callable[[int], int]:
    parent = os.getpid()

    def job(x: int) -> int:
        if x == 2:
            os.kill(parent, signum)
            threading.Event().wait(30)  # ended long before
        return x

    return job


@posix
@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_run_jobs_stops_on_a_signal_after_the_finished_jobs(jobs: int, signum: int) -> None:
    seen: list[int] = []
    with pytest.raises(Interrupted) as caught:
        run_jobs(_signal_self(signum), range(6), jobs=jobs, done=lambda i, r: seen.append(i))
    assert caught.value.signum == signum and isinstance(caught.value, KeyboardInterrupt)
    # Job 2 goes out once 2 - (workers - 1) jobs are done; it never finishes.
    assert len(seen) >= 3 - jobs and set(seen) <= {0, 1, 3, 4, 5} and 2 not in seen


class _SignalOnThirdMove:
    """A tic-tac-toe agent that signals the match's process on its third move, once."""

    name = "signaller"
    target = 0
    signum = signal.SIGINT

    def __init__(self, seed: int) -> None:
        self.moves = 0

    def choose(self, state: Any) -> Any:
        self.moves += 1
        if self.moves == 3 and not getattr(_SignalOnThirdMove, "sent", False):
            _SignalOnThirdMove.sent = True  # type: ignore[attr-defined]
            os.kill(_SignalOnThirdMove.target, _SignalOnThirdMove.signum)
            threading.Event().wait(30)
        return state.get_children()[0]


@posix
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_match_on_run_jobs_stops_on_a_signal(signum: int) -> None:
    _SignalOnThirdMove.target, _SignalOnThirdMove.signum = os.getpid(), signum
    _SignalOnThirdMove.sent = False  # type: ignore[attr-defined]
    result = play_match(_SignalOnThirdMove, RandomAgent(), TicTacToe(), games=4, jobs=1)
    assert result.interrupted and len(result.records) < 4


# -- reports and statistics -------------------------------------------------------------------


def _comparison() -> Comparison:
    return compare({"a": ok, "b": lambda s: float(s % 5)}, instances=3, jobs=1)


REPORTS: list[tuple[str, Callable[[], Any], tuple[str, ...]]] = [
    ("table(3)", lambda: table(3), ("table() needs a Comparison", "got 3")),  # type: ignore[arg-type]
    ("write(None)", lambda: write(None, "x"), ("write() needs a Comparison", "got None")),  # type: ignore[arg-type]
    ("plot_cdf(str)", lambda: plot_cdf("c", Path("x.png")), ("plot_cdf() needs", "got 'c'")),  # type: ignore[arg-type]
    ("write to an int", lambda: write(_comparison(), 3), ("out must be a folder path", "got 3")),  # type: ignore[arg-type]
    ("write to ''", lambda: write(_comparison(), ""), ("got ''",)),
    ("summary field", lambda: _comparison().summary("a", "time"), ("got 'time'", "'seconds'")),
    ("summary name", lambda: _comparison().summary("zz"), ("no entrant 'zz'", "a, b")),
    ("instance_seed -1", lambda: instance_seed(-1, 0), ("seed must be an int >= 0", "got -1")),
    ("instance_seed 1.5", lambda: instance_seed(1.5, 0), ("got 1.5",)),  # type: ignore[arg-type]
    ("instance_seed index", lambda: instance_seed(0, -3), ("index must be", "got -3")),
    ("summarize []", lambda: summarize([]), ("empty sample",)),
    ("summarize str", lambda: summarize("abc"), ("a sequence of numbers", "got 'abc'")),
    ("summarize None", lambda: summarize(None), ("got None",)),  # type: ignore[arg-type]
    ("summarize nan", lambda: summarize([1, math.nan]), ("holds NaN", "[1.0, nan]")),
    ("summarize inf", lambda: summarize([math.inf]), ("infinite value", "[inf]")),
    ("summarize a word", lambda: summarize([1, "x"]), ("holds 'x'",)),  # type: ignore[list-item]
    ("mann_whitney nan", lambda: mann_whitney([math.nan], [1]), ("holds NaN",)),
    ("mann_whitney str", lambda: mann_whitney("ab", [1]), ("got 'ab'",)),  # type: ignore[arg-type]
    ("mann_whitney empty", lambda: mann_whitney([], [1]), ("two non-empty samples",)),
    ("t_quantile 0", lambda: t_quantile(0), ("degrees of freedom must be an int >= 1", "got 0")),
    ("t_quantile 2.5", lambda: t_quantile(2.5), ("got 2.5",)),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("case", "call", "parts"), REPORTS, ids=[c[0] for c in REPORTS])
def test_reports_and_statistics_refuse_bad_values_in_one_line(
    case: str, call: Callable[[], Any], parts: tuple[str, ...]
) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    clear(caught.value, *parts)


def test_write_refuses_a_file_before_writing(tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.write_text("mine")
    with pytest.raises(InvalidArgumentError) as caught:
        write(_comparison(), target)
    clear(caught.value, repr(str(target)), "must be a folder")
    assert target.read_text() == "mine"


def test_an_interrupted_comparison_pickles_with_its_rows() -> None:
    # ComparisonInterrupted crosses processes (a harness inside a job) with what it holds.
    stop = ComparisonInterrupted(signal.SIGTERM, _comparison())
    again = pickle.loads(pickle.dumps(stop))
    assert again.signum == signal.SIGTERM and again.comparison == stop.comparison


# -- the command line on the harness ----------------------------------------------------------

BAD_CLI: list[tuple[list[str], tuple[str, ...]]] = [
    (["--instances", "0"], ("--instances", "must be an int >= 1", "got '0'")),
    (["--instances", "-4"], ("got '-4'",)),
    (["--instances", "10000000"], ("--instances 10000000", "at most 1000000")),
    (["--jobs", "0"], ("--jobs", "must be an int >= 1", "got '0'")),
    (["--seed", "-1"], ("--seed", "must be an int >= 0", "got '-1'")),
    (["--backend", "mpi"], ("--backend must be one of local, ray", "got 'mpi'")),
    (["--backend", ""], ("--backend", "needs a backend name", "got ''")),
    (["--out", ""], ("--out", "needs a folder", "got ''")),
    (["--searches", ""], ("--searches", "needs at least one search name", "got ''")),
    (["--searches", ",,"], ("got ',,'",)),
    (["--searches", "bfs,astar,bfs"], ("names 'bfs' more than once", "'bfs,astar,bfs'")),
    (["--searches", "bfs,nope"], ("'nope'", "choose from")),
]


@pytest.mark.parametrize(("extra", "parts"), BAD_CLI, ids=[" ".join(c[0]) for c in BAD_CLI])
def test_compare_on_the_command_line_refuses_before_any_job(
    extra: list[str], parts: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    # Refused while the options are read (argparse) or by compare's own checks, before the
    # heading and before any job: exit 2, one line on stderr (tests/games/cli/errors.py).
    argv = ["compare", "--game", "maze", "--size", "5", "--instances", "2", *extra]
    line = error_line(argv, capsys)
    for part in parts:
        assert part in line, (part, line)


def test_compare_without_the_harness_refuses_a_name_twice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["compare", "--game", "maze", "--size", "5", "--searches", "bfs,bfs"]) == 2
    assert "names 'bfs' more than once" in capsys.readouterr().err


def test_an_out_that_is_a_file_is_refused_before_any_job(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "file"
    target.write_text("")
    argv = ["compare", "--game", "maze", "--size", "5", "--instances", "2", "--out", str(target)]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "it is a file, not a folder" in captured.err


@posix
def test_failed_jobs_on_the_command_line_exit_1_after_the_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import dataclasses

    from games.cli import catalog
    from treesearch import BFS, Budget

    def make(problem: Any, budget: Budget, args: Any) -> BFS:
        if args.seed == instance_seed(0, 1):
            os._exit(5)  # the worker dies on instance 1
        return BFS(goal=problem.goal, budget=budget)

    entry = dataclasses.replace(catalog.SEARCHES["dfs"], makers={"path": make})
    monkeypatch.setitem(catalog.SEARCHES, "dfs", entry)
    argv = ["compare", "--game", "maze", "--size", "5", "--searches", "bfs,dfs",
            "--instances", "3", "--jobs", "2", "--out", str(tmp_path / "o")]  # fmt: skip
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert f"dfs on instance 1 (seed {instance_seed(0, 1)}): its worker died with exit code 5" in (
        captured.out
    )
    assert captured.err.splitlines()[-1] == (
        "treesearch: error: 1 of 6 jobs failed (named under the table)"
    )
    assert (tmp_path / "o" / "results.json").exists()
