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


def _binds_underscore(node) -> bool:
    return ((isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store))
            or (isinstance(node, ast.arg) and node.arg == "_"))


def _calls_underscore(node) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"


def test_no_function_that_translates_rebinds_underscore():
    """`for _ in range(3)` or `a, _ = pair` in a function that also calls `_("…")` makes `_` a local
    there: the call fails ("'int' object is not callable") or shows a wrong text."""
    found = []
    for path, tree in _modules_importing_gettext():
        scopes = [tree] + [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                         ast.Lambda))]
        for scope in scopes:
            body = list(ast.iter_child_nodes(scope)) if scope is not tree else tree.body
            own = []
            stack = list(body)
            while stack:  # this scope's nodes, not those of functions nested in it
                node = stack.pop()
                own.append(node)
                if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                    stack.extend(ast.iter_child_nodes(node))
            if scope is not tree and any(isinstance(n, ast.arg) and n.arg == "_" for n in ast.walk(scope.args)):
                own.append(ast.arg(arg="_"))
            if any(_binds_underscore(n) for n in own) and (scope is tree or any(_calls_underscore(n) for n in own)):
                found.append(f"{path.relative_to(PACKAGE)}:{getattr(scope, 'lineno', 0)}")
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
