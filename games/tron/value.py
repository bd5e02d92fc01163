"""Evaluations of Tron positions in the ``returns()`` scale, for AlphaBeta and MCTS.

``evaluate(state, player)`` is a number in ``[-1, 1]`` where larger is better for
``player``, comparable with the terminal rewards (win 1, draw 0, loss -1):

- a finished game scores its ``returns()``;
- players who can no longer meet (no free cell reachable by both) each fill
  their own space: the one with the larger fill estimate (the parity bound on squares, the
  reachable count on hex) outlives the other, so the value is ``±(0.5 .. 0.9)`` by the
  difference, 0 when equal (both crash on the same turn: a draw);
- otherwise the Voronoi difference (cells reached strictly first), scaled into
  ``(-0.5, 0.5)``, so a won separation always outranks any territory lead.

At a pending state (player 0 has picked, player 1 not yet) the race starts from player 0's
new cell with player 1 one layer ahead, and player 0 gets one move credited in fills.
"""

from __future__ import annotations

from games.tron.state import TronState
from games.tron.voronoi import pending_head, race_counts
from treesearch.errors import InvalidArgumentError

__all__ = ["CONNECTED_SCALE", "SEPARATED_BASE", "evaluate", "outlook", "separated_value"]

CONNECTED_SCALE = 0.5
"""Largest magnitude of a territory value: a whole board's lead scores just under it."""
SEPARATED_BASE = 0.5
"""Smallest magnitude of a separated position won on fills (a lead of one move)."""
_SEPARATED_SPAN = 0.4


def outlook(state: TronState) -> tuple[bool, int, int]:
    """``(separated, mine, theirs)`` for player 0: fill estimates when separated, else territory.

    Separated fills count the moves each player can still make from this position, player
    0's pending move included (a pending move that crashes leaves player 0 no territory).
    """
    met, own0, own1, fill0, fill1 = race_counts(state)
    if met:
        return False, own0, own1
    if state.pending is not None:
        fill0 += 1  # the pending step is already a move made this turn
    return True, fill0, fill1


def _can_step(state: TronState, player: int) -> bool:
    """True when ``player`` has a move into a free cell."""
    grid, walls = state.grid, state.walls
    row = grid.steps[state.heads[player]]
    facing = state.orientations[player]
    for move in state.legal_moves(player):
        cell = row[(facing + move) % 6 if grid.hex else move]
        if cell >= 0 and not walls >> cell & 1:
            return True
    return False


def evaluate(state: TronState, player: int = 0) -> float:
    """The value of ``state`` for ``player`` (0 or 1), in ``[-1, 1]``; see the module docstring.

    Examples:
        >>> from games.tron.state import square_start
        >>> evaluate(square_start("box15"))  # a point-symmetric start is even
        0.0
    """
    if player not in (0, 1) or isinstance(player, bool):
        raise InvalidArgumentError(f"player must be 0 or 1, got {player!r}")
    if not isinstance(state, TronState):
        raise InvalidArgumentError(f"state must be a TronState, got {state!r}")
    if state.is_terminal():
        return state.returns()[player]
    value = _value(state)
    return value if player == 0 else -value


def _value(state: TronState) -> float:
    if state.pending is not None:
        cell, _ = pending_head(state)
        if cell < 0 or state.walls >> cell & 1:  # player 0 crashes: lost unless 1 must too
            return -1.0 if _can_step(state, 1) else 0.0
    split, mine, theirs = outlook(state)
    diff = mine - theirs
    size = state.grid.playable().bit_count()
    if not split:
        return CONNECTED_SCALE * diff / size
    return separated_value(diff, size)


def separated_value(diff: int, size: int) -> float:
    """The value of separated players whose fills differ by ``diff`` on ``size`` cells."""
    if diff == 0:
        return 0.0
    magnitude = SEPARATED_BASE + _SEPARATED_SPAN * min(abs(diff), size) / size
    return magnitude if diff > 0 else -magnitude
