"""The packages' rooms and the way their imports run.

The core (``treesearch`` without its command line) imports neither ``games`` nor
``observers``; ``observers`` never import ``games``; the command line, ``treesearch.cli``,
is the one room that imports both, and nothing else imports it. Games import no harness
(``treesearch.match``, ``treesearch.compare``): they implement the agent protocol of the
core (``treesearch.agents``). Lazy imports count.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("treesearch", "games", "observers")


def _modules() -> dict[str, Path]:
    """Every module of the three packages by dotted name."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _imports(path: Path) -> set[str]:
    """The modules the file at ``path`` imports anywhere (top level, functions, TYPE_CHECKING)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def _under(name: str, room: str) -> bool:
    return name == room or name.startswith(room + ".")


MODULES = _modules()


def _forbidden(module: str) -> tuple[str, ...]:
    """The rooms ``module`` must not import."""
    if _under(module, "treesearch.cli"):
        return ()
    if _under(module, "treesearch"):
        return ("games", "observers", "treesearch.cli")
    if _under(module, "observers"):
        return ("games", "treesearch.cli")
    return ("treesearch.cli", "treesearch.match", "treesearch.compare")  # games


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_run_one_way(module: str) -> None:
    bad = sorted(
        name
        for name in _imports(MODULES[module])
        for room in _forbidden(module)
        if _under(name, room)
    )
    assert not bad, f"{module} imports {bad}"


def test_the_rooms_are_where_their_names_say() -> None:
    for room in (
        "treesearch.cli",
        "treesearch.match",
        "treesearch.compare",
        "treesearch.mcts",
        "treesearch.alphabeta",
    ):
        assert room in MODULES, f"{room} is missing"
    assert not any(_under(m, n) for m in MODULES for n in ("games.cli", "games.match"))
    assert not any(_under(m, "games.compare") for m in MODULES)
    assert not any(m.startswith(("treesearch.mcts_", "treesearch.alphabeta_")) for m in MODULES)


def test_the_catalog_names_no_game() -> None:
    """The command line's catalog imports no game and names none: games come by entry points."""
    catalog = ROOT / "treesearch" / "cli" / "catalog"
    named = sorted(
        f"{path.relative_to(ROOT)}:{number}"
        for path in catalog.rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "games." in line
    )
    assert not named, f"the catalog names games: {named}"


def test_every_bundled_game_is_an_entry_point_of_its_own_package() -> None:
    """Each bundled game's entry lives with the game and is registered like a plugin's."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    games = project["project"]["entry-points"]["treesearch.games"]
    assert games, "no bundled game is registered in pyproject.toml"
    assert all(value.startswith("games.") for value in games.values()), games


PARALLEL_FILE_NAMES = {
    "__init__.py": "each package's own",
    "render.py": "each game's renderer (games.maze, games.tron)",
    "grid.py": "each game's board geometry (games.maze, games.tron)",
    "value.py": "each game's position values (games.railroad_ink.bots, games.tron)",
    "features.py": "each game's numbers describing positions (games.railroad_ink.bots, games.tron)",
    "film.py": "each game's film of a played game (games.railroad_ink, games.tron)",
    "entry.py": "each game package's command-line entry (games.maze, games.railroad_ink, ...)",
}
"""File names several modules may share, because they hold the same role in parallel packages."""


def test_no_two_modules_share_a_file_name_unless_their_roles_are_parallel() -> None:
    homes: dict[str, list[str]] = {}
    for path in MODULES.values():
        homes.setdefault(path.name, []).append(str(path.relative_to(ROOT)))
    shared = {
        name: sorted(paths)
        for name, paths in homes.items()
        if len(paths) > 1 and name not in PARALLEL_FILE_NAMES
    }
    assert not shared, (
        f"modules sharing a file name (rename each for the noun it defines): {shared}"
    )


MAX_FUNCTION_LINES = 60
# The per-node loops, kept whole because a function call per node (or per step) costs speed.
HOT_LOOPS = {
    "treesearch.alphabeta.alphabeta:AlphaBeta._search",  # one alpha-beta search, per node
    "treesearch.alphabeta.minimax:Run.search",  # the recursive minimax, called per node
    "treesearch.backtracking:Backtracking._search",  # the depth-first walk, per node
    "treesearch.beam:BeamSearch._search",  # the beam's layers, per node
    "treesearch.best_first:_BestFirst._search",  # the frontier loop, per node
    "treesearch.flat_mc:FlatMonteCarlo._search",  # the play-outs, per step
    "treesearch.iddfs:_round",  # one depth-limited round, per node
    "treesearch.mcts.simulate:Simulator.__call__",  # one MCTS simulation, per node
    "treesearch.random_walk:RandomWalk._search",  # the walks, per step
    "treesearch.traversal:BFS._graph",  # the breadth-first graph search, per node
    "games.railroad_ink.bots.features:features",  # run on every board a bot ranks
    "games.railroad_ink.engine.scoring:_trail",  # compiled kernel, per trail step
    "games.railroad_ink.engine.ntuple:play_game",  # compiled kernel, per placement
    "games.railroad_ink.engine.plans:_walk",  # compiled kernel, per placement of a play-out
    "games.tron.deep:_search",  # compiled kernel, per node of the deep search
}


def _function_lengths() -> dict[str, tuple[int, str]]:
    """``module:Qual.name`` -> (lines of code without the docstring, the docstring)."""
    found: dict[str, tuple[int, str]] = {}

    def visit(module: str, node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + child.name
                if not isinstance(child, ast.ClassDef):
                    assert child.end_lineno is not None
                    lines = child.end_lineno - child.lineno + 1
                    doc = ast.get_docstring(child, clean=False)
                    if doc is not None:
                        first = child.body[0]
                        assert first.end_lineno is not None
                        lines -= first.end_lineno - first.lineno + 1
                    found[f"{module}:{name}"] = (lines, doc or "")
                visit(module, child, name + ".")
            else:
                visit(module, child, prefix)

    for module, path in MODULES.items():
        visit(module, ast.parse(path.read_text(encoding="utf-8")), "")
    return found


def test_no_function_is_over_60_lines_outside_the_hot_loops() -> None:
    """Functions hold at most 60 lines, counted from ``def`` to their end less the docstring.

    The documented hot loops are the exception: each is listed in ``HOT_LOOPS``, still over
    the limit, and says "Hot loop" in its docstring.
    """
    lengths = _function_lengths()
    long = {name for name, (lines, _) in lengths.items() if lines > MAX_FUNCTION_LINES}
    assert sorted(long - HOT_LOOPS) == []
    assert sorted(HOT_LOOPS - long) == []  # a hot loop that shrank leaves the list
    assert [name for name in sorted(HOT_LOOPS) if "Hot loop" not in lengths[name][1]] == []


def _module_of(name: str) -> str | None:
    """The module of the packages that ``name`` (a module or a name in one) lives in."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _import_graph() -> dict[str, set[str]]:
    """Each module and the modules of the packages it imports, lazily or not."""
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            targets.update(t for t in map(_module_of, names) if t and t != module)
        graph[module] = targets
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, around a circle (strong components)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []
    for root in graph:
        if root in order:
            continue
        work = [(root, iter(sorted(graph[root])))]
        order[root] = low[root] = len(order)
        stack.append(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in order:
                    order[target] = low[target] = len(order)
                    stack.append(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in stack:
                    low[node] = min(low[node], order[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == order[node]:
                group = []
                while True:
                    member = stack.pop()
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    circles.append(sorted(group))
    return circles


def test_no_modules_import_each_other_around_a_circle() -> None:
    assert _circles(_import_graph()) == []


def test_a_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]
