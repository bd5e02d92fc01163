"""Output paths are checked before any search runs: one line, exit code 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from treesearch import TreeSearch
from treesearch.cli import main


@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: TreeSearch, *args: object, **kwargs: object) -> None:
        raise AssertionError("a search ran before the output path was checked")

    monkeypatch.setattr(TreeSearch, "run", refuse)


def _one_error(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("treesearch: error: "), captured.err
    return lines[0]


def test_out_under_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_search: None
) -> None:
    (tmp_path / "notes.txt").write_text("x")
    out = tmp_path / "notes.txt" / "bfs.mp4"
    assert main(["video", "--out", str(out)]) == 2
    line = _one_error(capsys)
    assert f"cannot write --out to {str(out)!r}: " in line and "is a file, not a folder" in line


def test_out_that_cannot_be_written(capsys: pytest.CaptureFixture[str], no_search: None) -> None:
    assert main(["video", "--out", "/proc/treesearch-cli-test.gif"]) == 2
    assert "cannot write --out" in _one_error(capsys)


@pytest.mark.parametrize("suffix", [".mp4", ".gif"])
def test_out_that_is_a_folder(
    suffix: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], no_search: None
) -> None:
    folder = tmp_path / f"video{suffix}"
    folder.mkdir()
    assert main(["video", "--out", str(folder)]) == 2
    assert "is a folder; give a file name" in _one_error(capsys)


def test_png_folder_that_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_search: None
) -> None:
    target = tmp_path / "frames"
    target.write_text("x")
    assert main(["video", "--out", str(target)]) == 2
    assert "is a file, not a folder" in _one_error(capsys)


def test_out_with_an_unknown_suffix(capsys: pytest.CaptureFixture[str], no_search: None) -> None:
    assert main(["video", "--out", "film.avi"]) == 2
    assert "cannot tell the video format of 'film.avi'" in _one_error(capsys)


def test_out_dir_that_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_search: None
) -> None:
    target = tmp_path / "demo"
    target.write_text("x")
    assert main(["demo", "--out-dir", str(target)]) == 2
    assert f"--out-dir to {str(target)!r}: it is a file, not a folder" in _one_error(capsys)


def test_out_dir_under_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_search: None
) -> None:
    (tmp_path / "f").write_text("x")
    assert main(["demo", "--out-dir", str(tmp_path / "f" / "videos")]) == 2
    assert "cannot write --out-dir" in _one_error(capsys)


def test_good_paths_are_left_as_found(tmp_path: Path, no_search: None) -> None:
    from treesearch.cli.output_options import check_video_path

    new = tmp_path / "a" / "b" / "film.mp4"
    check_video_path(str(new))
    assert new.parent.is_dir() and not new.exists()  # folders made, no stray file
    old = tmp_path / "old.gif"
    old.write_bytes(b"GIF89a")
    check_video_path(str(old))
    assert old.read_bytes() == b"GIF89a"
