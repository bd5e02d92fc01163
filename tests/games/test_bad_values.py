"""The bundled games' public entry points refuse bad values in one line naming the value.

Each entry point is fed wrong types, NaN, infinities, negatives, zero, huge numbers, numpy
scalars, bools and empty strings. A value it cannot take must be refused at once, at the entry
point, by one treesearch error on one line that names the bad value (its ``repr``) and what is
expected, never a raw numpy, Python or MemoryError from deep inside. Values an entry point
takes (a numpy integer where an int is asked) must work.

The tables list, per entry point, the bad values it must refuse; the sweep checks the
message of each. Named cases below check the words of the messages that matter most.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import games.maze as maze
import games.railroad_ink as ink
import games.tron as tron
from games.railroad_ink.bots.roster import BeamBot, MctsBot, MonteCarloBot, RandomBot
from games.tron.contest import contest_view, state_from_contest, to_contest_agent
from treesearch import TreeSearchError
from treesearch.match import play_match

NAN, INF = float("nan"), float("inf")

BAD: dict[str, Any] = {
    "nan": NAN,
    "inf": INF,
    "-inf": -INF,
    "-1": -1,
    "0": 0,
    "huge": 10**12,
    "np.float64": np.float64(0.5),
    "True": True,
    "str": "x",
    "empty": "",
    "None": None,
    "list": [1],
    "2.5": 2.5,
}
"""The bad values, by the name a case's id shows."""

ALL = frozenset(BAD)
NOT_NONE = ALL - {"None"}
COUNT = ALL - {"huge"}  # an int knob: huge counts are allowed (a budget, a size in range)


def _refuses(call: Callable[[], object], value: object) -> str:
    """The one-line message ``call`` raises, checked to name ``value`` (or its bad item)."""
    with pytest.raises(TreeSearchError) as info:
        call()
    message = str(info.value)
    assert "\n" not in message, message
    named = [value, *value] if isinstance(value, list) else [value]
    assert any(repr(v) in message for v in named), f"{message!r} does not name {value!r}"
    return message


_SQUARE = tron.square_start("box15")
_HEX = tron.hex_start(3)
_RANDOM = tron.TronAgent(tron.random_bot())
_INK = ink.RailroadInk(0, "known")
_MAZE = maze.Maze.generate(5, 5, seed=1)
_RECORD = ink.play(0, "known", "random")

ENTRY_POINTS: list[tuple[str, Callable[[Any], object], frozenset[str]]] = [
    # Tron: boards, starts, maps
    ("tron.hex_start(seed)", lambda v: tron.hex_start(v), ALL - {"0", "huge", "None"}),
    ("tron.hex_start(n)", lambda v: tron.hex_start(0, v), ALL),
    ("tron.generate_map(seed)", lambda v: tron.generate_map(9, 9, v), ALL - {"0", "huge", "None"}),
    ("tron.generate_map(width)", lambda v: tron.generate_map(v, 9, 0), ALL),
    (
        "tron.generate_map(walls)",
        lambda v: tron.generate_map(9, 9, 0, v),
        ALL - {"0", "np.float64"},
    ),
    ("tron.square_grid(width)", lambda v: tron.square_grid(v, 5), ALL),
    ("tron.hex_grid(n)", lambda v: tron.hex_grid(v), ALL),
    ("tron.square_start(board)", lambda v: tron.square_start(v), ALL),
    ("tron.parse_map(text)", lambda v: tron.parse_map(v), ALL - {"str", "empty"}),
    ("tron.TronState(heads)", lambda v: tron.TronState(_SQUARE.grid, v), ALL),
    ("tron.TronState(orientations)", lambda v: tron.TronState(_SQUARE.grid, _SQUARE.heads, v), ALL),
    (
        "tron.TronState(trails)",
        lambda v: tron.TronState(_SQUARE.grid, _SQUARE.heads, (-1, -1), v),
        NOT_NONE,
    ),
    (
        "tron.TronState(turn)",
        lambda v: tron.TronState(_SQUARE.grid, _SQUARE.heads, turn=v),
        ALL - {"0", "huge"},
    ),
    ("TronState.child(move)", lambda v: _SQUARE.child(v), ALL - {"0"}),
    ("TronState.legal_moves(player)", lambda v: _SQUARE.legal_moves(v), NOT_NONE - {"0"}),
    ("tron.evaluate(state)", lambda v: tron.evaluate(v), ALL),
    ("tron.evaluate(player)", lambda v: tron.evaluate(_SQUARE, v), ALL - {"0"}),
    ("tron.territory(state)", lambda v: tron.territory(v), ALL),
    ("tron.territory(player)", lambda v: tron.territory(_SQUARE, v), ALL - {"0"}),
    ("tron.territory_owner(state)", lambda v: tron.territory_owner(v), ALL),
    ("tron.separated(state)", lambda v: tron.separated(v), ALL),
    ("tron.safe_moves(player)", lambda v: tron.safe_moves(_SQUARE, v), ALL - {"0"}),
    ("tron.fill_estimate(grid)", lambda v: tron.fill_estimate(v, 0, 0), ALL),
    # Tron: bots, matches, videos
    (
        "tron.alphabeta_bot(seconds)",
        lambda v: tron.alphabeta_bot(v),
        NOT_NONE - {"huge", "np.float64", "2.5"},
    ),
    ("tron.alphabeta_bot(depth)", lambda v: tron.alphabeta_bot(0.1, depth=v), NOT_NONE - {"huge"}),
    (
        "tron.alphabeta_bot(draw)",
        lambda v: tron.alphabeta_bot(0.1, draw=v),
        ALL - {"0", "np.float64"},
    ),
    (
        "tron.mcts_bot(seconds)",
        lambda v: tron.mcts_bot(v),
        NOT_NONE - {"huge", "np.float64", "2.5"},
    ),
    ("tron.mcts_bot(iterations)", lambda v: tron.mcts_bot(None, iterations=v), NOT_NONE - {"huge"}),
    ("tron.mcts_bot(seed)", lambda v: tron.mcts_bot(0.1, seed=v), ALL - {"0", "huge"}),
    (
        "tron.best_bot(seconds)",
        lambda v: tron.best_bot(v),
        NOT_NONE - {"huge", "np.float64", "2.5"},
    ),
    ("tron.random_bot(seed)", lambda v: tron.random_bot(v), ALL - {"-1", "0", "huge"}),
    (
        "match.play_match(games)",
        lambda v: play_match(_RANDOM, _RANDOM, _SQUARE, games=v),
        ALL - {"huge"},
    ),
    ("tron.TronAgent(bot)", lambda v: tron.TronAgent(v), ALL),
    ("match.play_match(start)", lambda v: play_match(_RANDOM, _RANDOM, v, games=1), ALL),
    ("tron.TronRenderer(cell)", lambda v: tron.TronRenderer(cell=v), ALL),
    (
        "tron.write_video(fps)",
        lambda v: tron.write_video("v.gif", [_SQUARE], fps=v),
        ALL - {"np.float64", "2.5"},
    ),
    ("tron.write_video(states)", lambda v: tron.write_video("v.gif", v), ALL),
    ("tron.write_video(path)", lambda v: tron.write_video(v, [_SQUARE]), ALL - {"str"}),
    ("tron.to_contest_agent(bot)", lambda v: tron.to_contest_agent(v), ALL),
    ("tron.from_contest_agent(agent)", lambda v: tron.from_contest_agent(v), ALL),
    # Railroad Ink: games, boards, tiles, values
    ("ink.play(seed)", lambda v: ink.play(v, "known", "random"), ALL - {"0", "huge"}),
    ("ink.play(dice)", lambda v: ink.play(0, v, "random"), ALL),
    ("ink.play(bot)", lambda v: ink.play(0, "known", v), ALL),
    (
        "ink.play(seconds)",
        lambda v: ink.play(0, "known", "random", v),
        NOT_NONE - {"huge", "np.float64", "2.5"},
    ),
    ("ink.play(rolls)", lambda v: ink.play(0, "known", "random", rolls=v), NOT_NONE),
    ("ink.RailroadInk(seed)", lambda v: ink.RailroadInk(v), ALL - {"0", "huge"}),
    (
        "ink.RailroadInk(seed, rolls=...)",
        lambda v: ink.RailroadInk(v, rolls=_INK.rolls),
        ALL - {"0", "huge"},
    ),
    ("ink.RailroadInk(dice)", lambda v: ink.RailroadInk(0, v), ALL),
    ("ink.RailroadInk(rolls)", lambda v: ink.RailroadInk(0, "known", v), NOT_NONE),
    ("ink.RailroadInkState(game)", lambda v: ink.RailroadInkState(v), ALL),
    ("ink.Board.from_moves(moves)", lambda v: ink.Board.from_moves(v), ALL - {"empty"}),
    ("ink.Board.legal_placements(tile)", lambda v: ink.Board().legal_placements(v), ALL),
    ("ink.Tile.parse(text)", lambda v: ink.Tile.parse(v), ALL),
    ("ink.roll_sequence(seed)", lambda v: ink.roll_sequence(v), ALL - {"0", "huge"}),
    ("ink.score_tiles(tiles)", lambda v: ink.score_tiles(v), ALL),
    ("ink.features(board)", lambda v: ink.features(v), ALL),
    ("ink.dead_sides(board)", lambda v: ink.dead_sides(v), ALL),
    ("ink.score_value(state)", lambda v: ink.score_value(v), ALL),
    ("ink.HEURISTIC(state)", lambda v: ink.HEURISTIC(v), ALL),
    ("ink.Heuristic(weights)", lambda v: ink.Heuristic(v), NOT_NONE),
    ("ink.Heuristic(exact_from)", lambda v: ink.Heuristic(None, v), ALL - {"huge"}),
    (
        "ink.Weights(reach)",
        lambda v: ink.Weights(reach=v),
        {"nan", "inf", "-inf", "True", "str", "empty", "None", "list"},
    ),
    ("ink.RailroadInkTiles(tile_size)", lambda v: ink.RailroadInkTiles(v), ALL),
    ("ink.RailroadInkTiles(scoring)", lambda v: ink.RailroadInkTiles(scoring=v), ALL),
    ("ink.film(record)", lambda v: ink.film(v, "f.gif"), ALL),
    (
        "ink.film(fps)",
        lambda v: ink.film(_RECORD, "f.gif", fps=v),
        NOT_NONE - {"np.float64", "2.5"},
    ),
    # Railroad Ink: bots and their knobs
    ("ink.make_bot(name)", lambda v: ink.make_bot(v), ALL),
    ("ink.make_bot(dice)", lambda v: ink.make_bot("beam", v), ALL),
    (
        "ink.make_bot(seconds)",
        lambda v: ink.make_bot("beam", "known", v),
        NOT_NONE - {"huge", "np.float64", "2.5"},
    ),
    ("ink.make_bot(seed)", lambda v: ink.make_bot("mcts", "known", None, v), ALL - {"0", "huge"}),
    ("ink.BotAgent(dice)", lambda v: ink.BotAgent("beam", v), ALL),
    (
        "ink.BotAgent(seconds)",
        lambda v: ink.BotAgent("beam", "known", v),
        NOT_NONE - {"huge", "np.float64", "2.5"},
    ),
    ("ink.BotAgent(...)(seed)", lambda v: ink.BotAgent("mcts", "known")(v), ALL - {"0", "huge"}),
    ("BeamBot(width)", lambda v: BeamBot(v), COUNT),
    ("BeamBot(value)", lambda v: BeamBot(4, v), ALL),
    ("BeamBot(seconds)", lambda v: BeamBot(4, seconds=v), NOT_NONE - {"huge", "np.float64", "2.5"}),
    ("MctsBot(iterations)", lambda v: MctsBot(v), COUNT),
    ("MctsBot(seconds)", lambda v: MctsBot(seconds=v), NOT_NONE - {"huge", "np.float64", "2.5"}),
    ("MctsBot(seed)", lambda v: MctsBot(seed=v), ALL - {"0", "huge"}),
    (
        "MonteCarloBot(seconds)",
        lambda v: MonteCarloBot(seconds=v),
        NOT_NONE - {"huge", "np.float64", "2.5"},
    ),
    ("MonteCarloBot(seed)", lambda v: MonteCarloBot(seed=v), ALL - {"0", "huge"}),
    ("MonteCarloBot(last_width)", lambda v: MonteCarloBot(last_width=v), COUNT),
    ("MonteCarloBot(policy)", lambda v: MonteCarloBot(policy=v), ALL - {"0"}),
    ("MonteCarloBot(last_tries)", lambda v: MonteCarloBot(last_tries=v), COUNT),
    (
        "MonteCarloBot(error_weight)",
        lambda v: MonteCarloBot(error_weight=v),
        ALL - {"0", "huge", "np.float64", "2.5"},
    ),
    ("RandomBot(seconds)", lambda v: RandomBot(v), NOT_NONE - {"huge", "np.float64", "2.5"}),
    ("RandomBot(seed)", lambda v: RandomBot(None, v), ALL - {"0", "huge"}),
    ("ink.LookaheadBot(width)", lambda v: ink.LookaheadBot(width=v), COUNT),
    (
        "ink.LookaheadBot(seconds)",
        lambda v: ink.LookaheadBot(seconds=v),
        NOT_NONE - {"huge", "np.float64", "2.5"},
    ),
    ("ink.LookaheadBot(seed)", lambda v: ink.LookaheadBot(seed=v), ALL - {"0", "huge"}),
    ("ink.LookaheadBot(value)", lambda v: ink.LookaheadBot(value=v), ALL),
    ("Bot.choose(state)", lambda v: ink.make_bot("greedy", "known").choose(v), ALL),
    # Mazes: construction, generation, formats
    ("maze.Maze(width)", lambda v: maze.Maze(v, 5), ALL - {"huge"}),
    ("maze.Maze(edges)", lambda v: maze.Maze(5, 5, v), NOT_NONE - {"empty"}),
    ("maze.Maze(cells)", lambda v: maze.Maze(5, 5, cells=v), NOT_NONE - {"empty", "list"}),
    ("maze.Maze(cheese)", lambda v: maze.Maze(5, 5, cheese=v), ALL - {"empty", "list"}),
    ("Maze.start(cell)", lambda v: _MAZE.start(v), ALL - {"0"}),
    ("Maze.tour(cell)", lambda v: _MAZE.tour(v), ALL - {"0"}),
    (
        "maze.generate_maze(seed)",
        lambda v: maze.generate_maze(5, 5, seed=v),
        ALL - {"0", "-1", "huge", "None"},
    ),
    ("maze.generate_maze(width)", lambda v: maze.generate_maze(v, 5, seed=0), ALL - {"huge"}),
    (
        "maze.generate_maze(nb_cheese)",
        lambda v: maze.generate_maze(5, 5, nb_cheese=v, seed=0),
        ALL - {"0"},
    ),
    (
        "maze.generate_maze(cell_percentage)",
        lambda v: maze.generate_maze(5, 5, cell_percentage=v, seed=0),
        ALL,
    ),
    ("maze.generate_maze(algorithm)", lambda v: maze.generate_maze(5, 5, algorithm=v, seed=0), ALL),
    (
        "maze.generate_maze(player_cells)",
        lambda v: maze.generate_maze(5, 5, player_cells=v, seed=0),
        ALL - {"empty", "list"},
    ),
    ("maze.maze_from_ascii(text)", lambda v: maze.maze_from_ascii(v), ALL),
    ("maze.parse_ascii(text)", lambda v: maze.parse_ascii(v), ALL),
    ("maze.maze_from_graph(graph)", lambda v: maze.maze_from_graph(v), ALL),
    ("maze.maze_from_matrix(matrix)", lambda v: maze.maze_from_matrix(v), ALL),
    ("maze.to_ascii(maze)", lambda v: maze.to_ascii(v), ALL),
    ("maze.to_ascii(markers)", lambda v: maze.to_ascii(_MAZE, v), NOT_NONE - {"empty"}),
    ("maze.DrillMaze(maze)", lambda v: maze.DrillMaze(v), ALL),
    ("maze.DrillMaze(drills)", lambda v: maze.DrillMaze(_MAZE, drills=v), ALL - {"0", "huge"}),
    (
        "maze.DrillMaze(pickups)",
        lambda v: maze.DrillMaze(_MAZE, pickups=v),
        ALL - {"empty", "list"},
    ),
    (
        "maze.PommermanBoard(box_cost)",
        lambda v: maze.PommermanBoard([[0, 0]], box_cost=v),
        ALL - {"huge"},
    ),
    ("maze.dijkstra(maze)", lambda v: maze.dijkstra(v, 0), ALL),
    ("maze.dijkstra(source)", lambda v: maze.dijkstra(_MAZE, v), ALL - {"0"}),
    ("maze.all_pairs(sources)", lambda v: maze.all_pairs(_MAZE, v), NOT_NONE - {"empty", "list"}),
    ("maze.seidel(maze)", lambda v: maze.seidel(v), ALL),
    ("maze.render_maze(maze)", lambda v: maze.render_maze(v), ALL),
    ("maze.render_maze(cell_px)", lambda v: maze.render_maze(_MAZE, cell_px=v), ALL),
    (
        "maze.ExplorationRenderer(alpha)",
        lambda v: maze.ExplorationRenderer(_MAZE, alpha=v),
        ALL - {"0", "np.float64"},
    ),
    ("maze.manhattan_to(targets)", lambda v: maze.manhattan_to(_MAZE, v), ALL - {"list"}),
    (
        "maze.locations_to_actions(path)",
        lambda v: maze.locations_to_actions(v, 5),
        NOT_NONE - {"empty", "list"},
    ),
    ("maze.path_cost(path)", lambda v: maze.path_cost(v), NOT_NONE - {"empty", "list"}),
    ("maze.cell_of_state(state)", lambda v: maze.cell_of_state(v), ALL),
]


@pytest.mark.parametrize(
    ("call", "value"),
    [
        pytest.param(call, BAD[key], id=f"{name}={key}")
        for name, call, refused in ENTRY_POINTS
        for key in sorted(refused)
    ],
)
def test_each_bad_value_is_refused_by_one_line_naming_it(
    call: Callable[[Any], object], value: object, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # nothing is written into the repository, whatever happens
    _refuses(lambda: call(value), value)


# ------------------------------------------------------------------ thinking times
@pytest.mark.parametrize(
    "make",
    [
        lambda s: ink.play(1, "known", "beam", seconds=s),
        lambda s: ink.make_bot("mcts", "known", s),
        lambda s: ink.BotAgent("lookahead", "known", s),
        lambda s: BeamBot(64, seconds=s),
        lambda s: MctsBot(seconds=s),
        lambda s: ink.LookaheadBot(seconds=s),
        lambda s: MonteCarloBot(seconds=s),
        lambda s: tron.alphabeta_bot(s),
        lambda s: tron.mcts_bot(s),
        lambda s: tron.best_bot(s),
    ],
    ids=[
        "play",
        "make_bot",
        "BotAgent",
        "BeamBot",
        "MctsBot",
        "LookaheadBot",
        "MonteCarloBot",
        "alphabeta_bot",
        "mcts_bot",
        "best_bot",
    ],
)
@pytest.mark.parametrize("seconds", [INF, NAN, -INF, -1.0, 0.0])
def test_every_bot_refuses_a_thinking_time_that_is_not_finite_and_positive(
    make: Callable[[float], object], seconds: float
) -> None:
    """One rule for Railroad Ink and Tron: an infinite clock would never answer."""
    message = _refuses(lambda: make(seconds), seconds)
    assert message.startswith("seconds must be a finite number > 0 (thinking time per ")


@pytest.mark.parametrize("seconds", [np.float64(0.5), np.int64(2), 1])
def test_numpy_and_int_thinking_times_are_taken(seconds: object) -> None:
    assert ink.BotAgent("beam", "known", seconds).seconds == float(seconds)  # type: ignore[arg-type]
    assert ink.make_bot("mcts", "known", seconds).seconds == float(seconds)  # type: ignore[arg-type]
    assert tron.alphabeta_bot(seconds).name == f"alphabeta({float(seconds)}s)"  # type: ignore[arg-type]


def test_numpy_integers_are_taken_where_ints_are() -> None:
    assert tron.hex_start(np.int64(3)) == tron.hex_start(3)
    assert tron.generate_map(np.int64(9), 9, np.uint8(2)) == tron.generate_map(9, 9, 2)
    assert tron.square_grid(np.int32(5), 5) == tron.square_grid(5, 5)
    assert ink.RailroadInk(np.int64(4)).rolls == ink.RailroadInk(4).rolls
    assert ink.LookaheadBot(width=np.int64(8), seed=np.int64(1)).width == 8


# ------------------------------------------------------------ messages in words
def test_tron_seeds_name_what_a_seed_is_instead_of_numpy_errors() -> None:
    for call in (lambda: tron.hex_start(-1), lambda: tron.generate_map(9, 9, -1)):
        message = _refuses(call, -1)
        assert message == "seed must be an int >= 0, a numpy.random.Generator or None, got -1"


def test_tron_moves_are_named_in_words_not_numbers_alone() -> None:
    message = _refuses(lambda: _SQUARE.child(7), 7)
    assert message.endswith("legal: 0 (north), 1 (east), 2 (south), 3 (west)")
    message = _refuses(lambda: _HEX.child(3), 3)
    assert "-2 (big left), -1 (small left), 0 (straight), 1 (small right), 2 (big right)" in message
    match = lambda bot: play_match(tron.TronAgent(bot), _RANDOM, _SQUARE, games=1)  # noqa: E731
    message = _refuses(lambda: match(lambda state, player: 9), 9)
    assert "answered 9 for player 0 on turn 0; expected one of 0 (north)" in message


def test_tron_positions_name_cells_by_row_and_column_never_by_bitmask() -> None:
    grid, heads = _SQUARE.grid, _SQUARE.heads
    for trails in ((1, 2), (1 << heads[0] | 1 << heads[1], 1 << heads[1])):
        with pytest.raises(TreeSearchError) as info:
            tron.TronState(grid, heads, (-1, -1), trails)
        assert "(row 7, col" in str(info.value)
        assert not any(len(word) > 12 and word.isdigit() for word in str(info.value).split())


def test_the_contest_adapter_speaks_the_contest_s_terms() -> None:
    board, positions, orientations = contest_view(_HEX, 0)
    x, y = positions[0]
    off = board.copy()
    off[y, x, 0] = 0
    cases = [
        (
            (off, positions, orientations),
            f"player 0's position (x={x}, y={y}) must be on its own trail, but "
            f"board[{y}, {x}, 0] is 0",
        ),
        (
            (board, [(0, 0), positions[1]], orientations),
            "player 0's position (x=0, y=0) is off the hexagon",
        ),
        ((board * 2, positions, orientations), "board must hold 0 (free) or 1 (a trail)"),
        ((board, positions, [7, 1]), "orientations must be two facings 0..5 (0 NW, 1 NE, 2 E"),
    ]
    for args, words in cases:
        with pytest.raises(TreeSearchError) as info:
            state_from_contest(*args)
        assert words in str(info.value)
    agent = to_contest_agent(lambda state, player: 9)
    message = _refuses(lambda: agent(board, positions, orientations), 9)
    assert message.endswith(
        "a contest move is one of -2 (big left), -1 (small left), 0 (straight), "
        "1 (small right), 2 (big right)"
    )


def test_boards_too_large_are_refused_naming_the_size_and_the_limit() -> None:
    message = _refuses(lambda: tron.square_grid(10**6, 5), 5)
    assert message == "a 1000000x5 board has 5000000 cells; at most 1048576 (1024x1024) fit"
    assert math.isfinite(tron.grid.MAX_CELLS)


def test_ink_value_functions_name_what_they_need() -> None:
    assert "score_value needs a state with a board" in _refuses(lambda: ink.score_value(3), 3)
    assert "features needs a railroad_ink Board" in _refuses(lambda: ink.features("x"), "x")
    message = _refuses(lambda: ink.Board.from_moves("01D_D_"), "01D_D_")
    assert message.startswith("moves must be a list of placements such as ['01D_D_'")


# ---------------------------------------------------------------------------- mazes
def test_maze_seeds_name_what_a_seed_is() -> None:
    message = _refuses(lambda: maze.Maze.generate(5, 5, seed=[1]), [1])
    assert message == "seed must be an int, a random.Random or None, got [1]"
    assert maze.Maze.generate(5, 5, seed=np.int64(3)) == maze.Maze.generate(5, 5, seed=3)


def test_a_maze_too_large_to_fit_is_refused_naming_the_size_and_the_limit() -> None:
    """An empty MemoryError before (or minutes of generation)."""
    for call in (lambda: maze.Maze(10**6, 10**6), lambda: maze.Maze.generate(10**6, 10**6)):
        message = _refuses(call, 10**6)
        assert message == (
            "a 1000000x1000000 maze has 1000000000000 cells; at most 100000000 fit "
            "(e.g. 10000x10000)"
        )
    assert "at most 268435456 fit: give a smaller cell_px" in _refuses(
        lambda: maze.render_maze(_MAZE, cell_px=10**6), 10**6
    )


def test_a_ragged_drawing_is_refused_naming_the_line() -> None:
    ragged = """
        +---+---+
        |   |
        +---+---+
    """
    message = _refuses(lambda: maze.maze_from_ascii(ragged), "|   |")
    assert message.startswith("line 2 '|   |' is shorter than the first line (9 characters)")
    padded = "+---+---+\n|   |    \n+---+---+\n"  # a blank frame drawn with spaces is fine
    assert len(maze.maze_from_ascii(padded)) == 2


def test_maze_iterables_name_themselves() -> None:
    assert _refuses(lambda: maze.Maze(5, 5, cheese=3), 3) == (
        "cheese must be an iterable of cells, got 3"
    )
    assert "edges must be an iterable of (u, v)" in _refuses(lambda: maze.Maze(5, 5, None), None)


# ------------------------------------------------------------------------- OpenSpiel
def test_openspiel_parameters_and_actions_are_checked_at_the_entry_point(
    capfd: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("pyspiel")
    from games.openspiel import OpenSpielState

    for params in ([("winscore", 10)], "winscore=10", 10, True):
        message = _refuses(lambda p=params: OpenSpielState.initial("pig", p), params)
        assert message.startswith("params must be a dict of the game's parameters")
    assert "parameter names must be non-empty text, got 1" in _refuses(
        lambda: OpenSpielState.initial("pig", {1: 1}), 1
    )
    assert "parameter 'winscore' must be a bool, an int, a float or text" in _refuses(
        lambda: OpenSpielState.initial("pig", {"winscore": None}), None
    )
    assert OpenSpielState.initial("pig", {"winscore": np.int64(10)}).game is not None
    start = OpenSpielState.initial("tic_tac_toe")
    assert "action must be an int" in _refuses(lambda: start.play(4.0), 4.0)
    assert "action must be an int" in _refuses(lambda: start.play(True), True)
    assert start.play(np.int64(4)).move == 4
    capfd.readouterr()
    message = _refuses(lambda: OpenSpielState.initial("tic_tac_to"), "tic_tac_to")
    assert message.endswith(
        "Unknown game 'tic_tac_to'. Close names: tic_tac_toe, ultimate_tic_tac_toe."
    )
    assert capfd.readouterr().err == ""  # pyspiel's own print of the error is silenced
