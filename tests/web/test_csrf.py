"""Forms are protected against cross-site requests: a post without the token changes nothing."""
import re

import pytest

from assistant.web import create_app


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
