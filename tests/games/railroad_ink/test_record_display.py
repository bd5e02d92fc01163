"""``InkRecord`` in a notebook: the final board, scored, under a one-line summary."""

from __future__ import annotations

import base64
import html
import io
import re

import numpy as np
from PIL import Image

from games.railroad_ink import InkRecord, RailroadInkTiles, play
from games.railroad_ink.records import replay
from observers.tile_canvas import TileCanvas


def _record() -> InkRecord:
    return play(2, dice="known", bot="greedy")


def test_the_picture_is_the_scored_final_state() -> None:
    record = _record()
    picture = record.picture(tile_size=20)
    assert picture.shape == (9 * 20, 11 * 20, 3) and picture.dtype == np.uint8
    final = replay(record)[-1]
    assert final.is_terminal()
    expected = TileCanvas(RailroadInkTiles(20)).render(final)
    assert np.array_equal(picture, expected)
    # Scored: the networks' colours differ from the board drawn unscored.
    plain = TileCanvas(RailroadInkTiles(20, scoring="never")).render(final)
    assert not np.array_equal(picture, plain)


def test_repr_html_shows_the_summary_and_the_picture() -> None:
    record = _record()
    page = record._repr_html_()
    s = record.score
    summary = record.summary()
    assert summary.startswith(f"greedy bot, seed 2, dice known: {s.total} points (exits {s.exits}")
    assert f"errors -{s.errors})" in summary
    assert page.startswith(f"<div><b>{html.escape(summary)}</b></div><img alt=")
    found = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(found) == 1
    shown = np.asarray(Image.open(io.BytesIO(base64.b64decode(found[0]))).convert("RGB"))
    assert np.array_equal(shown, record.picture())
