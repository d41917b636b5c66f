"""The count pad's "Empty cells: 0": the cells of the pad's row with no count yet, from the pad's
cell on, set to 0 as one change; a count entered (here or on another phone since) stays; the pad
goes past the row; a tap sent twice is taken once."""
import re

from assistant.web.store.tables import find_table
from tests.web.helpers import HTMX, change, new_table, version

# new_table's players: green, red, blue, purple.
ROW = ["monasteries.England.green", "monasteries.England.red", "monasteries.England.blue", "monasteries.England.purple"]


def rest(client, token, cell, base, **fields):
    data = {"cell": cell, "rest": "0", "base": base, "screen": "board", "here": f"cell={cell}", "since": base, **fields}
    return client.post(f"/t/{token}/change", data=data, headers=HTMX)


def stored(app, token):
    with app.test_request_context():
        return find_table(token)


def test_the_empty_cells_of_the_row_from_the_pads_cell_on_are_set_in_one_change(client, app):
    token = new_table(client)
    assert change(client, token, ROW[0], value="3").status_code == 200
    assert change(client, token, ROW[2], value="4").status_code == 200
    base = version(client, token)
    response = rest(client, token, ROW[1], base, tap="a1b2c3d4e5f6a1b2c3d4e5f6")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    table = stored(app, token)
    assert table.version == base + 1  # one change
    assert table.state.monasteries == {"England": {"green": 3, "blue": 4}}  # the counts entered stay
    assert {cell: table.changed[cell] for cell in ROW} == {ROW[0]: base - 1, ROW[1]: base + 1, ROW[2]: base, ROW[3]: base + 1}
    # The pad is past the row, on the country's advisors; the answer is in parts.
    assert re.search(rf'id="screen-poll"[^>]*><input type="hidden" name="since" value="{base + 1}"><input type="hidden" name="cell" value="advisors.England.green">', html)
    assert response.headers["HX-Reswap"].startswith("none") and re.search(r'id="country-England"[^>]*hx-swap-oob="true"', html)
    # Sent again (its answer was lost): taken once.
    again = rest(client, token, ROW[1], base, tap="a1b2c3d4e5f6a1b2c3d4e5f6")
    assert again.status_code == 200 and stored(app, token).version == base + 1


def test_a_count_another_phone_entered_since_stays_and_nobody_is_told_of_a_replaced_value(client, app):
    token = new_table(client)
    base = version(client, token)
    other = app.test_client()
    other.get(f"/t/{token}/board")
    assert change(other, token, ROW[3], value="2").status_code == 200  # this phone has not seen it yet
    response = rest(client, token, ROW[0], base)
    assert response.status_code == 200  # no conflict: a count is never overwritten
    table = stored(app, token)
    assert table.state.monasteries == {"England": {"purple": 2}}
    assert table.changed[ROW[3]] == base + 1 and table.changed[ROW[0]] == base + 2
    assert table.authors.get("replaced", []) == []
    assert "was replaced by" not in other.get(f"/t/{token}/board?since={base + 1}", headers=HTMX).get_data(as_text=True)


def test_the_last_row_of_the_board_closes_the_pad_and_only_0_is_taken(client):
    token = new_table(client)
    last = "advisors.Burgund.purple"
    response = client.post(f"/t/{token}/change", data={"cell": last, "rest": "0", "base": version(client, token), "screen": "board", "here": f"cell={last}"})
    assert response.status_code == 303 and "cell=" not in response.headers["Location"]  # without JavaScript too
    refused = rest(client, token, ROW[0], version(client, token), **{"rest": "3"})
    assert refused.status_code == 400 and "sets the rest of a row to 0 only" in refused.get_data(as_text=True)
