"""Play games between two agents: ``play_game`` for one, ``play_match`` for N in parallel.

A match alternates colours (agent a plays player 0, who moves first, in even-numbered games)
and derives each game's seed from the match seed and the game's number only, so the records
never depend on ``jobs`` or on the order in which games finish. ``PairedStarts(fn)`` gives
each pair of games its own seeded start (games 2k and 2k+1 start from
``fn(game_seed(seed, k))``), so both sides meet the same position. Chance states (``player()``
is ``treesearch.CHANCE``) are resolved by the harness from ``chance_outcomes()`` with the
game's own random stream, so both agents see the same dice.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from treesearch.agents import Agent, AgentMaker, make_agent
from treesearch.compare.jobs import run_jobs
from treesearch.errors import (
    InvalidArgumentError,
    IteratorContractError,
    MissingCapabilityError,
    NotATreeIteratorError,
)
from treesearch.match.record import GameRecord, MatchResult
from treesearch.values import CHANCE, sample_outcome

__all__ = ["PairedStarts", "game_seed", "game_start", "play_game", "play_match", "replay"]


def game_seed(match_seed: int, index: int) -> int:
    """The seed of game ``index`` of a match seeded ``match_seed`` (in ``[0, 2**32)``)."""
    state = np.random.SeedSequence(match_seed, spawn_key=(index,)).generate_state(1)
    return int(state[0])


@dataclass(frozen=True, slots=True)
class PairedStarts:
    """A match's start drawn per pair of games: games 2k and 2k+1 start from one position.

    ``play_match(a, b, PairedStarts(fn), ...)`` starts both games of pair ``k`` from
    ``fn(game_seed(seed, k))``, so each agent plays each drawn position once from each side
    and neither profits from a lucky draw (Tron's ``hex_start``, a seeded deal).

    Args:
        fn: ``fn(seed) -> state`` with ``seed`` in ``[0, 2**32)``; module-level where the
            match is spawned rather than forked (``jobs > 1`` on Windows).

    Examples:
        >>> from games.tictactoe import TicTacToe
        >>> starts = PairedStarts(lambda seed: TicTacToe().play(seed % 9))
        >>> starts.start(0, 2).key() == starts.start(0, 3).key()
        True
    """

    fn: Callable[[int], Any]

    def __post_init__(self) -> None:
        if not callable(self.fn):
            raise InvalidArgumentError(
                f"PairedStarts takes a function seed -> start state, got {self.fn!r}"
            )

    def start(self, match_seed: int, index: int) -> Any:
        """The start of game ``index`` of a match seeded ``match_seed``."""
        return _start_state(self.fn(game_seed(match_seed, index // 2)), "PairedStarts.fn")


def game_start(start: Any, seed: int, index: int) -> Any:
    """The start of game ``index`` of a match seeded ``seed`` from ``play_match``'s ``start``.

    With ``replay(game_start(start, seed, r.index), r.moves)`` a match's record ``r`` gives
    back the states of its game.

    Examples:
        >>> from games.tictactoe import TicTacToe
        >>> starts = PairedStarts(lambda seed: TicTacToe().play(seed % 9))
        >>> game_start(starts, 0, 2).key() == game_start(starts, 0, 3).key()
        True
    """
    if isinstance(start, PairedStarts):
        return start.start(seed, index)
    return _start_state(start)


def play_match(
    agent_a: AgentMaker,
    agent_b: AgentMaker,
    start: Any,
    *,
    games: int,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[GameRecord], object] | None = None,
) -> MatchResult:
    """Play ``games`` games of a two-player game between two agents, colours alternating.

    Args:
        agent_a: ``make(seed) -> Agent`` (``SearchAgent(...)``, ``RandomAgent()``, a class...);
            called once per game, so no agent sees two games. Scores are a's.
        agent_b: the opponent's maker.
        start: the start state (a TreeIterator with ``player()`` and ``returns()``), a
            function of no arguments returning it, called once per game, or
            ``PairedStarts(fn)`` for a start drawn from the seed per pair of games.
        games: number of games, >= 1. Game ``i`` has agent a play player 0 when ``i`` is
            even, player 1 when it is odd.
        seed: match seed (an int >= 0); game ``i`` is seeded from ``(seed, i)`` only.
        jobs: processes playing games at once (an int >= 1); 1 plays them in this process.
            With ``jobs > 1`` the workers are forked where the platform can fork (Linux,
            macOS), so lambdas and closures work as agents and start; elsewhere they are
            spawned, and agents and ``start`` must be picklable (module-level functions and
            classes). Each worker plays whole games; only records travel back.
        progress: called in this process with each game's record as the game ends (in the
            order games finish), e.g. to print a running score in a long match.

    Returns:
        A ``MatchResult`` with one record per game, in game order.

    Ctrl-C ends the match without raising: the games finished so far are returned with
    ``interrupted=True`` (a half-played game is dropped, worker processes are terminated).
    Any other error in a game (an agent that returns a non-child, a broken game) is raised.
    """
    for name, maker in (("agent_a", agent_a), ("agent_b", agent_b)):
        if not callable(maker):
            raise InvalidArgumentError(
                f"{name} must be a callable seed -> Agent (e.g. SearchAgent(...) or "
                f"RandomAgent()), got {maker!r}"
            )
    if progress is not None and not callable(progress):
        raise InvalidArgumentError(f"progress must be a callable(record) or None, got {progress!r}")
    for name, value, least in (("games", games, 1), ("seed", seed, 0), ("jobs", jobs, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise InvalidArgumentError(f"{name} must be an int >= {least}, got {value!r}")
    first = start.start(seed, 0) if isinstance(start, PairedStarts) else _start_state(start)
    for method in ("player", "returns"):
        if not callable(getattr(first, method, None)):
            raise MissingCapabilityError(
                f"a match needs a two-player game with player() and returns(); the start "
                f"state {first!r} has no {method}()"
            )
    return _play_all(agent_a, agent_b, start, seed, games, jobs, progress)


def play_game(
    agent_a: AgentMaker,
    agent_b: AgentMaker,
    start: Any,
    *,
    seed: int,
    a_player: int = 0,
    index: int = 0,
) -> GameRecord:
    """Play one game: agent a as player ``a_player``, both made from ``seed``.

    ``play_game(a, b, start, seed=r.seed, a_player=r.a_player)`` replays the game of a
    match's record ``r`` (same moves, given agents that are deterministic for a seed).
    ``index`` is only copied into the record.
    """
    if a_player not in (0, 1) or isinstance(a_player, bool):
        raise InvalidArgumentError(f"a_player must be 0 or 1, got {a_player!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidArgumentError(f"seed must be an int >= 0, got {seed!r}")
    seed_a, seed_b, seed_chance = (int(s) for s in np.random.SeedSequence(seed).generate_state(3))
    agent_1 = make_agent(agent_a, seed_a, "agent_a")
    agent_2 = make_agent(agent_b, seed_b, "agent_b")
    agents = (agent_1, agent_2) if a_player == 0 else (agent_2, agent_1)
    chance = random.Random(seed_chance)
    times: tuple[list[float], list[float]] = ([], [])
    moves: list[Any] = []
    state = _start_state(start)
    while True:
        is_terminal = getattr(state, "is_terminal", None)
        if callable(is_terminal) and is_terminal():
            break
        step = _step(state, agents, chance, times)
        if step is None:
            break
        state, move = step
        moves.append(move)
    returns = tuple(float(r) for r in state.returns())
    if len(returns) < 2:
        raise MissingCapabilityError(
            f"a match needs returns() for two players at the end, got {returns!r} at {state!r}"
        )
    return GameRecord(
        index=index,
        seed=seed,
        a_player=a_player,
        names=(agent_1.name, agent_2.name),
        returns=returns,
        moves=tuple(moves),
        seconds=(tuple(times[a_player]), tuple(times[1 - a_player])),
    )


def replay(start: Any, moves: Any) -> list[Any]:
    """The states of a game from ``start`` and a record's ``moves``: start first, end last.

    A move is a child's ``move``, or its index in ``get_children()`` (in
    ``chance_outcomes()`` at a chance state) for children without one, as ``GameRecord``
    keeps them.

    Examples:
        >>> from games.tictactoe import TicTacToe
        >>> [s.move for s in replay(TicTacToe(), (4, 0))]
        [None, 4, 0]

    Raises:
        InvalidArgumentError: a move that no child of its state made.
    """
    states = [_start_state(start)]
    for number, move in enumerate(moves, 1):
        state = states[-1]
        if state.player() == CHANCE:
            children = [outcome for outcome, _ in state.chance_outcomes()]
        else:
            children = list(state.get_children())
        found = [c for c in children if getattr(c, "move", None) == move]
        moveless = all(getattr(c, "move", None) is None for c in children)
        if moveless and isinstance(move, int) and 0 <= move < len(children):
            found = [children[move]]  # recorded by its index, as _step records it
        if not found:
            raise InvalidArgumentError(f"move {number} ({move!r}) is not a move of {state!r}")
        states.append(found[0])
    return states


# -- helpers --------------------------------------------------------------------------------


def _step(
    state: Any,
    agents: tuple[Agent, Agent],
    chance: random.Random,
    times: tuple[list[float], list[float]],
) -> tuple[Any, Any] | None:
    """The child played at ``state`` and what the record keeps of it; None without children.

    The record is the child's ``move``, else its index in ``get_children()`` (in
    ``chance_outcomes()`` at a chance state).
    """
    player = state.player()
    if player == CHANCE:
        outcomes = list(state.chance_outcomes())
        if not outcomes:
            raise IteratorContractError(
                f"player() is CHANCE at {state!r} but chance_outcomes() gave no outcome"
            )
        child = sample_outcome(outcomes, chance.random())
        pick = next(i for i, (outcome, _) in enumerate(outcomes) if outcome is child)
    else:
        children = list(state.get_children())
        if not children:
            return None
        if player not in (0, 1) or isinstance(player, bool):
            raise MissingCapabilityError(
                f"a match needs players 0 and 1 (or CHANCE); player() returned "
                f"{player!r} at {state!r}"
            )
        agent = agents[player]
        t0 = time.perf_counter()
        chosen = agent.choose(state)
        times[player].append(time.perf_counter() - t0)
        pick = _pickof(children, chosen, agent, state)
        child = children[pick]  # our own copy: an agent cannot hand us a forged state
    move = getattr(child, "move", None)
    return child, (pick if move is None else move)


def _play_indexed(
    agent_a: AgentMaker, agent_b: AgentMaker, start: Any, seed: int, i: int
) -> GameRecord:
    if isinstance(start, PairedStarts):
        start = start.start(seed, i)
    return play_game(agent_a, agent_b, start, seed=game_seed(seed, i), a_player=i % 2, index=i)


def _play_all(
    agent_a: AgentMaker,
    agent_b: AgentMaker,
    start: Any,
    seed: int,
    games: int,
    jobs: int,
    progress: Callable[[GameRecord], object] | None,
) -> MatchResult:
    # run_jobs plays in this process when jobs == 1, else in a worker pool that it
    # terminates on Ctrl-C; either way it raises here after ``collect`` saw every game that
    # finished.
    done: dict[int, GameRecord] = {}

    def collect(i: int, record: GameRecord) -> None:
        done[i] = record
        if progress is not None:
            progress(record)

    play = functools.partial(_play_indexed, agent_a, agent_b, start, seed)
    interrupted = False
    try:
        run_jobs(play, range(games), jobs=jobs, done=collect)
    except KeyboardInterrupt:
        interrupted = True
    return MatchResult(tuple(done[i] for i in sorted(done)), games, interrupted)


def _start_state(start: Any, what: str = "start") -> Any:
    state = start
    if isinstance(start, type) or (
        not callable(getattr(start, "get_children", None)) and callable(start)
    ):
        state = start()  # a class counts as a function: TicTacToe, not TicTacToe()
    if not callable(getattr(state, "get_children", None)):
        where = f"{what}() returned {state!r}" if state is not start else f"got {start!r}"
        raise NotATreeIteratorError(
            f"{what} must be a game state with get_children() or a function returning one; {where}"
        )
    return state


def _pickof(children: list[Any], chosen: Any, agent: Agent, state: Any) -> int:
    for i, child in enumerate(children):
        if child is chosen:
            return i
    key = getattr(chosen, "key", None)
    if callable(key) and callable(getattr(children[0], "key", None)):
        wanted = key()
        for i, child in enumerate(children):
            if child.key() == wanted:
                return i
    else:
        for i, child in enumerate(children):
            if child == chosen:
                return i
    if not callable(getattr(chosen, "get_children", None)):
        hint = " (choose() must return a child state, not a move)"
    elif not callable(key) and getattr(type(chosen), "__eq__", None) is object.__eq__:
        hint = (
            " (its states have neither key() nor __eq__, so a child is recognised only as "
            "the very object; give the game a key())"
        )
    else:
        hint = ""
    raise InvalidArgumentError(
        f"agent {agent.name!r} played {chosen!r}, which is not a child of {state!r}; expected "
        f"one of its {len(children)} children from get_children(){hint}"
    )
