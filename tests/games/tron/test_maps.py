"""Square map text: parsing, errors, the shipped maps and the seeded generator."""

from __future__ import annotations

import pytest

from games.tron import MAPS, TronMap, generate_map, load_map, parse_map, square_start
from treesearch.errors import InvalidArgumentError

SMALL = "5 4\n#####\n#1 .#\n#. 2#\n#####\n"


def _symmetric(m: TronMap) -> bool:
    g = m.grid
    last = g.cells - 1
    walls_ok = all((g.blocked >> c & 1) == (g.blocked >> (last - c) & 1) for c in range(g.cells))
    return walls_ok and m.starts[1] == last - m.starts[0]


def _connected(m: TronMap) -> bool:
    g = m.grid
    free = g.playable()
    seen = 1 << m.starts[0]
    todo = [m.starts[0]]
    while todo:
        for n in g.steps[todo.pop()]:
            if n >= 0 and free >> n & 1 and not seen >> n & 1:
                seen |= 1 << n
                todo.append(n)
    return seen == free


def test_header_and_plain_rows_give_the_same_map() -> None:
    with_header = parse_map(SMALL)
    plain = parse_map(SMALL.split("\n", 1)[1])
    assert with_header.grid.blocked == plain.grid.blocked
    assert with_header.starts == plain.starts == (6, 13)
    assert (with_header.grid.width, with_header.grid.height) == (5, 4)
    assert bin(with_header.grid.playable()).count("1") == 6


def test_to_text_round_trips() -> None:
    m = parse_map(SMALL)
    again = parse_map(m.to_text())
    assert (again.grid.blocked, again.starts) == (m.grid.blocked, m.starts)
    assert m.to_text().splitlines()[0] == "5 4"


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("3 3\n###\n#1x\n#2#\n", r"line 3, column 3: unexpected character 'x'"),
        ("3 3\n###\n#1#\n#2\n", r"line 4: '#2' has 2 characters, expected 3"),
        ("3 4\n###\n#1#\n#2#\n", "4 rows"),
        ("###\n#1#\n#1#\n", r"line 3, column 2: a second start '1'"),
        ("###\n#1#\n###\n", r"starts '1' and '2'"),
        ("\n\n", "empty"),
    ],
)
def test_parse_errors_name_the_line_and_character(text: str, match: str) -> None:
    with pytest.raises(InvalidArgumentError, match=match):
        parse_map(text)


def test_shipped_maps_are_15_to_25_wide_point_symmetric_and_connected() -> None:
    assert "box15" in MAPS and len(MAPS) >= 3
    for name in MAPS:
        m = load_map(name)
        assert 15 <= m.grid.width <= 25 and 15 <= m.grid.height <= 25, name
        assert _symmetric(m), name
        assert _connected(m), name
    box = load_map("box15")
    assert bin(box.grid.playable()).count("1") == 13 * 13  # only the border is wall


def test_load_map_names_the_unknown_map_and_the_choices() -> None:
    with pytest.raises(InvalidArgumentError, match=r"'nope'.*box15"):
        load_map("nope")
    assert load_map(SMALL).starts == (6, 13)


@pytest.mark.parametrize("seed", [0, 1, 7, 123])
def test_generated_maps_are_symmetric_connected_and_seeded(seed: int) -> None:
    m = generate_map(19, 17, seed, walls=0.2)
    assert _symmetric(m) and _connected(m)
    assert m.starts[0] != m.starts[1]
    again = generate_map(19, 17, seed, walls=0.2)
    assert (again.grid.blocked, again.starts) == (m.grid.blocked, m.starts)
    # interior walls were drawn (beyond the border's 2*19 + 2*15 cells)
    assert bin(m.grid.blocked).count("1") > 2 * 19 + 2 * 15


def test_different_seeds_give_different_maps_and_density_zero_a_box() -> None:
    maps = {generate_map(15, 15, s).grid.blocked for s in range(5)}
    assert len(maps) == 5
    empty = generate_map(15, 15, 3, walls=0)
    assert bin(empty.grid.playable()).count("1") == 13 * 13


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [({"width": 4}, "width"), ({"height": 65}, "height"), ({"walls": 0.9}, "walls")],
)
def test_generator_arguments_are_checked(kwargs: dict[str, float], match: str) -> None:
    args: dict[str, float] = {"width": 15, "height": 15, "walls": 0.1} | kwargs
    with pytest.raises(InvalidArgumentError, match=match):
        generate_map(int(args["width"]), int(args["height"]), 0, walls=args["walls"])


def test_maps_of_any_size_print_and_equal_maps_compare_equal() -> None:
    rows = ["1" + " " * 129] + [" " * 130] * 128 + [" " * 129 + "2"]
    big = load_map("130 130\n" + "\n".join(rows) + "\n")  # 16,900 cells: a huge bitmask
    assert repr(big) == "TronMap(grid=Grid(130x130 square, 0 blocked), starts=(0, 16899))"
    assert "130x130" in repr(square_start(big))
    a, b = generate_map(20, 20, 1), generate_map(20, 20, 1)
    assert a == b and hash(a) == hash(b) and a.grid is not b.grid
    assert a != generate_map(20, 20, 2)
    assert square_start(a) == square_start(b)  # states on equal maps compare by position
