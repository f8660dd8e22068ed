"""No import circles in scala40/ or web/: the graph of module imports, read from the
source (imports under ``TYPE_CHECKING`` and inside functions count too), has no cycle.
A circle is named in the failure, module by module."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("scala40", "web")


def module_files() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (REPO / package).rglob("*.py"):
            parts = path.relative_to(REPO).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that ``name`` (at ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` (its modules in import order, the first repeated), if any."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return [*path[path.index(node):], node]
        if node in done:
            return None
        for nxt in sorted(graph[node]):
            found = visit(nxt, [*path, node])
            if found:
                return found
        done.add(node)
        return None

    for start in sorted(graph):
        found = visit(start, [])
        if found:
            return found
    return None


def test_the_cycle_finder_names_a_circle():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_no_module_imports_itself_back():
    known = module_files()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    circle = cycle(graph)
    assert circle is None, "import circle: " + " -> ".join(circle or [])
