"""A contest bot: the Hexatron heuristic that finished 5th at UGent in 2018, on both grids.

For each move into a free cell, with the opponent not yet moved, count the cells the bot
reaches strictly first from its new cell minus the opponent's (with the turning constraint
on hex); penalise ending next to the opponent's head; break ties by fewer free moves after
the move (fill tightly), then by a shorter way to the board's centre. Written after the
bot's description, on the Voronoi race of ``voronoi``.
"""

from __future__ import annotations

from games.tron.grid import Grid
from games.tron.moves import TronBot, check_turn_start, safe_moves, target
from games.tron.state import TronState
from games.tron.voronoi import distance_to, race_from

__all__ = ["HEAD_ON_PENALTY", "heuristic_bot", "heuristic_scores"]

HEAD_ON_PENALTY = 50
"""The penalty when a move ends next to the opponent's head (head-on risk)."""


class _HeuristicBot:
    __slots__ = ("name",)

    def __init__(self) -> None:
        self.name = "heuristic"

    def __call__(self, state: TronState, player: int) -> int:
        check_turn_start(state, player)
        return heuristic_scores(state, player)[0][1]

    def for_game(self, seed: int) -> _HeuristicBot:
        return self

    def __repr__(self) -> str:
        return "heuristic_bot()"


def heuristic_bot() -> TronBot:
    """The contest bot (Hexatron, 5th of the 2018 UGent contest), on both grids.

    It maximises the cells it reaches first after its move; see ``heuristic_scores``.
    Deterministic: no randomness.
    """
    return _HeuristicBot()


def heuristic_scores(state: TronState, player: int) -> list[tuple[tuple[int, int, int], int]]:
    """The contest bot's ranking of ``player``'s moves, best first: ``((score, ...), move)``.

    Each score is ``(score, -moves, -dist)``.

    For each move into a free cell, with the opponent not yet moved: ``score`` is the cells
    ``player`` reaches strictly first from its new cell minus the opponent's, minus
    ``HEAD_ON_PENALTY`` when the heads end adjacent; ties go to fewer free moves after the
    move (fill tightly), then to a shorter way to the board's centre (100 if cut off). When
    every move crashes, the first legal move comes back alone, scored ``(-10**6, 0, 0)``.
    """
    grid = state.grid
    other = 1 - player
    opp_head = state.heads[other]
    centre = grid.cell(grid.height // 2, grid.width // 2)
    ranked = []
    for move in safe_moves(state, player):
        cell, facing = target(state, player, move)
        walls = state.walls | 1 << cell
        heads = [0, 0]
        facings = [0, 0]
        heads[player], heads[other] = cell, opp_head
        facings[player], facings[other] = facing, state.orientations[other]
        r = race_from(grid, walls, (heads[0], heads[1]), (facings[0], facings[1]))
        score = r.owned[player].bit_count() - r.owned[other].bit_count()
        if opp_head in grid.steps[cell]:
            score -= HEAD_ON_PENALTY
        after = _free_steps(state, walls, cell, facing)
        dist = _distance(grid, walls, cell, facing, centre)
        ranked.append(((score, -after, -dist), move))
    if not ranked:
        return [((-(10**6), 0, 0), state.legal_moves(player)[0])]
    ranked.sort(key=lambda item: item[0], reverse=True)
    return ranked


def _free_steps(state: TronState, walls: int, cell: int, facing: int) -> int:
    grid = state.grid
    row = grid.steps[cell]
    if grid.hex:
        nexts = [row[(facing + t) % 6] for t in (-2, -1, 0, 1, 2)]
    else:
        nexts = [row[d] for d in range(4) if d != (facing + 2) % 4]
    return sum(1 for n in nexts if n >= 0 and not walls >> n & 1)


def _distance(grid: Grid, walls: int, cell: int, facing: int, target: int) -> int:
    """Moves from ``cell`` (facing ``facing``) to ``target`` over free cells; 100 if none."""
    d = distance_to(grid, walls, cell, facing, target)
    return 100 if d is None else d
