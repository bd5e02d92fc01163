"""Any OpenSpiel game as a TreeIterator: ``OpenSpielState.initial("connect_four")``.

Wraps a ``pyspiel.State``; every search here then plays the game. Supported: sequential
games with perfect or imperfect information (the search sees the true state, private cards
included), with or without explicit chance nodes. Simultaneous-move and mean-field games,
and games whose chance outcomes are only sampled, are refused at construction.

Players and returns follow OpenSpiel: ``player()`` is ``current_player()``, which is
``treesearch.CHANCE`` (-1) at chance nodes and ``treesearch.TERMINAL`` (-4) once the game
is over; ``returns()`` are OpenSpiel's per-player returns (``(1.0, -1.0)`` when player 0
wins a zero-sum game). Each child keeps the action that produced it as ``move`` (the name
used by every game here, so ``result.move`` is the chosen action) and ``action``.

Needs the ``[openspiel]`` extra (``pip install "treesearch[openspiel]"``); pyspiel is
imported only when a state is built, so importing this module always works.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import random
import sys
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from treesearch.core import TreeIterator
from treesearch.errors import InvalidArgumentError
from treesearch.values import CHANCE, TERMINAL, sample_outcome

__all__ = ["OpenSpielState", "import_pyspiel"]

_INSTALL = 'pip install "treesearch[openspiel]"'


def import_pyspiel() -> Any:
    """Import pyspiel, or raise an ImportError naming the ``pip install`` that fixes it."""
    try:
        import pyspiel
    except ImportError as exc:
        raise ImportError(
            f"OpenSpiel games need the open_spiel package, which is not installed: {_INSTALL}"
            " (wheels exist for Linux and macOS)"
        ) from exc
    return pyspiel


def _check_params(params: object) -> dict[str, bool | int | float | str]:
    """OpenSpiel's game parameters as a plain dict: text names, bool, int, float or text values.

    numpy scalars become Python ones; anything else is refused here, naming it, rather than
    by pybind11's list of overloads.

    Raises:
        InvalidArgumentError: ``params`` is not a mapping, or a name or value is not one of those.
    """
    if params is None:
        return {}
    if not isinstance(params, Mapping):
        raise InvalidArgumentError(
            f"params must be a dict of the game's parameters, e.g. {{'winscore': 10}}, got "
            f"{params!r}"
        )
    given: dict[str, bool | int | float | str] = {}
    for key, value in params.items():
        if not isinstance(key, str) or not key:
            raise InvalidArgumentError(f"parameter names must be non-empty text, got {key!r}")
        if isinstance(value, np.generic):
            value = value.item()
        if not isinstance(value, bool | int | float | str):
            raise InvalidArgumentError(
                f"parameter {key!r} must be a bool, an int, a float or text, got {value!r}"
            )
        given[key] = value
    return given


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence file descriptor 2 for a block: pyspiel writes its errors there itself.

    The error it raises is reported once, as one line, by the caller.
    """
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no file descriptor 2 to silence
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _load_error(pyspiel: Any, name: str, params: object, exc: Exception) -> str:
    """One line on why OpenSpiel cannot load ``name``, with close names for a misspelt one.

    OpenSpiel's own message may go on with a list of every game; only its first line is kept.
    """
    lines = str(exc).strip().splitlines()
    reason = lines[0] if lines else "no reason given"
    if reason.endswith(":"):  # "Unknown game 'x'. Available games are:" and a list below
        reason = reason.rsplit(". ", 1)[0] + "."
    base = name.split("(", 1)[0]
    close = difflib.get_close_matches(base, list(pyspiel.registered_names()), n=3)
    hint = f" Close names: {', '.join(close)}." if close and base not in close else ""
    return f"OpenSpiel cannot load the game {name!r} with parameters {params!r}: {reason}{hint}"


def _check_game(pyspiel: Any, game: Any) -> None:
    """Refuse what the adapter cannot expand: simultaneous moves, sampled chance."""
    if not isinstance(game, pyspiel.Game):
        raise InvalidArgumentError(
            f"game must be a pyspiel.Game (from pyspiel.load_game), got {game!r}; "
            'OpenSpielState.initial("connect_four") loads one by name'
        )
    kind = game.get_type()
    supported = (
        "supported: sequential games, perfect or imperfect information, with or without "
        "explicit chance"
    )
    if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
        fix = (
            "pyspiel.convert_to_turn_based(game) makes a simultaneous-move game sequential"
            if kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
            else "use another game"
        )
        raise InvalidArgumentError(
            f"game {game!r} has {kind.dynamics.name.lower()} dynamics; {supported}. Fix: {fix}"
        )
    if kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC:
        raise InvalidArgumentError(
            f"game {game!r} only samples its chance outcomes (no probabilities to expand); "
            f"{supported} (ChanceMode.EXPLICIT_STOCHASTIC)"
        )


class OpenSpielState(TreeIterator):
    """A state of an OpenSpiel game (immutable: children are clones).

    ``OpenSpielState(game, state)`` wraps ``state`` (default: the game's initial state);
    the wrapped state must not be changed afterwards (clone it first if it will be).
    ``move`` is the action that produced this state (None for a state you built), ``action``
    the same under OpenSpiel's name, ``pyspiel_state`` the wrapped state for code that needs
    OpenSpiel itself (clone it before applying actions), ``game`` the ``pyspiel.Game``.

    Examples:
        >>> s = OpenSpielState.initial("tic_tac_toe").play(4).play(0)
        >>> s.player(), s.move, s.key()
        (0, 0, (4, 0))
        >>> print(s)
        o..
        .x.
        ...
    """

    __slots__ = ("_key", "game", "move", "pyspiel_state")

    def __init__(self, game: Any, state: Any = None, move: int | None = None) -> None:
        pyspiel = import_pyspiel()
        _check_game(pyspiel, game)
        if state is None:
            state = game.new_initial_state()
        elif not isinstance(state, pyspiel.State):
            raise InvalidArgumentError(f"state must be a pyspiel.State, got {state!r}")
        elif state.get_game() != game:
            raise InvalidArgumentError(
                f"state belongs to {state.get_game()!r}, not to the game {game!r}"
            )
        if move is not None and (isinstance(move, bool) or not isinstance(move, int | np.integer)):
            raise InvalidArgumentError(f"move must be an int action or None, got {move!r}")
        move = None if move is None else int(move)
        self.game: Any = game
        self.pyspiel_state: Any = state
        self.move = move
        self._key: tuple[int, ...] | None = None

    @classmethod
    def initial(cls, name: str, params: Mapping[str, Any] | None = None) -> OpenSpielState:
        """The initial state of the game ``name`` (``"pig"``, ``"connect_four"``...).

        ``params`` are the game's parameters, e.g. ``{"winscore": 10}`` for pig; ``name``
        may also carry them, as in ``"pig(winscore=10)"``.
        """
        pyspiel = import_pyspiel()
        if not isinstance(name, str) or not name.strip():
            raise InvalidArgumentError(
                f"name must be an OpenSpiel game name such as 'connect_four', got {name!r}"
            )
        given = _check_params(params)
        try:
            with _quiet_stderr():  # pyspiel prints each error on stderr itself
                game = pyspiel.load_game(name, given) if given else pyspiel.load_game(name)
        except pyspiel.SpielError as exc:
            raise InvalidArgumentError(_load_error(pyspiel, name, params, exc)) from None
        return cls(game)

    @classmethod
    def from_game(cls, game: Any) -> OpenSpielState:
        """The initial state of a loaded ``pyspiel.Game``."""
        return cls(game)

    def _child(self, state: Any, action: int) -> OpenSpielState:
        child = OpenSpielState.__new__(type(self))
        child.game = self.game
        child.pyspiel_state = state
        child.move = action
        child._key = None
        return child

    @property
    def action(self) -> int | None:
        """The action that produced this state: ``move`` under OpenSpiel's name."""
        return self.move

    def player(self) -> int:
        """The player to move, ``treesearch.CHANCE`` at chance nodes, ``TERMINAL`` at the end."""
        return int(self.pyspiel_state.current_player())

    def is_terminal(self) -> bool:
        """The game is over."""
        return bool(self.pyspiel_state.is_terminal())

    def returns(self) -> tuple[float, ...]:
        """OpenSpiel's returns, one float per player (0 for everyone before the end)."""
        return tuple(self.pyspiel_state.returns())

    def legal_moves(self) -> list[int]:
        """The legal actions (chance outcomes at chance nodes); none once the game is over."""
        state = self.pyspiel_state
        return [] if state.is_terminal() else list(state.legal_actions())

    def play(self, action: int) -> OpenSpielState:
        """The state after ``action`` (a legal action, or a chance outcome at chance nodes)."""
        legal = self.legal_moves()
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise InvalidArgumentError(
                f"action must be an int (one of the legal actions {legal}), got {action!r}"
            )
        action = int(action)
        if action not in legal:
            raise InvalidArgumentError(
                f"action {action!r} is not legal here; legal: {legal} (state {self!r})"
            )
        return self._child(self.pyspiel_state.child(action), action)

    def get_children(self) -> list[OpenSpielState]:
        """One child per legal action in action order (per chance outcome at chance nodes)."""
        state = self.pyspiel_state
        if state.is_terminal():
            return []
        make, clone = self._child, state.child
        return [make(clone(a), a) for a in state.legal_actions()]

    def chance_outcomes(self) -> list[tuple[OpenSpielState, float]]:
        """``[(child, probability)]`` at a chance node, in outcome order; [] elsewhere."""
        state = self.pyspiel_state
        if not state.is_chance_node():
            return []
        make, clone = self._child, state.child
        return [(make(clone(a), a), p) for a, p in state.chance_outcomes()]

    def key(self) -> tuple[int, ...]:
        """The history of actions (chance outcomes included): unique within one game."""
        k = self._key
        if k is None:
            k = self._key = tuple(self.pyspiel_state.history())
        return k

    def random_playout(
        self, rng: random.Random, moves: list[tuple[int, int]] | None = None
    ) -> tuple[float, ...]:
        """Play uniformly random actions (chance by its probabilities) to the end; the returns.

        The fast path of MCTS rollouts: one clone, then actions applied in place, with no
        state object per move and one ``rng.random()`` per move. With a ``moves`` list, each
        player's action is appended to it as ``(player, action)`` (chance outcomes are not),
        what ``MCTS(rave=K)`` needs, by a loop of its own with the same draws.
        """
        if moves is not None:
            return self._playout_recording(rng, moves)
        state = self.pyspiel_state.clone()
        current, legal, apply = state.current_player, state.legal_actions, state.apply_action
        draw = rng.random
        while True:
            p = current()
            if p >= 0:
                actions = legal()
                apply(actions[int(draw() * len(actions))])
            elif p == CHANCE:
                apply(sample_outcome(state.chance_outcomes(), draw()))
            elif p == TERMINAL:
                return tuple(state.returns())
            else:  # refused at construction; a broken game must not loop forever
                raise InvalidArgumentError(
                    f"OpenSpiel returned player {p!r} during a playout from {self!r}; "
                    "only sequential games are supported"
                )

    def _playout_recording(
        self, rng: random.Random, moves: list[tuple[int, int]]
    ) -> tuple[float, ...]:
        """``random_playout`` appending each ``(player, action)`` to ``moves``."""
        state = self.pyspiel_state.clone()
        current, legal, apply = state.current_player, state.legal_actions, state.apply_action
        draw, record = rng.random, moves.append
        while True:
            p = current()
            if p >= 0:
                actions = legal()
                a = actions[int(draw() * len(actions))]
                record((p, a))
                apply(a)
            elif p == CHANCE:
                apply(sample_outcome(state.chance_outcomes(), draw()))
            elif p == TERMINAL:
                return tuple(state.returns())
            else:
                raise InvalidArgumentError(
                    f"OpenSpiel returned player {p!r} during a playout from {self!r}; "
                    "only sequential games are supported"
                )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OpenSpielState):
            return NotImplemented
        return self.key() == other.key() and (self.game is other.game or self.game == other.game)

    def __hash__(self) -> int:
        return hash(self.key())

    def __str__(self) -> str:
        return str(self.pyspiel_state)

    def __repr__(self) -> str:
        return f"OpenSpielState({str(self.game)!r}, history={self.key()!r})"
