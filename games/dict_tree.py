"""A tree written as nested dicts: the toy game of the seed article and of many tests."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from treesearch.core import TreeIterator

__all__ = ["DictTreeIterator"]


class DictTreeIterator(TreeIterator):
    """A node named ``name`` whose children are the items of ``children``, in sorted order.

    ``key()`` is the tuple of names from the root, so BFS/DFS can build routing tables even
    when two branches reuse a name.

    Examples:
        >>> root = DictTreeIterator("Root", {"b": {}, "a": {"x": {}}})
        >>> [c.name for c in root.get_children()]
        ['a', 'b']
        >>> root.is_terminal(), DictTreeIterator("leaf", {}).is_terminal()
        (False, True)
    """

    __slots__ = ("children", "name", "path")

    def __init__(
        self, name: str, children: Mapping[str, Any], path: tuple[str, ...] | None = None
    ) -> None:
        if not isinstance(children, Mapping):
            raise TypeError(
                f"children of {name!r} must be a mapping of name -> subtree, got {children!r}"
            )
        self.name = name
        self.children = children
        self.path = (name,) if path is None else path

    def get_children(self) -> Iterator[DictTreeIterator]:
        """Yield one child per key of the dict, sorted by name."""
        for name, subtree in sorted(self.children.items()):
            yield DictTreeIterator(name, subtree, (*self.path, name))

    def is_terminal(self) -> bool:
        """A node is terminal exactly when it has no children."""
        return len(self.children) == 0

    def key(self) -> tuple[str, ...]:
        """The names from the root to this node."""
        return self.path

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DictTreeIterator) and self.path == other.path

    def __hash__(self) -> int:
        return hash(self.path)

    def __repr__(self) -> str:
        return f"DictTreeIterator({self.name!r})"
