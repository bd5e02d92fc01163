"""Searches that show themselves in a notebook: videos, pictures and replays as HTML.

Jupyter displays any object with a ``_repr_html_`` method by calling it, so nothing here
imports IPython: the functions return plain HTML strings, and ``show`` wraps one in a small
object (``Inline``) that a notebook cell displays when it is the cell's last expression.

- ``video_html(path)``: an MP4 as a ``<video controls loop>``, a GIF as an ``<img>``, a folder
  of PNG frames as its last frame. A file under ``max_inline_bytes`` (20 MB) is embedded as a
  base64 data URI, so the notebook still plays it once saved and moved; a larger one is
  referred to by its path relative to the working directory (the notebook's folder, which the
  notebook server serves), with a note that says so.
- ``image_html(frame)``: an RGB ``uint8`` array (a renderer's picture) as an inline PNG.
- ``replay_iframe_html(path_or_html)``: a self-contained HTML page (an ``HtmlReplay``) in an
  ``<iframe srcdoc=...>``: its scripts run apart from the notebook's, and it needs no server.
- ``show(what, renderer=None)``: any of these, chosen by what ``what`` is: a file or folder
  written by the command line (``.mp4``, ``.gif``, ``.png``, ``.jpg``, ``.html``, a folder of
  PNG frames), a picture array, or a state drawn by ``renderer``.

``VideoObserver._repr_html_`` calls ``video_html`` once the video is closed.
"""

from __future__ import annotations

import base64
import html
import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from observers.tile_canvas import Frame, TileCanvas, TileRenderer, as_rgb
from treesearch.errors import InvalidArgumentError

__all__ = [
    "MAX_INLINE_BYTES",
    "REPLAY_HEIGHT",
    "Inline",
    "image_html",
    "png_bytes",
    "replay_iframe_html",
    "show",
    "unfinished_html",
    "video_html",
]

MAX_INLINE_BYTES = 20 * 1024 * 1024
"""Files up to this size are embedded in the notebook (base64); larger ones are linked."""

REPLAY_HEIGHT = 720
"""Default height in pixels of the frame a replay is shown in (its width follows the cell)."""

_IMAGES = {".png": "image/png", ".gif": "image/gif", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}
_VIDEOS = {".mp4": "video/mp4", ".webm": "video/webm"}
_PAGES = (".html", ".htm")
_KNOWN = ", ".join([*_VIDEOS, *_IMAGES, *_PAGES, "a folder of PNG frames"])


def _attr(text: object) -> str:
    """``text`` escaped for an HTML attribute or element (quotes included)."""
    return html.escape(str(text), quote=True)


def _size(nbytes: int) -> str:
    """A byte count for a reader: ``"3.2 MB"``, ``"870 kB"``."""
    if nbytes >= 1_000_000:
        return f"{nbytes / 1_000_000:.1f} MB"
    return f"{max(nbytes, 1) / 1000:.0f} kB"


def _note(text: str) -> str:
    """A small grey line under a picture or a video."""
    return f'<div style="color:#666;font-size:smaller">{_attr(text)}</div>'


def _width(width: int | None) -> str:
    """The ``width`` attribute (nothing for the file's own size), checked."""
    if width is None:
        return ""
    if isinstance(width, bool) or not isinstance(width, int) or width < 1:
        raise InvalidArgumentError(f"width must be an int >= 1 (pixels) or None, got {width!r}")
    return f' width="{width}"'


def _source(path: Path, mime: str, max_inline_bytes: int) -> tuple[str, str | None]:
    """The ``src`` of a media file (a data URI, or its relative path) and a note on it."""
    nbytes = path.stat().st_size
    if nbytes <= max_inline_bytes:
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        return f"data:{mime};base64,{data}", None
    try:
        src = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        src = str(path)
    note = (
        f"{path.name} ({_size(nbytes)}) is too large to embed, so it plays from {src}: the "
        "notebook server must be able to serve that path (open the file itself otherwise)"
    )
    return Path(src).as_posix(), note


def png_bytes(frame: Frame) -> bytes:
    """An RGB ``uint8`` picture (H x W x 3) as PNG file bytes.

    Raises:
        InvalidArgumentError: ``frame`` is not an RGB picture.
    """
    rgb = as_rgb(np.asarray(frame), "the picture to show")
    buffer = io.BytesIO()
    Image.fromarray(rgb).save(buffer, format="PNG")
    return buffer.getvalue()


def image_html(frame: Frame, *, alt: str = "", width: int | None = None) -> str:
    """An ``<img>`` holding ``frame`` (an RGB ``uint8`` array) as an inline PNG.

    Examples:
        >>> import numpy as np
        >>> image_html(np.zeros((2, 3, 3), np.uint8), alt="a <dark> board")[:48]
        '<img alt="a &lt;dark&gt; board" src="data:image/'
    """
    data = base64.b64encode(png_bytes(frame)).decode("ascii")
    return f'<img alt="{_attr(alt)}" src="data:image/png;base64,{data}"{_width(width)}>'


def _frames(folder: Path) -> list[Path]:
    """The PNG frames of a folder, in order (``000000.png``, ``000001.png``...)."""
    return sorted(p for p in folder.iterdir() if p.suffix.lower() == ".png" and p.is_file())


def video_html(
    path: str | os.PathLike[str],
    *,
    max_inline_bytes: int = MAX_INLINE_BYTES,
    width: int | None = None,
) -> str:
    """HTML that plays or shows a video written by ``VideoObserver``, chosen by its path.

    An ``.mp4`` (or ``.webm``) becomes a ``<video controls loop>``; a ``.gif`` or single
    picture an ``<img>``; a folder of PNG frames the ``<img>`` of its last frame, with a note
    of how many there are. A file up to ``max_inline_bytes`` is embedded, a larger one linked
    by its path relative to the working directory (see the module's note). A missing file
    gives a note, not an error: a video that wrote no frame has none.

    Args:
        path: the video file, picture, or folder of PNG frames.
        max_inline_bytes: the largest file embedded in the page.
        width: the displayed width in pixels; None for the video's own.

    Raises:
        InvalidArgumentError: ``path`` has another suffix, or a bad ``width`` or
            ``max_inline_bytes``.
    """
    if (
        isinstance(max_inline_bytes, bool)
        or not isinstance(max_inline_bytes, int)
        or max_inline_bytes < 0
    ):
        raise InvalidArgumentError(
            f"max_inline_bytes must be an int >= 0, got {max_inline_bytes!r}"
        )
    p = Path(path)
    size = _width(width)
    suffix = p.suffix.lower()
    if p.is_dir() or (suffix == "" and not p.exists()):
        frames = _frames(p) if p.is_dir() else []
        if not frames:
            return _note(f"no frames in {str(p)!r} (the video wrote none)")
        src, note = _source(frames[-1], "image/png", max_inline_bytes)
        count = f"the last of {len(frames)} frames in {str(p)!r}"
        return (
            f'<img alt="{_attr(count)}" src="{_attr(src)}"{size}>'
            + _note(count)
            + (_note(note) if note else "")
        )
    mime = _VIDEOS.get(suffix) or _IMAGES.get(suffix)
    if mime is None:
        raise InvalidArgumentError(
            f"cannot show {str(p)!r} as a video or picture: expected one of {_KNOWN}"
        )
    if not p.is_file():
        return _note(f"no file at {str(p)!r} (the video wrote no frame)")
    src, note = _source(p, mime, max_inline_bytes)
    if suffix in _VIDEOS:
        tag = (
            f'<video controls loop muted playsinline{size}><source src="{_attr(src)}" '
            f'type="{mime}">Your browser cannot play {_attr(p.name)}.</video>'
        )
    else:
        tag = f'<img alt="{_attr(p.name)}" src="{_attr(src)}"{size}>'
    return tag + (_note(note) if note else "")


def unfinished_html(path: str | os.PathLike[str], frames: int) -> str:
    """A note for a video still being written: it shows once closed (the run closes it)."""
    return _note(
        f"{str(path)!r}: still recording, {frames} frames so far; it shows here once "
        "it is written (a search closes its observers when the run ends)"
    )


def replay_iframe_html(path_or_html: str | os.PathLike[str], *, height: int = REPLAY_HEIGHT) -> str:
    """A self-contained HTML page shown in an ``<iframe srcdoc=...>``, e.g. an ``HtmlReplay``.

    The page is escaped into the ``srcdoc`` attribute, so it needs no server and its scripts
    run in the frame (``sandbox="allow-scripts"``), apart from the notebook's. The frame fills
    the cell's width and is ``height`` pixels high; the page scrolls inside it.

    Args:
        path_or_html: the page's text (a string starting with ``<`` once stripped), or the
            path of the file that holds it (a string or path-like).
        height: the frame's height in pixels.

    Raises:
        InvalidArgumentError: a bad ``height``, or a path that is no readable file.

    Examples:
        >>> replay_iframe_html('<p title="a">x & y</p>', height=100)[:58]
        '<iframe srcdoc="&lt;p title=&quot;a&quot;&gt;x &amp; y&lt;'
    """
    if isinstance(height, bool) or not isinstance(height, int) or height < 1:
        raise InvalidArgumentError(f"height must be an int >= 1 (pixels), got {height!r}")
    if isinstance(path_or_html, str) and path_or_html.lstrip().startswith("<"):
        page = path_or_html
    else:
        p = Path(path_or_html)
        try:
            page = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidArgumentError(
                f"cannot read the HTML page {str(p)!r}: {exc}; pass the page's text (starting "
                "with '<') or the path of an .html file"
            ) from exc
    return (
        f'<iframe srcdoc="{_attr(page)}" sandbox="allow-scripts" '
        f'style="width:100%;height:{height}px;border:1px solid #ccc"></iframe>'
    )


class Inline:
    """HTML that a notebook displays (``_repr_html_``), made by ``show``.

    Attributes:
        html: the HTML shown.
        source: what it shows, for ``repr`` (a path, or a description of a picture).
    """

    __slots__ = ("html", "source")

    def __init__(self, html: str, source: str) -> None:
        self.html = html
        self.source = source

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"Inline({self.source})"


def _draw(state: Any, renderer: TileRenderer | Callable[[Any], Any]) -> Frame:
    """The picture of ``state`` drawn by a ``TileRenderer`` or a callable renderer."""
    if isinstance(renderer, TileRenderer):
        return TileCanvas(renderer).render(state)
    if callable(renderer):
        return as_rgb(np.asarray(renderer(state)), f"the picture rendered for {state!r}")
    raise InvalidArgumentError(
        f"renderer must be a TileRenderer or a callable state -> RGB array, got {renderer!r}"
    )


def show(
    what: Any,
    renderer: TileRenderer | Callable[[Any], Any] | None = None,
    *,
    width: int | None = None,
    height: int = REPLAY_HEIGHT,
    max_inline_bytes: int = MAX_INLINE_BYTES,
) -> Inline:
    """Something to see, inline in a notebook: a video, a picture, a replay, or a state.

    Make it the last expression of a cell (or pass it to IPython's ``display``)::

        show("treesearch-demo/astar.mp4")        # a video the command line wrote
        show(render_maze(maze, player=0))        # a picture (RGB uint8 array)
        show(state, RailroadInkTiles(tile_size=40))  # a state drawn by a renderer
        show("replay.html")                      # a replay, in a frame of its own

    Args:
        what: a path (``.mp4``, ``.webm``, ``.gif``, ``.png``, ``.jpg``, ``.html``, or a folder
            of PNG frames), an RGB ``uint8`` array, or a state when ``renderer`` is given.
        renderer: draws ``what``: a ``TileRenderer`` or a callable state -> RGB array.
        width: displayed width in pixels of a video or picture; None for its own.
        height: height in pixels of a replay's frame.
        max_inline_bytes: files up to this size are embedded, larger ones linked.

    Raises:
        InvalidArgumentError: a path that does not exist or that cannot be shown (the message
            lists what can), a bad picture, or a bad ``renderer``.
    """
    if renderer is not None:
        name = repr(what)
        name = name if len(name) <= 120 else name[:117] + "..."
        return Inline(image_html(_draw(what, renderer), alt=name, width=width), name)
    if isinstance(what, np.ndarray):
        shape = "x".join(map(str, what.shape))
        return Inline(image_html(what, alt=f"a {shape} picture", width=width), f"picture {shape}")
    if not isinstance(what, (str, os.PathLike)):
        raise InvalidArgumentError(
            f"show() takes a path, an RGB picture array, or a state with a renderer, got {what!r}"
        )
    p = Path(what)
    if not p.exists():
        raise InvalidArgumentError(f"nothing to show at {str(p)!r}: no such file or folder")
    if p.suffix.lower() in _PAGES:
        return Inline(replay_iframe_html(p, height=height), repr(str(p)))
    return Inline(video_html(p, max_inline_bytes=max_inline_bytes, width=width), repr(str(p)))
