"""The engine's modules import one way (no cycle) and use no other module's private names."""

import ast
from pathlib import Path

import engine

ENGINE = Path(engine.__file__).parent


def modules() -> dict[str, ast.Module]:
    return {f"engine.{path.stem}": ast.parse(path.read_text(), str(path)) for path in ENGINE.glob("*.py")}


def engine_imports(name: str, tree: ast.Module) -> set[str]:
    """The engine modules `name` imports anywhere in it (inside functions and TYPE_CHECKING too)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("engine.")}
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "engine":  # from engine import movegen: the submodule
                found |= {f"engine.{alias.name}" for alias in node.names
                          if (ENGINE / f"{alias.name}.py").exists()}
            elif node.module.startswith("engine."):
                found.add(node.module)
    found.discard(name)
    return found


def test_engine_imports_have_no_cycle() -> None:
    trees = modules()
    graph = {name: engine_imports(name, tree) for name, tree in trees.items() if name != "engine.__init__"}
    graph = {name: {n for n in deps if n in graph} for name, deps in graph.items()}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for dep in sorted(graph[name]):
            visit(dep, (*path, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())
    assert "engine.board" not in graph["engine.notation"]  # the board reads moves through notation


def private_names_defined(tree: ast.Module) -> set[str]:
    """Private names a module defines: functions, classes, attributes set on self, module globals."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return {n for n in names if is_private(n)}


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_module_uses_another_modules_private_names() -> None:
    for name, tree in modules().items():
        own = private_names_defined(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                private = [a.name for a in node.names if is_private(a.name)]
                assert not private, f"{name} imports {private} from {node.module}"
            if isinstance(node, ast.Attribute) and is_private(node.attr):
                assert node.attr in own, f"{name} line {node.lineno} uses {node.attr}, defined elsewhere"
