"""Redraw the README's animated picture, ``docs/astar_maze.gif``, with the project's own code.

Run from the repository root: ``python docs/make_pictures.py``. The maze and the search are
seeded (seed 0), so the GIF comes out the same each time; 10 frames a second over about six
seconds keep it a few hundred kB.
"""

from __future__ import annotations

import sys
from pathlib import Path

from treesearch.cli import main

GIF = Path(__file__).resolve().parent / "astar_maze.gif"

# A* on the demo's 21x21 maze with mud (seed 0), as the README's alt text says.
ARGV = ["video", "--game", "maze", "--search", "astar", "--size", "21", "--seed", "0"]
ARGV += ["--fps", "10", "--duration", "6", "--out", str(GIF)]

if __name__ == "__main__":
    sys.exit(main(ARGV))
