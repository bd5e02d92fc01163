from __future__ import annotations

import pytest

from games.tictactoe import TicTacToe
from treesearch.learn import TableValue, train


@pytest.fixture(scope="session")
def tictactoe_table() -> TableValue:
    """A table of tic-tac-toe learned by 10,000 games of self-play (about half a second)."""
    table = TableValue()
    train(table, TicTacToe(), games=10_000, alpha=1.0, lam=0.0, epsilon=0.5, seed=0)
    return table
