"""The translation catalogues: extract the marked strings, update each language, compile, check.

    python tools/i18n.py extract           # aleph_null_desktop/locale/aleph_null.pot from the code
    python tools/i18n.py update            # merge the .pot into every <lang>/LC_MESSAGES/aleph_null.po
    python tools/i18n.py init fr           # start a new language from the .pot
    python tools/i18n.py compile           # every .po -> .mo (the game reads the .mo)
    python tools/i18n.py check             # counts per language: translated, fuzzy, untranslated,
                                           # missing from the .po; exit 1 unless all complete
    python tools/i18n.py all               # extract, update, compile, check

Needs Babel (`pip install -e ".[test]"`). The game itself needs only the standard library's gettext.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "aleph_null_desktop" / "locale"
DOMAIN = "aleph_null"
POT = LOCALE / f"{DOMAIN}.pot"


def _babel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> None:
    _babel("extract", "-F", str(ROOT / "babel.cfg"), "-o", str(POT), "--no-location", "--sort-output",
           "-k", "N_", "-k", "later", "-k", "nlater:1,2", "--project", "Aleph Null Desktop", "--no-wrap", "--add-comments=TRANSLATORS:", str(ROOT / "aleph_null_desktop"))


def update() -> None:
    for language in languages():
        _babel("update", "-i", str(POT), "-o", str(po_path(language)), "-l", language,
               "--no-fuzzy-matching", "--ignore-obsolete", "--no-wrap")


def init(language: str) -> None:
    _babel("init", "-i", str(POT), "-o", str(po_path(language)), "-l", language)


def compile_all() -> None:
    for language in languages():
        _babel("compile", "-i", str(po_path(language)), "-o", str(po_path(language).with_suffix(".mo")),
               "-l", language, "-D", DOMAIN)


def check() -> bool:
    """Prints the state of every catalogue; True when all are complete and current."""
    from babel.messages.pofile import read_po

    with open(POT, "rb") as fh:
        wanted = {m.id for m in read_po(fh) if m.id}
    ok = True
    for language in languages():
        with open(po_path(language), "rb") as fh:
            catalog = read_po(fh)
        msgs = [m for m in catalog if m.id]
        fuzzy = [m for m in msgs if m.fuzzy]
        untranslated = [m for m in msgs if not (all(m.string) if isinstance(m.string, tuple) else m.string)]
        missing = wanted - {m.id for m in msgs}
        print(f"{language}: {len(msgs) - len(fuzzy) - len(untranslated)} translated, {len(fuzzy)} fuzzy, "
              f"{len(untranslated)} untranslated, {len(missing)} not yet in the .po")
        for m in (untranslated + fuzzy)[:20]:
            print("   ", m.id if isinstance(m.id, str) else m.id[0])
        ok = ok and not fuzzy and not untranslated and not missing
    return ok


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "init" and len(argv) == 2:
        init(argv[1])
    elif command == "compile":
        compile_all()
    elif command == "all":
        extract(), update(), compile_all()
        return 0 if check() else 1
    elif command == "check":
        return 0 if check() else 1
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
