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

The header may carry ``meta``, a JSON object saying where the run came from (the command
line writes the game's name and options there, so ``treesearch view`` can rebuild the
problem); ``read_header`` reads it. The header line holds at most ``MAX_HEADER`` characters:
a longer ``meta`` is refused by the writer and a longer first line by the readers (a trace
comes from anyone; a header is a few hundred characters). States come back from keys
through a function ``key -> state``; ``states_by_walk(start)`` is one for any game: it finds
each new key among the children of the event's parent and of the states met last, starting
from the start.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import os
import weakref
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from observers.outputs import check_output, check_path
from treesearch import events as ev
from treesearch.arguments import check_count
from treesearch.core import Observer, key_of
from treesearch.errors import InvalidArgumentError, MissingCapabilityError, StopSearch
from treesearch.playthrough import close_observers, normalise_observers
from treesearch.result import SearchResult, Stats, Status

__all__ = [
    "MAX_HEADER",
    "StateWalk",
    "TraceRecord",
    "TraceWriter",
    "read_header",
    "read_trace",
    "replay",
    "states_by_walk",
]

MAX_HEADER = 65536
"""Characters of a trace's header line at most (``meta`` included)."""

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
        meta: a JSON object for the header: where the run came from (``read_header``).

    The file starts with a header line and is flushed on ``close()`` (the search calls it
    however the run ends; the observer is also a context manager). ``distances`` and
    ``routing_table`` of the result are not recorded.

    Raises:
        InvalidArgumentError: ``meta`` is not a dict that JSON can write.
        MissingCapabilityError: (while observing) a state has no usable key.
    """

    timed = True  # its work is timed apart from the search's (stats.observer_seconds)

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        key: Callable[[Any], Hashable] | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> None:
        header: dict[str, Any] = {"type": "header", "format": _FORMAT, "version": _VERSION}
        if meta is not None:
            try:
                if not isinstance(meta, Mapping):
                    raise TypeError
                json.dumps(dict(meta), allow_nan=False)
            except (TypeError, ValueError):
                raise InvalidArgumentError(
                    f"meta must be a dict of JSON values (str keys; no NaN), got {meta!r}"
                ) from None
            header["meta"] = dict(meta)
            size = len(json.dumps(header, separators=(",", ":")))
            if size >= MAX_HEADER:
                raise InvalidArgumentError(
                    f"meta must be shorter: the header would be {size:,} characters long, "
                    f"readers take at most {MAX_HEADER:,}"
                )
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
        self._write(header)

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

    def notify(self, event: ev.Event) -> None:
        """Append one line for ``event``."""
        if self._closed:
            raise RuntimeError(f"TraceWriter for {str(self.path)!r} is closed; use one per run")
        key = self.key
        if isinstance(event, ev.Visited):
            parent = None if event.parent is None else key(event.parent)
            rec: dict[str, Any] = {
                "key": key(event.state),
                "depth": event.depth,
                "kind": event.kind.value,
                "parent": parent,
            }
        elif isinstance(event, ev.Expanded):
            rec = {"key": key(event.state), "depth": event.depth, "n_children": event.n_children}
        elif isinstance(event, ev.Evaluated):
            rec = {"key": key(event.state), "value": _number(event.value)}
        elif isinstance(event, ev.Pruned):
            rec = {"key": key(event.state), "depth": event.depth, "reason": event.reason}
        elif isinstance(event, ev.SolutionImproved):
            rec = {"key": key(event.state), "depth": event.depth, "value": _number(event.value)}
        elif isinstance(event, ev.SimulationPhase):
            reward = None if event.reward is None else [_number(r) for r in event.reward]
            rec = {
                "key": key(event.state),
                "depth": event.depth,
                "phase": event.phase,
                "iteration": event.iteration,
                "reward": reward,
            }
        elif isinstance(event, ev.SearchStarted):
            rec = {"key": key(event.start), "search": repr(event.search)}
        elif isinstance(event, ev.SearchFinished):
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
    kind: ev.VisitKind | None = None
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
        kind=None if kind is None else ev.VisitKind(kind),
        parent=info.pop("parent", None),
        info=info,
        **fields,
    )


def _first_line(path: str | os.PathLike[str], f: Any) -> str:
    """The header line of the open trace ``f``, refused past ``MAX_HEADER`` or not UTF-8."""
    try:
        line: str = f.readline(MAX_HEADER + 1)
    except UnicodeDecodeError:
        raise InvalidArgumentError(
            f"{str(path)!r} is not a treesearch trace: it is not UTF-8 text (a binary file?)"
        ) from None
    if len(line) > MAX_HEADER:
        raise InvalidArgumentError(
            f"{str(path)!r} is not a treesearch trace: its first line is longer than the "
            f"{MAX_HEADER:,} characters a trace's header may hold"
        )
    return line


def _header(path: str | os.PathLike[str], line: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
        ok = isinstance(data, dict) and data.get("format") == _FORMAT
    except ValueError:
        ok = False
    if not ok:
        raise InvalidArgumentError(
            f"{str(path)!r} is not a treesearch trace (first line {line[:80]!r})"
        )
    return data  # type: ignore[no-any-return]


def read_header(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The ``meta`` of a trace's header (``TraceWriter(meta=...)``); empty when it has none.

    Raises:
        InvalidArgumentError: the file is not a treesearch trace, or cannot be read.
    """
    try:
        with Path(path).open(encoding="utf-8") as f:
            line = _first_line(path, f)
    except OSError as exc:
        raise InvalidArgumentError(
            f"cannot read the trace {str(path)!r}: {exc.strerror or exc}"
        ) from None
    meta = _header(path, line).get("meta")
    return dict(meta) if isinstance(meta, dict) else {}


def read_trace(path: str | os.PathLike[str]) -> Iterator[TraceRecord]:
    """Yield the records of a trace file in order.

    Blank lines are skipped, and so is a truncated last line (the writer was killed).

    Raises:
        InvalidArgumentError: the file is not a treesearch trace, or a line is not JSON or
            not a trace record; the message gives the file and the line number.
    """
    with Path(check_path(path, "a trace")).open(encoding="utf-8") as f:
        _header(path, _first_line(path, f))
        number = 1
        lines = enumerate(f, 2)
        while True:
            try:
                number, line = next(lines)
            except StopIteration:
                return
            except UnicodeDecodeError:
                raise InvalidArgumentError(
                    f"{str(path)!r} after line {number} is not UTF-8 text: not a treesearch trace"
                ) from None
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


class StateWalk:
    """``key -> state`` for ``replay``, for any game: states found by walking from the start.

    A trace names states by their keys; most games cannot build a state from its key
    alone, but every state a search meets is the start or a child of a state it met
    before. So the walk knows the start; it looks for a key among the children of the
    event's parent (``find(key, near)``; ``replay`` passes the parent of a ``Visited``),
    then among the states it has seen, then among the children of the states visited,
    expanded or named as a parent last (``recent`` of them, newest first; ``replay`` says
    which), and remembers every child it saw by key.
    Keys are compared in their JSON form, as the trace holds them. The states met stay in
    memory (with their children) for the whole replay.

    Args:
        start: the run's start state.
        key: ``state -> key`` when the trace was written with ``TraceWriter(key=...)``.
        recent: how many of the states returned last are searched.

    Raises:
        InvalidArgumentError: (``find``) a key that is neither known nor a child of those
            states; the message names it and says to pass ``state_from_key``.
    """

    def __init__(
        self, start: Any, *, key: Callable[[Any], Hashable] | None = None, recent: int = 64
    ) -> None:
        if isinstance(recent, bool) or not isinstance(recent, int) or recent < 1:
            raise InvalidArgumentError(f"recent must be an int >= 1, got {recent!r}")
        self._key = key or key_of
        first = self._norm(start)
        if first is None:
            raise InvalidArgumentError(
                f"states_by_walk needs a start state with a key, got {start!r} whose key() is "
                "missing or None; give key=..."
            )
        self.start_key = first
        self.known: dict[Any, Any] = {first: start}
        self._children: dict[int, dict[Any, Any]] = {}  # id(state) -> its children by key
        self._recent: deque[Any] = deque([start], maxlen=recent)

    def _norm(self, state: Any) -> Any:
        k = self._key(state)
        return None if k is None else _hashable(_jsonable(k))

    def _children_of(self, state: Any) -> dict[Any, Any]:
        """``state``'s children by key (asked once), each also remembered in ``known``."""
        children = self._children.get(id(state))
        if children is None:
            children = self._children[id(state)] = {}
            known = self.known
            for child in state.get_children():
                k = self._norm(child)
                if k is not None:
                    children.setdefault(k, child)
                    known.setdefault(k, child)
        return children

    def __call__(self, key: Any) -> Any:
        """The state with ``key`` (see ``find``)."""
        return self.find(key)

    def find(self, key: Any, near: Any = None, visited: bool = False) -> Any:
        """The state with ``key``: a child of ``near``, known, or a child of a recent state.

        ``near`` is the event's parent; ``visited`` says the state is visited or expanded
        (``Visited``, ``Expanded``): both join the recent states whose children are
        searched (not the states only evaluated or pruned: a beam scores hundreds). A child
        of ``near`` comes first, even when the key is known: in games with transpositions
        the same position reached by another move is another state (its ``move``
        differs), and the search met the one below ``near``.
        """
        state = None
        if near is not None:
            state = self._children_of(near).get(key)
            self._note(near)
        if state is None:
            state = self.known.get(key)
            if state is None:
                state = self._search(key)
        if visited:
            self._note(state)
        return state

    def _note(self, state: Any) -> None:
        recent = self._recent
        if not recent or recent[-1] is not state:
            recent.append(state)

    def _search(self, key: Any) -> Any:
        for state in reversed(self._recent):
            found = self._children_of(state).get(key)
            if found is not None:
                return found
        raise InvalidArgumentError(
            f"cannot find the state with key {key!r}: walking from the start (key "
            f"{self.start_key!r}) it is not a child of the event's parent nor of the last "
            f"{len(self._recent)} states visited or expanded; if the trace comes from another "
            "start, rebuild that start, or pass state_from_key=... (a function key -> state) "
            "instead"
        )


def states_by_walk(
    start: Any, *, key: Callable[[Any], Hashable] | None = None, recent: int = 64
) -> StateWalk:
    """A ``key -> state`` function for ``replay`` that finds states by walking from ``start``.

    See ``StateWalk``: it works for any game whose states have keys (or with ``key``),
    as long as the trace's run started at ``start``: ``replay(path, states_by_walk(start),
    observers)``.
    """
    return StateWalk(start, key=key, recent=recent)


def replay(
    path: str | os.PathLike[str],
    state_from_key: Callable[[Any], Any],
    observers: Observer
    | Callable[[ev.Event], Any]
    | Iterable[Observer | Callable[[ev.Event], Any]],
    *,
    cache: int = 65536,
) -> SearchResult | None:
    """Feed a recorded run to observers as events with real states, then close them.

    Args:
        path: a trace written by ``TraceWriter``.
        state_from_key: rebuilds a state from its key (as found in the trace: tuples
            for lists). The same key yields the same state object while it is cached.
            A ``StateWalk`` (``states_by_walk(start)``) is asked every time, with the
            parent of each ``Visited`` as a hint, and keeps every state itself.
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
    walk = state_from_key if isinstance(state_from_key, StateWalk) else None

    def state(key: Any, near: Any = None, visited: bool = False) -> Any:
        if key is None:
            return None
        if walk is not None:
            return walk.find(key, near, visited)
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
            if isinstance(event, ev.SearchFinished):
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


def _event(rec: TraceRecord, state: Callable[..., Any]) -> ev.Event | None:
    t, info = rec.type, rec.info
    if t == "Visited":
        _need(rec, "depth", "kind")
        parent = state(rec.parent)  # first: a walk looks for the state among its children
        return ev.Visited(state(rec.key, parent, True), rec.depth, rec.kind, parent)  # type: ignore[arg-type]
    if t == "SimulationPhase":
        _need(rec, "depth")
        reward = info.get("reward")
        return ev.SimulationPhase(
            str(info.get("phase")),
            state(rec.key),
            rec.depth,  # type: ignore[arg-type]
            int(info.get("iteration", 0)),
            None if reward is None else tuple(float(r) for r in reward),
        )
    if t == "Expanded":
        _need(rec, "depth", "n_children")
        return ev.Expanded(state(rec.key, None, True), rec.depth, rec.n_children)  # type: ignore[arg-type]
    if t == "Evaluated":
        _need(rec, "value")
        return ev.Evaluated(state(rec.key), rec.value)  # type: ignore[arg-type]
    if t == "Pruned":
        _need(rec, "depth", "reason")
        return ev.Pruned(state(rec.key), rec.depth, rec.reason)  # type: ignore[arg-type]
    if t == "SolutionImproved":
        _need(rec, "depth")
        return ev.SolutionImproved(state(rec.key), rec.depth, rec.value)  # type: ignore[arg-type]
    if t == "SearchStarted":
        return ev.SearchStarted(info.get("search"), state(rec.key))
    if t == "SearchFinished":
        result = SearchResult(
            status=Status(info["status"]),
            best=state(info.get("best")),
            path=tuple(state(k) for k in info.get("path", ())),
            stats=Stats(**{k: v for k, v in info.get("stats", {}).items() if k in _STATS}),
            value=rec.value,
            stop_reason=info.get("stop_reason"),
        )
        return ev.SearchFinished(result)
    return None
