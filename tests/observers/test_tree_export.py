from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from games.dict_tree import DictTreeIterator
from observers.tree_export import TreeExport
from tests.conftest import SEED_TREE
from treesearch import (
    BFS,
    Backtracking,
    InvalidArgumentError,
    SearchResult,
    Status,
    Visited,
    VisitKind,
)
from treesearch.events import Evaluated, SearchFinished

_STRING = r'"(?:[^"\\]|\\.)*"'
_ATTRS = rf"\[((?:[^\]\"]|{_STRING})*)\]"
_NODE = re.compile(rf"^\s*(\w+)\s*{_ATTRS};$")
_EDGE = re.compile(rf"^\s*(\w+)\s*->\s*(\w+)(?:\s*{_ATTRS})?;$")
_ATTR = re.compile(rf"(\w+)=({_STRING}|[\w.]+)")


@dataclass
class Dot:
    """The parts of a DOT digraph that TreeExport writes."""

    nodes: dict[str, dict[str, str]] = field(default_factory=dict)
    edges: list[tuple[str, str]] = field(default_factory=list)

    def label(self, node: str) -> str:
        text = self.nodes[node]["label"]
        return text[1:-1].replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")

    def children(self, node: str) -> list[str]:
        return [b for a, b in self.edges if a == node]


def parse_dot(text: str) -> Dot:
    """Parse TreeExport's output strictly: every line must be a known statement."""
    lines = text.strip().splitlines()
    assert lines[0] == "digraph search {" and lines[-1] == "}"
    dot = Dot()
    for line in lines[1:-1]:
        if line.strip().startswith("node ["):
            continue
        if m := _EDGE.match(line):
            dot.edges.append((m[1], m[2]))
        elif m := _NODE.match(line):
            assert m[1] not in dot.nodes, f"node {m[1]} declared twice"
            dot.nodes[m[1]] = dict(_ATTR.findall(m[2]))
        else:
            raise AssertionError(f"not a DOT statement: {line!r}")
    for a, b in dot.edges:
        assert a in dot.nodes and b in dot.nodes, f"edge {a} -> {b} to an undeclared node"
    targets = [b for _, b in dot.edges]
    assert len(targets) == len(set(targets)), "a node has two parents"
    return dot


def by_label(dot: Dot) -> dict[str, str]:
    """First label line -> node name."""
    return {dot.label(n).split("\n")[0]: n for n in dot.nodes}


@pytest.mark.parametrize("search", [BFS, Backtracking])
def test_seed_tree_exports_as_a_tree(search: type) -> None:
    export = TreeExport()
    search(export).run(DictTreeIterator("Root", SEED_TREE))
    dot = parse_dot(export.to_dot())
    assert len(dot.nodes) == 8 and len(dot.edges) == 7
    names = by_label(dot)
    root = names["('Root',)"]
    assert [dot.label(c).split("\n")[0] for c in dot.children(root)] == ["('Root', 'Algorithms')"]
    algorithms = names["('Root', 'Algorithms')"]
    assert len(dot.children(algorithms)) == 3
    # Returns to a parent are not visits.
    assert all(dot.label(n).split("\n")[1] == "visits=1" for n in dot.nodes)


def test_values_and_the_final_path_are_shown(tmp_path: Path) -> None:
    out = tmp_path / "sub" / "tree.dot"
    Backtracking(TreeExport(out, label=lambda s: s.name), value=lambda s: len(s.name)).run(
        DictTreeIterator("Root", SEED_TREE)
    )
    dot = parse_dot(out.read_text())
    names = by_label(dot)
    assert dot.label(names["Monte Carlo Tree Search"]).split("\n")[2] == "value=23"
    assert "value" not in dot.label(names["Other"])
    bold = {dot.label(n).split("\n")[0] for n, attrs in dot.nodes.items() if attrs.get("style")}
    assert bold == {"Root", "Algorithms", "Other", "Monte Carlo Tree Search"}


class Node:
    """A state without a key: identified by object identity."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return 'Node("x")'  # every node looks the same, and has a quote to escape


def feed(export: TreeExport, visits: list[tuple[Node, int, Node | None]]) -> None:
    for state, depth, parent in visits:
        export.notify(Visited(state, depth, VisitKind.ENTER, parent))


def test_top_k_keeps_the_most_visited_children() -> None:
    root, a, b, c, d = (Node(n) for n in "rabcd")
    export = TreeExport(top_k=2)
    # MCTS-like: every simulation restarts at the root and descends.
    sims = [a, b, b, c, c, c, d]
    for child in sims:
        export.notify(Visited(root, 0, VisitKind.RESTART))
        feed(export, [(child, 1, root)])
    dot = parse_dot(export.to_dot())
    assert len(dot.nodes) == 4 and len(dot.edges) == 3  # root, c, b, "+2 more"
    (r,) = [n for n in dot.nodes if dot.label(n).endswith("visits=7")]
    kids = dot.children(r)
    assert [dot.label(k).split("\n")[-1] for k in kids[:2]] == ["visits=3", "visits=2"]
    assert dot.label(kids[2]) == "+2 more" and dot.nodes[kids[2]]["shape"] == "plaintext"
    assert all(dot.label(n).startswith('Node("x")') for n in kids[:2])


def test_top_k_still_shows_the_final_path() -> None:
    export = TreeExport(top_k=1, label=lambda s: s.name)
    Backtracking(export, value=lambda s: len(s.name)).run(DictTreeIterator("Root", SEED_TREE))
    dot = parse_dot(export.to_dot())
    names = by_label(dot)
    kids = [dot.label(k).split("\n")[0] for k in dot.children(names["Algorithms"])]
    assert kids == ["Breadth-First", "Other", "+1 more"]
    assert "Monte Carlo Tree Search" in names


def test_max_depth_limits_the_tree() -> None:
    export = TreeExport(max_depth=1)
    BFS(export).run(DictTreeIterator("Root", SEED_TREE))
    dot = parse_dot(export.to_dot())
    assert len(dot.nodes) == 2 and len(dot.edges) == 1


def test_identity_nodes_stay_distinct_and_values_attach() -> None:
    root, kid = Node("r"), Node("k")
    export = TreeExport()
    feed(export, [(root, 0, None), (kid, 1, root), (Node("k2"), 1, root)])
    export.notify(Evaluated(kid, 0.25))
    export.notify(SearchFinished(SearchResult(Status.SOLVED, kid, (root, kid))))
    dot = parse_dot(export.to_dot())
    assert len(dot.nodes) == 3 and len(dot.edges) == 2
    assert sum("value=0.25" in dot.label(n) for n in dot.nodes) == 1
    assert sum("style" in attrs for attrs in dot.nodes.values()) == 2


def test_close_without_path_writes_nothing_and_bad_limits_are_named(tmp_path: Path) -> None:
    export = TreeExport()
    export.close()
    assert list(tmp_path.iterdir()) == []
    cases: list[tuple[dict[str, Any], str]] = [({"max_depth": -1}, "-1"), ({"top_k": 0}, "top_k")]
    for kwargs, message in cases:
        with pytest.raises(InvalidArgumentError, match=message):
            TreeExport(**kwargs)


def test_write_returns_the_path(tmp_path: Path) -> None:
    export = TreeExport()
    BFS(export).run(DictTreeIterator("Root", {"a": {}}))
    out = export.write(tmp_path / "t.dot")
    assert parse_dot(out.read_text()).edges == [("n0", "n1")]
