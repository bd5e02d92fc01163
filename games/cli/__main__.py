"""``python -m games.cli``: the ``treesearch`` command."""

import sys

from games.cli import main

if __name__ == "__main__":  # importing this module (doctest discovery) runs nothing
    sys.exit(main())
