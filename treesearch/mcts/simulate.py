"""One MCTS simulation: select, expand, evaluate (rollout or leaf value), back up.

Kept apart from ``mcts.mcts`` (the budget and the run loop) so each stays small. It imports
``node``, ``policies``, ``solver`` and ``settings``; ``decoupled``
and ``rave`` (whose ``DecoupledSimulator`` and ``RaveSimulator`` subclass ``Simulator``)
and ``mcts.mcts`` import it.
A broken game is not checked per node: the simulation catches the bare fault, re-examines
the state at fault and raises the error ``check_iterator`` would give.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable
from typing import Any

from treesearch._contract import FAULTS, bad_player, player_index, translate
from treesearch._run import RunContext
from treesearch.errors import TreeSearchError
from treesearch.events import SimulationPhase, Visited, VisitKind
from treesearch.mcts.node import Node
from treesearch.mcts.policies import (
    ROLLOUT_LIMIT,
    leaf_rewards,
    rollout_rewards,
    terminal_rewards,
)
from treesearch.mcts.settings import LEAF_BOUNDED, LEAF_EVALUATE, MCTSSettings
from treesearch.mcts.solver import prove_terminal
from treesearch.values import (
    CHANCE,
    chance_outcomes_of,
    player_of,
    player_out_of_range,
    sample_outcome,
)

__all__ = ["Simulator", "uct_max"]

_RESTART, _ENTER = VisitKind.RESTART, VisitKind.ENTER
_SELECT, _EVALUATE, _BACKUP = 0, 1, 2
_NO_LIMIT = sys.maxsize
_FAULTS = (*FAULTS, IndexError)  # what a broken game raises from a simulation


class Simulator:
    """Runs single simulations; holds the per-run counters and strategy hooks.

    Args:
        ctx: the run (events, clock, budget).
        players: whether the game has ``player()`` (else a one-player puzzle).
        rng: the run's ``random.Random``.
        settings: the search's knobs, read here once into attributes: a simulation reads
            them as ``self.c``, ``self.mode``... and never looks into ``settings``.
    """

    def __init__(
        self, ctx: RunContext, players: bool, rng: random.Random, settings: MCTSSettings
    ) -> None:
        self.emit = ctx.emit
        self.players = players
        self.rng = rng
        self.c = settings.c
        self.use_max = use_max = settings.use_max
        selection = settings.selection
        self.selection = uct_max if selection is None and use_max else selection
        self.rollout_policy = settings.rollout
        self.evaluate = settings.evaluate
        self.score = settings.score
        self.perspective = settings.perspective
        self.max_depth = _NO_LIMIT if ctx.max_depth is None else ctx.max_depth
        # A node budget also caps each rollout: no single rollout may outlast the whole run,
        # so a game that never ends still stops under max_nodes alone.
        caps = [n for n in (settings.rollout_depth, ctx.max_nodes) if n is not None]
        self.rollout_depth = min(caps) if caps else _NO_LIMIT
        # Without rollout_depth, a rollout "to the end" stops after ROLLOUT_LIMIT moves (a
        # game that has not ended by then may never end), scored as cut and counted here.
        self.endless_cap = ROLLOUT_LIMIT if settings.rollout_depth is None else _NO_LIMIT
        self.endless = 0  # rollouts stopped by endless_cap
        # How a non-terminal leaf is scored, a LEAF_* code: 0 a full rollout, 1 evaluate,
        # 2 a bounded rollout (which any depth or node budget makes of the first two).
        bounded = ctx.max_nodes is not None or ctx.max_depth is not None
        self.mode = LEAF_BOUNDED if bounded else settings.leaf
        self.check_time = ctx.check_time if ctx.deadline is not None else None
        self.expanded = self.visited = self.deepest = 0
        self.width = 1  # players seen so far (the length of a draw's reward vector)
        self.depth_cut = False  # max_depth kept a non-terminal state from being explored
        self._cut_by_budget = False
        self._cut_endless = False
        self.solver = settings.solver
        self.lo, self.hi = settings.reward_range
        # Leaf evaluation generates each new leaf's children anyway, so the solver can prove
        # a terminal leaf on the simulation that adds it. Rollouts do not look (asking
        # is_terminal() of every new leaf cost 6% on tic-tac-toe): a terminal leaf is proven
        # on its next visit, which a win, valued exactly by its rollout, soon gets.
        self.prove_leaves = settings.solver and self.mode == LEAF_EVALUATE
        # Hooks of RAVE's simulator (``rave``): the node class, the AMAF backup (None:
        # nothing more to do after the backup, one test a simulation), and the value of an
        # unproven child at a node with proven ones (None: its mean, one test a child).
        self.new_node: Callable[[Any, Node, int], Node] = Node
        self.amaf: Callable[[Node, tuple[float, ...]], None] | None = None
        self.blend: Callable[[Any], float] | None = None

    def __call__(self, root: Node, iteration: int) -> None:
        """Run simulation number ``iteration`` from ``root``; update the tree's statistics.

        Hot loop: kept in one function, since a function call per node would slow every simulation.
        """
        emit = self.emit
        if emit is not None:
            emit(Visited(root.state, 0, _RESTART if iteration else _ENTER, None))
        node, depth = root, 0
        terminal = halt = False
        added: Node | None = None
        stage = 0  # _SELECT (literals: no global look-up in the hot loop)
        reward: tuple[float, ...] = ()
        max_depth = self.max_depth
        try:
            # Selection, then expansion of one new child; entering a proven node ends the
            # descent (it is reached only by a draw of chance or from a parent with proven
            # children, so the fast path checks nothing).
            while depth != max_depth:
                if node.untried is None:
                    self._generate(node)
                if node.chance is not None:
                    outcome = sample_outcome(node.chance, self.rng.random())
                    nxt = next((c for c in node.children if c.state is outcome), None)
                    if nxt is None:
                        nxt = added = self.new_node(outcome, node, CHANCE)
                        node.children.append(nxt)
                    halt = added is not None or nxt.proven is not None
                elif node.untried:
                    untried = node.untried
                    j = int(self.rng.random() * len(untried))
                    untried[j], untried[-1] = untried[-1], untried[j]
                    nxt = added = self.new_node(untried.pop(), node, node.player)
                    node.children.append(nxt)
                    halt = True
                elif not node.children:
                    terminal = True
                    break
                elif node.solved == 0:
                    # A lone child needs no scoring: a long forced line (a chain of single
                    # moves) costs one step per level, not one selection.
                    children = node.children
                    nxt = children[0] if len(children) == 1 else self._select(node)
                else:
                    nxt = self._select_solved(node)
                    halt = nxt.proven is not None
                node, depth = nxt, depth + 1
                if emit is not None:
                    emit(Visited(node.state, depth, _ENTER, node.parent.state))  # type: ignore[union-attr]
                    if added is not None:
                        emit(SimulationPhase("expand", node.state, depth, iteration))
                if halt:
                    if added is not None and self.prove_leaves:
                        terminal = self._is_terminal(node)
                    break
            self.visited += depth + 1
            if depth > self.deepest:
                self.deepest = depth
            if emit is not None:
                emit(SimulationPhase("select", node.state, depth, iteration))
            # Evaluation: the exact outcome at terminals and proven nodes, else a leaf
            # evaluation or a rollout.
            stage = 1  # _EVALUATE
            state = node.state
            mode = self.mode
            proven = node.proven
            if proven is not None:
                reward = proven
            elif terminal:
                reward = terminal_rewards(state, self.players, self.score)
            elif mode == 0:
                reward = rollout_rewards(
                    state,
                    self.rng,
                    self.rollout_policy,
                    self.players,
                    self.score,
                    None,
                    self._endless,
                    self.check_time,
                )
            elif mode == 1:
                reward = self._evaluate(node)
            elif mode == 2:
                reward = self._bounded_rollout(state, depth)
            else:  # LEAF_ROLLOUT_MOVES
                reward = self._rollout(state, depth)
            if emit is not None:
                emit(SimulationPhase("rollout", state, depth, iteration, reward))
            # Backup.
            stage = 2  # _BACKUP
            use_max = self.use_max
            n: Node | None = node
            while n is not None:
                n.visits += 1
                if n.mover >= 0:
                    r = reward[n.mover]
                    n.total += r
                    if use_max and r > n.best:
                        n.best = r
                n = n.parent
            if terminal and self.solver and proven is None:
                prove_terminal(node, reward, self.lo, self.hi)
            if self.amaf is not None:
                self.amaf(node, reward)
        except BaseException as exc:
            if added is not None and added.visits == 0:
                _undo(added)
            if isinstance(exc, _FAULTS) and not isinstance(exc, TreeSearchError):
                self._explain(exc, node, stage, reward)
            raise
        if emit is not None:
            emit(SimulationPhase("backup", state, depth, iteration, reward))

    def _is_terminal(self, node: Node) -> bool:
        """Whether a new leaf ends the game (generating its children, as evaluation would)."""
        self._generate(node)
        return not node.untried and node.chance is None

    def _generate(self, node: Node) -> None:
        self.expanded += 1
        state = node.state
        p = 0
        if self.players:
            node.player = p = state.player()
            if p == CHANCE:
                node.chance = chance_outcomes_of(state)
                node.untried = []
                return
        node.untried = children = list(state.get_children())
        # Only states with moves need a player index (terminals may answer anything); a
        # plain int in range is settled at once, anything else (numpy, bool) is checked.
        if children and (type(p) is not int or not 0 <= p < self.width):
            node.player = p = player_index(state, p, children)
            if p < 0:
                raise bad_player(state, p)
            self.width = max(self.width, p + 1)

    def _evaluate(self, node: Node) -> tuple[float, ...]:
        """Score a new leaf by ``evaluate`` (its exact outcome when it is terminal)."""
        if node.untried is None:
            self._generate(node)
        if not node.untried and node.chance is None:
            return terminal_rewards(node.state, self.players, self.score)
        return leaf_rewards(self.evaluate, node.state, self.players, self.perspective)  # type: ignore[arg-type]

    def _bounded_rollout(self, state: Any, depth: int) -> tuple[float, ...]:
        """A rollout capped by ``rollout_depth``, ``max_depth`` below the start, or both.

        Without ``rollout_depth``, ``ROLLOUT_LIMIT`` caps it as it caps rollouts to the end.
        """
        moves = self.max_depth - depth
        cap = min(self.rollout_depth, self.endless_cap)
        self._cut_by_budget = moves <= cap
        self._cut_endless = not self._cut_by_budget and self.endless_cap < self.rollout_depth
        if not self._cut_by_budget:
            moves = cap
        return rollout_rewards(
            state,
            self.rng,
            self.rollout_policy,
            self.players,
            self.score,
            moves,
            self._cutoff,
            self.check_time,
        )

    def _rollout(self, state: Any, depth: int) -> tuple[float, ...]:
        """A rollout to the end that reports its moves (``LEAF_ROLLOUT_MOVES``).

        Only RAVE's simulator (``rave.RaveSimulator``) sets that mode, and it overrides
        this; a plain simulator never gets here.
        """
        raise NotImplementedError("LEAF_ROLLOUT_MOVES needs mcts_rave.RaveSimulator")

    def _endless(self, state: Any) -> tuple[float, ...]:
        """Score a rollout "to the end" that made ``ROLLOUT_LIMIT`` moves: 0 for everyone."""
        self.endless += 1
        return (0.0,) * self.width

    def _cutoff(self, state: Any) -> tuple[float, ...]:
        """Score a rollout stopped above the end: the leaf evaluation, else 0 for everyone."""
        if self._cut_by_budget:
            self.depth_cut = True
        elif self._cut_endless:
            self.endless += 1
        if self.evaluate is not None:
            return leaf_rewards(self.evaluate, state, self.players, self.perspective)
        return (0.0,) * self.width

    def _select(self, node: Node) -> Node:
        selection = self.selection
        if selection is not None:
            parent_visits, c = node.visits, self.c
            return max(node.children, key=lambda ch: selection(ch, parent_visits, c))
        # Inline UCT on the mean: the hot path.
        explore = self.c * math.sqrt(math.log(node.visits))
        sqrt = math.sqrt
        best, best_score = node.children[0], -math.inf
        for ch in node.children:
            v = ch.visits
            s = ch.total / v + explore / sqrt(v)
            if s > best_score:
                best, best_score = ch, s
        return best

    def _select_solved(self, node: Node) -> Node:
        """Selection at a node with proven children (MCTS-Solver).

        A proven child scores its exact value for the player to move, without exploration
        bonus (no uncertainty is left to explore; OpenSpiel's ``MCTSBot`` does the same),
        so simulations go where values are still unknown. One proven to give that player
        the bottom of the reward range is never followed (some child is unproven, or the
        node would be proven and not entered). An unproven child scores UCT on its mean, or
        on ``blend`` where RAVE sets it.
        """
        p, lo = node.player, self.lo
        selection = self.selection
        if selection is not None:
            live = [ch for ch in node.children if ch.proven is None or ch.proven[p] > lo]
            parent_visits, c = node.visits, self.c
            return max(live or node.children, key=lambda ch: selection(ch, parent_visits, c))
        explore = self.c * math.sqrt(math.log(node.visits))
        sqrt, blend = math.sqrt, self.blend
        best, best_score = node.children[0], -math.inf
        for ch in node.children:
            proven = ch.proven
            if proven is None:
                v = ch.visits
                s = (ch.total / v if blend is None else blend(ch)) + explore / sqrt(v)
            else:
                s = proven[p]
                if s <= lo:
                    continue
            if s > best_score:
                best, best_score = ch, s
        return best

    def _explain(
        self, exc: BaseException, node: Node, stage: int, reward: tuple[float, ...]
    ) -> None:
        """Raise the contract error behind ``exc``, if the game is at fault."""
        if stage == _BACKUP:
            n: Node | None = node
            while n is not None and n.parent is not None:
                try:
                    reward[n.mover]
                except (IndexError, TypeError):
                    if isinstance(n.mover, int) and not isinstance(n.mover, bool):
                        raise player_out_of_range(n.parent.state, n.mover, reward) from exc
                    raise bad_player(n.parent.state, n.mover) from exc
                n = n.parent
            return
        parent = node.parent.state if node.parent is not None else None
        translate(exc, node.state, parent)
        if self.players:
            try:
                player_of(node.state)
            except TreeSearchError as err:
                raise err from exc
            except Exception:  # the game fails again: nothing clearer to say
                return


def _undo(node: Node) -> None:
    """Take back a child added by a simulation that did not finish (no visit to count)."""
    parent = node.parent
    if parent is None:
        return
    parent.children.remove(node)
    if parent.chance is None and parent.untried is not None:
        parent.untried.append(node.state)


def uct_max(child: Node, parent_visits: int, exploration: float) -> float:
    """UCT on the best single reward (``backup="max"``)."""
    return child.best + exploration * math.sqrt(math.log(parent_visits) / child.visits)
