"""`make translations-check` (tools/translations_check.py) names every empty or fuzzy entry."""
from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("translations_check", ROOT / "tools" / "translations_check.py")
assert spec and spec.loader
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)

CATALOG = '''msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Done"
msgstr "Fertig"

msgid "History"
msgstr ""

#, fuzzy
msgid "Keep it"
msgstr "Behalten"

msgid "%(num)d cell"
msgid_plural "%(num)d cells"
msgstr[0] "%(num)d Feld"
msgstr[1] ""
'''


def test_it_names_empty_fuzzy_and_half_translated_plurals(tmp_path):
    po = tmp_path / "messages.po"
    po.write_text(CATALOG, encoding="utf-8")
    assert check.untranslated(po) == ["empty: History", "fuzzy: Keep it", "empty: %(num)d cell"]


def test_the_shipped_catalogs_have_nothing_left():
    assert check.main() == 0
