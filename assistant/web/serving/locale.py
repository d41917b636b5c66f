"""The page's language: ``?lang=`` link, then the remembered cookie, then the browser's wish."""
from __future__ import annotations

import re
import time
from datetime import timedelta
from typing import TypedDict
from urllib.parse import urlencode

from babel import Locale
from flask import Flask, Response, g, request, url_for
from flask_babel import Babel, format_timedelta, get_locale
from markupsafe import Markup
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from assistant.games.names import isolated
from assistant.translator import DEFAULT_LANGUAGE, LANGUAGES
from assistant.web.serving.i18n import gettext, ngettext, npgettext, pgettext, words_of

COOKIE = "lang"
ONE_YEAR = 60 * 60 * 24 * 365
# Each language under its own name, so anyone can find theirs (never translated).
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "es": "Español", "da": "Dansk", "it": "Italiano"}
babel = Babel()
LOCALES = {code: Locale.parse(code) for code in LANGUAGES}


def select_language() -> Locale:
    """The request's language, as one of the ``Locale`` objects made once (Flask-Babel takes
    those as they are; from a code it would parse one, a file lookup, on every request)."""
    return LOCALES[_language_code()]


def _language_code() -> str:
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        g.remember_language = asked
        return asked
    remembered = request.cookies.get(COOKIE)
    if remembered in LANGUAGES:
        return remembered
    return browser_language()


def browser_language() -> str:
    """The first language of Accept-Language we have, by its main part ('en-GB' is English, so
    'en-GB,de;q=0.5' stays English); English when none is ours."""
    return accepted_language(request.accept_languages)


def accepted_language(accepted: LanguageAccept) -> str:
    for value, _quality in accepted:  # best first
        code = value.replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def api_language() -> str:
    """``?lang=`` first, then the client's Accept-Language; English (as the command line without
    ``--lang``) when neither names one of ours. A page's remembered choice (cookie) is for pages."""
    return api_language_of(request.args.get("lang"), request.headers.get("Accept-Language", ""))


def api_language_of(asked: str | None, accept_language: str) -> str:
    """The API's language from its ``lang`` argument and Accept-Language header (the front's,
    before any request object)."""
    return asked if asked in LANGUAGES else accepted_language(parse_accept_header(accept_language, LanguageAccept))


OUR_PATH = re.compile(r"/(?![/\\])[^\x00-\x20\\]*")


class LanguageLink(TypedDict):
    code: str
    name: str
    url: str
    marked: dict[str, str]  # aria-current on the page's own language (the template's ``xmlattr``)


def language_links() -> list[LanguageLink]:
    """The footer's switch: the same page in each language."""
    current = str(get_locale())
    args = {key: value for key, value in request.args.items() if key not in {"lang", "since"}}
    # A path a browser could read as another site's ("//x", "/\\x", a tab it drops): the start page.
    here = request.path if OUR_PATH.fullmatch(request.path) else url_for("home.index")
    if request.method not in {"GET", "HEAD"}:
        # The answer to a form (a refusal, an error page): its address takes no GET; the table, or
        # the start page, in the other language instead.
        token = (request.view_args or {}).get("token")
        here, args = (url_for("table.start", token=token) if token else url_for("home.index")), {}
    links: list[LanguageLink] = []
    for code in LANGUAGES:
        query = urlencode({**args, "lang": code})
        links.append({"code": code, "name": LANGUAGE_NAMES[code], "url": f"{here}?{query}",
                      "marked": {"aria-current": "true"} if code == current else {}})
    return links


def _remember(response: Response) -> Response:
    if request.endpoint == "static":
        # The same bytes in every language. A Vary would also make Firefox's service worker miss
        # them offline: it looks a file up with the page's Accept-Language, kept without one.
        return response
    response.vary.add("Accept-Language")  # the same address answers in the browser's language
    language = g.get("remember_language")
    if language:
        response.set_cookie(COOKIE, language, max_age=ONE_YEAR, samesite="Lax", httponly=True, secure=request.is_secure)
    return response


def ago(timestamp: float) -> str:
    """'5 minutes ago' in the page's language (needs no time zone, unlike a clock time)."""
    words: str = format_timedelta(timedelta(seconds=timestamp - time.time()), add_direction=True, threshold=1.1)  # flask_babel ships no types
    return words


def name_words(name: str) -> Markup:
    """A name as its words, each a span kept whole (static/app.css cuts a word wider than its
    column with an ellipsis): a long name wraps between its words, never inside one. Each word
    is isolated on its own (a span of its own would end an isolate opened in another)."""
    return Markup(" ").join(Markup('<span class="word">{}</span>').format(isolated(word)) for word in name.split())


def init_app(app: Flask) -> None:
    app.add_template_filter(ago)
    app.add_template_filter(isolated)  # a name inside a sentence of a page (a label, a title)
    app.add_template_filter(name_words)  # a name in a narrow column (the entry grids' heads)
    babel.init_app(app, locale_selector=select_language)
    # Templates translate through the request's catalog looked up once (see i18n.py).
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # added by Jinja's i18n extension
        gettext=gettext, ngettext=ngettext, pgettext=pgettext, npgettext=npgettext, newstyle=True
    )
    app.after_request(_remember)
    app.jinja_env.globals["language_links"] = language_links
    app.jinja_env.globals["words_of"] = words_of
    app.jinja_env.globals["current_language"] = lambda: str(get_locale())
