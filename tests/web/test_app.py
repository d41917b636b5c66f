"""The frame every page shares: health, security headers, languages, errors, the secret key."""
import gzip
import re
from pathlib import Path

import pytest

from assistant.web import create_app
from assistant.web.serving.security import CONTENT_SECURITY_POLICY
from tests.client import BrowserClient, browser_app
from tests.web.helpers import new_table

REPOSITORY = Path(__file__).resolve().parents[2]


def test_healthz(client):
    assert client.get("/healthz").status_code == 200


def test_every_page_sends_the_content_security_policy(client):
    token = new_table(client)
    for url in ["/", "/new/kardinal-und-koenig", f"/t/{token}/board", f"/t/{token}/share", "/nowhere", "/healthz"]:
        policy = client.get(url).headers["Content-Security-Policy"]
        assert policy == CONTENT_SECURITY_POLICY
        assert "unsafe-inline" not in policy


def test_pages_have_no_inline_script_or_style(client):
    token = new_table(client)
    for url in ["/", f"/t/{token}/board?cell=monasteries.Frankreich.green", f"/t/{token}/chains", f"/t/{token}/share"]:
        page = client.get(url).get_data(as_text=True)
        assert "<script>" not in page and " style=" not in page and " onclick" not in page
        assert '"includeIndicatorStyles":false' in page
        assert all(url.startswith("/") for url in re.findall(r'(?:src|<link[^>]*href)="([^"]*)"', page))  # no other host


def test_unknown_table_is_a_friendly_404(client):
    response = client.get("/t/thisisnotatableatall/board")
    assert response.status_code == 404
    assert "no table or page at this address" in response.get_data(as_text=True)


def test_language_link_is_remembered_in_a_cookie(client):
    response = client.get("/?lang=de")
    assert 'lang="de"' in response.get_data(as_text=True)
    assert "lang=de" in response.headers["Set-Cookie"]
    assert '<html lang="de">' in client.get("/").get_data(as_text=True)


def test_browser_language_is_used_when_nothing_was_chosen(client):
    page = client.get("/", headers={"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="it">' in page
    page = client.get("/", headers={"Accept-Language": "fr-FR"}).get_data(as_text=True)
    assert '<html lang="en">' in page


def test_footer_offers_every_language_by_its_own_name(client):
    page = client.get("/").get_data(as_text=True)
    for name in ["English", "Deutsch", "Español", "Dansk", "Italiano"]:
        assert f">{name}</a>" in page


def test_secret_key_is_generated_once_and_kept(tmp_path):
    config = {"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite")}
    first = create_app(dict(config))
    Path(first.instance_path).mkdir(exist_ok=True)
    key = first.config["SECRET_KEY"]
    assert len(key) >= 32
    assert create_app(dict(config)).config["SECRET_KEY"] == key


def test_database_path_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("ASSISTANT_DATABASE", str(tmp_path / "elsewhere.sqlite"))
    monkeypatch.setenv("ASSISTANT_SECRET_KEY", "from-env")
    app = create_app()
    app.test_client_class = BrowserClient
    assert app.config["DATABASE"] == str(tmp_path / "elsewhere.sqlite")
    assert app.config["SECRET_KEY"] == "from-env"
    token = new_table(app.test_client())
    assert (tmp_path / "elsewhere.sqlite").exists() and token


def test_tables_survive_a_restart(tmp_path):
    config = {"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite")}
    token = new_table(browser_app(dict(config)).test_client())
    again = browser_app(dict(config)).test_client()
    assert "Andreas" in again.get(f"/t/{token}/board").get_data(as_text=True)


def test_a_huge_form_is_refused_without_a_crash(client):
    response = client.post("/new/kardinal-und-koenig", data={"players-0-name": "x" * 200_000})
    assert response.status_code == 413
    assert "Nothing was saved" in response.get_data(as_text=True)


def test_score_api_still_answers_like_the_cli(client):
    data = {"scoring": "intermediate", "players": [{"color": c} for c in ("green", "red", "blue")], "monasteries": {"Frankreich": {"green": 4, "red": 2, "blue": 1}}}
    response = client.post("/api/score", json=data)
    assert response.status_code == 200
    assert response.get_json()["players"][0]["points"] == 7
    bad = client.post("/api/score", json={**data, "players": [{"color": "pink"}]})
    assert bad.status_code == 400 and "players.0.color" in bad.get_json()["error"]


def test_pages_and_static_files_are_sent_compressed(client):
    token = new_table(client)
    page = client.get(f"/t/{token}/board", headers={"Accept-Encoding": "gzip"})
    assert page.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in page.headers["Vary"]
    script = client.get("/static/vendor/htmx/htmx.min.js", headers={"Accept-Encoding": "gzip"})
    assert script.headers["Content-Encoding"] == "gzip" and len(script.data) < 20_000
    with client.get("/static/vendor/htmx/htmx.min.js", headers={"Accept-Encoding": "gzip", "If-None-Match": script.headers["ETag"]}) as again:
        assert again.status_code == 304  # (closed, as a server closes it: a 304 never reads the file)
    assert "Content-Encoding" not in client.get(f"/t/{token}/board").headers  # only when asked for


@pytest.mark.parametrize(("path", "comment"), [("static/app.js", "//"), ("static/app.css", "/*")])
def test_our_scripts_and_styles_go_out_minified_and_whole(client, path, comment):
    source = (REPOSITORY / path).read_text(encoding="utf-8")
    sent = client.get("/" + path, headers={"Accept-Encoding": "gzip"})
    text = gzip.decompress(sent.data).decode("utf-8")
    assert comment in source and len(text) < 0.8 * len(source)  # comments and spaces gone
    words = re.findall(r"[A-Za-z_][A-Za-z0-9_-]{5,}", re.sub(r"/\*.*?\*/|//[^\n]*", "", source, flags=re.S))
    assert set(words) <= set(re.findall(r"[A-Za-z_][A-Za-z0-9_-]{5,}", text))  # nothing renamed or dropped
    with client.get("/" + path) as plain:
        assert plain.get_data(as_text=True) == source  # without gzip: the file as written


def test_the_page_for_a_screen_not_kept_names_why_and_leads_back_in_the_phones_language(client):
    """static/sw.js keeps it per table and shows it for a table's screen it has no copy of, offline."""
    token = new_table(client)
    page = client.get(f"/t/{token}/offline?lang=de").get_data(as_text=True)
    assert "Dieses Handy hat keine Kopie dieser Seite" in page
    assert re.search(rf'<a class="button primary wide" href="/t/{token}/board">Spielplan</a>', page)
    assert 'data-version="0"' in page  # shows no version: taps kept for an older copy of the board stay kept (static/app.js)
    assert client.get("/t/no-such-table-at-all/offline").status_code == 404
