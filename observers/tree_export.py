"""``TreeExport``: the tree a search explored, as Graphviz DOT text.

Nodes carry their visit counts and latest values; ``max_depth`` and ``top_k`` (the most
visited children of each node) keep large trees readable, with a "+n more" node standing
for the children left out. Render with ``dot -Tsvg tree.dot -o tree.svg``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from observers.outputs import check_output
from treesearch.arguments import check_count
from treesearch.core import Observer, key_of
from treesearch.errors import InvalidArgumentError
from treesearch.events import (
    Evaluated,
    Event,
    SearchFinished,
    SolutionImproved,
    Visited,
    VisitKind,
)

__all__ = ["TreeExport"]

_LABEL_CHARS = 48


class _Node:
    __slots__ = ("children", "depth", "name", "on_path", "state", "value", "visits")

    def __init__(self, name: str, state: Any, depth: int) -> None:
        self.name = name
        self.state = state  # kept alive: identity-named nodes rely on id() staying unique
        self.depth = depth
        self.visits = 0
        self.value: float | None = None
        self.children: dict[str, _Node] = {}
        self.on_path = False


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _default_label(state: Any, key: Hashable | None) -> str:
    text = repr(state) if key is None else str(key)
    # Keys like paths differ at their end, so that is the part kept.
    return text if len(text) <= _LABEL_CHARS else "…" + text[1 - _LABEL_CHARS :]


class TreeExport(Observer):
    """Builds the explored tree from events and writes it as Graphviz DOT.

    A node is a state, identified by ``key()`` when it has one (so a graph search's
    duplicates merge, and the first parent to reach a key owns it) and by object identity
    otherwise. Visits count entries and restarts, not returns; the value shown is the
    latest one reported for the state (``Evaluated`` or ``SolutionImproved``). States on
    the final result's path are drawn bold.

    Args:
        path: where ``close()`` writes the DOT text; None to only use ``to_dot()``. It is
            checked at once (parent folders are created), so a path that cannot be written
            fails here, not after the search.
        max_depth: ignore states deeper than this (also bounds memory).
        top_k: draw only the ``top_k`` most visited children of each node (and the
            child on the final path, if another).
        label: ``state -> str`` for node labels; default the key, else ``repr``.

    Raises:
        InvalidArgumentError: a bad ``max_depth`` or ``top_k``, or a ``path`` that cannot
            be written (a folder, under a file, not writable).
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        max_depth: int | None = None,
        top_k: int | None = None,
        label: Callable[[Any], str] | None = None,
    ) -> None:
        max_depth = check_count("max_depth", max_depth, 0, optional=True)
        top_k = check_count("top_k", top_k, 1, optional=True)
        self.path = None if path is None else check_output(path, "the DOT tree")
        if label is not None and not callable(label):
            raise InvalidArgumentError(
                f"label must be a callable state -> str or None, got {label!r}"
            )
        self.max_depth, self.top_k, self.label = max_depth, top_k, label
        self._by_key: dict[Hashable, _Node] = {}
        self._by_id: dict[int, _Node] = {}
        self._roots: dict[str, _Node] = {}

    def _ident(self, state: Any) -> tuple[Hashable | None, _Node | None]:
        key = key_of(state)
        node = self._by_id.get(id(state)) if key is None else self._by_key.get(key)
        return key, node

    def _node(self, state: Any, depth: int) -> _Node:
        key, node = self._ident(state)
        if node is None:
            node = _Node(f"n{len(self._by_key) + len(self._by_id)}", state, depth)
            if key is None:
                self._by_id[id(state)] = node
            else:
                self._by_key[key] = node
            self._roots[node.name] = node
        return node

    def notify(self, event: Event) -> None:
        """Grow the tree with visits, values and the final path."""
        if isinstance(event, Visited):
            if self.max_depth is not None and event.depth > self.max_depth:
                return
            node = self._node(event.state, event.depth)
            if event.kind is not VisitKind.RETURN:
                node.visits += 1
            if event.parent is not None and node.name in self._roots and node.depth > 0:
                parent = self._node(event.parent, event.depth - 1)
                if parent is not node:
                    parent.children[node.name] = node
                    del self._roots[node.name]
        elif isinstance(event, (Evaluated, SolutionImproved)):
            _, scored = self._ident(event.state)
            if scored is not None and event.value is not None:
                scored.value = event.value
        elif isinstance(event, SearchFinished):
            for state in event.result.path:
                _, on_path = self._ident(state)
                if on_path is not None:
                    on_path.on_path = True

    def to_dot(self) -> str:
        """The tree as a DOT ``digraph``: one statement per line."""
        lines = ["digraph search {", "  node [shape=box, fontsize=10];"]
        stack = list(reversed(self._roots.values()))
        while stack:
            node = stack.pop()
            lines.append(f"  {node.name} [label={_quote(self._label(node))}{_style(node)}];")
            # Most visited first; sorting is stable, so ties keep the order of discovery.
            kids = sorted(node.children.values(), key=lambda n: -n.visits)
            shown = kids
            if self.top_k is not None and len(kids) > self.top_k:
                shown = kids[: self.top_k] + [k for k in kids[self.top_k :] if k.on_path]
            for kid in shown:
                lines.append(f"  {node.name} -> {kid.name};")
            if len(kids) > len(shown):
                more = f"{node.name}_more"
                lines.append(f'  {more} [label="+{len(kids) - len(shown)} more", shape=plaintext];')
                lines.append(f"  {node.name} -> {more} [style=dashed];")
            stack.extend(reversed(shown))
        lines.append("}")
        return "\n".join(lines) + "\n"

    def _label(self, node: _Node) -> str:
        if self.label is not None:
            text = self.label(node.state)
        else:
            text = _default_label(node.state, key_of(node.state))
        text += f"\nvisits={node.visits}"
        if node.value is not None:
            text += f"\nvalue={node.value:.4g}"
        return text

    def write(self, path: str | os.PathLike[str]) -> Path:
        """Write ``to_dot()`` to ``path`` and return it."""
        out = Path(path)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(self.to_dot(), encoding="utf-8")
        return out

    def close(self) -> None:
        """Write the DOT file when a path was given."""
        if self.path is not None:
            self.write(self.path)


def _style(node: _Node) -> str:
    return ", style=bold, color=red" if node.on_path else ""
