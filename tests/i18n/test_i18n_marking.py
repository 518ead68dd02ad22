"""Source checks for the text marking: `_` must stay the translation function wherever it is used."""

from __future__ import annotations

import ast
from pathlib import Path

import aleph_null_desktop

PACKAGE = Path(aleph_null_desktop.__file__).resolve().parent


def _modules_importing_gettext():
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        if any(isinstance(node, ast.ImportFrom) and node.module == "aleph_null_desktop.i18n"
               and any(alias.name == "_" and alias.asname is None for alias in node.names)
               for node in ast.walk(tree)):
            yield path, tree


def test_no_module_that_translates_rebinds_underscore():
    """`for _ in range(3)` or `a, _ = pair` inside a module that calls `_()` turns the next `_("…")`
    of that function into "'int' object is not callable" (or a silent wrong text)."""
    found = []
    for path, tree in _modules_importing_gettext():
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
            elif isinstance(node, ast.arg) and node.arg == "_":
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == [], "rename the throwaway variable `_` (e.g. to `_n`): " + ", ".join(found)


def test_no_translation_of_an_empty_text():
    """`_("")` returns the catalogue's header, not an empty text."""
    found = []
    for path, tree in _modules_importing_gettext():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
                    and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value == ""):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == []
