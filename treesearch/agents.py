"""Agents: who picks the move in a game, made fresh for every game from a per-game seed.

This is the one protocol for "who plays" in this project, with the core so that games
implement it without importing a harness: Tron's bots, Railroad Ink's bots, searches and the
command line's players all become agent makers. An ``Agent`` is one side of one game:
``choose(state)`` returns the child state it plays. ``play_match`` never reuses an agent
across games; it calls an *agent maker* ``make(seed) -> Agent`` at the start of every game
instead. So an agent may keep what it learnt between its own moves (an MCTS tree with
``reuse=True``) but nothing leaks from one game into the next, and a game replays exactly
from its seed.

``PlayedGame`` names what every record of a played game tells (a match's ``GameRecord``,
Railroad Ink's one-player ``InkRecord``). The makers here: ``SearchAgent`` (any treesearch
search whose ``run(state).best`` is the move), ``RandomAgent`` and ``OpenSpielMCTSAgent``
(OpenSpiel's Python ``MCTSBot``, for states of ``games.openspiel``). Any callable
``seed -> Agent`` works as well, a class included. A maker that can think for a given time
per move takes it as a ``seconds`` argument (the command line's ``--bot-seconds``); None
keeps the maker's own budget.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any, Protocol, runtime_checkable

from treesearch.errors import InvalidArgumentError, MissingCapabilityError
from treesearch.result import Status

__all__ = [
    "Agent",
    "AgentMaker",
    "OpenSpielMCTSAgent",
    "PlayedGame",
    "RandomAgent",
    "SearchAgent",
    "check_name",
    "make_agent",
]


@runtime_checkable
class Agent(Protocol):
    """One side of one game.

    It may keep state between its moves (a search tree); ``play_match`` makes a new one for
    every game, so it never sees two games.
    """

    @property
    def name(self) -> str:
        """A short label for tables and summaries (``"MCTS(1000)"``, ``"random"``)."""
        ...

    def choose(self, state: Any) -> Any:
        """The child of ``state`` this agent plays (one of ``state.get_children()``).

        A child equal to one of them (same ``key()``, or ``==``) will do: a search that
        keeps its tree between moves returns its own copy of the state.
        """
        ...


AgentMaker = Callable[[int], Agent]
"""``make(seed) -> Agent``: a fresh agent for one game; ``seed`` is in ``[0, 2**32)``."""


def make_agent(maker: Callable[[int], Agent], seed: int, which: str = "agent") -> Agent:
    """``maker(seed)``, checked to be an ``Agent`` (a ``name`` string and ``choose``).

    Raises:
        InvalidArgumentError: the maker made something else, naming it (as ``which``).
    """
    agent = maker(seed)
    name = getattr(agent, "name", None)
    if not callable(getattr(agent, "choose", None)) or not isinstance(name, str):
        raise InvalidArgumentError(
            f"{which} {maker!r} made {agent!r}, which is not an Agent: expected an object "
            "with a choose(state) -> child method and a name string"
        )
    return agent


@runtime_checkable
class PlayedGame(Protocol):
    """What any record of one played game tells: its seed, players, returns and moves."""

    @property
    def seed(self) -> int:
        """The game's seed: playing it again with the same agents replays it."""
        ...

    @property
    def names(self) -> tuple[str, ...]:
        """The agents' names, one per side (a's then b's in a match)."""
        ...

    @property
    def returns(self) -> tuple[float, ...]:
        """What each player got at the end (a one-player game: its score)."""
        ...

    @property
    def moves(self) -> tuple[Any, ...]:
        """The moves made from the start, in order."""
        ...


class SearchAgent:
    """Makes agents that play ``search.run(state).best``, one new search per game.

    Args:
        make_search: ``fn(seed) -> search``: a fresh treesearch search (MCTS, AlphaBeta...)
            seeded for one game, e.g. ``lambda seed: MCTS(iterations=1000, rng=seed,
            reuse=True)``. The search lives for one game, so ``reuse=True`` keeps its tree
            between that game's moves only.
        name: label of the agents (default: the search's class name).

    Examples:
        >>> from treesearch import AlphaBeta
        >>> from games.tictactoe import TicTacToe
        >>> agent = SearchAgent(lambda seed: AlphaBeta(), name="minimax")(0)
        >>> x_wins_at_2 = TicTacToe().play(0).play(3).play(1).play(4)
        >>> agent.name, agent.choose(x_wins_at_2).move
        ('minimax', 2)
    """

    def __init__(self, make_search: Callable[[int], Any], *, name: str | None = None) -> None:
        if callable(getattr(make_search, "run", None)):
            raise InvalidArgumentError(
                f"SearchAgent takes a function seed -> search so that every game gets a fresh "
                f"search, got the search {make_search!r}; write SearchAgent(lambda seed: "
                f"{type(make_search).__name__}(..., rng=seed))"
            )
        if not callable(make_search):
            raise InvalidArgumentError(
                f"make_search must be a callable seed -> search, got {make_search!r}"
            )
        check_name(name)
        self.make_search, self.name = make_search, name

    def __call__(self, seed: int) -> Agent:
        """A fresh agent for one game, around ``make_search(seed)``."""
        search = self.make_search(seed)
        if not callable(getattr(search, "run", None)):
            raise InvalidArgumentError(
                f"make_search({seed!r}) returned {search!r}, which has no run(state); "
                "expected a treesearch search such as MCTS or AlphaBeta"
            )
        return _SearchPlayer(search, self.name or type(search).__name__)

    def __repr__(self) -> str:
        return f"SearchAgent({self.make_search!r}, name={self.name!r})"


class _SearchPlayer:
    __slots__ = ("name", "search")

    def __init__(self, search: Any, name: str) -> None:
        self.search, self.name = search, name

    def choose(self, state: Any) -> Any:
        result = self.search.run(state)
        if result.status is Status.INTERRUPTED:  # run() turns Ctrl-C into a result
            raise KeyboardInterrupt(result.stop_reason)
        if result.best is None:
            raise InvalidArgumentError(
                f"agent {self.name!r}: {self.search!r} returned no move for {state!r} "
                f"(status {result.status.value!r}, reason {result.stop_reason!r})"
            )
        return result.best


class RandomAgent:
    """Makes agents that play a uniformly random child (seeded per game).

    Examples:
        >>> from games.tictactoe import TicTacToe
        >>> agent = RandomAgent()(7)
        >>> agent.choose(TicTacToe()) in TicTacToe().get_children()
        True
    """

    def __init__(self, *, name: str = "random") -> None:
        check_name(name)
        self.name = name

    def __call__(self, seed: int) -> Agent:
        """A fresh agent for one game, drawing from ``random.Random(seed)``."""
        return _RandomPlayer(self.name, random.Random(seed))

    def __repr__(self) -> str:
        return f"RandomAgent(name={self.name!r})"


class _RandomPlayer:
    __slots__ = ("name", "rng")

    def __init__(self, name: str, rng: random.Random) -> None:
        self.name, self.rng = name, rng

    def choose(self, state: Any) -> Any:
        return self.rng.choice(list(state.get_children()))


class OpenSpielMCTSAgent:
    """Makes agents that step OpenSpiel's Python ``MCTSBot`` (the reference to beat).

    It plays states of ``games.openspiel`` (anything with a ``pyspiel_state``, whose children
    carry the ``action`` that produced them). The bot gets a ``RandomRolloutEvaluator`` and a
    ``numpy.random.RandomState`` seeded with the game's seed; like OpenSpiel's own bot it
    searches afresh at every move.

    Args:
        iterations: simulations per move (OpenSpiel's ``max_simulations``), >= 1.
        uct_c: exploration constant of OpenSpiel's UCT (rewards in [-1, 1] for its games),
            the same formula as ``treesearch.mcts.policies.uct``;
            ``MCTS(exploration=uct_c / 2)`` on [-1, 1].
        solve: back up proven wins and losses (OpenSpiel's MCTS-Solver; its default is on).
        rollouts: random rollouts per leaf evaluation, >= 1.
        name: label of the agents (default ``"openspiel-mcts(<iterations>)"``).

    Raises:
        ImportError: at the first move, when OpenSpiel is not installed (it names the
            ``pip install`` that fixes it).
    """

    def __init__(
        self,
        iterations: int,
        *,
        uct_c: float = 2.0,
        solve: bool = True,
        rollouts: int = 1,
        name: str | None = None,
    ) -> None:
        for knob, value in (("iterations", iterations), ("rollouts", rollouts)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InvalidArgumentError(f"{knob} must be an int >= 1, got {value!r}")
        if (
            isinstance(uct_c, bool)
            or not isinstance(uct_c, (int, float))
            or not (0 <= uct_c < float("inf"))
        ):
            raise InvalidArgumentError(f"uct_c must be a finite number >= 0, got {uct_c!r}")
        if not isinstance(solve, bool):
            raise InvalidArgumentError(f"solve must be True or False, got {solve!r}")
        check_name(name)
        self.iterations, self.uct_c, self.solve, self.rollouts = (
            iterations,
            float(uct_c),
            solve,
            rollouts,
        )
        self.name = name or f"openspiel-mcts({iterations})"

    def __call__(self, seed: int) -> Agent:
        """A fresh agent for one game; its bot is seeded with ``seed``."""
        return _OpenSpielPlayer(self, seed)

    def __repr__(self) -> str:
        return (
            f"OpenSpielMCTSAgent({self.iterations!r}, uct_c={self.uct_c!r}, "
            f"solve={self.solve!r}, rollouts={self.rollouts!r}, name={self.name!r})"
        )


class _OpenSpielPlayer:
    __slots__ = ("bot", "name", "seed", "spec")

    def __init__(self, spec: OpenSpielMCTSAgent, seed: int) -> None:
        self.spec, self.seed, self.name = spec, seed, spec.name
        self.bot: Any = None  # built at the first move, when the game is known

    def choose(self, state: Any) -> Any:
        pyspiel_state = getattr(state, "pyspiel_state", None)
        if pyspiel_state is None:
            raise MissingCapabilityError(
                f"agent {self.name!r} plays OpenSpiel states (games.openspiel, with a "
                f"pyspiel_state attribute), got {state!r}"
            )
        if self.bot is None:
            self.bot = _make_bot(self.spec, pyspiel_state.get_game(), self.seed)
        action = self.bot.step(pyspiel_state)
        for child in state.get_children():
            if getattr(child, "action", None) == action:
                return child
        raise InvalidArgumentError(
            f"agent {self.name!r}: OpenSpiel's MCTSBot chose action {action!r}, which no child "
            f"of {state!r} carries (expected children with an `action` attribute)"
        )


def _make_bot(spec: OpenSpielMCTSAgent, game: Any, seed: int) -> Any:
    mcts = _openspiel_mcts()
    import numpy as np

    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(spec.rollouts, rs)
    return mcts.MCTSBot(
        game, spec.uct_c, spec.iterations, evaluator, solve=spec.solve, random_state=rs
    )


def _openspiel_mcts() -> ModuleType:
    try:
        return importlib.import_module("open_spiel.python.algorithms.mcts")
    except ImportError:
        raise ImportError(
            "OpenSpielMCTSAgent needs OpenSpiel, which is not installed: "
            'pip install "treesearch[openspiel]" (or pip install open_spiel)'
        ) from None


def check_name(name: object) -> None:
    """Refuse an agent label that is not a non-empty string (None keeps the default)."""
    if name is not None and (not isinstance(name, str) or not name):
        raise InvalidArgumentError(f"name must be a non-empty string, got {name!r}")
