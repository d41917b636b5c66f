"""Translations for the pure core: gettext catalogs without Flask.

The core never imports Flask; it receives any object with ``gettext``/``ngettext``
(``gettext.NullTranslations`` for English, Babel's ``Translations`` otherwise), so
the command line and the web app share one set of catalogs.
"""
from __future__ import annotations

import gettext
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Final, Protocol

TRANSLATIONS_DIR = Path(__file__).parent / "translations"
LANGUAGES = ("en", "de", "es", "da", "it")
DEFAULT_LANGUAGE = "en"


class Translator(Protocol):
    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...


# The catalogs are gettext's own (``NullTranslations`` and its ``GNUTranslations``): a Translator,
# and npgettext besides, which the web pages' templates use.
ENGLISH: Final = gettext.NullTranslations()


def N_(message: str) -> str:
    """Marks a string for the catalog; it is translated where it is shown."""
    return message


def translator_for(language: str | None) -> gettext.NullTranslations:
    """The catalog for a language code; English (the source text) when there is none."""
    code = (language or "").replace("-", "_").split("_")[0].lower()
    if code == DEFAULT_LANGUAGE or code not in LANGUAGES:
        return ENGLISH
    return _catalog(code)


@cache
def _catalog(code: str) -> gettext.NullTranslations:
    """The compiled .mo; when it is missing or older than its .po (a fresh checkout, an
    edited catalog), the .po compiled in memory, so the catalogs work without a build step."""
    po = TRANSLATIONS_DIR / code / "LC_MESSAGES" / "messages.po"
    mo = po.with_suffix(".mo")
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as compiled:
            return gettext.GNUTranslations(compiled)
    if not po.exists():
        return ENGLISH
    from babel.messages.mofile import write_mo  # only when a catalog has to be compiled here
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source, locale=code)
    in_memory = BytesIO()
    write_mo(in_memory, catalog)
    in_memory.seek(0)
    return gettext.GNUTranslations(in_memory)


def language_of(translator: Translator) -> str:
    info: object = getattr(translator, "info", lambda: {})()
    code = info.get("language", "") if isinstance(info, dict) else ""
    return code.split("_")[0].lower() if code else DEFAULT_LANGUAGE
