"""The table's record (assistant/web/store/record.py): every change kept with who made it and what it
replaced, a tap counted once for as long as the table lives, Undo and "Set it back" as changes of
their own, scorings never lost by one tap; on both stores, CSRF on."""
from __future__ import annotations

import re
import sqlite3

import pytest

from assistant.web.store import record
from tests.web.helpers import HTMX, change, new_table, version, view_token

ARAGON = "monasteries.Aragon.red"
ITALIEN = "monasteries.Italien.red"


def cell_value(client, token, cell) -> str:
    html = client.get(f"/t/{token}/board").get_data(as_text=True)
    return html.split(f'id="cell-{cell.replace(".", "-")}"')[1].split(">")[1].split("<")[0]


def undo_button(html: str) -> str:
    found = re.search(r'<button type="button" class="undo"[^>]*>.*?</button>', html, re.S)
    assert found, "the pad has an Undo button"
    return found.group(0)


def history(client, token, page=1) -> str:
    """The history screen's card (the page around it speaks of "this phone" too)."""
    response = client.get(f"/t/{token}/history?page={page}")
    assert response.status_code == 200
    return response.get_data(as_text=True).split('class="card history"')[1].split("</main>")[0]


def entries(app, token) -> list[record.Entry]:
    with app.app_context():
        from assistant.web.store.db import get_db

        table_id = get_db().execute("SELECT id FROM game_table WHERE id = ? OR view_id = ?", (token, token)).fetchone()["id"]
        found, _total = record.page(get_db(), table_id, 1)
        return found


# --- every change kept ---

def test_every_change_is_kept_with_its_phone_cell_and_values(app, client):
    token = new_table(client)
    change(client, token, ARAGON, value="1", tap="first-tap-aragon")
    other = app.test_client()
    change(other, token, ARAGON, value="3", tap="other-phone-tap")
    kept = entries(app, token)
    assert [(e.kind, e.cells, e.tap) for e in kept] == [
        ("set", {ARAGON: (1, 3)}, "other-phone-tap"),
        ("set", {ARAGON: (0, 1)}, "first-tap-aragon"),
    ]
    assert kept[0].phone and kept[1].phone and kept[0].phone != kept[1].phone
    assert [e.version for e in kept] == [version(client, token), version(client, token) - 1]
    page = history(client, token)
    assert page.index("phone 2") < page.index("this phone")  # newest first: the other phone's 3
    assert "Aragon, monasteries of Barbara (red)" in page and "1 → 3" in page and "0 → 1" in page
    theirs = history(other, token)  # the other phone is "this phone" on its own screen
    assert theirs.index("this phone") < theirs.index("phone 1")


def test_names_rules_and_scorings_are_entries_too(client):
    token = new_table(client)
    change(client, token, "players.0.name", value="Andrea")
    change(client, token, "rules.chains", screen="chains", value="longest-per-group")
    change(client, token, ARAGON, value="2")
    assert client.post(f"/t/{token}/score/intermediate", data={"screen": "board"}).status_code == 303
    page = history(client, token)
    assert "Andreas → Andrea" in page
    assert "Intermediate scoring</strong>: scored" in page and "Barbara (red) leads" in page


# --- counted once ---

def test_the_first_tap_sent_again_after_a_thousand_others_counts_once(client):
    token = new_table(client)
    firsts = [f"chain-tap-{n:04}" for n in range(5)]  # 5 chains of 4: all of green's 20 monasteries
    for tap in firsts:
        assert change(client, token, "chains.green", screen="chains", add="4", tap=tap).status_code == 200
    for number in range(1000):
        if number % 250 == 0:  # a long game: a minute between each 250 taps gives the table its pace back (store/pace.py)
            a_minute_passes(client.application, token)
        assert change(client, token, ARAGON, base=version(client, token), value=str(number % 3), tap=f"count-tap-{number:05}").status_code == 200
    before = version(client, token)
    for tap in firsts:  # a phone offline for a long game sends them again
        again = change(client, token, "chains.green", screen="chains", base=3, add="4", tap=tap)
        assert again.status_code == 200
    assert version(client, token) == before
    assert len(stored_state(client.application, token)["chains"]["green"]) == 5  # not 10


def a_minute_passes(app, token) -> None:
    from assistant.web.store.db import get_db

    with app.app_context():
        get_db().execute("UPDATE game_table SET paced_until = 0 WHERE id = ?", (token,))


def stored_state(app, token) -> dict:
    import json

    with app.app_context():
        from assistant.web.store.db import get_db

        return json.loads(get_db().execute("SELECT state FROM game_table WHERE id = ?", (token,)).fetchone()["state"])


def test_a_resent_tap_whose_change_cannot_be_read_again_is_still_taken_once(client):
    """A chain removed once: the same tap sent again finds no chain of 4 to remove, and yet it is
    answered as taken, not refused."""
    token = new_table(client)
    change(client, token, "chains.green", screen="chains", add="4", tap="add-a-chain-1")
    first = change(client, token, "chains.green", screen="chains", remove="4", tap="remove-chain-1")
    assert first.status_code == 200
    again = change(client, token, "chains.green", screen="chains", base=2, remove="4", tap="remove-chain-1")
    assert again.status_code == 200 and version(client, token) == 3


def test_a_reused_id_with_another_value_is_refused_with_words(client):
    token = new_table(client)
    change(client, token, ARAGON, value="2", tap="the-same-id-1")
    refused = change(client, token, ARAGON, value="5", tap="the-same-id-1")
    html = refused.get_data(as_text=True)
    assert refused.status_code == 409
    assert "<strong>This entry</strong>" in html and "used for another change already" in html
    assert cell_value(client, token, ARAGON) == "2" and version(client, token) == 2


def test_a_reused_id_from_another_phone_is_refused(app, client):
    token = new_table(client)
    change(client, token, ARAGON, value="2", tap="the-same-id-2")
    refused = change(app.test_client(), token, ARAGON, value="2", tap="the-same-id-2")
    assert refused.status_code == 409 and "used for another change already" in refused.get_data(as_text=True)
    assert version(client, token) == 2


# --- Undo ---

def test_undo_after_a_refused_tap_changes_nothing_else(app, client):
    """The case of the report: Aragon set to 1, then a tap on Italien refused (another phone set
    it to 3 meanwhile): the refused tap leaves nothing to undo; its id undoes nothing."""
    token = new_table(client)
    base = version(client, token)
    change(client, token, ARAGON, base=base, value="1", tap="aragon-tap-01")
    change(app.test_client(), token, ITALIEN, base=base + 1, value="3", tap="other-italien-1")
    refused = change(client, token, ITALIEN, base=base + 1, value="6", tap="italien-tap-01", here=f"cell={ITALIEN}")
    assert refused.status_code == 409
    assert " hidden" in undo_button(refused.get_data(as_text=True))  # the notice's buttons decide
    undo = change(client, token, ITALIEN, undo="italien-tap-01", tap="undo-italien-1", here=f"cell={ITALIEN}")
    assert undo.status_code == 400 and "<strong>Undo</strong>" in undo.get_data(as_text=True)
    assert cell_value(client, token, ARAGON) == "1" and cell_value(client, token, ITALIEN) == "3"
    # Once the notice is answered (Keep 3), Undo says what it takes back: Aragon, not Italien.
    pad = client.get(f"/t/{token}/board?cell={ITALIEN}").get_data(as_text=True)
    assert "Undo: Aragon, monasteries of Barbara (red), 1 → 0" in undo_button(pad)


def test_undo_takes_back_this_phones_latest_change_and_says_so(client):
    token = new_table(client)
    change(client, token, ARAGON, value="1", tap="aragon-tap-02")
    answer = change(client, token, ITALIEN, value="4", tap="italien-tap-02", here=f"cell={ITALIEN}")
    assert 'data-undo="italien-tap-02"' in undo_button(answer.get_data(as_text=True))
    assert "Italien, monasteries of Barbara (red), 4 → 0" in undo_button(answer.get_data(as_text=True))
    undone = change(client, token, ITALIEN, undo="italien-tap-02", tap="undo-tap-0002", here=f"cell={ITALIEN}")
    assert undone.status_code == 200
    assert cell_value(client, token, ITALIEN) == "0" and cell_value(client, token, ARAGON) == "1"
    assert 'data-undo="aragon-tap-02"' in undo_button(undone.get_data(as_text=True))  # the one before, next
    assert entries(client.application, token)[0].kind == "undo"
    again = change(client, token, ITALIEN, undo="italien-tap-02", tap="undo-tap-0003")
    assert again.status_code == 400 and "taken back already" in again.get_data(as_text=True)


def test_undo_survives_a_reload(client):
    token = new_table(client)
    change(client, token, ARAGON, value="2", tap="aragon-tap-03")
    client.get("/")  # another page, then the board again: the record, not the phone's memory
    pad = client.get(f"/t/{token}/board?cell={ARAGON}").get_data(as_text=True)
    assert 'data-undo="aragon-tap-03"' in undo_button(pad) and 'data-before="0"' in undo_button(pad)


def test_undo_of_a_count_another_phone_changed_since_is_a_conflict_with_both_values(app, client):
    token = new_table(client)
    change(client, token, ARAGON, value="1", tap="aragon-tap-04")
    mine = version(client, token)
    change(app.test_client(), token, ARAGON, value="5", tap="other-aragon-4")
    refused = change(client, token, ARAGON, base=mine, undo="aragon-tap-04", tap="undo-aragon-4", here=f"cell={ARAGON}")
    html = refused.get_data(as_text=True)
    assert refused.status_code == 409
    assert "was set to 5 on another phone" in html and "You entered 0" in html
    assert cell_value(client, token, ARAGON) == "5"
    # "Use 0 anyway" sends the undo again from the table's version: now it is taken.
    anyway = change(client, token, ARAGON, undo="aragon-tap-04", tap="undo-aragon-4", here=f"cell={ARAGON}")
    assert anyway.status_code == 200 and cell_value(client, token, ARAGON) == "0"


def test_another_phones_change_cannot_be_undone_from_this_phone(app, client):
    token = new_table(client)
    change(app.test_client(), token, ARAGON, value="5", tap="other-aragon-5")
    refused = change(client, token, ARAGON, undo="other-aragon-5", tap="undo-other-05")
    assert refused.status_code == 400 and cell_value(client, token, ARAGON) == "5"


def test_undo_takes_back_a_rest_of_row_as_one_change(client):
    token = new_table(client)
    change(client, token, "monasteries.England.green", value="2", tap="england-green-1")
    row = change(client, token, "monasteries.England.red", rest="0", tap="rest-of-row-01", here="cell=monasteries.England.red")
    button = undo_button(row.get_data(as_text=True))
    assert 'data-undo="rest-of-row-01"' in button and "rest of its row" in button
    undone = change(client, token, "monasteries.England.red", undo="rest-of-row-01", tap="undo-rest-row1")
    assert undone.status_code == 200
    assert cell_value(client, token, "monasteries.England.green") == "2"
    assert [e.kind for e in entries(client.application, token)] == ["undo", "row", "set"]


@pytest.mark.parametrize("undo", ["<bad>", "x" * 80])
def test_a_malformed_undo_id_is_refused_naming_it(client, undo):
    token = new_table(client)
    response = change(client, token, ARAGON, undo=undo, tap="undo-malformed")
    assert response.status_code == 400 and "<strong>Undo</strong>" in response.get_data(as_text=True)
    assert version(client, token) == 1


def test_a_spectator_can_read_the_history_and_change_nothing(app, client):
    token = new_table(client)
    change(client, token, ARAGON, value="2", tap="aragon-tap-06")
    watching = view_token(client, token)
    spectator = app.test_client()
    page = history(spectator, watching)
    assert "0 → 2" in page and "Set it back" not in page and "<form" not in page
    version_now = version(client, token)
    refused = spectator.post(f"/t/{watching}/history/back/{version_now}", data={"base": version_now}, headers=HTMX)
    assert refused.status_code == 403 and "watching only" in refused.get_data(as_text=True)
    undo = change(spectator, watching, ARAGON, undo="aragon-tap-06", tap="spectator-undo")
    assert undo.status_code == 403
    assert cell_value(client, token, ARAGON) == "2"


# --- Set it back ---

def test_set_it_back_restores_the_value_before_as_a_change_of_its_own(client):
    token = new_table(client)
    change(client, token, ARAGON, value="3")
    change(client, token, ARAGON, value="2")
    entry = version(client, token)
    page = history(client, token)
    assert "Set it back to 3" in page
    back = client.post(f"/t/{token}/history/back/{entry}", data={"base": entry, "tap": "set-back-tap-1"}, headers=HTMX)
    assert back.status_code == 200 and cell_value(client, token, ARAGON) == "3"
    assert "Set back" in back.get_data(as_text=True)
    assert entries(client.application, token)[0].kind == "back"


def test_set_it_back_conflicts_when_another_phone_changed_the_cell_since(app, client):
    token = new_table(client)
    change(client, token, ARAGON, value="3")
    change(client, token, ARAGON, value="2")
    entry = version(client, token)
    change(app.test_client(), token, ARAGON, value="6")
    refused = client.post(f"/t/{token}/history/back/{entry}", data={"base": entry, "tap": "set-back-tap-2"}, headers=HTMX)
    html = refused.get_data(as_text=True)
    assert refused.status_code == 409 and "was set to 6 on another phone" in html and "Use 3 anyway" in html
    assert re.search(r'<a class="button primary"[^>]*>Keep 6</a>', html) and "<button>Use 3 anyway</button>" in html  # keeping it is the main button
    assert f'action="/t/{token}/history/back/{entry}' in html
    assert cell_value(client, token, ARAGON) == "6"


def test_set_it_back_of_an_unknown_entry_is_refused_naming_it(client):
    token = new_table(client)
    response = client.post(f"/t/{token}/history/back/999", data={"base": 1, "tap": "set-back-tap-3"}, headers=HTMX)
    assert response.status_code == 400 and "<strong>Set it back</strong>" in response.get_data(as_text=True)


# --- scorings never lost by one tap ---

def test_replacing_a_kept_scoring_asks_first_and_the_earlier_result_can_be_used_again(client):
    token = new_table(client)
    change(client, token, "monasteries.Aragon.red", value="3")
    assert client.post(f"/t/{token}/score/intermediate", data={"screen": "board"}).status_code == 303
    change(client, token, "monasteries.Bayern.green", value="8")
    asked = client.post(f"/t/{token}/score/intermediate", data={"screen": "board"})
    assert asked.status_code == 303 and asked.headers["Location"].endswith("/score/intermediate/replace?screen=board")
    question = client.get(asked.headers["Location"]).get_data(as_text=True)
    assert "Replace the Intermediate scoring result scored" in question and "Barbara (red) leads" in question
    kept = client.get(f"/t/{token}/scores/intermediate").get_data(as_text=True)
    assert "Barbara (red) leads" in kept  # asking replaced nothing
    now = version(client, token)
    assert client.post(f"/t/{token}/score/intermediate", data={"screen": "board", "replace": now}).status_code == 303
    scores = client.get(f"/t/{token}/scores/intermediate").get_data(as_text=True)
    assert "Andreas (green) leads" in scores.split("Earlier results")[0]
    earlier = scores.split("Earlier results")[1]
    assert "Barbara (red) leads" in earlier and "Use this result again" in earlier
    use = re.search(r'action="(/t/[^"]+/use/\d+)"', earlier).group(1)
    assert client.post(use, data={}).status_code == 303
    again = client.get(f"/t/{token}/scores/intermediate").get_data(as_text=True)
    assert "Barbara (red) leads" in again.split("Earlier results")[0]
    assert [e.kind for e in entries(client.application, token)][:3] == ["restore", "scoring", "set"]


def test_a_replace_asked_on_an_older_version_asks_again(client):
    token = new_table(client)
    change(client, token, ARAGON, value="3")
    client.post(f"/t/{token}/score/intermediate", data={"screen": "board"})
    asked_on = version(client, token)
    change(client, token, ARAGON, value="4")
    again = client.post(f"/t/{token}/score/intermediate", data={"screen": "board", "replace": asked_on})
    assert again.status_code == 303 and "/replace" in again.headers["Location"]


# --- bounded, JSON ---

def test_a_table_keeps_its_newest_entries_and_every_scoring(app, client, monkeypatch):
    monkeypatch.setattr(record, "KEPT_ENTRIES", 30)
    monkeypatch.setattr(record, "TRIM_EVERY", 10)
    token = new_table(client)
    change(client, token, ARAGON, value="1")
    client.post(f"/t/{token}/score/intermediate", data={"screen": "board"})
    for number in range(60):
        change(client, token, ARAGON, value=str(number % 4))
    with app.app_context():
        from assistant.web.store.db import get_db

        kinds = [row["kind"] for row in get_db().execute("SELECT kind FROM table_change WHERE table_id = ?", (token,))]
    assert "scoring" in kinds and len(kinds) <= 30 + 10 + 1


def test_the_record_goes_with_its_table_when_pruned(app, client):
    token = new_table(client)
    change(client, token, ARAGON, value="1")
    with app.app_context():
        from assistant.web.store.db import get_db
        from assistant.web.store.prune import prune

        assert prune(older_than=-10)
        assert get_db().execute("SELECT COUNT(*) AS n FROM table_change").fetchone()["n"] == 0


def test_the_history_as_json_for_either_link(app, client):
    token = new_table(client)
    change(client, token, ARAGON, value="2", tap="json-aragon-1")
    client.post(f"/t/{token}/score/intermediate", data={"screen": "board"})
    for link in (token, view_token(client, token)):
        answer = app.test_client().get(f"/api/tables/{link}/history")
        assert answer.status_code == 200
        data = answer.get_json()
        assert data["entries"] == 2 and data["pages"] == 1
        scoring, count = data["changes"]
        assert scoring["kind"] == "scoring" and scoring["totals"]["red"] == 2 and "leads" in scoring["verdict"]
        assert count["cells"] == [{"cell": ARAGON, "before": 0, "after": 2}] and count["phone"] == 1
        assert "json-aragon-1" not in answer.get_data(as_text=True)  # no tap ids, no phone ids
    assert app.test_client().get("/api/tables/nosuchtable0000/history").status_code == 404


def test_the_history_is_paged_fifty_entries_a_page(client):
    token = new_table(client)
    for number in range(55):
        change(client, token, ARAGON, value=str(number % 4))
    first, second = history(client, token), history(client, token, page=2)
    assert first.count('class="history-entry') == 50 and second.count('class="history-entry') == 5
    assert "Page 1 of 2" in first and "Older" in first and "Newer" in second


def test_the_history_polls_like_the_other_screens(client):
    token = new_table(client)
    now = version(client, token)
    unchanged = client.get(f"/t/{token}/history?since={now}", headers=HTMX)
    assert unchanged.status_code == 200 and unchanged.data == b""
    change(client, token, ARAGON, value="2")
    fresh = client.get(f"/t/{token}/history?since={now}", headers=HTMX).get_data(as_text=True)
    assert "0 → 2" in fresh


def test_the_documented_history_is_what_the_api_gives(app, client):
    """docs/json.md's example, made as it says (the times aside)."""
    import json

    from tests.test_docs import marked, matches

    documented = json.loads(marked("history")["json.md:table-history"].body)
    for change_shown in documented["changes"]:
        change_shown.pop("at")
    token = new_table(client)
    change(client, token, ARAGON, value="2")
    client.post(f"/t/{token}/score/intermediate", data={"screen": "board"})
    given = app.test_client().get(f"/api/tables/{token}/history").get_json()
    assert matches(documented, given), json.dumps(given, ensure_ascii=False)


def test_undo_skips_a_change_another_phone_replaced_since(app, client):
    """Still in force: Undo offers this phone's latest change whose cell holds what it set; a count
    another phone changed since is not what it takes back (a phone that had not seen that change
    yet gets the conflict instead: test_undo_of_a_count_another_phone_changed_since…)."""
    token = new_table(client)
    change(client, token, ARAGON, value="1", tap="aragon-tap-07")
    change(client, token, ITALIEN, value="2", tap="italien-tap-07")
    change(app.test_client(), token, ITALIEN, value="5", tap="other-italien-7")
    pad = client.get(f"/t/{token}/board?cell={ITALIEN}").get_data(as_text=True)
    assert 'data-undo="aragon-tap-07"' in undo_button(pad)


def test_undo_finds_what_an_undo_took_back_through_an_index(app, client):
    """The pad's Undo asks which of this phone's entries an undo took back: with an index on the
    undoes that is a lookup, not a walk through the table's entries (up to 20,000 kept)."""
    from assistant.web.store.db import get_db

    token = new_table(client)
    change(client, token, ARAGON, value="1", tap="first-tap-aragon")
    with app.app_context():
        db = get_db()
        table_id = db.execute("SELECT id FROM game_table WHERE id = ?", (token,)).fetchone()["id"]
        if isinstance(db, sqlite3.Connection):  # its plan names the index
            for sql, args in ((record.LATEST_UNDOABLE, (table_id, "phone", *record.UNDOABLE, table_id, 10)), (record.UNDONE, (table_id, 1))):
                plan = " ".join(str(row["detail"]) for row in db.execute(f"EXPLAIN QUERY PLAN {sql}", args))
                assert "table_change_undoes" in plan, plan
        else:  # PostgreSQL plans by the table's size: the index is there, as the migration made it
            found = db.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'table_change_undoes'").fetchone()
            assert found is not None and "(table_id, undoes)" in found["indexdef"] and "undoes IS NOT NULL" in found["indexdef"], found
        assert record.latest_undoable(db, table_id, "nobody", lambda entry: True) is None
