"""Model files: what they hold, read back exactly; every bad file gets one clear error."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

from tests.treesearch.learn.toys import Nim, Walk
from treesearch.errors import ModelFileError
from treesearch.learn import (
    LearnedValue,
    LinearValue,
    Model,
    NTupleValue,
    TableValue,
    load_model,
    save_model,
    train,
)
from treesearch.learn.model_file import FORMAT


def _trained(kind: str) -> tuple[LearnedValue, object]:
    if kind == "table":
        return TableValue(initial=0.5), Nim()
    if kind == "linear":
        return LinearValue(7), Walk()
    return NTupleValue([(0, 1), (2, 3), (0, 3, 1)], cells=4, cell_values=4), Nim()


@pytest.mark.parametrize("kind", ["table", "linear", "ntuple"])
def test_a_model_reads_back_as_it_was_written(tmp_path: Path, kind: str) -> None:
    value, start = _trained(kind)
    out = tmp_path / "model.npz"
    train(value, start, games=40, seed=5, out=out, eval_every=20, eval_games=4, game="toy")
    model = load_model(out, game="toy", state=start)
    assert type(model.value) is type(value)
    assert model.value.spec() == value.spec()
    for name, weights in value.arrays().items():
        assert np.array_equal(model.value.arrays()[name], weights)
    assert (model.game, model.seed, model.games, model.version) == ("toy", 5, 40, 1)
    assert model.settings == {
        "alpha": 0.1, "lam": 0.5, "epsilon": 0.1, "on": "afterstates",
        "eval_every": 20, "eval_games": 4, "batch": 1,
    }  # fmt: skip
    assert [g for g, _ in model.curve] == [0, 20, 40]


def test_a_table_keeps_its_keys_as_they_were(tmp_path: Path) -> None:
    table = TableValue()
    train(table, Nim(), games=30, seed=1)
    out = save_model(tmp_path / "m.npz", Model(table, "nim"))
    back = load_model(out).value
    assert isinstance(back, TableValue)
    assert back.table == table.table
    assert all(type(k) is tuple for k in back.table)


@pytest.fixture
def good(tmp_path: Path) -> Path:
    out = tmp_path / "good.npz"
    save_model(out, Model(LinearValue(7), "walk"))
    return out


def _rewrite(path: Path, change: dict[str, np.ndarray]) -> None:
    with np.load(path) as archive:
        arrays = {name: archive[name] for name in archive.files}
    arrays.update(change)
    np.savez(path, **arrays)  # type: ignore[arg-type]


def _header(path: Path) -> dict[str, object]:
    with np.load(path) as archive:
        return dict(json.loads(bytes(archive["header"]).decode()))


def _encoded(header: dict[str, object]) -> np.ndarray:
    return np.frombuffer(json.dumps(header).encode(), dtype=np.uint8)


def _bad_files(tmp: Path, good: Path) -> dict[str, tuple[Path, str]]:
    """Each bad case: the file and what the error must say about it."""
    cases: dict[str, tuple[Path, str]] = {}
    cases["missing"] = (tmp / "nothing.npz", "cannot be read")
    text = tmp / "notes.npz"
    text.write_text("these are my notes, not a model\n")
    cases["text"] = (text, "not a model: not a numpy .npz archive")
    cut = tmp / "cut.npz"
    cut.write_bytes(good.read_bytes()[: len(good.read_bytes()) // 2])
    cases["truncated"] = (cut, "truncated or damaged")
    plain = tmp / "plain.npz"
    np.savez(plain, weights=np.zeros(7))
    cases["an npz of something else"] = (plain, "not a model: no treesearch.learn header")
    for name, change in [("newer", {"version": 99}), ("garbled", {"games": "many"})]:
        path = tmp / f"{name}.npz"
        path.write_bytes(good.read_bytes())
        _rewrite(path, {"header": _encoded({**_header(good), **change})})
        cases[name] = (path, "format version 99" if name == "newer" else "header lacks or garbles")
    shape = tmp / "shape.npz"
    shape.write_bytes(good.read_bytes())
    _rewrite(shape, {"w_weights": np.zeros(5)})
    cases["wrong shape"] = (shape, r"wrong shape: weights \{'w_weights': \(5,\)\}")
    lying = tmp / "lying.npz"
    lying.write_bytes(good.read_bytes())
    header = _header(good)
    header["value"] = {"kind": "linear", "features": 5}
    header["shapes"] = {"w_weights": [7]}
    _rewrite(lying, {"header": _encoded(header)})
    cases["header and weights disagree"] = (lying, r"wrong shape: linear value: weights of shape")
    return cases


CASES = [
    "missing",
    "text",
    "truncated",
    "an npz of something else",
    "newer",
    "garbled",
    "wrong shape",
    "header and weights disagree",
]


@pytest.mark.parametrize("case", CASES)
def test_a_bad_file_gets_one_clear_error_naming_it(tmp_path: Path, good: Path, case: str) -> None:
    path, says = _bad_files(tmp_path, good)[case]
    with pytest.raises(ModelFileError, match=says) as caught:
        load_model(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message


def test_a_model_of_another_game_or_shape_is_refused(good: Path) -> None:
    with pytest.raises(
        ModelFileError, match=r"good\.npz: a model of the game 'walk', not of 'nim'"
    ):
        load_model(good, game="nim")
    with pytest.raises(ModelFileError, match=r"wrong shape for this game: .*has no"):
        load_model(good, state=Nim())  # Nim has no features()
    load_model(good, game="walk", state=Walk())  # the right game and shape


def test_a_model_file_never_unpickles(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.npz"
    buffer = io.BytesIO()
    np.savez(buffer, header=np.array([{"format": FORMAT}], dtype=object))
    sneaky.write_bytes(buffer.getvalue())
    with pytest.raises(ModelFileError, match=r"sneaky\.npz: not a model: it holds Python objects"):
        load_model(sneaky)
    assert zipfile.is_zipfile(sneaky)


def test_loading_a_model_imports_neither_pillow_nor_tqdm(good: Path) -> None:
    """Only numpy (and treesearch): what a bot that plays by a model needs."""
    code = (
        "import sys; from treesearch.learn import load_model; "
        f"load_model({str(good)!r}); "
        "print(sorted(m for m in ('PIL', 'tqdm', 'matplotlib') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
