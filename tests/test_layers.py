"""The layers of the package, read from its source: no import cycles, and the commands on top.

The graph is built with :mod:`ast` from every ``import`` and ``from … import`` statement
of every module of ``seabattle``, at module level or inside a function (an import put
off into a function still ties the two modules together). Imports under
``if TYPE_CHECKING:`` are left out: they are never run, and naming a type is not a
dependency the layers forbid.
"""

from __future__ import annotations

import ast
from pathlib import Path

import seabattle

PACKAGE = Path(seabattle.__file__).parent

KNOWN_CYCLE_EDGES: set[tuple[str, str]] = set()
"""Imports that close a cycle today, each to be removed (then struck off this list)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If) and _is_type_checking(node):
            found += [n for child in node.orelse for n in _imports_in(child)]
        else:
            found += _imports(node)
    return found


def _imports_in(node: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    if isinstance(node, ast.Import | ast.ImportFrom):
        return [node]
    return _imports(node)


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    paths = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in paths}

    def known(name: str) -> str | None:
        while name not in paths and "." in name:
            name = name.rpartition(".")[0]
        return name if name in paths else None

    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(parent + ([node.module] if node.module else []))
                # ``from package import module`` imports that module, else the package.
                targets = [f"{base}.{alias.name}" for alias in node.names]
            for target in targets:
                module = known(target)
                if module is not None and module != name:
                    graph[name].add(module)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_the_graph_sees_imports_inside_functions_and_skips_type_checking_ones() -> None:
    graph = import_graph()
    assert "seabattle.commands.classroom" in graph["seabattle.cli"]  # inside build_parser()
    # inside run():
    assert "seabattle.battleship.terminal.tui.classroom" in graph["seabattle.commands.classroom"]
    assert "seabattle.games.hosting" not in graph["seabattle.games.interface"]


def test_no_import_cycles_between_modules() -> None:
    graph = import_graph()
    for source, target in KNOWN_CYCLE_EDGES:
        assert target in graph[source], f"{source} no longer imports {target}: strike it off"
        graph[source].discard(target)
    assert cycles(graph) == []


def test_only_the_command_line_imports_the_commands() -> None:
    graph = import_graph()
    importers = sorted(name for name, targets in graph.items()
                       if any(t == "seabattle.commands" or t.startswith("seabattle.commands.")
                              for t in targets)
                       and name != "seabattle.cli" and not name.startswith("seabattle.commands"))
    assert importers == []


def test_a_cycle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


GAME_PACKAGES = ("seabattle.battleship", "seabattle.fleetbattle", "seabattle.manoeuvres")
SHARED = ("seabattle.coords", "seabattle.errors", "seabattle.i18n", "seabattle.games")


def _in(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def test_the_shared_parts_import_no_game() -> None:
    graph = import_graph()
    shared = [name for name in graph if _in(name, SHARED)]
    assert "seabattle.games.registry" in shared
    offending = sorted((name, target) for name in shared for target in graph[name]
                       if _in(target, GAME_PACKAGES))
    assert offending == []


def test_a_game_imports_no_application_and_no_other_game() -> None:
    """A game's screens (a ``tui`` or ``terminal`` part of its package) plug into the
    terminal shells; nothing else of a game imports an application."""
    graph = import_graph()
    applications = ("seabattle.server", "seabattle.tui", "seabattle.plain", "seabattle.arena",
                    "seabattle.rl", "seabattle.cli", "seabattle.commands", "seabattle.web")
    shells = ("seabattle.tui", "seabattle.plain")
    offending = []
    for game in GAME_PACKAGES:
        others = tuple(p for p in GAME_PACKAGES if p != game)
        for name in graph:
            if not _in(name, (game,)):
                continue
            screens = any(part in ("tui", "terminal") for part in name.split(".")[2:])
            offending += [(name, target) for target in sorted(graph[name])
                          if _in(target, applications + others)
                          and not (screens and _in(target, shells))]
    assert offending == []
