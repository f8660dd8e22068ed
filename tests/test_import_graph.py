"""No import circles in scala40/ or web/: the graph of module imports, read from the
source (imports under ``TYPE_CHECKING`` and inside functions count too), has no cycle.
A circle is named in the failure, module by module. And web/'s folders are layers:
no folder imports one above it (the table calls the features through what they
registered: web/table/registry.py, web/table/kinds.py), and no two folders import
each other."""

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


# -- web/'s folders as layers (STYLE.md, "The next step") ------------------------------

#: web/'s folders, lowest first: a folder imports from its own layer's and lower ones'.
LAYERS = (("i18n",), ("ui",), ("store",), ("table",),
          ("newgame", "daily", "learn", "replay", "friends"), ("page",))


def folder_imports() -> dict[str, set[str]]:
    """Each of web/'s folders, and the other folders its modules import."""
    known = module_files()
    found: dict[str, set[str]] = {}
    for name, path in known.items():
        parts = name.split(".")
        if parts[0] != "web" or len(parts) < 3:
            continue
        found.setdefault(parts[1], set()).update(
            target.split(".")[1] for target in imports(name, path, known)
            if target.startswith("web.") and target.count(".") >= 1
            and target.split(".")[1] != parts[1] and (REPO / "web" / target.split(".")[1]).is_dir())
    return found


def test_every_folder_of_web_has_its_layer():
    assert set(folder_imports()) <= {folder for layer in LAYERS for folder in layer}


def test_no_folder_imports_a_layer_above_its_own():
    rank = {folder: level for level, layer in enumerate(LAYERS) for folder in layer}
    upward = {(folder, target) for folder, targets in folder_imports().items()
              for target in targets if rank[target] > rank[folder]}
    assert upward == set()


def test_no_two_folders_of_web_import_each_other():
    graph = folder_imports()
    both = {tuple(sorted((a, b))) for a, targets in graph.items() for b in targets
            if a in graph.get(b, set())}
    assert both == set()
