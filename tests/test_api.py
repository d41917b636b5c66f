"""The JSON API gives the same answers as ``score --json``."""
import json

from assistant.cli import score_data
from assistant.translator import ENGLISH
from tests.test_cli import BAD, GOOD


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
