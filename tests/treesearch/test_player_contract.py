"""The player contract's gaps, closed: ``TERMINAL`` at the end of a game, ``result.move``."""

from __future__ import annotations

import pytest

from games.tictactoe import TicTacToe
from tests.games_util import Gamble
from treesearch import BFS, CHANCE, MCTS, TERMINAL, AlphaBeta, TreeIterator, check_iterator
from treesearch.errors import IteratorContractError
from treesearch.values import player_of


class Nim(TreeIterator):
    """Take 1 or 2 stones; whoever takes the last stone wins (player 0 wins from 1, 2, 4, 5).

    ``at_end`` is what ``player()`` answers once the game is over; ``lie_at`` makes it answer
    TERMINAL at a state that still has moves (a broken game).
    """

    __slots__ = ("at_end", "lie_at", "move", "stones", "to_move")

    def __init__(
        self,
        stones: int = 5,
        to_move: int = 0,
        move: int | None = None,
        *,
        at_end: int = TERMINAL,
        lie_at: int | None = None,
    ) -> None:
        self.stones, self.to_move, self.move = stones, to_move, move
        self.at_end, self.lie_at = at_end, lie_at

    def player(self) -> int:
        if self.stones == 0 or self.stones == self.lie_at:
            return self.at_end if self.stones == 0 else TERMINAL
        return self.to_move

    def get_children(self) -> list[Nim]:
        return [
            Nim(self.stones - take, 1 - self.to_move, take, at_end=self.at_end, lie_at=self.lie_at)
            for take in (1, 2)
            if take <= self.stones
        ]

    def returns(self) -> tuple[float, float]:
        if self.stones:
            return (0.0, 0.0)
        return (-1.0, 1.0) if self.to_move == 0 else (1.0, -1.0)  # the mover took the last

    def key(self) -> tuple[int, int]:
        return (self.stones, self.to_move)

    def __repr__(self) -> str:
        return f"Nim({self.stones}, to_move={self.to_move})"


def test_terminal_constant_matches_openspiel_and_is_exported() -> None:
    assert TERMINAL == -4 and CHANCE == -1
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed")
    assert int(pyspiel.PlayerId.TERMINAL) == TERMINAL
    assert int(pyspiel.PlayerId.CHANCE) == CHANCE


def test_check_iterator_accepts_terminal_only_at_terminal_states() -> None:
    report = check_iterator(Nim())
    assert report.terminals > 0
    check_iterator(Nim(at_end=1))  # a player index at the end stays fine
    with pytest.raises(
        IteratorContractError,
        match=r"player\(\) of Nim\(3, .*TERMINAL \(-4\) but the state has 2 "
        r"children",
    ):
        check_iterator(Nim(lie_at=3))
    for bad in (-2, -3, -5):  # other negative values are still refused, terminal or not
        with pytest.raises(IteratorContractError, match=rf"player\(\) of Nim\(0.*returned {bad}"):
            check_iterator(Nim(at_end=bad))


def test_player_of_accepts_terminal_at_the_end_only() -> None:
    assert player_of(Nim(0)) == TERMINAL
    assert player_of(Nim(2)) == 0
    with pytest.raises(IteratorContractError, match=r"TERMINAL.*has children"):
        player_of(Nim(3, lie_at=3))
    with pytest.raises(IteratorContractError, match=r"returned -3.*treesearch\.TERMINAL"):
        player_of(Nim(0, at_end=-3))


@pytest.mark.parametrize("at_end", [TERMINAL, 0, 1])
def test_searches_play_games_that_end_with_terminal(at_end: int) -> None:
    """Same answer whatever a terminal state says about who moves: 5 stones, take 2."""
    ab = AlphaBeta().run(Nim(5, at_end=at_end))
    assert ab.move == 2 and ab.value == 1.0
    mc = MCTS(iterations=400, rng=0).run(Nim(5, at_end=at_end))
    assert mc.move == 2 and mc.value is not None and mc.value > 0.5


def test_terminal_start() -> None:
    ab = AlphaBeta().run(Nim(0))
    assert ab.best is None and ab.move is None and ab.value is None
    assert [s.stones for s in ab.path] == [0]
    assert AlphaBeta().run(Nim(0, at_end=1)).value == 1.0  # player 1's reward: it just won
    mc = MCTS(iterations=10, rng=0).run(Nim(0))
    assert mc.best is None and mc.move is None


def test_searches_name_terminal_at_a_state_with_moves() -> None:
    message = r"player\(\) of Nim\(3, .*TERMINAL.*children"
    with pytest.raises(IteratorContractError, match=message):
        AlphaBeta().run(Nim(5, lie_at=3))
    with pytest.raises(IteratorContractError, match=message):
        AlphaBeta().run(Nim(3, lie_at=3))
    with pytest.raises(IteratorContractError, match=r"player\(\) of Nim\(3, .*-4"):
        MCTS(iterations=200, rng=0).run(Nim(5, lie_at=3))


def test_result_move_of_game_searches_is_the_chosen_childs_move() -> None:
    start = TicTacToe().play(0).play(4).play(8)
    for search in (AlphaBeta(), MCTS(iterations=300, rng=1)):
        result = search.run(start)
        assert result.move == result.best.move
        assert result.move in start.legal_moves()
    assert AlphaBeta().run(TicTacToe().play(0).play(3).play(1).play(4)).move == 2  # X wins


def test_result_move_of_path_searches_is_the_last_step() -> None:
    start = TicTacToe()
    result = BFS(goal=lambda s: s.winner == 0).run(start)
    assert result.solved and result.move == result.best.move == result.path[-1].move
    assert result.move is not None and result.best.board[result.move] == 1
    unsolved = BFS(goal=lambda s: False).run(TicTacToe().play(0).play(3).play(1).play(4).play(2))
    assert unsolved.best is None and unsolved.move is None
    assert AlphaBeta().run(Gamble()).move is None  # states without a move attribute
