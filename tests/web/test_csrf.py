"""Forms are protected against cross-site requests: a post without the token changes nothing.
The JSON API changes nothing and keeps no session, so a client needs neither cookie nor token."""
import json
import re

import pytest
from flask.testing import FlaskClient

from assistant.web import create_app
from tests.test_cli import BAD, GOOD
from tests.test_hostile_input import cli_stdin
from tests.web.helpers import HTMX, new_table, version


@pytest.fixture
def protected(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite")}).test_client()


def test_post_without_token_is_refused_with_a_friendly_page(protected):
    response = protected.post("/new/kardinal-und-koenig", data={"action": "start"})
    assert response.status_code == 400
    assert "security token" in response.get_data(as_text=True)


def test_token_in_the_form_or_in_the_htmx_header_is_accepted(protected):
    page = protected.get("/new/kardinal-und-koenig").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    assert f'"X-CSRFToken": "{token}"' in page  # htmx sends it from <body hx-headers>
    form = {"action": "start", "chains": "disjoint", "players-0-color": "red", "players-1-color": "green", "players-2-color": "blue"}
    assert protected.post("/new/kardinal-und-koenig", data={**form, "csrf_token": token}).status_code == 303
    assert protected.post("/new/kardinal-und-koenig", data=form, headers={"X-CSRFToken": token, "HX-Request": "true"}).status_code == 204


def test_a_number_pad_tap_without_token_changes_nothing(app):
    browser = app.test_client()
    token = new_table(browser)
    stranger = FlaskClient(app)  # no page opened, so no token
    refused = stranger.post(f"/t/{token}/change", data={"cell": "monasteries.Frankreich.green", "value": "3", "base": "1", "screen": "board"}, headers=HTMX)
    assert refused.status_code == 400 and "security token" in refused.get_data(as_text=True)
    assert version(browser, token) == 1


def test_a_token_from_another_session_is_refused(app):
    token = new_table(app.test_client())
    other = app.test_client()
    form = {"cell": "monasteries.Frankreich.green", "value": "3", "base": "1", "screen": "board"}
    forged = FlaskClient(app)
    assert forged.post(f"/t/{token}/change", data=form, headers={**HTMX, "X-CSRFToken": other.page_token()}).status_code == 400


# --- the JSON API is stateless: no cookie, no token --------------------------------------------
@pytest.mark.parametrize(("position", "status", "exit_status"), [(GOOD, 200, 0), (BAD, 400, 2)])
def test_score_api_answers_a_client_without_cookie_or_token_as_the_command_line(app, monkeypatch, capsys, position, status, exit_status):
    curl = FlaskClient(app, use_cookies=False)
    body = json.dumps(position).encode()
    response = curl.post("/api/score", data=body, content_type="application/json")
    assert response.status_code == status
    assert "Set-Cookie" not in response.headers  # nothing to remember: no session is started
    code, out, err = cli_stdin(body, monkeypatch, capsys)
    assert code == exit_status
    if status == 200:
        assert response.get_json() == json.loads(out)
    else:
        assert response.get_json()["error"] + "\n" == err
    assert "Set-Cookie" not in curl.post("/api/score?lang=de", json=position).headers
