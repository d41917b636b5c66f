"""gettext for the web layer, through the request's catalog looked up once.

Flask-Babel's own ``gettext`` looks the catalog up again on every call, which costs more than
the translation; a board page translates dozens of strings. Same catalogs, same results.
"""
from __future__ import annotations

from flask import g
from flask_babel import get_locale, get_translations
from flask_babel.speaklater import LazyString


def request_translations():
    """The request's catalog (also the core's translator, so its sentences match the page)."""
    if "translations" not in g:
        g.translations = get_translations()
    return g.translations


def request_language() -> str:
    if "language" not in g:
        g.language = str(get_locale() or "en")
    return g.language


def gettext(message: str) -> str:
    return request_translations().ugettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return request_translations().ungettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return request_translations().upgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return request_translations().unpgettext(context, singular, plural, n)


def field_problem(field: str, reason: str) -> str:
    """A problem after the field it is about, in words: 'Schwaben, monasteries: 5 monasteries, but…'."""
    return gettext("{field}: {reason}").format(field=field, reason=reason)


def lazy_gettext(message: str) -> LazyString:
    """For module-level texts: translated when shown, in the request's language."""
    return LazyString(gettext, message)
