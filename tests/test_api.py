"""The JSON API gives the same answers as ``score --json``."""
import json

import pytest
from flask.testing import FlaskClient

from assistant.games import score_data
from assistant.translator import ENGLISH, translator_for
from tests.test_cli import BAD, GOOD


@pytest.fixture
def client(app):
    """A JSON client (curl, a script): it opens no page, so it has no token."""
    return FlaskClient(app)


def test_healthz(client):
    assert client.get("/healthz").status_code == 200


def test_api_score_matches_the_command_line(client):
    response = client.post("/api/score", json=GOOD)
    assert response.status_code == 200
    assert response.get_json() == json.loads(json.dumps(score_data(GOOD, ENGLISH).to_json()))


def test_api_score_bad_input_is_400_with_the_same_error_text(client):
    response = client.post("/api/score", json=BAD)
    assert response.status_code == 400
    body = response.get_json()
    assert body["error"] == "error: players: 2 players given; the game is for 3 to 5 players"
    assert body["errors"] == [{"field": "players", "reason": "2 players given; the game is for 3 to 5 players"}]


def test_api_score_not_json_is_400(client):
    response = client.post("/api/score", data="{oops", content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["errors"][0]["field"] == "input"


# --- the language of the answer ---------------------------------------------------------------------
def as_json(report) -> dict:
    return json.loads(json.dumps(report.to_json()))


def test_api_score_answers_in_the_language_asked_for_with_lang(client):
    response = client.post("/api/score?lang=de", json=GOOD)
    assert response.status_code == 200
    assert response.headers["Content-Language"] == "de"
    body = response.get_json()
    assert body == as_json(score_data(GOOD, translator_for("de")))  # the same as `score --json --lang de`
    assert body["verdict"] == "José (Grün) führt nach der Zwischenwertung mit 7 Punkten."
    english = client.post("/api/score", json=GOOD).get_json()
    assert set(body) == set(english) and [set(p) for p in body["players"]] == [set(p) for p in english["players"]]


@pytest.mark.parametrize(
    ("header", "language"),
    [("es-MX,es;q=0.9,en;q=0.5", "es"), ("da", "da"), ("it-IT", "it"), ("fr-FR,fr", "en"), ("", "en"), ("en-GB,de;q=0.5", "en"), ("*", "en"), ("de-CH;q=0.8,it;q=0.9", "it")],
)
def test_api_score_follows_accept_language(client, header, language):
    headers = {"Accept-Language": header} if header else {}
    response = client.post("/api/score", json=GOOD, headers=headers)
    assert response.headers["Content-Language"] == language
    assert response.get_json() == as_json(score_data(GOOD, translator_for(language)))


def test_api_lang_beats_accept_language_and_the_pages_cookie_does_not_count(client):
    client.set_cookie("lang", "it")
    assert client.post("/api/score", json=GOOD).get_json()["verdict"] == "José (green) leads with 7 points after the intermediate scoring."
    response = client.post("/api/score?lang=da", json=GOOD, headers={"Accept-Language": "es"})
    assert response.get_json()["verdict"].startswith("José (grøn) fører")


def test_api_errors_in_the_language_asked_for(client):
    response = client.post("/api/score?lang=de", json=BAD)
    assert response.status_code == 400
    body = response.get_json()
    assert body["error"] == "Fehler: players: 2 Spieler angegeben; das Spiel ist für 3 bis 5 Spieler"
    assert body["errors"] == [{"field": "players", "reason": "2 Spieler angegeben; das Spiel ist für 3 bis 5 Spieler"}]
    broken = client.post("/api/score", data="{oops", content_type="application/json", headers={"Accept-Language": "es"})
    assert broken.get_json() == {
        "error": "error: input: no es JSON válido (línea 1, columna 2)",
        "errors": [{"field": "input", "reason": "no es JSON válido (línea 1, columna 2)"}],
    }


def test_a_get_or_an_unknown_address_under_api_answers_json(client):
    """Issue "What a newcomer still trips on", finding 11: GET /api/score answered an HTML 405 page."""
    wrong_method = client.get("/api/score")
    assert wrong_method.status_code == 405 and wrong_method.is_json and "POST" in wrong_method.headers["Allow"]
    assert wrong_method.get_json()["errors"] == [{"field": "request", "reason": "use POST with a JSON body"}]
    missing = client.get("/api/nothing-here")
    assert missing.status_code == 404 and missing.get_json()["errors"][0]["field"] == "request"
