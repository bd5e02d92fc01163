"""Reading ``HtmlReplay`` pages back in the tests: the data, and every frame drawn.

``page_frames`` rebuilds the frames from the page's data the way its script draws them
(the key frame at or before a frame, then the blocks of the patches after it, taken from
the sheets), so the tests check what a browser shows, not the recorder's memory.
"""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

_DATA = re.compile(r'<script type="application/json" id="replay-data">(.*?)</script>', re.S)


def page_data(path: Path) -> dict[str, Any]:
    """The JSON data of a replay page."""
    match = _DATA.search(path.read_text(encoding="utf-8"))
    assert match is not None, f"{path} has no replay data"
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def decode(uri: str) -> np.ndarray:
    """An RGB array from a ``data:image/png;base64,...`` URI."""
    head, _, body = uri.partition(",")
    assert head == "data:image/png;base64", head
    return np.asarray(Image.open(io.BytesIO(base64.b64decode(body))).convert("RGB"))


def page_frames(data: dict[str, Any]) -> list[np.ndarray]:
    """Every frame of the page, rebuilt from its key frames, sheets and patches."""
    f = data["frames"]
    w, h, b = f["width"], f["height"], f["block"]
    keys = {index: decode(uri) for index, uri in f["keys"]}
    sheets = [decode(uri) for uri in f["sheets"]]
    columns, per_sheet = f["sheet_columns"], f["sheet_columns"] * f["sheet_rows"]
    frame_columns = -(-w // b)
    canvas = np.zeros((-(-h // b) * b, frame_columns * b, 3), np.uint8)
    frames, g = [], 0
    canvas[:h, :w] = keys[0]
    for i in range(len(f["patches"]) + 1):
        if i:
            block = 0
            for delta in f["patches"][i - 1]:
                block += delta
                sheet, p = divmod(g, per_sheet)
                sy, sx = divmod(p, columns)
                dy, dx = divmod(block, frame_columns)
                picture = sheets[sheet][sy * b : (sy + 1) * b, sx * b : (sx + 1) * b]
                canvas[dy * b : (dy + 1) * b, dx * b : (dx + 1) * b] = picture
                g += 1
            if i in keys:  # a key frame is the frame itself: the patches must agree
                assert np.array_equal(canvas[:h, :w], keys[i]), f"key frame {i} differs"
                canvas[:h, :w] = keys[i]
        frames.append(canvas[:h, :w].copy())
    return frames
