"""gettext for the web layer, through the request's catalog looked up once.

Flask-Babel picks the request's language (``locale.py``); the catalog itself comes from
``translator_for``, the same loader as the core and the command line: the compiled ``.mo``, or the
``.po`` compiled in memory when the ``.mo`` is missing or older (a fresh checkout, an edited
catalog), so the pages never show a stale translation. Looked up once per request: Flask-Babel's
own ``gettext`` looks the catalog up again on every call, and a board page translates dozens of
strings.
"""
from __future__ import annotations

import functools
from gettext import NullTranslations
from types import SimpleNamespace
from typing import Any

from flask import current_app, g
from flask_babel import get_locale
from flask_babel.speaklater import LazyString
from jinja2 import Environment

from assistant.translator import translator_for


def request_translations() -> NullTranslations:
    """The request's catalog (also the core's translator, so its sentences match the page).
    Read from ``g``'s own dictionary in one step: a tap's answer translates a hundred strings,
    and each look through the ``g`` proxy cost more than the translation."""
    here: dict[str, Any] = g._get_current_object().__dict__
    found: NullTranslations | None = here.get("translations")
    if found is None:
        found = here["translations"] = translator_for(request_language())
    return found


def request_language() -> str:
    here: dict[str, Any] = g._get_current_object().__dict__
    found: str | None = here.get("language")
    if found is None:
        found = here["language"] = str(get_locale() or "en")
    return found


def gettext(message: str) -> str:
    return request_translations().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return request_translations().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return request_translations().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return request_translations().npgettext(context, singular, plural, n)


def words_of(template: str, **depends_on: object) -> Any:
    """The words a template of words alone says (its top-level ``{% set %}``: ``_()``, ``ngettext``),
    in the request's language, rendered once per language and per ``depends_on`` (what they say
    besides the language: a limit, a number of fields) and kept. The words stay in templates;
    a tap's answer does not translate them again (about 60,000 instructions a translation with
    its ``format``, benchmarks/tap_instructions.py). A template global."""
    return _rendered(current_app.jinja_env, template, request_language(), tuple(sorted(depends_on.items())))


@functools.lru_cache(maxsize=2048)  # five languages, a few templates, a country's fields and monasteries: small modules
def _rendered(environment: Environment, template: str, language: str, depends_on: tuple[tuple[str, object], ...]) -> SimpleNamespace:
    """The template's top-level names, each dictionary of words as attributes: a template reads
    ``words.done`` on a dictionary only after the attribute lookup failed (an AttributeError raised
    and caught, ~5,000 instructions; about 30 in a tap's answer), on a namespace at once."""
    module = environment.get_template(template).make_module(dict(depends_on))
    return SimpleNamespace(**{name: SimpleNamespace(**value) if isinstance(value, dict) else value
                              for name, value in vars(module).items() if not name.startswith("_")})


def sentence_start(text: str) -> str:
    """``text`` with a capital first letter, as a notice starts: "name of player 2: …" becomes
    "Name of player 2: …". (A cell's description starts with our words, never a player's name.)"""
    return text[:1].upper() + text[1:]


def field_problem(field: str, reason: str) -> str:
    """A problem after the field it is about, in words: 'Schwaben, monasteries: 5 monasteries, but…'."""
    return gettext("{field}: {reason}").format(field=field, reason=reason)


class LazyText(LazyString):  # type: ignore[misc]  # flask_babel ships no types: LazyString is Any
    """A text translated when shown. Asked for a special attribute (``__isabstractmethod__``,
    which ``abc`` looks for on every class attribute when a class is made), it has none,
    where Flask-Babel's would translate itself outside any request to look."""

    def __getattr__(self, attr: str) -> Any:
        if attr.startswith("__"):
            raise AttributeError(attr)
        return super().__getattr__(attr)


def lazy_gettext(message: str) -> LazyString:
    """For module-level texts: translated when shown, in the request's language."""
    return LazyText(gettext, message)
