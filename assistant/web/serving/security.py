"""Secret key, CSRF protection, HTTPS behind a proxy, and the headers every response carries.

CSRF: every unsafe request needs the session's token (Flask-WTF), and a browser's own word on
where it comes from must say this site: ``Sec-Fetch-Site`` same-origin or none, and ``Origin``
(when it is a real origin, not ``null``) this server's. A request with neither header (an older
browser, plain HTTP on a LAN address) relies on the token alone. Flask-WTF's HTTPS Referer check
is off: our pages send ``Referrer-Policy: no-referrer``, so no form ever carries a Referer.
"""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask, Response, current_app, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.middleware.proxy_fix import ProxyFix

from assistant.web.serving.log_links import without_links  # a table's link is a secret: any page on another site can make a phone post to it

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
# The Web Worker that scores on the phone (static/score-worker.js) compiles Pyodide's WebAssembly,
# which 'wasm-unsafe-eval' allows (nothing else: no eval of scripts); a worker obeys its own
# script's policy, so only that file's answer carries it and every page keeps the policy above.
WASM_SCRIPTS = {"score-worker.js"}
WORKER_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("script-src 'self';", "script-src 'self' 'wasm-unsafe-eval';")
STRICT_TRANSPORT_SECURITY = "max-age=31536000"  # one year; sent over HTTPS only
SAME_ORIGIN_FETCH_SITES = {"same-origin", "none"}  # "none": the user typed or bookmarked it


class OriginCheckedCSRF(CSRFProtect):  # type: ignore[misc]  # flask_wtf ships no types: CSRFProtect is Any
    """Flask-WTF's token check, after Fetch Metadata and Origin say the request is from here."""

    def protect(self, apply_exemptions: bool = False) -> None:
        if apply_exemptions and (not request.endpoint or self._is_exempt()):
            return
        if request.method in current_app.config["WTF_CSRF_METHODS"]:
            refuse_other_origins()
        super().protect()


csrf = OriginCheckedCSRF()


def refuse_other_origins() -> None:
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None and site not in SAME_ORIGIN_FETCH_SITES:
        _refuse(f"Sec-Fetch-Site is {site!r}")
    origin = request.headers.get("Origin")
    if origin and origin != "null":  # "null": Chromium's form posts under no-referrer
        own = f"{request.scheme}://{request.host}"
        if origin.lower() != own.lower():
            hint = " (behind an HTTPS proxy? set ASSISTANT_TRUSTED_PROXIES)" if origin.lower() == f"https://{request.host}".lower() else ""
            _refuse(f"Origin {origin!r} is not {own!r}{hint}")


def _refuse(reason: str) -> None:
    current_app.logger.warning("refused a cross-origin %s %s: %s", request.method, without_links(request.path), reason)
    raise CSRFError(reason)


class SchemeAwareSessionInterface(SecureCookieSessionInterface):
    """The session cookie is Secure when the request came over HTTPS; over plain HTTP (a phone
    on the LAN) a Secure cookie would never be sent back and every form would fail."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return super().get_cookie_secure(app) or (has_request_context() and request.is_secure)


def init_app(app: Flask) -> None:
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret(Path(app.instance_path) / "secret_key")
    app.config.setdefault("WTF_CSRF_SSL_STRICT", False)  # the Referer check; see the module's text
    trust_proxies(app, int(app.config.get("TRUSTED_PROXIES") or 0))
    app.session_interface = SchemeAwareSessionInterface()
    csrf.init_app(app)
    app.after_request(_security_headers)


def trust_proxies(app: Flask, count: int) -> None:
    """Believe the X-Forwarded-For, -Proto and -Host of the last ``count`` proxies (Werkzeug's
    ProxyFix), so a request that reached the proxy over HTTPS is HTTPS here: Secure cookies,
    HSTS, https:// share links. Without proxies (0) those headers are ignored: any client
    could send them."""
    if count > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count, x_host=count)  # type: ignore[method-assign]  # Flask's documented way


def instance_secret(path: Path) -> str:
    """A key generated on first start and kept, so sessions and tokens survive restarts."""
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        key = secrets.token_hex(32)
        # O_EXCL: two workers starting at once must not each write their own key.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return path.read_text(encoding="ascii").strip()
        with os.fdopen(fd, "w", encoding="ascii") as file:
            file.write(key)
        return key


def security_headers(secure: bool, policy: str = CONTENT_SECURITY_POLICY) -> list[tuple[str, str]]:
    """The headers every response carries (``secure``: it goes out over HTTPS)."""
    headers = [
        ("Content-Security-Policy", policy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),  # table links are the keys to the tables
    ]
    return headers + [("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY)] if secure else headers


def _security_headers(response: Response) -> Response:
    wasm = request.endpoint == "static" and (request.view_args or {}).get("filename") in WASM_SCRIPTS
    for name, value in security_headers(request.is_secure, WORKER_CONTENT_SECURITY_POLICY if wasm else CONTENT_SECURITY_POLICY):
        response.headers[name] = value
    return response
