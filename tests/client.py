"""A test client that sends what Chromium sends, so every test runs with CSRF protection on."""
from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import urlsplit

from flask import Flask
from flask.testing import FlaskClient

from assistant.web import create_app

UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
TOKEN_HEADER = "X-CSRFToken"
TOKEN_FIELD = "csrf_token"
# Every page's <body hx-headers='{"X-CSRFToken": "…"}'>: htmx sends it with each request.
PAGE_TOKEN = re.compile(r"""hx-headers='\{"X-CSRFToken": "([^"]+)"\}'""")


class BrowserClient(FlaskClient):
    """Posts as a phone's browser does on one of our pages.

    The token comes from a page GET with the session cookie, like the page a browser is on:
    htmx requests (``HX-Request``) carry it in the ``X-CSRFToken`` header, plain form posts in
    the ``csrf_token`` field, other bodies (JSON) in the header. A test that sends a token or
    these headers itself keeps its own. As Chromium does (tests/browser/test_https.py logs what
    it sends), unsafe requests say ``Sec-Fetch-Site: same-origin``; ``Origin`` is the page's
    origin for htmx and ``null`` for plain form posts (our pages send no Referer).
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._token: str | None = None
        self._token_session: str | None = None  # the session cookie the token belongs to

    def open(self, *args, **kwargs):
        method = str(kwargs.get("method", "GET")).upper()
        if method in UNSAFE_METHODS and args and isinstance(args[0], str):
            self._as_the_page_sends_it(kwargs)
        return super().open(*args, **kwargs)

    def page_token(self, base_url: str | None = None, proxy_headers: dict | None = None) -> str:
        """The token of a page opened now at ``base_url`` (through the proxy that adds
        ``proxy_headers``), as the browser has it: fetched again only when the session cookie
        changed, so a test that drops the cookie gets a fresh one."""
        session = self._session_cookie()
        if self._token is None or session != self._token_session:
            page = super().open("/", method="GET", base_url=base_url, headers=proxy_headers or {})
            self._token = PAGE_TOKEN.search(page.get_data(as_text=True)).group(1)
            self._token_session = self._session_cookie()
        return self._token

    def _as_the_page_sends_it(self, kwargs: dict) -> None:
        headers = dict(kwargs.get("headers") or {})
        data = kwargs.get("data")
        is_htmx = "HX-Request" in headers
        is_form = isinstance(data, Mapping) and "json" not in kwargs
        if TOKEN_HEADER not in headers and not (is_form and TOKEN_FIELD in data):
            proxy_headers = {name: value for name, value in headers.items() if name.startswith("X-Forwarded-")}
            token = self.page_token(kwargs.get("base_url"), proxy_headers)
            if is_form and not is_htmx:
                kwargs["data"] = {**data, TOKEN_FIELD: token}
            else:
                headers[TOKEN_HEADER] = token
        headers.setdefault("Sec-Fetch-Site", "same-origin")
        headers.setdefault("Origin", self._origin(kwargs) if is_htmx or not is_form else "null")
        kwargs["headers"] = headers

    def _origin(self, kwargs: dict) -> str:
        base = urlsplit(kwargs.get("base_url") or "http://localhost/")
        return f"{base.scheme}://{base.netloc}"

    def _session_cookie(self) -> str | None:
        cookie = self.get_cookie(self.application.config["SESSION_COOKIE_NAME"])
        return cookie.value if cookie else None


def browser_app(config: dict) -> Flask:
    """``create_app(config)`` whose ``test_client()`` is a :class:`BrowserClient`."""
    app = create_app(config)
    app.test_client_class = BrowserClient
    return app


def browser_app_from_environment(instance) -> Flask:
    """The app as `serve` and `prune` make it (settings from the environment, data in ``instance``),
    its ``test_client()`` a :class:`BrowserClient`."""
    app = create_app(instance_path=instance)
    app.test_client_class = BrowserClient
    return app
