"""A tap that changes nothing is no change (issue 42): taken, but no version, no record entry,
no Undo offered for it; and the Undo of a row whose cells were all taken since is no 500. On
both stores, CSRF on."""
from __future__ import annotations

import re

from tests.web.helpers import HTMX, change, new_table, score, version
from tests.web.test_record import cell_value, entries, history

CELL = "monasteries.Aragon.green"
ROW = ("monasteries.Aragon.green", "monasteries.Aragon.red", "monasteries.Aragon.blue", "monasteries.Aragon.purple")


def undo_label(html: str) -> str:
    found = re.search(r'<button type="button" class="undo"[^>]*>(.*?)</button>', html, re.S)
    return " ".join(found.group(1).split()) if found else ""


def test_a_count_equal_to_what_the_cell_holds_makes_no_version_and_no_entry(client):
    token = new_table(client)
    change(client, token, CELL, value="3", tap="first-three-01", here=f"cell={CELL}")
    made = version(client, token)
    again = change(client, token, CELL, value="3", tap="same-three-02", here=f"cell={CELL}")
    assert again.status_code == 200
    assert version(client, token) == made and len(entries(client.application, token)) == 1
    assert "3 → 0" in undo_label(again.get_data(as_text=True))  # still the tap that set it
    assert "3 → 3" not in history(client, token)


def test_a_zero_on_an_entered_empty_cell_changes_nothing_and_offers_no_undo(client):
    token = new_table(client)
    first = change(client, token, CELL, value="0", tap="first-zero-01", here=f"cell={CELL}")
    assert first.status_code == 200  # marks the cell entered (a seat's progress counts it): one version
    assert "0 → 0" not in undo_label(first.get_data(as_text=True)) and "0 → 0" not in history(client, token)
    made = version(client, token)
    again = change(client, token, CELL, value="0", tap="again-zero-02", here=f"cell={CELL}")
    assert again.status_code == 200 and version(client, token) == made
    assert "→" not in undo_label(again.get_data(as_text=True))


def test_empty_cells_zero_on_a_row_with_nothing_empty_is_no_change_and_its_undo_no_500(client):
    """The reported 500: after the intermediate scoring, a count, then "Empty cells: 0" on a row
    whose other cells held counts, then Undo (takeback._row_undo: KeyError)."""
    token = new_table(client)
    for cell, value in zip(ROW, ("1", "2", "3", "1"), strict=True):
        change(client, token, cell, value=value)
    assert score(client, token, "intermediate").status_code == 303
    change(client, token, ROW[0], value="2", tap="count-after-01", here=f"cell={ROW[0]}")
    made = version(client, token)
    row = change(client, token, ROW[1], rest="0", tap="row-nothing-01", here=f"cell={ROW[1]}")
    assert row.status_code == 200 and version(client, token) == made
    assert "rest of its row" not in undo_label(row.get_data(as_text=True))
    undo = change(client, token, ROW[1], undo="row-nothing-01", tap="undo-row-nothing", here=f"cell={ROW[1]}")
    assert undo.status_code == 400 and "changed nothing" in undo.get_data(as_text=True)
    assert [cell_value(client, token, cell) for cell in ROW] == ["2", "2", "3", "1"]


def test_the_undo_of_a_row_whose_cells_were_all_taken_since_changes_nothing(app, client):
    token = new_table(client)
    change(client, token, ROW[0], value="1")
    row = change(client, token, ROW[1], rest="0", tap="row-of-three-01", here=f"cell={ROW[1]}")
    assert "rest of its row" in undo_label(row.get_data(as_text=True))
    other = app.test_client()
    for cell in ROW[1:]:
        change(other, token, cell, value="2")
    made = version(client, token)
    page = client.get(f"/t/{token}/board?cell={ROW[1]}", headers=HTMX).get_data(as_text=True)
    assert "rest of its row" not in undo_label(page)  # nothing of it left to take back
    undo = change(client, token, ROW[1], undo="row-of-three-01", tap="undo-row-taken", here=f"cell={ROW[1]}")
    assert undo.status_code == 200 and version(client, token) == made
    assert [cell_value(client, token, cell) for cell in ROW] == ["1", "2", "2", "2"]


def test_a_rename_to_the_same_name_is_no_change(client):
    token = new_table(client)
    made = version(client, token)
    response = change(client, token, "players.0.name", value="Andreas", screen="players")
    assert response.status_code == 200 and version(client, token) == made


def test_the_answer_to_a_count_entered_as_it_stood_offers_the_undo_before_it(client):
    """Its answer offers what the next poll offers: the latest tap whose Undo changes something."""
    token = new_table(client)
    change(client, token, CELL, value="3", tap="three-first-01", here=f"cell={CELL}")
    zero = change(client, token, ROW[1], value="0", tap="zero-entered-01", here=f"cell={ROW[1]}")
    assert "3 → 0" in undo_label(zero.get_data(as_text=True))
