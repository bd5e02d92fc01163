"""The recursive minimax of one ``AlphaBeta`` run, and the diagnosis of a broken game.

Kept apart from ``alphabeta`` (knobs and the deepening loop); it imports nothing from it.
The recursion never pre-checks a state: each frame catches the bare fault a broken game
causes (a zero-cost ``try``), re-examines its state and raises the error
``check_iterator`` would give, naming the state and the method.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from treesearch._contract import FAULTS, bad_returns, fail, terminal_with_moves, translate
from treesearch._run import RunContext
from treesearch.errors import InvalidArgumentError, IteratorContractError, TreeSearchError
from treesearch.events import Evaluated, Pruned, Visited, VisitKind
from treesearch.values import CHANCE, TERMINAL, chance_outcomes_of, evaluate, player_of, returns_of

__all__ = ["FULL_DEPTH", "Ordering", "Run", "explain", "not_two_players"]

_EXACT, _LOWER, _UPPER = 0, 1, 2
_FAULTS = (*FAULTS, IndexError, ValueError)  # what a broken game raises
FULL_DEPTH = 10**9
"""The depth limit of a round that searches to the end of the game."""

Ordering = Callable[[Sequence[Any]], Sequence[Any]]


class Run:
    """The recursive search of one run (keeps counters and the table off the search object)."""

    def __init__(
        self,
        ctx: RunContext,
        use_tt: bool,
        *,
        value: Callable[[Any], float] | None,
        ordering: Ordering | None,
        pruning: bool,
        perspective: int,
    ) -> None:
        self.ctx, self.emit = ctx, ctx.emit
        self.value, self.ordering, self.pruning = value, ordering, pruning
        self.flip = perspective == 1
        self.use_tt = use_tt
        self.table: dict[tuple[Hashable, int], tuple[int, float, bool]] | None = (
            {} if use_tt else None
        )
        self.best_child: dict[Hashable, Any] = {}
        self.expanded = self.visited = self.deepest = 0
        self.checkpoint = ctx.first_checkpoint()
        self.cut_off = False
        self.partial: tuple[Any, float] | None = None  # best root child of the round so far

    def root(self, start: Any, children: list[Any], limit: int, first: Any) -> tuple[Any, float]:
        """Search one depth; return the best child and its value (player 0's view)."""
        self.cut_off = False
        self.partial = None
        maximise = player_of(start) == 0
        if first is not None:
            children = [first] + [c for c in children if c is not first]
        elif self.ordering is not None:
            children = list(self.ordering(children))
        self.visited += 1
        if self.emit is not None:
            self.emit(Visited(start, 0, VisitKind.RESTART if first else VisitKind.ENTER))
        alpha, beta = -math.inf, math.inf
        best, best_value = children[0], -math.inf if maximise else math.inf
        for child in children:
            v = self.search(child, 1, limit, alpha, beta, start)
            if (v > best_value) if maximise else (v < best_value):
                best, best_value = child, v
                self.partial = (best, best_value)
            if self.pruning:
                if maximise:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
        return best, best_value

    def joint(self, start: Any, children: list[Any], limit: int) -> list[list[float]]:
        """Values (player 0's view) of every joint move of a simultaneous turn at the start.

        Row ``i`` is the start's child ``i`` (player 0's pick), column ``j`` player 1's
        ``j``-th reply to the first pick, each searched to ``limit`` with a full window. The
        replies to the other picks are matched to the columns by their ``move`` attribute
        when every reply has one, else by their place in ``get_children()``.

        Raises:
            IteratorContractError: a pick whose replies are not the first pick's (another
                number, or other moves): player 1 would know player 0's pick.
        """
        self.cut_off = False
        self.partial = None
        self.visited += 1
        emit = self.emit
        if emit is not None:
            emit(Visited(start, 0, VisitKind.ENTER))
        picks: list[list[Any]] = []
        for pick in children:
            self.visited += 1
            self.expanded += 1
            if emit is not None:
                emit(Visited(pick, 1, VisitKind.ENTER, start))
            picks.append(list(pick.get_children()))
        picks = _aligned(children, picks)
        grid: list[list[float]] = []
        for pick, replies in zip(children, picks, strict=True):
            grid.append([self.search(r, 2, limit, -math.inf, math.inf, pick) for r in replies])
        return grid

    def search(
        self, state: Any, depth: int, limit: int, alpha: float, beta: float, parent: Any
    ) -> float:
        """Minimax value of ``state`` from player 0's view, within (alpha, beta).

        Hot loop: kept in one function, as a call per node would slow the search.
        """
        try:
            self.visited += 1
            if depth > self.deepest:
                self.deepest = depth
            emit = self.emit
            if emit is not None:
                emit(Visited(state, depth, VisitKind.ENTER, parent))
            table = self.table
            remaining = limit - depth
            if table is not None:
                key = state.key()
                entry = table.get((key, remaining))
                if entry is not None:
                    flag, v, cut = entry
                    if cut:
                        self.cut_off = True
                    if (
                        flag == _EXACT
                        or (flag == _LOWER and v >= beta)
                        or (flag == _UPPER and v <= alpha)
                    ):
                        return v
            if self.expanded >= self.checkpoint:
                self.checkpoint = self.ctx.checkpoint(self.expanded)
            self.expanded += 1
            children = list(state.get_children())
            if not children:  # one subtraction checks for NaN and the infinities
                v = float(state.returns()[0])
                if v - v != 0:
                    raise bad_returns(state, state.returns())
                return v
            player = state.player()
            if player == 0:
                maximise = True
            elif player == 1 or player == CHANCE:
                maximise = False
            else:
                raise not_two_players(state, player)
            if remaining <= 0:
                self.cut_off = True
                if self.value is None:
                    raise InvalidArgumentError(
                        "AlphaBeta reached its depth limit above the end of the game but has no "
                        "value= function to evaluate the position"
                    )
                v = evaluate(self.value, state)
                if emit is not None:
                    emit(Evaluated(state, v))
                return -v if self.flip else v
            if player == CHANCE:
                return float(
                    sum(
                        p * self.search(c, depth + 1, limit, -math.inf, math.inf, state)
                        for c, p in chance_outcomes_of(state)
                    )
                )
            if self.ordering is not None:
                children = list(self.ordering(children))
            if table is not None:
                hint = self.best_child.get(key)
                if hint is not None:
                    for i, c in enumerate(children):
                        if c.key() == hint:
                            children.insert(0, children.pop(i))
                            break
            a0, b0, cut_before = alpha, beta, self.cut_off
            self.cut_off = False
            best_value = -math.inf if maximise else math.inf
            best: Any = None
            for i, child in enumerate(children):
                v = self.search(child, depth + 1, limit, alpha, beta, state)
                if maximise:
                    if v > best_value:
                        best_value, best = v, child
                    if self.pruning and v > alpha:
                        alpha = v
                else:
                    if v < best_value:
                        best_value, best = v, child
                    if self.pruning and v < beta:
                        beta = v
                if self.pruning and alpha >= beta:
                    if emit is not None:
                        for skipped in children[i + 1 :]:
                            emit(Pruned(skipped, depth + 1, "alpha-beta cut-off"))
                    break
            if table is not None:
                flag = _UPPER if best_value <= a0 else _LOWER if best_value >= b0 else _EXACT
                table[(key, remaining)] = (flag, best_value, self.cut_off)
                if best is not None:
                    self.best_child[key] = best.key()
            self.cut_off = self.cut_off or cut_before
            return best_value
        except TreeSearchError:
            raise
        except _FAULTS as exc:  # zero cost until a broken game raises
            explain(exc, state, parent, keys=self.use_tt)
            raise

    def principal_variation(self, start: Any, best: Any) -> list[Any]:
        """The start, the chosen child, and the table's best replies after it."""
        path = [start, best]
        if self.table is None:
            return path
        state, seen = best, {start.key()}
        while (k := state.key()) not in seen and k in self.best_child:
            seen.add(k)
            hint = self.best_child[k]
            state = next((c for c in state.get_children() if c.key() == hint), None)
            if state is None:
                break
            path.append(state)
        return path


def explain(exc: BaseException, state: Any, parent: Any, *, keys: bool) -> None:
    """Raise the contract error behind ``exc``, caught while searching ``state``, if any.

    Returns when the game looks fine (the fault is elsewhere); the caller re-raises.
    """
    translate(exc, state, parent, keys=keys)
    try:
        if not list(state.get_children()):
            returns_of(state)
            return
        p = player_of(state)
        if p not in (0, 1, CHANCE):
            raise not_two_players(state, p)
        if p == CHANCE:
            chance_outcomes_of(state)
    except TreeSearchError as err:
        raise err from exc
    except Exception:  # the game fails again: nothing clearer to say
        return


def not_two_players(state: Any, p: Any) -> IteratorContractError:
    """``player()`` returned ``p`` at a state with moves: not player 0, player 1 nor CHANCE."""
    if p == TERMINAL:
        return terminal_with_moves(state)
    return fail(
        "player()",
        state,
        f"returned {p!r}, but AlphaBeta searches two-player zero-sum games",
        "return 0 or 1 for the player to move, or treesearch.CHANCE (MCTS handles more players)",
    )


def _aligned(children: list[Any], picks: list[list[Any]]) -> list[list[Any]]:
    """Each pick's replies in the order of the first pick's moves (``joint``)."""
    first = picks[0]
    moves = [getattr(r, "move", None) for r in first]
    by_move = None not in moves and len(set(map(_hashable, moves))) == len(moves)
    out = []
    for pick, replies in zip(children, picks, strict=True):
        if not replies or len(replies) != len(first):
            raise _ragged(children, picks, pick, replies, by_move)
        if by_move:
            index = {_hashable(getattr(r, "move", None)): r for r in replies}
            try:
                replies = [index[_hashable(m)] for m in moves]
            except KeyError:
                raise _ragged(children, picks, pick, replies, by_move) from None
        out.append(replies)
    return out


def _hashable(move: Any) -> Any:
    """``move`` as a dict key (its repr when it has no hash)."""
    try:
        hash(move)
    except TypeError:
        return ("unhashable", repr(move))
    return move


def _ragged(
    children: list[Any], picks: list[list[Any]], pick: Any, replies: list[Any], by_move: bool
) -> IteratorContractError:
    def name(rs: list[Any]) -> str:
        if by_move:
            return f"the replies {[getattr(r, 'move', None) for r in rs]!r}"
        return f"{len(rs)} replies"

    return IteratorContractError(
        f"AlphaBeta(simultaneous='matrix') needs player 1's replies alike after every pick "
        f"of player 0 (it cannot know the pick): {children[0]!r} has {name(picks[0])} but "
        f"{pick!r} has {name(replies)}; search it with simultaneous='sequential'"
    )
