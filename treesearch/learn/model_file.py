"""Model files: a learned value, its game and how it was trained, in one small ``.npz``.

The archive holds a JSON header (``header``: the format and its version, the game's name,
the kind and shape of the value, the training settings, the seed, the games played and the
learning curve) and the value's weights (``w_...``). Reading it needs numpy only and never
unpickles anything. A file that cannot be used raises one ``ModelFileError`` naming the
file and what is wrong: missing, truncated, not a model, a newer format, another game, or
weights of the wrong shape.
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from treesearch.errors import InvalidArgumentError, MissingCapabilityError, ModelFileError
from treesearch.learn.learned import KINDS, LearnedValue

__all__ = ["FORMAT", "VERSION", "Model", "load_model", "save_model"]

FORMAT = "treesearch.learn model"
"""The ``format`` of every model file's header."""

VERSION = 1
"""The version of the format written; a file of a later version is refused."""


@dataclass
class Model:
    """A learned value and what the file says about it."""

    value: LearnedValue
    game: str
    settings: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    games: int = 0
    curve: list[tuple[int, float]] = field(default_factory=list)
    version: int = VERSION


def save_model(path: str | os.PathLike[str], model: Model, *, compressed: bool = False) -> Path:
    """Write ``model`` to ``path`` (whole or not at all: a new file replaces the old).

    ``compressed`` deflates the weights (a smaller file to ship, slower to write).
    """
    path = Path(path)
    arrays = {f"w_{name}": a for name, a in model.value.arrays().items()}
    header = {
        "format": FORMAT,
        "version": VERSION,
        "game": model.game,
        "value": model.value.spec(),
        "shapes": {name: list(a.shape) for name, a in arrays.items()},
        "settings": model.settings,
        "seed": model.seed,
        "games": model.games,
        "curve": [[g, s] for g, s in model.curve],
    }
    buffer = io.BytesIO()
    encoded = np.frombuffer(json.dumps(header).encode(), dtype=np.uint8)
    write = np.savez_compressed if compressed else np.savez
    write(buffer, header=encoded, **arrays)  # type: ignore[arg-type]
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(buffer.getvalue())
    os.replace(partial, path)
    return path


def load_model(
    path: str | os.PathLike[str], *, game: str | None = None, state: Any = None
) -> Model:
    """Read the model at ``path``; check its game (``game``) and a state's shape (``state``).

    Raises:
        ModelFileError: naming the file and what is wrong with it.
    """
    path = Path(path)
    header, arrays = _read(path)
    try:
        spec = header["value"]
        kind = KINDS[spec["kind"]]
        shapes = {name: tuple(shape) for name, shape in header["shapes"].items()}
        games, seed = int(header["games"]), int(header["seed"])
        curve = [(int(g), float(s)) for g, s in header["curve"]]
        name = str(header["game"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ModelFileError(f"{path}: not a model: its header lacks or garbles {exc}") from None
    if game is not None and name != game:
        raise ModelFileError(f"{path}: a model of the game {name!r}, not of {game!r}")
    found = {n: a.shape for n, a in arrays.items()}
    if found != shapes:
        raise ModelFileError(f"{path}: wrong shape: weights {found}, the header says {shapes}")
    try:
        value = kind.from_parts(spec, {n.removeprefix("w_"): a for n, a in arrays.items()})
    except (KeyError, TypeError, ValueError, SyntaxError) as exc:
        raise ModelFileError(f"{path}: wrong shape: {spec['kind']} value: {exc}") from None
    if state is not None:
        try:
            value.check_state(state)
        except (InvalidArgumentError, MissingCapabilityError) as exc:
            raise ModelFileError(f"{path}: wrong shape for this game: {exc}") from None
    settings = header.get("settings", {})
    return Model(value, name, settings, seed, games, curve, int(header["version"]))


def _read(path: Path) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """The header and the weights of the archive at ``path``, or the ModelFileError."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ModelFileError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if not data.startswith(b"PK"):
        raise ModelFileError(f"{path}: not a model: not a numpy .npz archive")
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as archive:
            contents = {name: archive[name] for name in archive.files}
    except ValueError as exc:  # numpy refuses object arrays: they would unpickle
        raise ModelFileError(f"{path}: not a model: it holds Python objects ({exc})") from None
    except (zipfile.BadZipFile, EOFError, OSError) as exc:
        raise ModelFileError(f"{path}: truncated or damaged ({exc})") from None
    raw = contents.pop("header", None)
    try:
        header = json.loads(bytes(raw).decode()) if raw is not None else None
    except (UnicodeDecodeError, ValueError, TypeError):
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ModelFileError(f"{path}: not a model: no treesearch.learn header")
    version = header.get("version")
    if not isinstance(version, int) or not 1 <= version <= VERSION:
        raise ModelFileError(
            f"{path}: format version {version!r}, but this treesearch reads 1 to {VERSION}"
        )
    return header, contents
