"""Lists every empty or fuzzy entry of each language's catalog and exits 1 when there is one
(`make translations-check`, part of `make lint`): after `make extract`, what is left to translate."""
from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po

CATALOGS = Path(__file__).resolve().parents[1] / "assistant" / "translations"


def untranslated(po: Path) -> list[str]:
    with po.open("rb") as file:
        catalog = read_po(file)
    left = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            msgid = message.id[0] if isinstance(message.id, tuple) else message.id
            left.append(("fuzzy: " if message.fuzzy else "empty: ") + msgid)
    return left


def main() -> int:
    found = 0
    for po in sorted(CATALOGS.glob("*/LC_MESSAGES/messages.po")):
        language = po.parts[-3]
        for line in untranslated(po):
            print(f"{language}: {line}")
            found += 1
    if found:
        print(f"{found} entries to translate (docs/translations.md)", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
