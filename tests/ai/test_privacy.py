"""The AI uses only the engine's public API: no module under ai/ touches an engine private.

A static scan of every module in `aleph_null_desktop/ai/`: it fails on
* an attribute starting with one underscore read or written on anything but `self`/`cls`
  (`game._zones`, `c._rng.seed(...)`, `player._search`): the engine's privates are all reached
  this way, and the AI's own objects expose what other AI modules need publicly;
* `getattr`/`setattr`/`hasattr`/`delattr` with a private name, `vars(...)` or `.__dict__`
  (the ways round the first rule);
* importing a private name from the engine, or a private engine module (`engine._x`).
"""

import ast
from pathlib import Path

import aleph_null_desktop.ai as ai_package

AI_DIR = Path(ai_package.__file__).parent
ENGINE = "aleph_null_desktop.engine"


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _private_engine_module(module: str) -> bool:
    return module.startswith(ENGINE) and any(_private(part) for part in module.split("."))


def violations(source: str, filename: str = "<source>") -> list[str]:
    """Where `source` reaches into a private of an object that is not its own."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        where = f"{filename}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Attribute):
            owner = node.value
            own = isinstance(owner, ast.Name) and owner.id in ("self", "cls")
            if _private(node.attr) and not own:
                found.append(f"{where}: .{node.attr}")
            if node.attr == "__dict__":
                found.append(f"{where}: .__dict__")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("getattr", "setattr", "hasattr", "delattr") and len(node.args) >= 2:
                name = node.args[1]
                if not isinstance(name, ast.Constant) or not isinstance(name.value, str) or _private(name.value):
                    found.append(f"{where}: {node.func.id}(…, {ast.unparse(name)})")
            elif node.func.id == "vars":
                found.append(f"{where}: vars(…)")
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(ENGINE):
            if _private_engine_module(node.module):
                found.append(f"{where}: from {node.module} import …")
            found += [f"{where}: import {a.name}" for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Import):
            found += [f"{where}: import {a.name}" for a in node.names if _private_engine_module(a.name)]
    return found


def test_the_scan_catches_each_way_in():
    bad = """
from aleph_null_desktop.engine.game import _HANDLERS
from aleph_null_desktop.engine import _secret
import aleph_null_desktop.engine._speedups
deck = game._zones["deck"]
c._rng.seed(3)
game._stack = []
getattr(game, "_inst")
getattr(game, name)
vars(game)["_loc"]
game.__dict__
"""
    assert len(violations(bad)) == 10  # one per line
    good = """
from aleph_null_desktop.engine import Game, new_game
self._search = None
cls._cache = {}
game.zone("deck")
getattr(game, "hour")
"""
    assert violations(good) == []


def test_no_ai_module_touches_an_engine_private():
    modules = sorted(AI_DIR.rglob("*.py"))
    assert len(modules) >= 8
    found = []
    for path in modules:
        found += violations(path.read_text(encoding="utf-8"), str(path.relative_to(AI_DIR.parent)))
    assert not found, "the AI reaches into engine privates:\n" + "\n".join(found)
