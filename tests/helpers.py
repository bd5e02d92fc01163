"""Test helpers shared across test modules."""

from __future__ import annotations

from typing import Any

from observers import RecordingObserver
from treesearch import Event, Observer, Visited
from treesearch.events import Evaluated, Expanded, Pruned, SolutionImproved
from treesearch.values import TERMINAL


class Boom(Observer):
    """Raises ``exc`` at the ``after``-th visit: an observer that fails (or stops) a run."""

    def __init__(self, after: int, exc: BaseException) -> None:
        self.after, self.exc, self.seen = after, exc, 0

    def notify(self, event: Event) -> None:
        if type(event) is Visited:
            self.seen += 1
            if self.seen == self.after:
                raise self.exc


def transcript(rec: RecordingObserver) -> list[tuple[str, str, Any]]:
    out: list[tuple[str, str, Any]] = []
    for e in rec.events:
        if isinstance(e, Visited):
            out.append(("visit", e.state.name, e.depth))
        elif isinstance(e, Expanded):
            out.append(("expand", e.state.name, e.n_children))
        elif isinstance(e, Pruned):
            out.append(("prune", e.state.name, e.reason))
        elif isinstance(e, Evaluated):
            out.append(("eval", e.state.name, e.value))
        elif isinstance(e, SolutionImproved):
            out.append(("solved", e.state.name, e.value))
    return out


class Simul:
    """One simultaneous turn: player 0 picks ``a``, player 1 picks ``b``, payoff[a][b] to 0.

    ``simultaneous()`` marks the pending state; ``hook=False`` hides the method's answer.
    """

    def __init__(
        self,
        payoff: list[list[float]],
        a: int | None = None,
        b: int | None = None,
        hook: bool = True,
    ) -> None:
        self.payoff, self.a, self.b, self.hook = payoff, a, b, hook

    def get_children(self) -> list[Simul]:
        if self.a is None:
            return [Simul(self.payoff, a, None, self.hook) for a in range(len(self.payoff))]
        if self.b is None:
            return [Simul(self.payoff, self.a, b, self.hook) for b in range(len(self.payoff[0]))]
        return []

    def player(self) -> int:
        return 0 if self.a is None else 1 if self.b is None else TERMINAL

    def simultaneous(self) -> bool:
        return self.hook and self.a is not None and self.b is None

    def returns(self) -> tuple[float, float]:
        assert self.a is not None and self.b is not None
        v = self.payoff[self.a][self.b]
        return v, -v

    def __repr__(self) -> str:
        return f"Simul(a={self.a}, b={self.b})"


def plain_python_digest(module: str) -> tuple[str, str]:
    """``(ENGINE, module._digest())`` in a fresh process under ``TREESEARCH_ENGINE=python``.

    The compiled game engines' tests compare this digest with the compiled one: the plain
    Python path must give the very same answers.
    """
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = (
        f"from {module} import _digest\n"
        "from games._compile import ENGINE\n"
        "print(ENGINE, _digest())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=Path(__file__).resolve().parents[1],
        env={**os.environ, "TREESEARCH_ENGINE": "python"},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    engine, digest = done.stdout.split()
    return engine, digest
