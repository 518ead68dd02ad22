"""Source check: a text literal handed to a place that shows words to the player (drawing, a
button, the log, a warning, a dialog) goes through `_()` / `ngettext()` / `N_()`. A literal with
no word in it (a sign, a number, a separator) or a proper name of ALLOWED is no fault."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import aleph_null_desktop

UI = Path(aleph_null_desktop.__file__).resolve().parent / "ui"

# the call (function or method name) -> which positional arguments and keywords are words on screen
SINKS = {
    "blit_text": ((2,), ("text",)), "blit_wrapped": ((2,), ("text",)), "wrap": ((1,), ("text",)),
    "fit_font": ((2,), ("text",)), "Button": ((1,), ("label", "detail")), "say": ((0,), ()),
    "report": ((0,), ()), "notice": ((0,), ()), "ConfirmDialog": ((1, 2, 3), ("yes", "no")),
    "ConfirmScene": ((1, 2, 3, 4), ("yes", "no")), "_text": ((2,), ()), "draw_prompt": ((3,), ()),
}
METHOD_SINKS = {"render": ((0,), ()), "add": ((0,), ())}  # font.render(text, …), log.add(text)
FUNCTION_ONLY = {"render": ((1,), ())}  # ui.render.text.render(font, text, colour)
ATTRIBUTES = {"label", "detail", "title", "message", "prompt"}  # `thing.label = "…"`
ALLOWED = {"BAPHOMET", "ALEPH NULL", "Aleph Null", "Esc", "F1", "F11"}  # names, and keys named alike in German
NOT_SHOWN = {"print", "append"}  # f-strings with words in any other call are a sentence being shown
# ui/editor/ is the card editor helper's (issue 18, worktree german): its texts are checked there
ELSEWHERE = ("editor",)
WORD = re.compile(r"[^\W\d_]{2,}")


def _words(node) -> str | None:
    """The literal text with words in it that `node` is, else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    elif isinstance(node, ast.BinOp):
        return _words(node.left) or _words(node.right)
    elif isinstance(node, ast.IfExp):
        return _words(node.body) or _words(node.orelse)
    else:
        return None
    if text.strip() in ALLOWED or not WORD.search(text):
        return None
    return text


def _sink(call: ast.Call):
    func = call.func
    if isinstance(func, ast.Name):
        return SINKS.get(func.id) or FUNCTION_ONLY.get(func.id)
    if isinstance(func, ast.Attribute):
        if func.attr == "add" and not (isinstance(func.value, ast.Attribute) and func.value.attr == "log"):
            return None
        return SINKS.get(func.attr) or METHOD_SINKS.get(func.attr)
    return None


def _a_sentence(node) -> bool:
    """An f-string with a phrase of words in it ("Hand ({n} of {m})"), not a key or a file name."""
    return isinstance(node, ast.JoinedStr) and bool(re.search(r"[^\W\d_]{2,} |\s[^\W\d_]{2,}", "".join(
        v.value for v in node.values if isinstance(v, ast.Constant))))


def _called(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def literals_shown_untranslated(root: Path = UI, skip: tuple[str, ...] = ()) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.relative_to(root).parts[0] in skip:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            shown = []
            if isinstance(node, ast.Call):
                sink = _sink(node)
                if sink:
                    positions, keywords = sink
                    shown = [node.args[i] for i in positions if i < len(node.args)]
                    shown += [k.value for k in node.keywords if k.arg in keywords]
                name = _called(node)
                if name not in NOT_SHOWN and not name.endswith(("Error", "Exception")):
                    shown += [a for a in [*node.args, *(k.value for k in node.keywords)]
                              if _a_sentence(a) and a not in shown]
            elif isinstance(node, ast.Assign):
                if any(isinstance(t, ast.Attribute) and t.attr in ATTRIBUTES for t in node.targets):
                    shown = [node.value]
            for arg in shown:
                text = _words(arg)
                if text is not None:
                    found.append(f"{path.relative_to(root)}:{arg.lineno}: {text!r}")
    return found


def test_the_check_finds_a_literal_shown_untranslated(tmp_path):
    (tmp_path / "screen.py").write_text(
        'blit_text(s, f, "Judgement", c, p)\nblit_text(s, f, _("Judgement"), c, p)\n'
        'scene.log.add(f"Hand ({n} of {m})")\nbutton.label = "·"\nrender(font, "→", c)\n'
        'Button(r, "Back", detail=_("home"))\nself._outline(s, "hand", f"Hand ({n} of {m})")\n'
        'raise ValueError(f"no page {p}")\nasset_path("art", f"{name}.svg")\n', encoding="utf-8")
    assert [line.split(": ", 1)[1] for line in literals_shown_untranslated(tmp_path)] == [
        "'Judgement'", "'Hand ( of )'", "'Back'", "'Hand ( of )'"]


def test_every_text_the_ui_shows_is_translated():
    found = literals_shown_untranslated(skip=ELSEWHERE)
    assert found == [], "wrap these in _() / ngettext() (or N_() where they are defined):\n" + "\n".join(found)
