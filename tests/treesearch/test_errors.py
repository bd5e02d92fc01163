"""The hierarchy drawn in ``treesearch.errors``'s docstring matches the classes it defines."""

from __future__ import annotations

import inspect
import re

from treesearch import errors

# A row of the drawing: the tree's prefix, a class name, then its builtin base in brackets.
_ROW = re.compile(r"^ {4}((?:[│ ] {3})*)[├└]── (\w+)(?: \((\w+)\))?")


def _drawn() -> dict[str, tuple[str, str | None]]:
    """Each class in the drawing: ``name -> (parent, builtin base or None)``."""
    assert errors.__doc__ is not None
    drawn: dict[str, tuple[str, str | None]] = {}
    parents = ["TreeSearchError"]
    for line in errors.__doc__.splitlines():
        row = _ROW.match(line)
        if row is None:
            continue
        depth = len(row[1]) // 4
        del parents[depth + 1 :]
        drawn[row[2]] = (parents[depth], row[3])
        parents.append(row[2])
    return drawn


def test_the_drawing_shows_every_error_class_under_its_parent() -> None:
    defined = {
        name: cls
        for name, cls in inspect.getmembers(errors, inspect.isclass)
        if cls.__module__ == errors.__name__ and issubclass(cls, errors.TreeSearchError)
    }
    drawn = _drawn()
    assert set(drawn) == set(defined) - {"TreeSearchError"}
    for name, (parent, builtin) in drawn.items():
        bases = defined[name].__bases__
        assert bases[0].__name__ == parent, name
        others = [b.__name__ for b in bases[1:] if b.__module__ == "builtins"]
        assert others == ([builtin] if builtin else []), name


def test_every_exception_of_the_module_is_named_in_its_docstring() -> None:
    assert errors.__doc__ is not None
    for name, cls in inspect.getmembers(errors, inspect.isclass):
        if cls.__module__ == errors.__name__ and issubclass(cls, BaseException):
            assert name in errors.__doc__, name
