"""Pictures of a Railroad Ink game as tiles, for videos of a search (``observers``).

``RailroadInkTiles`` is an ``observers.TileRenderer`` over a 9x11 grid: the 7x7 board inside a
ring of border cells, where the 12 exits show as short highway or railway stubs with a green
arrow pointing into the board, and two columns beside it (``column``) that say what is being
placed: the round and its dice still to place, the specials, the score so far; at the end of a
game, the score part by part. A ``VideoObserver`` caches one picture per tile id and repaints
only the cells whose id changed, so a search that places one tile per step costs a few tiles.

Every tile a board can hold has a fixed id, whatever renderer draws it: the orientations of the
dice faces and the specials come first (``ORIENTED_TILES``), then every other valid tile (free
play may place any), so ids mean the same picture in every run. Each is drawn from its sides
alone: highways as dark grey roads with a dashed white centre line, railways as black rails on
brown sleepers, a station (highway meets railway) as a red square, the overpass as the highway
bridging the railway. Centre squares are tinted; open squares (where a placement can connect)
carry a green ring. The fixed ids are laid out in ``ids``.

What exists only in some states gets ids on first use, numbered from ``tile_count`` in the order
met, by a dict from what the picture shows to its id: the side column's rows (``column``), and the
squares and exits of a scored board (``networks``: each scoring network in its colour, the longest
trails' yellow lines, red dots on errors), drawn on the final state of a game, or on every state
with ``scoring="always"``; and, given a bot's ``decisions`` (``decision``), the candidates it
weighed before each placement, on the board and in a column of their own.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import numpy as np
from PIL import Image

from games.railroad_ink.pieces.geometry import SIZE
from games.railroad_ink.pieces.tiles import (
    HIGHWAY,
    HIGHWAY_STRAIGHT,
    OVERPASS,
    RAILWAY_STRAIGHT,
    STRAIGHT_STATION,
    S,
    Tile,
)
from games.railroad_ink.render.column import draw_row, side_rows
from games.railroad_ink.render.decision import (
    WIDTH,
    Decision,
    check_decisions,
    decision_rows,
    draw_decision_row,
    draw_ghost,
)
from games.railroad_ink.render.ids import (
    BORDER,
    BORDER_IDS,
    COUNT,
    EMPTY,
    EXIT,
    EXIT_CELLS,
    GRID,
    INDEX,
    IS_CENTRE,
    OPEN,
    ORIENTED_TILES,
    TILES,
)
from games.railroad_ink.render.networks import NETWORK_COLOURS, Marks, board_marks, draw_scored
from games.railroad_ink.render.pictures import CENTRE_TINT, FRAME, draw_exit, draw_square
from games.railroad_ink.rules.board import Board
from games.railroad_ink.rules.score import Score
from observers.tile_canvas import Frame, LegendEntry
from treesearch.errors import InvalidArgumentError

__all__ = ["MAX_TILE", "ORIENTED_TILES", "SCORING", "RailroadInkTiles"]

MAX_TILE = 1000
"""The largest ``tile_size`` in pixels: a frame is about 9 tiles wide and 7 high, so 1000 px
tiles already make 9000x7000 frames; beyond, numpy would ask for gigabytes."""

SCORING = ("end", "always", "never")
"""When ``RailroadInkTiles`` draws a board scored: at the end of a game, always, never."""


class RailroadInkTiles:
    """Draws a Railroad Ink game state (or a ``Board``) as 9x11 tiles: board, frame, side.

    Fixed tile ids: 0 a plain border cell; 1-8 an exit's stub, ``1 + 2 * side + type - 1``
    with ``side`` the board square's side that faces it (N, E, S, W) and ``type`` highway (1)
    or railway (2); 9 an empty square, 10 an empty centre square, 11 and 12 the same when
    open (a placement there can connect); from 13, the tile ``ORIENTED_TILES[k]`` placed on a
    plain square is ``13 + 2 * k`` and on a centre square ``14 + 2 * k`` (``square_id``).
    Ids from ``tile_count`` on are given on first use (the side column, scored squares).

    Args:
        tile_size: side of a tile in pixels (>= 12); pictures are drawn at twice that size
            and scaled down, for smooth edges.
        side: add the two columns beside the board (the round's dice, the score); without
            them the grid is the 9x9 board and frame.
        scoring: when to draw the board scored (networks coloured, longest trails, errors)
            and the score in the side column: "end" (a terminal state), "always" or "never".
        decisions: what a bot weighed before its placements: ``Decision``s keyed by the
            ``key()`` of the state each was taken in. Given any, the grid gains ``WIDTH``
            columns on the right that list a decision's candidates, whose squares are marked
            on the board (ids given on use); None or empty draws as without.

    Examples:
        >>> tiles = RailroadInkTiles(tile_size=20, side=False)
        >>> ids = tiles.tile_ids(Board.from_moves(["01D_D_", "11DL__"]))
        >>> ids.shape, ids[0].tolist()
        ((9, 9), [0, 0, 1, 0, 2, 0, 1, 0, 0])
        >>> ids[1:4, 1:4].tolist()
        [[9, 13, 9], [11, 65, 11], [9, 9, 10]]
        >>> tiles.tile_image(int(ids[2, 2])).shape
        (20, 20, 3)
        >>> RailroadInkTiles(tile_size=20).tile_ids(Board()).shape  # with the side column
        (9, 11)
    """

    tile_count = COUNT
    """How many fixed tile ids there are (``range(tile_count)``); more are given on use."""

    def __init__(
        self,
        tile_size: int = 100,
        *,
        side: bool = True,
        scoring: str = "end",
        decisions: Mapping[Hashable, Decision] | None = None,
    ) -> None:
        if (
            isinstance(tile_size, bool)
            or not isinstance(tile_size, int | np.integer)
            or not 12 <= tile_size <= MAX_TILE
        ):
            raise InvalidArgumentError(
                f"tile_size must be an int in 12..{MAX_TILE} pixels, got {tile_size!r}"
            )
        tile_size = int(tile_size)
        if not isinstance(side, bool):
            raise InvalidArgumentError(f"side must be True or False, got {side!r}")
        if scoring not in SCORING:
            raise InvalidArgumentError(f"scoring must be one of {SCORING!r}, got {scoring!r}")
        self.tile_size = tile_size
        self.side = side
        self.scoring = scoring
        self.decisions = check_decisions(decisions)
        weighed = sum(bool(d.choices) for d in self.decisions.values())
        self._weighed = f"{weighed} of {len(self.decisions)} moves"
        self.grid_shape = (GRID, GRID + 2 * side + (WIDTH if self.decisions else 0))
        self._ids: dict[Hashable, int] = {}
        self._keys: list[tuple[Any, ...]] = []
        self._scores: dict[tuple[Tile | None, ...], Score] = {}

    def _score(self, board: Board) -> Score:
        """``board.score()``, remembered: a search draws a board again when it comes back."""
        scores = self._scores
        score = scores.get(board.tiles)
        if score is None:
            if len(scores) >= 4096:
                scores.clear()
            score = scores[board.tiles] = board.score()
        return score

    @staticmethod
    def square_id(tile: Tile | None, *, centre: bool = False, open_square: bool = False) -> int:
        """The id of a board square holding ``tile`` (None: empty, then ``open_square`` counts).

        Raises:
            InvalidArgumentError: ``tile`` is neither a Tile nor None.
        """
        if tile is None:
            return (OPEN if open_square else EMPTY) + centre
        k = INDEX.get(tile) if isinstance(tile, Tile) else None
        if k is None:
            raise InvalidArgumentError(f"tile must be a Tile or None, got {tile!r}")
        return TILES + 2 * k + centre

    def _id(self, key: tuple[Any, ...]) -> int:
        """The id of the picture ``key`` describes, given on first use."""
        found = self._ids.get(key)
        if found is None:
            found = self._ids[key] = COUNT + len(self._keys)
            self._keys.append(key)
        return found

    def tile_ids(self, state: Any) -> np.ndarray:
        """The tile ids of a ``Board``, or of a state whose ``board`` is one (``grid_shape``).

        Raises:
            InvalidArgumentError: ``state`` is neither a Board nor holds one as ``.board``.
        """
        board = state if isinstance(state, Board) else getattr(state, "board", None)
        if not isinstance(board, Board):
            raise InvalidArgumentError(
                f"expected a railroad_ink Board or a state with a .board Board, got {state!r}"
            )
        ids: np.ndarray = np.empty(self.grid_shape, dtype=np.int64)
        ids[:, :GRID] = BORDER_IDS
        inner = [0] * (SIZE * SIZE)
        index = INDEX
        for i, tile in enumerate(board.tiles):
            centre = IS_CENTRE[i]
            inner[i] = EMPTY + centre if tile is None else TILES + 2 * index[tile] + centre
        for row, col in board.open_squares():
            inner[row * SIZE + col] += OPEN - EMPTY
        ids[1:-1, 1 : GRID - 1] = np.reshape(inner, (SIZE, SIZE))
        ending = getattr(state, "is_terminal", None)
        terminal = bool(ending()) if callable(ending) else False
        scored = self.scoring == "always" or (self.scoring == "end" and terminal)
        score = self._score(board) if scored or self.side else None
        if score is not None and scored:
            marks, exits = board_marks(score, board.tiles)
            for i, mark in marks.items():
                ids[i // SIZE + 1, i % SIZE + 1] = self._id(
                    ("square", board.tiles[i], IS_CENTRE[i], mark)
                )
            for key, colour in exits.items():
                row, col, kind = EXIT_CELLS[key]
                ids[row, col] = self._id(("exit", key[2], kind, colour))
        if score is not None and self.side:
            rows = side_rows(state, board, score, scored=scored, terminal=terminal)
            for row, what in enumerate(rows):
                ids[row, GRID] = self._id(("side", what, 0))
                ids[row, GRID + 1] = self._id(("side", what, 1))
        if self.decisions:
            self._decision(ids, state)
        return ids

    def _decision(self, ids: np.ndarray, state: Any) -> None:
        """Mark the candidates of the decision taken at ``state``, if any, and list them."""
        key = getattr(state, "key", None)
        decision = self.decisions.get(key()) if callable(key) else None
        if decision is not None:
            for i, (tile, ranks) in decision.squares().items():
                ids[i // SIZE + 1, i % SIZE + 1] = self._id(("ghost", tile, IS_CENTRE[i], ranks))
        left = self.grid_shape[1] - WIDTH
        for row, what in enumerate(decision_rows(decision, state, self._weighed)):
            for k in range(WIDTH):
                ids[row, left + k] = self._id(("why", what, k))

    def tile_image(self, tile_id: int) -> Frame:
        """The picture of ``tile_id``: ``(tile_size, tile_size, 3)`` uint8.

        Raises:
            InvalidArgumentError: ``tile_id`` is neither fixed nor given by ``tile_ids``.
        """
        count = COUNT + len(self._keys)
        if (
            isinstance(tile_id, bool)
            or not isinstance(tile_id, (int, np.integer))
            or not (0 <= tile_id < count)
        ):
            raise InvalidArgumentError(
                f"tile_id must be an int in 0..{count - 1} (fixed ids, then those given by "
                f"tile_ids), got {tile_id!r}"
            )
        tile_id, size = int(tile_id), self.tile_size * 2
        if tile_id == BORDER:
            image = Image.new("RGBA", (size, size), FRAME)
        elif tile_id < EMPTY:
            side, kind = divmod(tile_id - EXIT, 2)
            image = draw_exit(size, side, kind + 1)
        elif tile_id < TILES:
            image = draw_square(size, None, bool((tile_id - EMPTY) % 2), tile_id >= OPEN)
        elif tile_id < COUNT:
            k, centre = divmod(tile_id - TILES, 2)
            image = draw_square(size, ORIENTED_TILES[k], bool(centre), False)
        else:
            return self._given(self._keys[tile_id - COUNT])
        return self._small(image)

    def _small(self, image: Image.Image) -> Frame:
        """A picture drawn at twice the tile size, scaled down to an RGB tile."""
        small = image.convert("RGB").resize((self.tile_size, self.tile_size), Image.Resampling.BOX)
        return np.asarray(small, dtype=np.uint8)

    def _given(self, key: tuple[Any, ...]) -> Frame:
        """The picture of an id given on use: a row's part, a scored square or exit, a ghost."""
        size, n = self.tile_size * 2, self.tile_size
        if key[0] == "square":
            return self._small(draw_scored(size, key[1], key[2], key[3]))
        if key[0] == "exit":
            return self._small(draw_exit(size, key[1], key[2], NETWORK_COLOURS[key[3]]))
        if key[0] == "ghost":
            return self._small(draw_ghost(size, key[1], key[2], key[3]))
        wide = draw_row(key[1], size) if key[0] == "side" else draw_decision_row(key[1], size)
        row = wide.convert("RGB").resize((wide.width // 2, n), Image.Resampling.BOX)
        return np.asarray(row, dtype=np.uint8)[:, key[2] * n : (key[2] + 1) * n]

    def legend(self) -> list[LegendEntry]:
        """What the pictures mean (``observers.LegendRenderer``), each with its own picture."""
        size = self.tile_size * 2
        trail = Marks((-1,), 0b0101, False, 0)
        error = Marks((-1,), 0, False, 0b0100)
        entries: list[LegendEntry] = [
            (self.tile_image(self.square_id(HIGHWAY_STRAIGHT)), "highway"),
            (self.tile_image(self.square_id(RAILWAY_STRAIGHT)), "railway"),
            (self.tile_image(self.square_id(STRAIGHT_STATION)), "station (highway meets railway)"),
            (self.tile_image(self.square_id(OVERPASS)), "overpass (no junction)"),
            (self.tile_image(EXIT + 2 * S + HIGHWAY - 1), "exit"),
            (self.tile_image(OPEN), "open square (a tile here can connect)"),
            (CENTRE_TINT, "centre square"),
            (NETWORK_COLOURS, "end: a network joining 2+ exits, one colour each"),
            (self._small(draw_scored(size, HIGHWAY_STRAIGHT, False, trail)), "longest routes"),
            (self._small(draw_scored(size, HIGHWAY_STRAIGHT, False, error)), "error: open end"),
        ]
        if self.decisions:
            ghost = self._small(draw_ghost(size, HIGHWAY_STRAIGHT, False, (1,)))
            text = "a move the bot weighed, ranked by the mean score of quick games from it"
            entries.insert(0, (ghost, text))
        return entries
