"""Railroad Ink pictures: tile ids, their pictures, the legend and a video of boards."""

from __future__ import annotations

import doctest
import itertools
import random
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

import games.railroad_ink.render.renderer as render_module
from games.railroad_ink.pieces import tiles as t
from games.railroad_ink.pieces.tiles import Tile
from games.railroad_ink.render.pictures import CENTRE_TINT, MARK, PAPER, RAIL, ROAD, STATION
from games.railroad_ink.render.renderer import ORIENTED_TILES, RailroadInkTiles
from games.railroad_ink.rules.board import CENTRE, EXITS, SIZE, Board
from observers import LegendRenderer, TileCanvas, TileRenderer, VideoObserver
from tests.observers.toys import read_pngs
from treesearch.errors import InvalidArgumentError
from treesearch.events import SearchFinished, SearchStarted, Visited

GAME_TILES = [o for face in t.DIE_FACES + t.SPECIALS for o in face.orientations()]
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def legal_board(seed: int = 3) -> Board:
    """A legal board holding every die face and special once, placed near the centre."""
    rng = random.Random(seed)
    board = Board()
    for tile in t.DIE_FACES + t.SPECIALS:
        options = board.legal_placements(tile)
        best = min(options, key=lambda p: abs(p.row - 3) + abs(p.col - 3) + 3 * rng.random())
        board = board.place(best.row, best.col, best.tile)
    return board


def close(a: np.ndarray, b: np.ndarray, tolerance: int = 1) -> bool:
    return bool(np.abs(a.astype(int) - b.astype(int)).max() <= tolerance)


def test_is_a_tile_and_legend_renderer() -> None:
    tiles = RailroadInkTiles()
    assert isinstance(tiles, TileRenderer) and isinstance(tiles, LegendRenderer)
    assert tiles.tile_size == 100 and tiles.grid_shape == (9, 11)  # the board, the side column
    assert RailroadInkTiles(side=False).grid_shape == (9, 9)


def test_docstring_examples() -> None:
    failures, tried = doctest.testmod(render_module)
    assert failures == 0 and tried >= 4


def test_catalogue_holds_every_valid_tile_once_game_tiles_first() -> None:
    assert len(ORIENTED_TILES) == len(set(ORIENTED_TILES)) == 85
    assert list(ORIENTED_TILES[:50]) == list(dict.fromkeys(GAME_TILES))
    assert Tile.parse("DLDLo") in ORIENTED_TILES and Tile.parse("____") in ORIENTED_TILES


def test_square_ids_are_distinct_and_stable() -> None:
    ids = {
        RailroadInkTiles.square_id(tile, centre=centre)
        for tile in ORIENTED_TILES
        for centre in (False, True)
    }
    empty = {
        RailroadInkTiles.square_id(None, centre=c, open_square=o)
        for c in (False, True)
        for o in (False, True)
    }
    assert len(ids) == 170 and len(empty) == 4 and not ids & empty
    assert ids | empty | set(range(9)) == set(range(RailroadInkTiles.tile_count))
    for face in t.DIE_FACES + t.SPECIALS:  # each orientation its own id, below 113
        face_ids = [RailroadInkTiles.square_id(o) for o in face.orientations()]
        assert len(set(face_ids)) == len(face_ids) and max(face_ids) < 13 + 100
    assert RailroadInkTiles.square_id(Tile.parse("D_D_")) == 13  # pinned: videos cache by id
    assert RailroadInkTiles.square_id(Tile.parse("DL__"), centre=True) == 13 + 2 * 26 + 1


def test_tile_ids_of_a_board() -> None:
    board = legal_board()
    ids = RailroadInkTiles(tile_size=20, side=False).tile_ids(board)
    assert ids.shape == (9, 9) and ids.dtype.kind == "i"
    assert np.array_equal(ids, RailroadInkTiles(tile_size=64, side=False).tile_ids(board))
    opened = set(board.open_squares())
    for i, tile in enumerate(board.tiles):
        row, col = divmod(i, SIZE)
        want = RailroadInkTiles.square_id(
            tile, centre=i in CENTRE, open_square=(row, col) in opened
        )
        assert ids[row + 1, col + 1] == want
    border = np.concatenate([ids[0], ids[-1], ids[1:-1, 0], ids[1:-1, -1]])
    assert sorted(border[border > 0].tolist()) == sorted(
        1 + 2 * side + kind - 1 for (_, _, side), kind in EXITS.items()
    )
    for (row, col, side), kind in EXITS.items():
        dr, dc = STEPS[side]
        assert ids[row + 1 + dr, col + 1 + dc] == 1 + 2 * side + kind - 1


def test_tile_ids_of_a_state_with_a_board_and_bad_states() -> None:
    tiles = RailroadInkTiles(tile_size=20)
    board = Board.from_moves(["01D_D_"])
    assert np.array_equal(tiles.tile_ids(SimpleNamespace(board=board)), tiles.tile_ids(board))
    for bad in (None, "01D_D_", SimpleNamespace(board="x")):
        with pytest.raises(InvalidArgumentError, match="Board"):
            tiles.tile_ids(bad)


def test_every_tile_image_has_the_right_shape_and_dtype() -> None:
    tiles = RailroadInkTiles(tile_size=17)
    images = [tiles.tile_image(i) for i in range(tiles.tile_count)]
    assert all(im.shape == (17, 17, 3) and im.dtype == np.uint8 for im in images)
    assert len({im.tobytes() for im in images}) >= tiles.tile_count - 4  # nearly all distinct


def test_a_turned_or_mirrored_tile_is_its_turned_or_mirrored_picture() -> None:
    tiles = RailroadInkTiles(tile_size=40)
    for tile in ORIENTED_TILES:
        if tile.overpass and tile.sides[0] == tile.sides[1]:
            continue  # one route type on both axes: free play only, its turn is itself
        image = tiles.tile_image(tiles.square_id(tile))
        turned = tiles.tile_image(tiles.square_id(tile.rotated()))
        mirrored = tiles.tile_image(tiles.square_id(tile.mirrored()))
        assert close(turned, np.rot90(image, -1)), tile
        assert close(mirrored, image[:, ::-1]), tile


def test_pictures_show_routes_stations_and_squares() -> None:
    n = 100
    tiles = RailroadInkTiles(tile_size=n)
    highway = tiles.tile_image(tiles.square_id(Tile.parse("D_D_")))
    railway = tiles.tile_image(tiles.square_id(Tile.parse("L_L_")))
    station = tiles.tile_image(tiles.square_id(Tile.parse("D_L_")))
    assert close(highway[5, 43], np.array(ROAD), 2)  # the road, beside its centre line
    assert tuple(highway[50, 20]) == PAPER  # off the road
    assert close(railway[20, 41], np.array(RAIL), 2)  # a rail
    assert not close(highway, railway, 60)
    assert close(station[50, 50], np.array(STATION), 2)
    assert tuple(highway[n // 2, n // 2]) != STATION
    centre = tiles.tile_image(tiles.square_id(None, centre=True))
    assert tuple(centre[50, 50]) == CENTRE_TINT
    ring = tiles.tile_image(tiles.square_id(None, open_square=True))
    assert any(close(ring[50, x], np.array(MARK), 2) for x in range(30, 40))
    overpass = tiles.tile_image(tiles.square_id(t.OVERPASS))  # highway north-south, on top
    assert close(overpass[42, 43], np.array(ROAD), 2)  # the road runs over the rail
    assert close(overpass[42, 10], np.array(RAIL), 2)  # the rail, west of the bridge
    assert tuple(overpass[42, 33]) == PAPER  # the gap where the rail passes under


def test_an_exit_cell_differs_from_a_plain_border_cell() -> None:
    tiles = RailroadInkTiles(tile_size=30)
    plain = tiles.tile_image(0)
    exits = [tiles.tile_image(i) for i in range(1, 9)]
    assert all(not np.array_equal(e, plain) for e in exits)
    assert len({e.tobytes() for e in exits}) == 8
    assert close(exits[2 * t.N + 1], np.rot90(exits[2 * t.E + 1], 1))  # turned alike


def test_legend() -> None:
    entries = RailroadInkTiles(tile_size=24).legend()
    labels = " ".join(label for _, label in entries)
    for word in ("highway", "railway", "station", "overpass", "exit", "open", "centre"):
        assert word in labels
    assert all(isinstance(what, (tuple, np.ndarray)) for what, _ in entries)


def test_bad_arguments() -> None:
    for size in (11, 12.0, True, "100"):
        with pytest.raises(InvalidArgumentError, match="tile_size"):
            RailroadInkTiles(tile_size=size)  # type: ignore[arg-type]
    tiles = RailroadInkTiles(tile_size=16)
    for bad in (-1, tiles.tile_count, True, 1.5):
        with pytest.raises(InvalidArgumentError, match="tile_id"):
            tiles.tile_image(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="Tile or None"):
        tiles.square_id("D_D_")  # type: ignore[arg-type]


def boards() -> list[Board]:
    moves = legal_board().to_moves()
    return [Board.from_moves(moves[:k]) for k in range(len(moves) + 1)]


def test_canvas_repaints_one_square_per_placement() -> None:
    canvas = TileCanvas(RailroadInkTiles(tile_size=16, side=False))
    sequence = boards()
    canvas.render(sequence[0])
    for board in sequence[1:]:
        canvas.render(board)
        assert 1 <= canvas.repainted <= 5  # the tile and the squares it opened


@pytest.mark.parametrize("panel", [False, True])
def test_video_of_boards_writes_png_frames(tmp_path: Path, panel: bool) -> None:
    folder = tmp_path / "frames"
    sequence = boards()[:6]
    size = 16
    with VideoObserver(
        folder, RailroadInkTiles(tile_size=size), panel=panel, final_frames=0, title="RI"
    ) as video:
        video.notify(SearchStarted(None, sequence[0]))
        for depth, board in enumerate(sequence):
            video.notify(Visited(board, depth))
        video.notify(SearchFinished(None))  # type: ignore[arg-type]
    frames = read_pngs(folder)
    assert len(frames) == len(sequence)
    if not panel:
        assert all(f.shape == (9 * size, 11 * size, 3) for f in frames)
    else:
        assert all(f.shape[0] > 9 * size and f.shape[1] >= 9 * size for f in frames)
    assert all(not np.array_equal(a, b) for a, b in itertools.pairwise(frames))
