"""Translations for the pure core: gettext catalogs without Flask.

The core never imports Flask; it receives any object with ``gettext``/``ngettext``
(``gettext.NullTranslations`` for English, Babel's ``Translations`` otherwise), so
the command line and the web app share one set of catalogs.
"""
from __future__ import annotations

import gettext
from pathlib import Path
from typing import Protocol

TRANSLATIONS_DIR = Path(__file__).parent / "translations"
LANGUAGES = ("en", "de", "es", "da", "it")
DEFAULT_LANGUAGE = "en"


class Translator(Protocol):
    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...


ENGLISH: Translator = gettext.NullTranslations()


def N_(message: str) -> str:
    """Marks a string for the catalog; it is translated where it is shown."""
    return message


def translator_for(language: str | None) -> Translator:
    """The catalog for a language code; English (the source text) when there is none."""
    if not language or language == DEFAULT_LANGUAGE:
        return ENGLISH
    try:
        return gettext.translation("messages", TRANSLATIONS_DIR, languages=[language])
    except OSError:
        return ENGLISH


def language_of(translator: Translator) -> str:
    info = getattr(translator, "info", lambda: {})()
    code = info.get("language", "") if isinstance(info, dict) else ""
    return code.split("_")[0].lower() if code else DEFAULT_LANGUAGE
