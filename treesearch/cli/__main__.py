"""``python -m treesearch.cli``: the ``treesearch`` command."""

import sys

from treesearch.cli import main

if __name__ == "__main__":  # importing this module (doctest discovery) runs nothing
    sys.exit(main())
