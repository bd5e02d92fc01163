"""Building mazes from dicts, matrices, networkx graphs and drawings, and back."""

from __future__ import annotations

import sys
import textwrap
from typing import Any

import numpy as np
import pytest

from games.maze import Maze, maze_from_graph, parse_ascii, to_ascii
from tests.games.maze.helpers import reference_dict
from treesearch import InvalidArgumentError

DRAWING = """
    +---+---+---+
    | S 3 * |###|
    +   +---+---+
    |       2 E |
    +---+---+---+
"""


def test_parse_the_documented_example() -> None:
    parsed = parse_ascii(DRAWING)
    maze = parsed.maze
    assert (maze.width, maze.height) == (3, 2)
    assert maze.to_dict() == {
        0: {1: 3, 3: 1},
        1: {0: 3},
        3: {0: 1, 4: 1},
        4: {3: 1, 5: 2},
        5: {4: 2},
    }
    assert maze.cheese == frozenset({1})
    assert parsed.markers == {"E": (5,), "S": (0,)}
    assert to_ascii(maze, parsed.markers) == textwrap.dedent(DRAWING).strip()


def test_plain_maze_from_ascii_refuses_markers() -> None:
    with pytest.raises(InvalidArgumentError, match=r"markers \['E', 'S'\].*parse_ascii"):
        Maze.from_ascii(DRAWING)
    maze = Maze.from_ascii(DRAWING.replace("S", " ").replace("E", " "))
    assert len(maze) == 5


@pytest.mark.parametrize("seed", range(8))
def test_ascii_round_trip_of_generated_mazes(seed: int) -> None:
    maze = Maze.generate(11, 7, mud_range=(2, 9), nb_cheese=4, seed=seed)
    text = str(maze)
    assert Maze.from_ascii(text) == maze
    assert to_ascii(Maze.from_ascii(text)) == text


def test_single_column_maze() -> None:
    maze = Maze.from_ascii("""
        +---+
        |   |
        + 4 +
        |   |
        +---+
        | * |
        +---+
    """)
    assert (maze.width, maze.height) == (1, 3)
    assert maze.to_dict() == {0: {1: 4}, 1: {0: 4}, 2: {}}
    assert maze.cheese == frozenset({2})
    assert Maze.from_ascii(str(maze)) == maze


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("+---+\n|   |", "odd number"),
        ("+--+\n|  |\n+--+", "4 characters per cell"),
        ("+---+---+\n|   |   |\n+---+---+---+", "line 3 .* longer than the first"),
        ("+---+---+\n|   |   |\n+---|---+", "line 3, column 5: expected a '\\+' corner"),
        ("+---+---+\n| x?|   |\n+---+---+", "cell content 'x\\?'"),
        ("+---+---+\n|   /   |\n+---+---+", "boundary '/' is not"),
        ("+---+---+\n|   |   |\n+-x-+---+", "boundary '-x-' is not"),
        ("+---+---+\n|   3###|\n+---+---+", "mud of weight 3 beside a hole"),
        ("+---+---+\n3   |   |\n+---+---+", "mud of weight 3 .* outer frame"),
    ],
)
def test_malformed_drawings_are_rejected(text: str, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        parse_ascii(text)


def test_to_ascii_limits() -> None:
    with pytest.raises(
        InvalidArgumentError, match="weight 12; the ASCII format holds weights up to"
    ):
        to_ascii(Maze(2, 1, [(0, 1, 12)]))
    maze = Maze(2, 1, [(0, 1)], cheese=[0])
    with pytest.raises(InvalidArgumentError, match="both '\\*' and 'S'"):
        to_ascii(maze, {"S": [0]})
    with pytest.raises(InvalidArgumentError, match="one letter"):
        to_ascii(maze, {"SS": [1]})


@pytest.mark.parametrize("seed", range(5))
def test_dict_and_matrix_round_trips(seed: int) -> None:
    maze = Maze.generate(9, 8, nb_cheese=3, seed=seed)
    assert Maze.from_graph(maze.to_dict(), 9, 8, cheese=maze.cheese) == maze
    assert Maze.from_matrix(maze.to_matrix(), 9, cheese=maze.cheese) == maze
    if any(v - u == 9 for u, v, _ in maze.edges()):
        assert Maze.from_graph(maze.to_dict(), height=8, cheese=maze.cheese) == maze


def test_width_inference() -> None:
    assert Maze.from_graph(reference_dict()).width == 5
    row = Maze.from_graph({0: {}, 1: {}, 2: {}})
    assert (row.width, row.height) == (3, 1)
    assert Maze.from_graph({0: {1: 1}, 1: {0: 1}}, width=2).to_dict() == {0: {1: 1}, 1: {0: 1}}


@pytest.mark.parametrize(
    ("graph", "message"),
    [
        ({0: {6: 1}, 6: {0: 1}}, r"cells 0 and 6 are not 4-neighbours .* width 5"),
        ({4: {5: 1}, 5: {4: 1}}, r"cells 4 and 5 are not 4-neighbours"),
        ({0: {1: 2}, 1: {0: 3}}, r"edge \(0, 1\) has weight 2 one way and 3 the other"),
        ({0: {1: 1}, 1: {}}, r"edge \(0, 1\) is one-way"),
        ({0: {1: 0}, 1: {0: 0}}, r"weight 0; weights are turns to cross, an int >= 1"),
        ({0: {1: -2}, 1: {0: -2}}, r"weight -2"),
        ({0: {1: 1.5}, 1: {0: 1.5}}, r"weight of edge \(0, 1\) must be an int, got 1.5"),
        ({0: {9: 1}}, r"neighbour 9, which is not a cell"),
        ({"a": {}}, r"a cell of the graph must be an int, got 'a'"),
        ({-1: {}}, r"cells are ints >= 0, got -1"),
        ({0: [1]}, r"neighbours of cell 0 must be a mapping"),
        ({30: {}}, r"cell 30 is outside the 5x5 grid"),
    ],
)
def test_malformed_graphs_are_rejected(graph: dict[object, object], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        Maze.from_graph(graph, width=5, height=5)


def test_networkx_graphs() -> None:
    import networkx as nx

    maze = Maze.generate(8, 6, seed=4)
    g = nx.Graph()
    g.add_nodes_from(maze.vertices)
    g.add_weighted_edges_from(maze.edges())
    assert Maze.from_graph(g, 8, 6) == maze
    unweighted = nx.grid_2d_graph(2, 3)
    relabelled = nx.relabel_nodes(unweighted, {(r, c): r * 3 + c for r, c in unweighted})
    assert Maze.from_graph(relabelled).to_dict()[0] == {1: 1, 3: 1}
    directed = nx.DiGraph([(0, 1)])
    with pytest.raises(InvalidArgumentError, match="one-way"):
        Maze.from_graph(directed, 2, 1)
    with pytest.raises(InvalidArgumentError, match="multigraph"):
        Maze.from_graph(nx.MultiGraph([(0, 1)]), 2, 1)


def test_networkx_missing_names_the_install(monkeypatch: pytest.MonkeyPatch) -> None:
    class FakeGraph:
        def __init__(self) -> None:
            self.adj: dict[int, dict[int, dict[str, int]]] = {}
            self.nodes: list[int] = []

    monkeypatch.setitem(sys.modules, "networkx", None)
    with pytest.raises(ImportError, match="pip install networkx"):
        Maze.from_graph(FakeGraph())


@pytest.mark.parametrize(
    ("matrix", "kwargs", "message"),
    [
        (np.zeros((2, 3)), {}, r"square and non-empty, got shape \(2, 3\)"),
        (np.array([[0, 1], [2, 0]]), {}, r"symmetric: entry \(0, 1\) is 1 but \(1, 0\) is 2"),
        (np.array([[0, -1], [-1, 0]]), {}, r"weights must be >= 0"),
        (np.array([[0, 1.5], [1.5, 0]]), {}, r"weights must be integers"),
        (np.array([["a", "b"], ["c", "d"]]), {}, r"must hold numbers"),
        (np.zeros((4, 4)), {}, r"no edge: pass width"),
        (np.zeros((6, 6)), {"width": 4}, r"width 4 does not divide the matrix size 6"),
        (np.zeros((6, 6)), {"width": 2, "height": 2}, r"got 6x6"),
    ],
)
def test_malformed_matrices_are_rejected(
    matrix: np.ndarray, kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        Maze.from_matrix(matrix, **kwargs)


def test_constructor_validation() -> None:
    with pytest.raises(InvalidArgumentError, match=r"width >= 1 and height >= 1, got 0 x 3"):
        Maze(0, 3)
    with pytest.raises(InvalidArgumentError, match=r"cell 9 is outside the 3x3 grid"):
        Maze(3, 3, cells=[9])
    with pytest.raises(InvalidArgumentError, match=r"edge \(0, 1\) has end 1, which is not a cell"):
        Maze(3, 3, [(0, 1)], cells=[0, 3])
    with pytest.raises(InvalidArgumentError, match=r"given twice with different weights: 1 and 2"):
        Maze(3, 3, [(0, 1), (1, 0, 2)])
    with pytest.raises(InvalidArgumentError, match=r"an edge must be a tuple"):
        Maze(3, 3, [[0, 1]])  # type: ignore[list-item]
    with pytest.raises(InvalidArgumentError, match=r"cheese cell 4 is a hole"):
        Maze(3, 3, cells=[0, 1], cheese=[4])
    assert Maze(3, 3, [(0, 1), (1, 0)]).nb_edges == 1
    with pytest.raises(InvalidArgumentError, match=r"edge \(4, 4\) is a self-loop on cell 4"):
        Maze(3, 3, [(4, 4)])


def test_self_loops_are_refused_by_every_constructor() -> None:
    # Before: from_graph dropped {0: {0: 1}} silently, from_matrix said "not 4-neighbours".
    with pytest.raises(InvalidArgumentError, match=r"cell 0 lists itself as a neighbour"):
        Maze.from_graph({0: {0: 1, 1: 1}, 1: {0: 1}})
    with pytest.raises(InvalidArgumentError, match=r"cell 2 lists itself"):
        maze_from_graph({1: {2: 1}, 2: {1: 1, 2: 3}})
    matrix = np.zeros((4, 4), dtype=int)
    matrix[0, 1] = matrix[1, 0] = 1
    matrix[3, 3] = 2
    with pytest.raises(InvalidArgumentError, match=r"entry \(3, 3\) is 2: a self-loop on cell 3"):
        Maze.from_matrix(matrix, 2)


def test_self_loop_of_a_networkx_graph_is_refused() -> None:
    nx = pytest.importorskip("networkx")
    graph = nx.Graph([(0, 1), (1, 1)])
    with pytest.raises(InvalidArgumentError, match=r"cell 1 lists itself"):
        Maze.from_graph(graph)


def test_coordinates_and_nearest_cell() -> None:
    maze = Maze.from_graph(reference_dict())
    assert maze.i_to_rc(17) == (3, 2)
    assert maze.rc_to_i(3, 2) == 17
    assert maze.rc_exists(0, 0) and not maze.rc_exists(0, 1) and not maze.rc_exists(5, 0)
    assert maze.coords_difference(16, 11) == (-1, 0)
    assert maze.nearest_cell(row=2, col=2) == 7  # (2, 2) is the hole 12; 7, 11, 13, 17 tie
    assert maze.nearest_cell(row=0, col=1) == 0
    with pytest.raises(InvalidArgumentError, match=r"\(row, col\) = \(5, 0\) is outside"):
        maze.rc_to_i(5, 0)
    with pytest.raises(InvalidArgumentError, match="cell 25 is outside"):
        maze.i_to_rc(25)

    assert repr(maze) == "<Maze 5x5: 22 cells, 25 edges, 0 cheese>"
    assert maze.is_weighted


def test_nearest_cell_takes_named_coordinates_inside_the_grid() -> None:
    # Sizes are (width, height) and coordinates (row, col): the old positional call, which
    # read backwards next to Maze.generate(width, height), is refused, never reinterpreted.
    maze = Maze.generate(6, 3, cell_percentage=100, seed=0)
    assert maze.nearest_cell(row=2, col=5) == 17 == maze.rc_to_i(2, 5)
    with pytest.raises(TypeError):
        maze.nearest_cell(2, 5)  # type: ignore[call-arg]
    with pytest.raises(InvalidArgumentError, match=r"\(row, col\) = \(5, 2\) is outside the 6x3"):
        maze.nearest_cell(row=5, col=2)
    with pytest.raises(InvalidArgumentError, match="row must be an int"):
        maze.nearest_cell(row=1.5, col=0)  # type: ignore[arg-type]
