"""The module graph has none of the import cycles issue 25 names: the simulator and the editor's
card test, the card editor and the pygame icons, the app and its display mode. Imports inside
functions count too (they are still a dependency, only a later one)."""

import ast
from pathlib import Path

import aleph_null_desktop

ROOT = Path(aleph_null_desktop.__file__).parent


def _imports(module: str) -> set[str]:
    path = ROOT.joinpath(*module.split(".")[1:]).with_suffix(".py")
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


def test_the_simulator_does_not_import_the_editor_nor_argparse():
    imports = _imports("aleph_null_desktop.ai.simulate")
    assert not any(m.startswith("aleph_null_desktop.editor") for m in imports)
    assert "argparse" not in imports  # the command line is cli.py's


def test_the_card_editor_model_imports_no_ui_and_no_pygame():
    for module in ("aleph_null_desktop.editor.draft", "aleph_null_desktop.icon_shapes"):
        imports = _imports(module)
        assert not any(m.startswith(("aleph_null_desktop.ui", "pygame")) for m in imports), module


def test_the_display_mode_does_not_import_the_app():
    assert not any(m.startswith("aleph_null_desktop.ui.app") for m in _imports("aleph_null_desktop.ui.display_mode"))
