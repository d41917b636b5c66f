"""Polls with nothing new are answered in front of the app (assistant/web/serving/polls.py): cheaply,
with every header every response carries, and never when something changed."""
import pytest

from tests.client import browser_app
from tests.web.helpers import HTMX, change, new_table, nothing_new, version, view_token

PROXY = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example.org", "X-Forwarded-For": "192.0.2.7"}
EVERY_RESPONSE = {"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy"}


def test_a_poll_with_nothing_new_is_an_empty_200_swapped_nowhere_with_the_security_headers_and_no_cookie(client):
    token = new_table(client)
    client.get(f"/t/{token}/board")  # a phone that opened the table has a session cookie
    response = client.get(f"/t/{token}/board?since={version(client, token)}", headers=HTMX)
    assert nothing_new(response)
    assert EVERY_RESPONSE <= set(response.headers.keys())
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert "Set-Cookie" not in response.headers  # the session is not signed and sent again on every poll
    assert "Strict-Transport-Security" not in response.headers  # plain HTTP on the LAN


def test_a_poll_over_https_behind_the_proxy_has_hsts(tmp_path):
    client = browser_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite"), "TRUSTED_PROXIES": 1}).test_client()
    token = new_table(client)
    response = client.get(f"/t/{token}/board?since={version(client, token)}", headers={**HTMX, **PROXY})
    assert nothing_new(response)
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")


def test_a_spectators_poll_sees_every_change(client):
    token = new_table(client)
    watch = view_token(client, token)
    base = version(client, token)
    assert nothing_new(client.get(f"/t/{watch}/board?since={base}", headers=HTMX))
    change(client, token, "monasteries.Bayern.red", value=2)
    response = client.get(f"/t/{watch}/board?since={base}", headers=HTMX)
    assert response.status_code == 200 and "hx-post" not in response.get_data(as_text=True)
    assert nothing_new(client.get(f"/t/{watch}/board?since={base + 1}", headers=HTMX))


@pytest.mark.parametrize(("query", "unchanged"), [("since=1&lang=de", True), ("since=x", False), ("since=", False), ("since=99", False)])
def test_polls_the_shortcut_does_not_read_go_to_the_app(client, query, unchanged):
    token = new_table(client)
    response = client.get(f"/t/{token}/board?{query}", headers=HTMX)
    assert response.status_code == 200 and nothing_new(response) == unchanged  # the app's own answer: nothing new, or the screen
    assert EVERY_RESPONSE <= set(response.headers.keys())


def test_a_poll_of_an_unknown_table_is_not_found(client):
    assert client.get("/t/nosuchtable1234567/board?since=1", headers=HTMX).status_code == 404
