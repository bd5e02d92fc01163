"""The layout of ``games.tron``: imports go one way, and the public API is as documented."""

from __future__ import annotations

import games.tron
from tests.layout import assert_layers

# Lowest first: a module may import only modules listed before it (see the package docstring).
# One line per module, so each helper adds its own.
LAYERS = [
    "grid",
    "maps",
    "state",
    "render",
    "flood",
    "voronoi",
    "value",
    "endgame",
    "features",
    "learned_evaluation",
    "deep",
    "moves",
    "heuristic",
    "bots",
    "agent",
    "film",
    "contest",
    "entry",
]

PUBLIC = {
    "HEX_MOVES",
    "HEX_STEPS",
    "MAPS",
    "SQUARE_STEPS",
    "Grid",
    "TronMap",
    "TronRenderer",
    "TronState",
    "generate_map",
    "hex_grid",
    "hex_start",
    "load_map",
    "parse_map",
    "square_grid",
    "square_start",
    # value functions, bots, matches, contest interop
    "Bot",
    "TronBot",
    "alphabeta_bot",
    "best_bot",
    "evaluate",
    "fill_estimate",
    "from_contest_agent",
    "heuristic_bot",
    "mcts_bot",
    "TronAgent",
    "random_bot",
    "safe_moves",
    "separated",
    "territory",
    "territory_owner",
    "to_contest_agent",
    "write_video",
}


def test_every_module_is_placed_and_imports_go_one_way() -> None:
    assert_layers(games.tron, LAYERS)


def test_public_api_includes_the_core_names() -> None:
    # Other modules (values, bots, matches, contest interop) add their names to __all__.
    assert set(games.tron.__all__) >= PUBLIC
    assert all(hasattr(games.tron, name) for name in games.tron.__all__)
