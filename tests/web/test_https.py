"""HTTPS, directly or behind a TLS-terminating reverse proxy, and posts from other sites.

Our pages send ``Referrer-Policy: no-referrer``, so no form ever carries a Referer: the token
plus Fetch Metadata (``Sec-Fetch-Site``) and ``Origin`` guard the forms instead. Over HTTPS the
cookies are Secure and HSTS is sent; over plain HTTP (a phone on the LAN) neither.
"""
import http.client
from urllib.parse import urlsplit

import pytest
from flask.testing import FlaskClient

from assistant.web import create_app
from tests.client import browser_app
from tests.served import serving
from tests.web.helpers import GAME, HTMX, version

FORM = {"action": "start", "chains": "disjoint", "players-0-color": "red", "players-1-color": "green", "players-2-color": "blue"}
HTTPS = "https://localhost"
# What deploy/nginx.conf sends for a phone that opened https://scores.example.org/.
PROXY = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example.org", "X-Forwarded-For": "192.0.2.7"}
TAP = {"cell": "monasteries.Frankreich.green", "value": "3", "screen": "board"}


@pytest.fixture
def proxied(tmp_path):
    """The app behind one trusted proxy (ASSISTANT_TRUSTED_PROXIES=1) named scores.example.org."""
    return browser_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite"), "TRUSTED_PROXIES": 1, "TRUSTED_HOSTS": "scores.example.org"}).test_client()


def start(client, **request) -> str:
    response = client.post(f"/new/{GAME}", data=FORM, **request)
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return response.headers["Location"].split("/")[2]


def tap(client, token, **request):
    return client.post(f"/t/{token}/change", data={**TAP, "base": 1}, **request)


def cookie_flags(response) -> dict[str, str]:
    """{cookie name: its Set-Cookie attributes}."""
    return {header.split("=", 1)[0]: header for header in response.headers.getlist("Set-Cookie")}


# --- finding 2: forms over HTTPS --------------------------------------------------------------------
def test_a_form_and_a_tap_work_over_https_without_a_referer(client):
    token = start(client, base_url=HTTPS)
    response = tap(client, token, base_url=HTTPS, headers={**HTMX, "Origin": HTTPS})
    assert response.status_code == 200
    assert version(client, token) == 2


def test_a_form_and_a_tap_work_behind_a_trusted_proxy(proxied):
    token = start(proxied, headers=PROXY)
    response = tap(proxied, token, headers={**PROXY, **HTMX, "Origin": "https://scores.example.org"})
    assert response.status_code == 200
    assert version(proxied, token) == 2


def test_the_trusted_proxies_setting_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("ASSISTANT_DATABASE", str(tmp_path / "env.sqlite"))
    monkeypatch.setenv("ASSISTANT_SECRET_KEY", "from-env")
    monkeypatch.setenv("ASSISTANT_TRUSTED_PROXIES", "1")
    client = create_app().test_client()
    assert client.get("/", headers=PROXY).headers["Strict-Transport-Security"].startswith("max-age=")


# --- what changes over HTTPS -------------------------------------------------------------------------
def test_cookies_are_secure_over_https_and_not_over_plain_http(client):
    over_https = cookie_flags(client.get("/?lang=de", base_url=HTTPS))
    assert set(over_https) == {"session", "lang"}
    assert all("; Secure" in flags and "HttpOnly" in flags and "SameSite=Lax" in flags for flags in over_https.values())
    over_http = cookie_flags(client.get("/?lang=it", base_url="http://192.168.1.20:5000"))
    assert "lang" in over_http and not any("Secure" in flags for flags in over_http.values())


def test_cookies_are_secure_behind_a_trusted_proxy(proxied):
    flags = cookie_flags(proxied.get("/?lang=de", headers=PROXY))
    assert set(flags) == {"session", "lang"} and all("; Secure" in f for f in flags.values())


def test_hsts_over_https_only(client, proxied):
    assert client.get("/", base_url=HTTPS).headers["Strict-Transport-Security"] == "max-age=31536000"
    assert proxied.get("/", headers=PROXY).headers["Strict-Transport-Security"] == "max-age=31536000"
    assert "Strict-Transport-Security" not in client.get("/", base_url="http://192.168.1.20:5000").headers
    assert "Strict-Transport-Security" not in proxied.get("/").headers  # the proxy said http


def test_share_links_use_https_and_the_public_host_behind_a_trusted_proxy(proxied):
    token = start(proxied, headers=PROXY)
    page = proxied.get(f"/t/{token}/share", headers=PROXY).get_data(as_text=True)
    assert f"https://scores.example.org/t/{token}/board" in page
    assert "http://scores.example.org" not in page and "localhost" not in page


def test_forwarded_headers_are_ignored_unless_the_proxy_is_trusted(client):
    """Without ASSISTANT_TRUSTED_PROXIES any client could claim HTTPS or another host."""
    token = start(client, headers=PROXY)
    response = client.get(f"/t/{token}/share", headers=PROXY)
    page = response.get_data(as_text=True)
    assert "scores.example.org" not in page and "https://" not in page
    assert "Strict-Transport-Security" not in response.headers
    assert not any("Secure" in flags for flags in cookie_flags(client.get("/?lang=de", headers=PROXY)).values())


def test_an_untrusted_proxys_https_origin_does_not_match(client):
    """A TLS proxy the app was not told about: the browser's Origin is https, the app sees http."""
    token = start(client, headers=PROXY)
    response = tap(client, token, headers={**PROXY, **HTMX, "Origin": "https://localhost"})
    assert response.status_code == 400 and version(client, token) == 1


# --- posts from other sites ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site", "Origin": "null"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
        {"Sec-Fetch-Site": "same-site", "Origin": "http://other.localhost"},
        {"Sec-Fetch-Site": "same-origin", "Origin": "https://evil.example"},
        {"Origin": "https://evil.example"},  # an older browser: Origin only
        {"Origin": "http://localhost:5001"},  # another port is another origin
        {"Origin": "https://localhost"},  # and so is another scheme
    ],
)
def test_cross_origin_posts_are_refused_even_with_a_valid_token(client, headers):
    token = start(client)
    response = tap(client, token, headers={**HTMX, **headers})
    assert response.status_code == 400
    assert "This page has expired" in response.get_data(as_text=True)
    assert version(client, token) == 1  # nothing changed
    form = client.post(f"/new/{GAME}", data=FORM, headers=headers)
    assert form.status_code == 400


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "same-origin", "Origin": "null"},  # Chromium's form post under no-referrer
        {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"},  # Chromium's htmx request
        {"Sec-Fetch-Site": "none"},  # typed or bookmarked by the user
        {},  # neither header: an older browser, or plain HTTP on a LAN address; the token decides
    ],
)
def test_same_origin_posts_with_the_token_are_accepted(client, headers):
    token = start(client, headers=headers)
    assert tap(client, token, headers={**HTMX, **headers}).status_code == 200
    assert version(client, token) == 2


def test_same_origin_headers_without_the_token_are_refused(app):
    browser = app.test_client()
    token = start(browser)
    stranger = FlaskClient(app)
    same_origin = {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"}
    assert stranger.post(f"/t/{token}/change", data={**TAP, "base": 1}, headers={**HTMX, **same_origin}).status_code == 400
    assert version(browser, token) == 1


def test_the_production_server_passes_the_proxys_headers_to_the_app(tmp_path):
    """The server (``serve``) must hand X-Forwarded-* to the app (waitress, as it was, dropped them
    by default): else the app would never know HTTPS behind the proxy."""
    with serving(tmp_path / "instance", ASSISTANT_SECRET_KEY="served", ASSISTANT_TRUSTED_PROXIES="1") as url:
        address = urlsplit(url)
        connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
        connection.request("GET", "/?lang=de", headers=PROXY)
        response = connection.getresponse()
        assert response.getheader("Strict-Transport-Security") == "max-age=31536000"
        assert all("; Secure" in cookie for cookie in response.headers.get_all("Set-Cookie"))
        connection.close()


def test_behind_a_proxy_a_forwarded_host_nobody_named_is_no_link(tmp_path):
    """The proxy passes on whatever Host the phone sent; without ASSISTANT_PUBLIC_URL or
    ASSISTANT_TRUSTED_HOSTS a name this server does not know is never put in a link."""
    client = browser_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite"), "TRUSTED_PROXIES": 1}).test_client()
    forged = {**PROXY, "X-Forwarded-Host": "evil.example"}
    token = start(client, headers=forged)
    page = client.get(f"/t/{token}/share", headers=forged).get_data(as_text=True)
    assert "https://evil.example" not in page and "a name this server was not told is its own" in page
