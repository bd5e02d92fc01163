"""``observers.notebook``: videos, pictures and replays as HTML a notebook displays."""

from __future__ import annotations

import base64
import html
import io
import os
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from observers import Inline, VideoObserver, show
from observers.notebook import (
    image_html,
    png_bytes,
    replay_iframe_html,
    unfinished_html,
    video_html,
)
from tests.observers.toys import Board, BoardTiles, board_frame
from treesearch import BFS, Backtracking, InvalidArgumentError

_DATA = re.compile(r'src="data:(?P<mime>[^;]+);base64,(?P<data>[A-Za-z0-9+/=]+)"')


def _embedded(page: str) -> tuple[str, bytes]:
    """The MIME type and bytes of the one data URI in ``page``."""
    found = _DATA.findall(page)
    assert len(found) == 1, page[:300]
    mime, data = found[0]
    return mime, base64.b64decode(data)


def _picture(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


def _video(path: Path, **kwargs: object) -> VideoObserver:
    """A closed video of backtracking over a 2x2 board, as raw frames."""
    video = VideoObserver(path, BoardTiles(), panel=False, final_frames=0, **kwargs)  # type: ignore[arg-type]
    Backtracking(video).run(Board())
    assert video.closed
    return video


# --- pictures ---------------------------------------------------------------------------


def test_a_picture_is_an_inline_png_with_the_same_pixels() -> None:
    frame = board_frame(Board(cells=(1, 2, 0, 1)))
    page = image_html(frame, alt="a board", width=64)
    assert page.startswith('<img alt="a board" src="data:image/png;base64,')
    assert page.endswith(' width="64">')
    mime, data = _embedded(page)
    assert mime == "image/png"
    assert np.array_equal(_picture(data), frame)
    assert np.array_equal(_picture(png_bytes(frame)), frame)


def test_a_gray_picture_is_expanded_and_a_bad_one_refused() -> None:
    gray = np.full((3, 4), 200, np.uint8)
    assert _picture(png_bytes(gray)).shape == (3, 4, 3)
    with pytest.raises(InvalidArgumentError, match="dtype uint8"):
        png_bytes(np.zeros((3, 4, 3), np.float64))
    with pytest.raises(InvalidArgumentError, match="width must be an int >= 1"):
        image_html(gray, width=0)


def test_alt_text_is_escaped() -> None:
    page = image_html(np.zeros((2, 2, 3), np.uint8), alt='"><script>x</script>')
    assert "<script>" not in page
    assert 'alt="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"' in page


# --- videos -----------------------------------------------------------------------------


def test_a_closed_mp4_observer_plays_inline(tmp_path: Path) -> None:
    video = _video(tmp_path / "run.mp4")
    page = video._repr_html_()
    assert page.startswith("<video controls loop muted playsinline>")
    mime, data = _embedded(page)
    assert mime == "video/mp4"
    assert data == (tmp_path / "run.mp4").read_bytes()


def test_a_gif_observer_shows_an_img(tmp_path: Path) -> None:
    video = _video(tmp_path / "run.gif")
    page = video._repr_html_()
    assert page.startswith('<img alt="run.gif"')
    mime, data = _embedded(page)
    assert mime == "image/gif" and data == (tmp_path / "run.gif").read_bytes()


def test_a_png_folder_shows_its_last_frame(tmp_path: Path) -> None:
    video = _video(tmp_path / "frames")
    frames = sorted((tmp_path / "frames").glob("*.png"))
    assert len(frames) == video.frames > 1
    page = video._repr_html_()
    mime, data = _embedded(page)
    assert mime == "image/png" and data == frames[-1].read_bytes()
    assert f"the last of {video.frames} frames" in html.unescape(page)


def test_an_open_observer_says_it_is_still_recording(tmp_path: Path) -> None:
    video = VideoObserver(tmp_path / "run.mp4", BoardTiles(), panel=False)
    try:
        page = video._repr_html_()
        assert "<video" not in page
        assert "still recording, 0 frames so far" in html.unescape(page)
    finally:
        video.close()
    assert "the video wrote no frame" in video._repr_html_()  # closed before any frame


def test_a_large_file_is_linked_by_a_relative_path_with_a_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _video(tmp_path / "out" / "run.mp4")
    monkeypatch.chdir(tmp_path)
    page = video_html(tmp_path / "out" / "run.mp4", max_inline_bytes=10)
    assert "base64" not in page
    assert '<source src="out/run.mp4" type="video/mp4">' in page
    assert "too large to embed, so it plays from out/run.mp4" in html.unescape(page)


def test_a_video_that_wrote_nothing_gives_a_note(tmp_path: Path) -> None:
    assert "no file at" in video_html(tmp_path / "none.gif")
    assert "no frames in" in video_html(tmp_path / "none")
    (tmp_path / "empty").mkdir()
    assert "no frames in" in video_html(tmp_path / "empty")


def test_video_html_refuses_what_it_cannot_show(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgumentError, match=r"cannot show '.*run\.avi'.*\.mp4"):
        video_html(tmp_path / "run.avi")
    with pytest.raises(InvalidArgumentError, match="max_inline_bytes must be an int >= 0"):
        video_html(tmp_path / "run.mp4", max_inline_bytes=-1)


def test_a_file_name_with_markup_is_escaped(tmp_path: Path) -> None:
    odd = tmp_path / 'a"<b>&.mp4'
    odd.write_bytes(b"\x00" * 8)
    page = video_html(odd, max_inline_bytes=0)
    assert "<b>" not in page and 'a"<' not in page
    assert "a&quot;&lt;b&gt;&amp;.mp4" in page
    assert unfinished_html(odd, 3).count("&lt;b&gt;") == 1


# --- replays ----------------------------------------------------------------------------

PAGE = '<!doctype html><html><body><p title="t">a & b</p><script>go("x")</script></body></html>'


def test_a_replay_page_is_escaped_into_an_iframe_srcdoc() -> None:
    frame = replay_iframe_html(PAGE, height=480)
    assert frame.startswith('<iframe srcdoc="')
    assert 'sandbox="allow-scripts"' in frame and "height:480px" in frame
    assert "<script>" not in frame and "<p" not in frame
    srcdoc = re.search(r'srcdoc="([^"]*)"', frame)
    assert srcdoc is not None
    assert html.unescape(srcdoc.group(1)) == PAGE


def test_a_replay_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "replay.html"
    path.write_text(PAGE, encoding="utf-8")
    assert replay_iframe_html(str(path)) == replay_iframe_html(PAGE)
    assert replay_iframe_html(path) == replay_iframe_html(PAGE)
    assert show(path)._repr_html_() == replay_iframe_html(PAGE)
    assert "height:300px" in show(path, height=300)._repr_html_()


def test_a_replay_that_cannot_be_read_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgumentError, match="cannot read the HTML page"):
        replay_iframe_html(str(tmp_path / "missing.html"))
    with pytest.raises(InvalidArgumentError, match="height must be an int >= 1"):
        replay_iframe_html(PAGE, height=0)


# --- show -------------------------------------------------------------------------------


def test_show_displays_files_by_kind(tmp_path: Path) -> None:
    _video(tmp_path / "run.mp4")
    _video(tmp_path / "run.gif")
    _video(tmp_path / "frames")
    Image.fromarray(board_frame(Board())).save(tmp_path / "board.png")
    shown = show(tmp_path / "run.mp4", width=200)
    assert isinstance(shown, Inline)
    assert shown._repr_html_().startswith('<video controls loop muted playsinline width="200">')
    assert repr(shown) == f"Inline({str(tmp_path / 'run.mp4')!r})"
    assert show(str(tmp_path / "run.gif"))._repr_html_().startswith('<img alt="run.gif"')
    assert "the last of" in show(tmp_path / "frames")._repr_html_()
    mime, data = _embedded(show(tmp_path / "board.png")._repr_html_())
    assert mime == "image/png"
    assert np.array_equal(_picture(data), board_frame(Board()))


def test_show_draws_a_picture_or_a_state_with_its_renderer() -> None:
    frame = board_frame(Board(cells=(2, 1, 1, 0)))
    assert np.array_equal(_picture(_embedded(show(frame)._repr_html_())[1]), frame)
    assert repr(show(frame)) == "Inline(picture 32x32x3)"
    state = Board(cells=(2, 1, 1, 0))
    by_tiles = show(state, BoardTiles())
    assert np.array_equal(_picture(_embedded(by_tiles._repr_html_())[1]), frame)
    assert repr(by_tiles) == "Inline(Board((2, 1, 1, 0)))"
    by_callable = show(state, board_frame)
    assert np.array_equal(_picture(_embedded(by_callable._repr_html_())[1]), frame)


def test_show_refuses_with_a_reason(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgumentError, match=r"nothing to show at .*missing\.mp4"):
        show(tmp_path / "missing.mp4")
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(InvalidArgumentError, match=r"expected one of \.mp4, \.webm, \.png"):
        show(tmp_path / "notes.txt")
    with pytest.raises(InvalidArgumentError, match=r"show\(\) takes a path"):
        show(42)
    with pytest.raises(InvalidArgumentError, match="renderer must be a TileRenderer"):
        show(Board(), renderer=42)  # type: ignore[arg-type]


def test_a_search_result_and_its_video_side_by_side(tmp_path: Path) -> None:
    """The two displays a notebook cell shows after a run with a video."""
    video = VideoObserver(tmp_path / "bfs.gif", BoardTiles(), panel=False)
    result = BFS(observers=[video]).run(Board())
    assert '<table class="treesearch-result">' in result._repr_html_()
    assert video._repr_html_().startswith("<img")
    assert os.path.getsize(tmp_path / "bfs.gif") > 0
