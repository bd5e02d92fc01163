"""Record once, render later: search events as JSON lines, read back and replayed.

``TraceWriter`` writes one JSON object per event, naming states by their key (tuples and
lists become JSON lists, sets and frozensets sorted lists). ``read_trace`` yields light
``TraceRecord``s (JSON lists back as tuples), and ``replay`` turns a trace into events with
real states again, via a user function ``key -> state``, for any observers (a video, a
tree export...), exactly as if they had watched the run.

Lines are standard JSON (RFC 8259), which has no NaN or infinity: a non-finite float, in a
value or a key, is written as ``{"float": "nan"}``, ``{"float": "inf"}`` or
``{"float": "-inf"}`` (keys never hold JSON objects otherwise) and read back as the float.
Blank lines are skipped, so a trace that a shell appended a newline to still reads.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import os
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from observers.outputs import check_output, check_path
from treesearch import close_observers, normalise_observers
from treesearch.arguments import check_count
from treesearch.core import Observer, key_of
from treesearch.errors import InvalidArgumentError, MissingCapabilityError, StopSearch
from treesearch.events import (
    Evaluated,
    Event,
    Expanded,
    Pruned,
    SearchFinished,
    SearchStarted,
    SolutionImproved,
    Visited,
    VisitKind,
)
from treesearch.result import SearchResult, Stats, Status

__all__ = ["TraceRecord", "TraceWriter", "read_trace", "replay"]

_FORMAT = "treesearch-trace"
_VERSION = 1
_STATS = frozenset(f.name for f in dataclasses.fields(Stats))


def _number(value: Any) -> Any:
    """A standard JSON value for a number: non-finite floats become ``{"float": ...}``."""
    if isinstance(value, float) and not math.isfinite(value):
        return {"float": repr(value)}
    return value


def _jsonable(key: Any) -> Any:
    """A JSON value for a state key: tuples become lists, sets sorted lists."""
    if key is None or isinstance(key, (bool, int, str)):
        return key
    if isinstance(key, float):
        return _number(key)
    if isinstance(key, (tuple, list)):
        return [_jsonable(k) for k in key]
    if isinstance(key, (frozenset, set)):
        items = [_jsonable(k) for k in key]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(key, enum.Enum):
        return _jsonable(key.value)
    item = getattr(key, "item", None)  # numpy scalars
    if callable(item):
        return _jsonable(item())
    raise MissingCapabilityError(
        f"cannot write the key {key!r} (a {type(key).__name__}) as JSON: keys must be made of "
        "None, bools, numbers, strings, tuples and frozensets; give TraceWriter(key=...)"
    )


def _hashable(value: Any) -> Any:
    """Turn JSON lists back into tuples and ``{"float": ...}`` into floats, recursively."""
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):
        if len(value) == 1 and isinstance(value.get("float"), str):
            return float(value["float"])
        return {k: _hashable(v) for k, v in value.items()}
    return value


class TraceWriter(Observer):
    """Writes every event of a run as one JSON line, states named by their key.

    Args:
        path: the ``.jsonl`` file to write (overwritten).
        key: ``state -> key`` for states whose ``key()`` is missing or None.

    The file starts with a header line and is flushed on ``close()`` (the search calls it
    however the run ends; the observer is also a context manager). ``distances`` and
    ``routing_table`` of the result are not recorded.

    Raises:
        MissingCapabilityError: (while observing) a state has no usable key.
    """

    def __init__(
        self, path: str | os.PathLike[str], *, key: Callable[[Any], Hashable] | None = None
    ) -> None:
        self.path = check_output(path, "the trace")
        if key is not None and not callable(key):
            raise InvalidArgumentError(f"key must be a callable state -> hashable, got {key!r}")
        self._key = key or key_of
        try:
            self._file = self.path.open("w", encoding="utf-8")
        except OSError as exc:
            raise InvalidArgumentError(
                f"cannot write the trace to {str(self.path)!r}: {exc.strerror or exc}"
            ) from None
        self._finalizer = weakref.finalize(self, self._file.close)
        self._closed = False
        self._write({"type": "header", "format": _FORMAT, "version": _VERSION})

    def _write(self, record: Mapping[str, Any]) -> None:
        self._file.write(json.dumps(record, separators=(",", ":"), allow_nan=False) + "\n")

    def key(self, state: Any) -> Any:
        """The JSON form of ``state``'s key."""
        k = self._key(state)
        if k is None:
            raise MissingCapabilityError(
                f"TraceWriter needs a key for {state!r}, but its key() is missing or None; "
                "give TraceWriter(key=lambda state: ...)"
            )
        return _jsonable(k)

    def notify(self, event: Event) -> None:
        """Append one line for ``event``."""
        if self._closed:
            raise RuntimeError(f"TraceWriter for {str(self.path)!r} is closed; use one per run")
        key = self.key
        if isinstance(event, Visited):
            parent = None if event.parent is None else key(event.parent)
            rec: dict[str, Any] = {
                "key": key(event.state),
                "depth": event.depth,
                "kind": event.kind.value,
                "parent": parent,
            }
        elif isinstance(event, Expanded):
            rec = {"key": key(event.state), "depth": event.depth, "n_children": event.n_children}
        elif isinstance(event, Evaluated):
            rec = {"key": key(event.state), "value": _number(event.value)}
        elif isinstance(event, Pruned):
            rec = {"key": key(event.state), "depth": event.depth, "reason": event.reason}
        elif isinstance(event, SolutionImproved):
            rec = {"key": key(event.state), "depth": event.depth, "value": _number(event.value)}
        elif isinstance(event, SearchStarted):
            rec = {"key": key(event.start), "search": repr(event.search)}
        elif isinstance(event, SearchFinished):
            r = event.result
            rec = {
                "status": r.status.value,
                "best": None if r.best is None else key(r.best),
                "path": [key(s) for s in r.path],
                "value": _number(r.value),
                "stop_reason": r.stop_reason,
                "stats": {k: _number(v) for k, v in dataclasses.asdict(r.stats).items()},
            }
        else:
            return
        self._write({"type": type(event).__name__, **rec})

    def close(self) -> None:
        """Flush and close the file (idempotent)."""
        self._closed = True
        self._finalizer()


@dataclasses.dataclass(frozen=True, slots=True)
class TraceRecord:
    """One event as read from a trace; keys are JSON values with lists turned into tuples.

    Attributes:
        type: the event class name (``"Visited"``, ``"Expanded"``...).
        key: key of the event's state (the start state for ``SearchStarted``).
        depth: depth, for events that have one.
        kind: visit kind, for ``Visited``.
        parent: key of the parent, for ``Visited``.
        value: value, for ``Evaluated``, ``SolutionImproved`` and ``SearchFinished``.
        n_children: for ``Expanded``.
        reason: for ``Pruned``.
        info: the other fields (``search``; ``status``, ``best``, ``path``,
            ``stop_reason``, ``stats`` for ``SearchFinished``).
    """

    type: str
    key: Any = None
    depth: int | None = None
    kind: VisitKind | None = None
    parent: Any = None
    value: float | None = None
    n_children: int | None = None
    reason: str | None = None
    info: Mapping[str, Any] = dataclasses.field(default_factory=dict)


def _record(data: dict[str, Any]) -> TraceRecord:
    t = data.pop("type")
    kind = data.pop("kind", None)
    fields = {
        f: _hashable(data.pop(f)) for f in ("depth", "value", "n_children", "reason") if f in data
    }
    info = {k: [_hashable(p) for p in v] if k == "path" else _hashable(v) for k, v in data.items()}
    return TraceRecord(
        type=t,
        key=_hashable(info.pop("key", None)),
        kind=None if kind is None else VisitKind(kind),
        parent=info.pop("parent", None),
        info=info,
        **fields,
    )


def read_trace(path: str | os.PathLike[str]) -> Iterator[TraceRecord]:
    """Yield the records of a trace file in order.

    Blank lines are skipped, and so is a truncated last line (the writer was killed).

    Raises:
        InvalidArgumentError: the file is not a treesearch trace, or a line is not JSON or
            not a trace record; the message gives the file and the line number.
    """
    with Path(check_path(path, "a trace")).open(encoding="utf-8") as f:
        header = f.readline()
        try:
            ok = json.loads(header).get("format") == _FORMAT
        except (ValueError, AttributeError):
            ok = False
        if not ok:
            raise InvalidArgumentError(
                f"{str(path)!r} is not a treesearch trace (first line {header[:80]!r})"
            )
        for number, line in enumerate(f, 2):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except ValueError:
                if not line.endswith("\n"):
                    return  # the writer was killed mid-line
                raise InvalidArgumentError(
                    f"{str(path)!r} line {number} is not JSON: {line[:80]!r}"
                ) from None
            try:
                record = _record(data)
            except (AttributeError, KeyError, TypeError, ValueError):
                raise InvalidArgumentError(
                    f"{str(path)!r} line {number} is not a trace record: {line[:80]!r}"
                ) from None
            yield record


def replay(
    path: str | os.PathLike[str],
    state_from_key: Callable[[Any], Any],
    observers: Observer | Callable[[Event], Any] | Iterable[Observer | Callable[[Event], Any]],
    *,
    cache: int = 65536,
) -> SearchResult | None:
    """Feed a recorded run to observers as events with real states, then close them.

    Args:
        path: a trace written by ``TraceWriter``.
        state_from_key: rebuilds a state from its key (as found in the trace: tuples
            for lists). The same key yields the same state object while it is cached.
        observers: observers (or callables) to notify; each is closed once at the end,
            even if replaying fails. One raising ``StopSearch`` ends the replay early.
        cache: how many states to keep for reuse by key.

    Returns:
        The recorded ``SearchResult`` (without distances/routing table), or None when the
        trace has no ``SearchFinished`` line (the recording was cut short) or the replay
        was stopped before it.

    Raises:
        ObserverError: an observer failed to close after a whole replay; the recorded
            result is on its ``.result``.
    """
    cache = check_count("cache", cache, 1)
    targets = list(normalise_observers(observers))
    states: OrderedDict[Any, Any] = OrderedDict()

    def state(key: Any) -> Any:
        if key is None:
            return None
        s = states.get(key)
        if s is None:
            s = states[key] = state_from_key(key)
            if len(states) > cache:
                states.popitem(last=False)
        else:
            states.move_to_end(key)
        return s

    result = None
    try:
        for rec in read_trace(path):
            event = _event(rec, state)
            if event is None:
                continue
            stop = False
            for o in targets:
                try:
                    o.notify(event)
                except StopSearch:
                    stop = True
            if stop:
                result = None
                break
            if isinstance(event, SearchFinished):
                result = event.result
    except BaseException as exc:
        close_observers(targets, exc)
        raise
    close_observers(targets, None, result)  # a failing close keeps the result on its error
    return result


def _need(rec: TraceRecord, *fields: str) -> None:
    """A malformed trace line gets a clear error, not an AttributeError deep in a renderer."""
    missing = [f for f in fields if getattr(rec, f) is None]
    if missing:
        raise InvalidArgumentError(
            f"malformed trace record {rec!r}: a {rec.type} line needs {', '.join(missing)}"
        )


def _event(rec: TraceRecord, state: Callable[[Any], Any]) -> Event | None:
    t, info = rec.type, rec.info
    if t == "Visited":
        _need(rec, "depth", "kind")
        return Visited(state(rec.key), rec.depth, rec.kind, state(rec.parent))  # type: ignore[arg-type]
    if t == "Expanded":
        _need(rec, "depth", "n_children")
        return Expanded(state(rec.key), rec.depth, rec.n_children)  # type: ignore[arg-type]
    if t == "Evaluated":
        _need(rec, "value")
        return Evaluated(state(rec.key), rec.value)  # type: ignore[arg-type]
    if t == "Pruned":
        _need(rec, "depth", "reason")
        return Pruned(state(rec.key), rec.depth, rec.reason)  # type: ignore[arg-type]
    if t == "SolutionImproved":
        _need(rec, "depth")
        return SolutionImproved(state(rec.key), rec.depth, rec.value)  # type: ignore[arg-type]
    if t == "SearchStarted":
        return SearchStarted(info.get("search"), state(rec.key))
    if t == "SearchFinished":
        result = SearchResult(
            status=Status(info["status"]),
            best=state(info.get("best")),
            path=tuple(state(k) for k in info.get("path", ())),
            stats=Stats(**{k: v for k, v in info.get("stats", {}).items() if k in _STATS}),
            value=rec.value,
            stop_reason=info.get("stop_reason"),
        )
        return SearchFinished(result)
    return None
