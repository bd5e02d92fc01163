r"""The replay's web page: a template, its style and script, and the recorded data inlined.

The page's files live in ``observers/replay_page/`` (``replay.html``, ``replay.css``,
``replay.js``, package data) so that they can be read and edited as what they are. The
data goes in a ``<script type="application/json">`` element; every ``<`` in it is written
``\u003c`` so that no label can close the element.
"""

from __future__ import annotations

import html
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

from treesearch.errors import InvalidArgumentError

__all__ = ["page", "write_page"]


def _asset(name: str) -> str:
    return resources.files("observers").joinpath(f"replay_page/{name}").read_text(encoding="utf-8")


def page(data: dict[str, Any]) -> str:
    """The whole HTML document for ``data`` (see ``HtmlReplay._data``)."""
    blob = json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    blob = blob.replace("<", "\\u003c")
    parts = {
        "{{CSS}}": _asset("replay.css"),
        "{{JS}}": _asset("replay.js"),
        "{{TITLE}}": html.escape(str(data.get("title", "search"))),
        "{{DATA}}": blob,
    }
    return re.sub(r"\{\{[A-Z]+\}\}", lambda m: parts[m.group(0)], _asset("replay.html"))


def write_page(path: Path, data: dict[str, Any]) -> None:
    """Write the page for ``data`` to ``path`` (UTF-8; a lone surrogate is written ``?``).

    Raises:
        InvalidArgumentError: the file cannot be written (the message says why).
    """
    text = page(data)
    try:
        path.write_text(text, encoding="utf-8", errors="replace")
    except OSError as exc:
        raise InvalidArgumentError(
            f"cannot write the HTML replay to {str(path)!r}: {exc.strerror or exc}"
        ) from None
