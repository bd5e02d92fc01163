"""The layout of ``games.railroad_ink``: imports go one way, and the public API is pinned."""

from __future__ import annotations

import games.railroad_ink
from tests.layout import assert_layers
from tests.layout import package_imports as _imports

# Lowest first: a module may import only modules listed before it (see the package docstring).
LAYERS = [
    "pieces.tiles",
    "pieces.geometry",
    "pieces.dice",
    "engine.arrays",
    "engine.tables",
    "engine.placements",
    "engine.scoring",
    "engine.playout",
    "engine.position",
    "engine.ntuple",
    "engine.plans",
    "engine.round_beam",
    "engine.round_td",
    "engine.round_nest",
    "rules.score",
    "rules.board",
    "rules.rounds",
    "rules.game",
    "render.pictures",
    "render.networks",
    "render.column",
    "render.decision",
    "render.ids",
    "render.renderer",
    "bots.features",
    "bots.value",
    "bots.planning",
    "bots.base",
    "bots.simple",
    "bots.mcts_bot",
    "bots.lookahead",
    "bots.policy",
    "bots.learned_value",
    "bots.montecarlo",
    "bots.learned_montecarlo",
    "bots.learned_rounds",
    "bots.roster",
    "records",
    "record_film",
    "trainer",
    "entry",
]

# The rooms, lowest first: the pieces, the engine (the rules as arrays), the typed views over
# it, then the pictures and the bots side by side, then whole games, then their films,
# and last the game's entry on the command line.
ROOMS = {
    "pieces": 0,
    "engine": 1,
    "rules": 2,
    "render": 3,
    "bots": 3,
    "records": 4,
    "record_film": 5,
    "trainer": 4,
    "entry": 6,
}


PUBLIC = {
    "BLANK",
    "CENTRE",
    "DIE_FACES",
    "EXITS",
    "HIGHWAY",
    "JUNCTION_DIE",
    "RAILWAY",
    "ROUTE_DIE",
    "SIZE",
    "SPECIALS",
    "Board",
    "Network",
    "Placement",
    "Score",
    "Tile",
    "exit_points",
    "score_tiles",
    # the game (dice, rounds, states)
    "DICE_MODES",
    "MAX_SPECIALS",
    "REWARD_SCALE",
    "ROUNDS",
    "RailroadInk",
    "RailroadInkState",
    "roll_sequence",
    "round_outcomes",
    "ORIENTED_TILES",
    "RailroadInkTiles",
    # whole games
    "BOTS",
    "HEURISTIC",
    "PLAY_DICE",
    "InkRecord",
    "BotAgent",
    "Heuristic",
    "Weights",
    "dead_sides",
    "make_bot",
    "play",
    "score_value",
    "Features",
    "LookaheadBot",
    "features",
    "film",
}


def package_imports(module: str) -> set[str]:
    return _imports(games.railroad_ink, module, LAYERS)


def test_every_module_is_placed_and_imports_go_one_way() -> None:
    assert_layers(games.railroad_ink, LAYERS)


def room(module: str) -> str:
    return module.split(".")[0]


def test_the_rooms_run_one_way() -> None:
    assert {room(m) for m in LAYERS} == set(ROOMS)
    for module in LAYERS:
        above = {m for m in package_imports(module) if ROOMS[room(m)] >= ROOMS[room(module)]} - {
            m for m in LAYERS if room(m) == room(module)
        }
        assert not above, f"{module} imports {sorted(above)}, a room not below its own"


def test_the_lowest_modules_import_nothing_of_the_package_but_tiles() -> None:
    assert package_imports("pieces.tiles") == set()
    assert package_imports("pieces.geometry") == {"pieces.tiles"}
    assert package_imports("pieces.dice") == {"pieces.tiles"}


def test_the_views_read_the_engine_for_legality_and_scores() -> None:
    assert "engine.scoring" in package_imports("rules.score")
    assert {"engine.tables", "engine.placements"} <= package_imports("rules.board")
    assert "rules.score" in package_imports("rules.board")


def test_the_game_leaves_pictures_to_the_renderer() -> None:
    assert not any(m.startswith("render.") for m in package_imports("rules.game"))


def test_public_api() -> None:
    assert set(games.railroad_ink.__all__) == PUBLIC
    assert all(hasattr(games.railroad_ink, name) for name in PUBLIC)
