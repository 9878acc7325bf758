"""The project's shape: bot/ in layers that import only the layers under them, no import cycle in
engine/, render/ or bot/ (imports needed only by the type checker count too), handlers in bot/chat that
reach storage only through the flows, and no file in bot/ over 400 lines."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "render", "bot")
# bot/'s layers, lowest first; a module may import its own layer and the ones below.
LAYERS = {
    "bot.config": 0, "bot.config_values": 0, "bot.engines": 0, "bot.workers": 0, "bot.parallel": 0,
    "bot.domain": 1,
    "bot.memory": 0,
    "bot.puzzle_config": 0,
    "bot.storage": 2, "bot.flows": 3, "bot.presentation": 4, "bot.chat": 5, "bot.platforms": 6, "bot.app": 7,
    "bot.cli": 8, "bot.puzzle_mine": 8, "bot.worker": 8,
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")}


def imports(path: Path, known: set[str]) -> set[str]:
    """The project modules `path` imports (those under `if TYPE_CHECKING:` included)."""
    found: set[str] = set()
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], base])
            found.add(base.strip("."))
            found.update(f"{base}.{alias.name}".strip(".") for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {name for name in found if name in known}


def layer(name: str) -> int | None:
    for prefix, rank in LAYERS.items():
        if name == prefix or name.startswith(prefix + "."):
            return rank
    return None


def test_bot_layers_import_only_the_layers_under_them() -> None:
    known = modules()
    wrong = []
    for name, path in known.items():
        rank = layer(name)
        if rank is None:
            continue
        for target in imports(path, set(known)):
            target_rank = layer(target)
            if target_rank is not None and target_rank > rank:
                wrong.append(f"{name} -> {target}")
    assert wrong == []


def test_every_bot_module_has_a_layer() -> None:
    unplaced = [name for name in modules() if name.startswith("bot.") and layer(name) is None]
    assert unplaced == []


def test_no_import_cycle() -> None:
    known = modules()
    graph = {name: imports(path, set(known)) - {name} for name, path in known.items()}
    # A package's __init__ importing its own submodules is not a cycle of ideas: leave those edges out.
    graph = {name: {t for t in targets if not t.startswith(name + ".")} for name, targets in graph.items()}
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def walk(node: str, trail: list[str]) -> None:
        state[node] = 1
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                cycles.append([*trail[trail.index(target):], target] if target in trail else [node, target])
            elif target not in state:
                walk(target, [*trail, target])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            walk(name, [name])
    assert cycles == []


def test_no_python_file_in_bot_is_longer_than_400_lines() -> None:
    long = {name: n for name, path in modules().items()
            if name.startswith("bot") and (n := len(path.read_text(encoding="utf-8").splitlines())) > 400}
    assert long == {}


def test_chat_handlers_reach_storage_only_through_the_flows() -> None:
    """No module of bot/chat calls a repository method: the flows are the one road to storage (the
    service, the composition of the chat layer, hands the repository on)."""
    calls = []
    for name, path in modules().items():
        if not name.startswith("bot.chat.") or name == "bot.chat.service":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, (ast.Name, ast.Attribute))
                    and ast.unparse(node.func.value).split(".")[-1] == "repository"):
                calls.append(f"{name}: {ast.unparse(node.func)}")
    assert calls == []


def test_no_untyped_catch_all_in_the_game_state_layers() -> None:
    """No `**changes: Any` in the domain, the flows or storage: every state change names its fields, so
    mypy checks them."""
    layers = ("bot.domain", "bot.flows", "bot.storage")
    found = [f"{name}:{node.kwarg.lineno}" for name, path in modules().items() if name.startswith(layers)
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.arguments) and node.kwarg is not None
             and node.kwarg.annotation is not None and ast.unparse(node.kwarg.annotation) == "Any"]
    assert found == []
