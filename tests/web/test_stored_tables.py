"""Tables stored before the state was typed keep opening, scoring and changing.

``data/tables-before-typed-state.sqlite`` was made by the code of commit 779975d (the untyped
state): a Kardinal table scored twice with a counted chain and a drawn sketch, a fresh
Kardinal table, and a scored Princeps table (tokens in the .json beside it).
"""
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from assistant.web.store import db
from tests.client import browser_app
from tests.web import princeps
from tests.web.helpers import HTMX, change

DATA = Path(__file__).parent / "data"
TOKENS = json.loads((DATA / "tables-before-typed-state.json").read_text(encoding="utf-8"))


@pytest.fixture
def old_client(tmp_path):
    path = tmp_path / "old.sqlite"
    shutil.copy(DATA / "tables-before-typed-state.sqlite", path)
    app = browser_app({"TESTING": True, "DATABASE": str(path)})
    yield app.test_client()
    db.release(str(path))


def stored_state(client, token) -> dict:
    with sqlite3.connect(client.application.config["DATABASE"]) as connection:
        return json.loads(connection.execute("SELECT state FROM game_table WHERE id = ?", (token,)).fetchone()[0])


def test_a_kardinal_table_from_before_shows_its_kept_scorings_and_sketch(old_client):
    token = TOKENS["kardinal"]
    for screen in ("board", "chains"):
        assert old_client.get(f"/t/{token}/{screen}").status_code == 200
    final = old_client.get(f"/t/{token}/scores/final").get_data(as_text=True)
    assert "28" in final and "Andreas" in final
    sketch = old_client.get(f"/t/{token}/chains?sketch=green", headers=HTMX).get_data(as_text=True)
    assert 'id="sketch-points">4 point' in sketch


def test_a_kardinal_table_from_before_takes_a_change_and_keeps_everything_else(old_client):
    token = TOKENS["kardinal"]
    before = stored_state(old_client, token)
    assert change(old_client, token, "advisors.Aragon.red", value=1).status_code == 200
    after = stored_state(old_client, token)
    assert after["advisors"]["Aragon"] == {"red": 1}
    for key in ("players", "rules", "monasteries", "chains", "results", "sketches"):
        assert after[key] == before[key], key


def test_a_fresh_kardinal_table_from_before_opens_and_scores(old_client):
    token = TOKENS["kardinal_fresh"]
    assert old_client.get(f"/t/{token}/board").status_code == 200
    assert old_client.post(f"/t/{token}/score/intermediate", data={"screen": "board"}).status_code in (200, 303)
    assert stored_state(old_client, token)["results"]["intermediate"]["totals"] == {"green": 0, "red": 0, "yellow": 0}


def test_a_princeps_table_from_before_shows_its_result_and_takes_a_change(old_client):
    token = TOKENS["princeps"]
    assert old_client.get(f"/t/{token}/territories").status_code == 200
    assert "Ana" in old_client.get(f"/t/{token}/scores/final").get_data(as_text=True)
    assert princeps.change(old_client, token, princeps.cell(1, "gold", "stable"), value=5).status_code == 200
    state = stored_state(old_client, token)
    assert state["players"][1]["counts"] == {"trade_destabilised": 2, "gold_stable": 5}
    assert state["results"]["final"]["totals"] == {"Ana": 1, "Ben": 0, "Cleo": 2}


def test_every_stored_state_reads_into_its_games_model_and_back_unchanged():
    from assistant.web.games import web_game

    with sqlite3.connect(DATA / "tables-before-typed-state.sqlite") as connection:
        rows = connection.execute("SELECT game, state FROM game_table").fetchall()
    assert len(rows) == 3
    for game, stored in rows:
        before = json.loads(stored)
        after = json.loads(web_game(game).state_model.model_validate_json(stored).to_json())
        # What was stored comes back as it was; a part the older code left out reads as empty.
        assert {key: value for key, value in after.items() if key in before} == before
        assert all(not value for key, value in after.items() if key not in before)


def test_a_stored_state_with_a_field_no_game_knows_is_refused():
    from pydantic import ValidationError

    from assistant.web.games.princeps.state import PrincepsState

    good = {"players": [{"name": "Ana", "counts": {}}], "rules": {"ties": "shared"}, "results": {}}
    assert PrincepsState.model_validate(good).players[0].name == "Ana"
    with pytest.raises(ValidationError):
        PrincepsState.model_validate({**good, "rules": {"ties": "shared", "tie": "nobody"}})
