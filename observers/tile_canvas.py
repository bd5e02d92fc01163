"""Incremental rendering of boards made of square tiles.

A game that draws its board from tiles describes each state as a grid of tile ids
(``TileRenderer``). ``TileCanvas`` keeps the last frame and repaints only the cells whose id
changed, so one placed tile (backtracking), a jump to an unrelated board (MCTS) and a
restart (random walk) all cost what they change, and the search knows nothing of pixels.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeAlias, runtime_checkable

import numpy as np
import numpy.typing as npt

from observers.colors import Colour
from treesearch.arguments import check_count, check_flag
from treesearch.errors import InvalidArgumentError
from treesearch.events import Event

__all__ = [
    "RENDERED_IMAGE",
    "AccumulatingRenderer",
    "Colour",
    "Frame",
    "FrameRenderer",
    "LegendEntry",
    "LegendRenderer",
    "PacedRenderer",
    "Renderer",
    "TileCanvas",
    "TileRenderer",
    "as_rgb",
]

Frame = npt.NDArray[np.uint8]
"""An RGB image: shape ``(height, width, 3)``, dtype ``uint8``."""

RENDERED_IMAGE = (
    "a renderer must return an RGB image: a numpy uint8 array of shape (H, W, 3) (values "
    "0-255), a gray (H, W) uint8 array, or a PIL image in mode 'RGB' or 'L'"
)
"""What a whole-frame renderer must return, in the words of the error when it does not."""

FrameRenderer = Callable[[Any], Frame]
"""A whole-frame renderer: any callable ``state -> image``, a plain function will do.

The image is a numpy ``uint8`` array of shape ``(H, W, 3)`` (RGB, 0-255), or a gray
``(H, W)`` ``uint8`` array, or a PIL image in mode ``"RGB"`` or ``"L"`` (anything
``numpy.asarray`` turns into those). Every frame of a run has the same size. Anything else
(floats in 0-1, RGBA, None) is refused with ``InvalidArgumentError`` naming what came back.
"""

LegendEntry = tuple[Colour | Sequence[Colour] | Frame, str]
"""One item of a video's legend and its meaning: a colour (drawn as a swatch), several
colours (a gradient, e.g. a colour scale from "first" to "last"), or a small RGB picture
(an icon: a mud patch with its number, a goal flag)."""


@runtime_checkable
class TileRenderer(Protocol):
    """A game renderer that draws a state as a grid of square tiles.

    Games implement it structurally (no inheritance needed). Tile ids are small
    non-negative integers naming a picture (an empty cell, a rail curve, a wall...);
    the same id must always mean the same picture, because observers cache tile images.
    """

    @property
    def tile_size(self) -> int:
        """Side of one square tile, in pixels."""
        ...

    @property
    def grid_shape(self) -> tuple[int, int]:
        """Number of tile rows and columns of every frame."""
        ...

    def tile_ids(self, state: Any) -> npt.ArrayLike:
        """The tile id of every cell of ``state``: an int array of shape ``grid_shape``."""
        ...

    def tile_image(self, tile_id: int) -> Frame:
        """The picture of ``tile_id``: ``(tile_size, tile_size, 3)`` uint8."""
        ...


@runtime_checkable
class AccumulatingRenderer(Protocol):
    """Optional hook: a renderer that wants to see every event, not only drawn states.

    ``VideoObserver`` calls ``update(event)`` for each event before deciding whether to
    draw a frame, so a renderer can remember visit order, the frontier or the best path.
    """

    def update(self, event: Event) -> None:
        """Take note of one search event."""
        ...


@runtime_checkable
class LegendRenderer(Protocol):
    """Optional hook: a renderer that says what its colours mean.

    ``VideoObserver`` draws these entries in the panel above the board, so a viewer needs
    no code to read the picture. Wrappers (overlays) put their own entries before their
    base renderer's. The legend is read when a run starts and when it finishes; keep the
    number of entries fixed during a run (the panel's height is set by the first frame).
    """

    def legend(self) -> Sequence[LegendEntry]:
        """``(colour, meaning)`` pairs: a colour, a gradient (colours) or an icon (an array)."""
        ...


@runtime_checkable
class PacedRenderer(Protocol):
    """Optional hook: a renderer that chooses which events produce frames.

    Without it, ``VideoObserver`` draws a frame per visit (of the chosen kinds). A renderer
    that summarises many events in one picture (``observers.MCTSView`` draws the root's
    statistics once every few simulations) says when a new picture is worth a frame.
    """

    def frame_due(self, event: Event) -> bool:
        """True when a frame should be drawn now; called after ``update(event)``."""
        ...


Renderer: TypeAlias = TileRenderer | FrameRenderer
"""What ``VideoObserver`` accepts: a ``TileRenderer`` (tile ids and tile pictures) or a
whole-frame callable returning an RGB image (see ``FrameRenderer``); either may add the
optional hooks ``update``, ``frame_due`` and ``legend``."""


def as_rgb(image: Any, what: str) -> Frame:
    """Return ``image`` as an ``(H, W, 3)`` uint8 array; grayscale ``(H, W)`` is expanded.

    Raises:
        InvalidArgumentError: the array is not uint8, or not gray/RGB shaped.
    """
    arr = np.asarray(image)
    if arr.dtype != np.uint8:
        raise InvalidArgumentError(f"{what} must have dtype uint8, got {arr.dtype!r}")
    if arr.ndim == 2:
        arr = np.repeat(arr[:, :, None], 3, axis=2)
    if arr.ndim != 3 or arr.shape[2] != 3:
        raise InvalidArgumentError(f"{what} must have shape (H, W, 3), got {arr.shape!r}")
    return arr


def _positive_int(value: Any, what: str) -> int:
    count: int = check_count(what, value, 1)
    return count


def _describe_array(value: Any) -> str:
    """An array by its shape and dtype, anything else by its repr."""
    if isinstance(value, np.ndarray):
        return f"{value.shape!r} {value.dtype}"
    return repr(value)


class TileCanvas:
    """One frame of a tiled board, repainted incrementally from tile ids.

    ``render(state)`` compares the state's id grid with the previous one (one numpy
    comparison) and copies only the changed tiles into the frame. Tile images are fetched
    once per id and cached. The frame may be padded with black rows/columns to even sizes
    (H.264 needs them).

    Args:
        renderer: the game's tile renderer.
        pad_to_even: add one black row/column when the board has an odd pixel size.
        frame: paint into this array (e.g. a view of a larger picture that adds a panel)
            instead of a new one; its shape must be the board's, padded as asked.

    Attributes:
        repainted: how many tiles the last ``render`` copied (a measure of incrementality).
    """

    def __init__(
        self, renderer: TileRenderer, *, pad_to_even: bool = False, frame: Frame | None = None
    ) -> None:
        if not isinstance(renderer, TileRenderer):
            raise InvalidArgumentError(
                f"renderer must be a TileRenderer (tile_size, grid_shape, tile_ids(state), "
                f"tile_image(id)), got {renderer!r}"
            )
        self.renderer = renderer
        pad_to_even = check_flag("pad_to_even", pad_to_even)
        size = _positive_int(renderer.tile_size, "tile_size")
        shape = tuple(renderer.grid_shape)
        if len(shape) != 2:
            raise InvalidArgumentError(f"grid_shape must be (rows, cols), got {shape!r}")
        rows = _positive_int(shape[0], "grid_shape rows")
        cols = _positive_int(shape[1], "grid_shape cols")
        self.tile_size = size
        self.grid_shape = (rows, cols)
        height, width = rows * size, cols * size
        if pad_to_even:
            height, width = height + height % 2, width + width % 2
        if frame is None:
            frame = np.zeros((height, width, 3), np.uint8)
        elif (
            not isinstance(frame, np.ndarray)
            or frame.shape != (height, width, 3)
            or frame.dtype != np.uint8
        ):
            raise InvalidArgumentError(
                f"frame must be a ({height}, {width}, 3) uint8 array for this board, got "
                f"{_describe_array(frame)}"
            )
        self.frame: Frame = frame
        self.repainted = 0
        self._prev: np.ndarray[Any, Any] | None = None
        self._cache: dict[Any, Frame] = {}

    def invalidate(self) -> None:
        """Forget the previous id grid so the next ``render`` repaints every tile."""
        self._prev = None

    def render(self, state: Any) -> Frame:
        """Bring the frame up to date with ``state`` and return it.

        The returned array is the canvas itself: read it (or copy it) before the next
        ``render``; do not modify it.
        """
        ids = np.asarray(self.renderer.tile_ids(state))
        if ids.shape != self.grid_shape:
            raise InvalidArgumentError(
                f"tile_ids({state!r}) has shape {ids.shape!r}, expected grid_shape "
                f"{self.grid_shape!r}"
            )
        prev = self._prev
        flat = ids.reshape(-1)
        if prev is None:
            changed: list[int] = list(range(flat.size))
        else:
            changed = np.flatnonzero(ids != prev).tolist()
        if changed:
            cols, size, frame, cache = self.grid_shape[1], self.tile_size, self.frame, self._cache
            for i, tile_id in zip(changed, flat[changed].tolist(), strict=True):
                tile = cache.get(tile_id)
                if tile is None:
                    tile = cache[tile_id] = self._load(tile_id)
                r, c = divmod(i, cols)
                frame[r * size : (r + 1) * size, c * size : (c + 1) * size] = tile
            self._prev = ids.copy()
        self.repainted = len(changed)
        return self.frame

    def _load(self, tile_id: Any) -> Frame:
        tile = as_rgb(self.renderer.tile_image(tile_id), f"tile_image({tile_id!r})")
        size = self.tile_size
        if tile.shape[:2] != (size, size):
            raise InvalidArgumentError(
                f"tile_image({tile_id!r}) has shape {tile.shape!r}, expected "
                f"({size}, {size}, 3) for tile_size={size}"
            )
        return tile
