"""Contest interop both ways, a round trip, and the contest's own game loop written here."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from games.tron.agent import TronAgent
from games.tron.bots import as_player_0, heuristic_bot, random_bot
from games.tron.contest import (
    ContestAgent,
    contest_view,
    from_contest_agent,
    state_from_contest,
    to_contest_agent,
)
from games.tron.state import TronState, hex_start, square_start
from treesearch.errors import InvalidArgumentError
from treesearch.match import PairedStarts, play_match

N = 13
STEPS = [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)]  # (dy, dx) per orientation


def on_field(y: int, x: int) -> bool:
    return 0 <= x < N and 0 <= y < N and N // 2 <= x + y < N + N // 2


def contest_game(
    agents: list[ContestAgent], y0: int, x0: int, o0: int
) -> tuple[list[int], list[tuple[int, int]]]:
    """The contest's loop: agent 2 sees the board with channels and order swapped.

    Returns the outcome per player (1 win, 0 draw, -1 loss) and the moves played.
    """
    board = np.zeros((N, N, 2), dtype=int)
    pos = [(y0, x0), (N - 1 - y0, N - 1 - x0)]  # (y, x), point-symmetric
    orient = [o0, (o0 + 3) % 6]
    for p in (0, 1):
        board[pos[p][0], pos[p][1], p] = 1
    moves: list[tuple[int, int]] = []
    while True:
        chosen = []
        for p in (0, 1):
            view = board if p == 0 else board[:, :, ::-1]
            order = (p, 1 - p)
            positions = [(pos[q][1], pos[q][0]) for q in order]  # (x, y)
            chosen.append(agents[p](view.copy(), positions, [orient[q] for q in order]))
        moves.append((chosen[0], chosen[1]))
        new = []
        crashed = [False, False]
        for p in (0, 1):
            orient[p] = (orient[p] + chosen[p]) % 6
            dy, dx = STEPS[orient[p]]
            y, x = pos[p][0] + dy, pos[p][1] + dx
            new.append((y, x))
            crashed[p] = not on_field(y, x) or board[y, x].sum() > 0
        if new[0] == new[1]:
            crashed = [True, True]
        if any(crashed):
            if all(crashed):
                return [0, 0], moves
            return ([-1, 1] if crashed[0] else [1, -1]), moves
        for p in (0, 1):
            pos[p] = new[p]
            board[new[p][0], new[p][1], p] = 1


def test_to_contest_agent_plays_the_contest_loop_like_our_own_rules() -> None:
    agents = [to_contest_agent(heuristic_bot()), to_contest_agent(random_bot(4))]
    outcome, moves = contest_game(agents, N - 1 - 2, 1, 1)  # hex_start's shape: v=2, h=1
    grid = hex_start(0).grid
    state = TronState(grid, (grid.cell(N - 3, 1), grid.cell(2, N - 2)), (1, 4))
    assert len(moves) > 5
    for m0, m1 in moves:
        state = state.play(m0, m1)
    assert state.is_terminal()
    assert list(state.returns()) == outcome


def test_from_contest_agent_sees_itself_as_player_0() -> None:
    shown: list[tuple[Any, list[tuple[int, int]], list[int]]] = []

    def agent(board: Any, positions: list[tuple[int, int]], orientations: list[int]) -> int:
        shown.append((board.copy(), list(positions), list(orientations)))
        return 0

    bot = from_contest_agent(agent, name="straight")
    state = hex_start(5).play(1, -1)
    assert bot(state, 1) == 0
    board, positions, orientations = shown[-1]
    assert board.shape == (N, N, 2)
    y1, x1 = state.grid.coords(state.heads[1])
    assert positions[0] == (x1, y1) and orientations[0] == state.orientations[1]
    assert board[y1, x1, 0] == 1 and board[:, :, 0].sum() == 2  # its own trail: channel 0


def test_round_trip_gives_the_same_moves_and_states() -> None:
    bot = heuristic_bot()
    round_trip = from_contest_agent(to_contest_agent(bot))
    state = hex_start(9)
    for _ in range(10):
        for p in (0, 1):
            seen = state_from_contest(*contest_view(state, p))
            assert seen.key() == as_player_0(state, p).key()
            assert round_trip(state, p) == bot(state, p)
        state = state.play(bot(state, 0), bot(state, 1))


def test_a_contest_agent_plays_a_match() -> None:
    contestant = from_contest_agent(to_contest_agent(heuristic_bot()), name="contest")
    result = play_match(
        TronAgent(contestant), TronAgent(random_bot()), PairedStarts(hex_start), games=2, seed=2
    )
    assert result.names == ("contest", "random") and len(result.records) == 2


def test_errors() -> None:
    with pytest.raises(InvalidArgumentError, match="hex board"):
        contest_view(square_start("box15"), 0)
    with pytest.raises(InvalidArgumentError, match="shape"):
        state_from_contest(np.zeros((4, 4, 2)), [(0, 0), (1, 1)], [0, 0])
    with pytest.raises(InvalidArgumentError, match=r"answered 3; .*2 \(big right\)"):
        from_contest_agent(lambda b, p, o: 3)(hex_start(1), 0)
    with pytest.raises(InvalidArgumentError, match="orientations"):
        state_from_contest(np.zeros((N, N, 2)), [(6, 6), (7, 7)], [0, 9])
