"""The tree a search built, read from its events, with each node's statistics over time.

``TreeLog`` follows a run's events and keeps one node per state key (states without a key
are told apart by identity): the tree edge is the ``parent`` of the state's first
``Visited``. Per node it knows the step of that first visit, its depth, how many children
the search gave it (``Expanded``), and over time: its visits, its last value
(``Evaluated``) and, for MCTS, the simulations through it and their mean reward for the
player who moved into it (``SimulationPhase("backup")`` adds the reward to every node of
the simulation's path, as ``observers.MCTSMirror`` does).

Statistics change at every step, but a replay only shows the steps it has frames of; so
``snapshot(step)`` (called at each frame) writes down the statistics of the nodes that
changed since the last frame, as ``[step, visits, value, simulations, total, hidden]``.
The page finds a node's statistics at a frame from the last snapshot at or before it.

At most ``max_nodes`` nodes are kept (the first ones visited); a later node whose parent
is kept is counted in its parent (``hidden``), the others in ``hidden_total``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Any

from treesearch.core import key_of
from treesearch.events import Evaluated, Event, Expanded, SimulationPhase, Visited, VisitKind

__all__ = ["TreeLog"]

_RETURN = VisitKind.RETURN


class _Node:
    __slots__ = (
        "children",
        "depth",
        "first",
        "hidden",
        "history",
        "id",
        "key",
        "label",
        "mover",
        "n_children",
        "parent",
        "sims",
        "total",
        "value",
        "visits",
    )

    def __init__(self, id: int, key: Any, parent: int, depth: int, first: int) -> None:
        self.id = id
        self.key = key
        self.parent = parent
        self.depth = depth
        self.first = first
        self.label = ""
        self.mover: int | None = None
        self.children: list[int] = []
        self.n_children: int | None = None
        self.visits = 0
        self.value: float | None = None
        self.sims = 0
        self.total = 0.0
        self.hidden = 0
        self.history: list[list[Any]] = []


def _player(state: Any) -> int | None:
    player = getattr(state, "player", None)
    if not callable(player):
        return None
    try:
        return int(player())
    except (TypeError, ValueError):
        return None


def _number(value: float | None) -> float | str | None:
    """A JSON number (rounded to 6 significant digits), or the text of a non-finite one."""
    if value is None:
        return None
    if not math.isfinite(value):
        return repr(float(value))
    return float(f"{value:.6g}")


class TreeLog:
    """The tree of a run, built from its events (see the module docstring).

    Args:
        label: ``state -> str``, a node's name on the page.
        max_nodes: nodes kept at most.

    Attributes:
        step: visits seen so far.
        hidden_total: nodes visited but not kept, whose parent was not kept either.
        current: the node of the last visit (None before the first, or when not kept).
    """

    def __init__(self, label: Callable[[Any], str], max_nodes: int) -> None:
        self.label = label
        self.max_nodes = max_nodes
        self.nodes: list[_Node] = []
        self._by_key: dict[Hashable, _Node] = {}
        self._unkept: set[int] = set()  # hashes of the keys of nodes not kept
        self._alive: list[Any] = []  # keyless states, so their ids stay theirs
        self._dirty: set[_Node] = set()
        self._path: list[_Node | None] = []
        self.step = 0
        self.hidden_total = 0
        self.current: _Node | None = None

    def _key(self, state: Any) -> Hashable:
        key = key_of(state)
        if key is None:
            return ("id", id(state))
        return key

    def update(self, event: Event) -> None:
        """Take note of one event."""
        kind = type(event)
        e: Any = event
        if kind is Visited:
            self.step += 1
            node = self._visit(e)
            self.current = node
            depth, path = e.depth, self._path
            del path[depth:]
            path.extend([None] * (depth - len(path)))
            path.append(node)
        elif kind is SimulationPhase:
            if e.phase == "backup" and e.reward is not None:
                reward = e.reward
                for node in self._path:
                    if node is not None:
                        node.sims += 1
                        mover = node.mover
                        if mover is not None and 0 <= mover < len(reward):
                            node.total += reward[mover]
                        self._dirty.add(node)
        elif kind is Expanded:
            node = self._by_key.get(self._key(e.state))
            if node is not None and node.n_children is None:
                node.n_children = e.n_children
        elif kind is Evaluated:
            node = self._by_key.get(self._key(e.state))
            if node is not None and e.value != node.value:
                node.value = e.value
                self._dirty.add(node)

    def _visit(self, e: Any) -> _Node | None:
        state = e.state
        key = self._key(state)
        node = self._by_key.get(key)
        if node is not None:
            node.visits += 1
            self._dirty.add(node)
            return node
        parent_state = e.parent
        parent = None if parent_state is None else self._by_key.get(self._key(parent_state))
        if e.kind is _RETURN or (parent_state is not None and parent is None):
            self._hide(key, None)
            return None
        if len(self.nodes) >= self.max_nodes:
            self._hide(key, parent)
            return None
        node = _Node(len(self.nodes), key, -1 if parent is None else parent.id, e.depth, self.step)
        node.label = self.label(state)
        if parent_state is not None:
            node.mover = _player(parent_state)
        if _is_identity(key):
            self._alive.append(state)
        if parent is not None:
            parent.children.append(node.id)
        self.nodes.append(node)
        self._by_key[key] = node
        node.visits = 1
        self._dirty.add(node)
        return node

    def _hide(self, key: Hashable, parent: _Node | None) -> None:
        h = hash(key)
        if h in self._unkept:
            return
        self._unkept.add(h)
        if parent is None:
            self.hidden_total += 1
        else:
            parent.hidden += 1
            self._dirty.add(parent)

    def snapshot(self, step: int) -> None:
        """Write down, at a frame of step ``step``, the statistics that changed since the last."""
        for node in self._dirty:
            row = [step, node.visits, _number(node.value), node.sims, node.total, node.hidden]
            history = node.history
            if history and history[-1][0] == step:
                history[-1] = row
            else:
                history.append(row)
        self._dirty.clear()

    def principal_variation(self, path_keys: list[Hashable] | None) -> list[int]:
        """Node ids of the result's path when given (and kept), else of the most visited line.

        The most visited line follows, from the first root, the child with the most
        simulations (MCTS) or visits, then the best mean or value.
        """
        if path_keys:
            ids = []
            for key in path_keys:
                node = self._by_key.get(key)
                if node is None:
                    break
                ids.append(node.id)
            if ids:
                return ids
        if not self.nodes:
            return []
        line, node = [0], self.nodes[0]
        while node.children:
            node = max((self.nodes[i] for i in node.children), key=_rank)
            line.append(node.id)
        return line

    def encode(self, frame_of: Callable[[int], int]) -> list[dict[str, Any]]:
        """The nodes for the page, steps of snapshots mapped to frames by ``frame_of``.

        Each node: ``id``, ``parent`` (-1 for a root), ``label``, ``key`` (its text),
        ``depth``, ``first`` (step of the first visit), ``children`` (ids), ``n``
        (children the search gave it, or None), ``mcts`` (simulations went through it),
        and ``h``: ``[frame, visits, value, simulations, mean, hidden]`` from that frame on.
        """
        out = []
        for node in self.nodes:
            history: list[list[Any]] = []
            for step, visits, value, sims, total, hidden in node.history:
                row = [frame_of(step), visits, value, sims, _number(total / sims if sims else None)]
                row.append(hidden)
                if history and history[-1][0] == row[0]:
                    history[-1] = row
                else:
                    history.append(row)
            key = "(no key: told apart by identity)" if _is_identity(node.key) else repr(node.key)
            out.append(
                {
                    "id": node.id,
                    "parent": node.parent,
                    "label": node.label,
                    "key": key if len(key) <= 80 else key[:79] + "…",
                    "depth": node.depth,
                    "first": node.first,
                    "children": node.children,
                    "n": node.n_children,
                    "mover": node.mover,
                    "h": history,
                }
            )
        return out


def _is_identity(key: Any) -> bool:
    return isinstance(key, tuple) and len(key) == 2 and key[0] == "id"


def _rank(node: _Node) -> tuple[float, float, float]:
    mean = node.total / node.sims if node.sims else -math.inf
    value = node.value if node.value is not None and math.isfinite(node.value) else -math.inf
    return (node.sims or node.visits, mean if node.sims else value, -node.first)
