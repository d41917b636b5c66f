"""Undo follows the table (issue 42): the pad never offers to take back a tap another phone
replaced since, the history no "Set it back" that would be a conflict, and when an Undo or a
set-back meets a conflict anyway, keeping the other phone's value is the main button. Two phones
are two clients; on both stores, CSRF on."""
from __future__ import annotations

import re

from tests.web.helpers import HTMX, change, new_table, version
from tests.web.test_record import cell_value, history
from tests.web.test_unchanged_taps import undo_label

ARAGON = "monasteries.Aragon.red"
BURGUND = "monasteries.Burgund.red"


def poll(client, token, cell, since) -> str:
    """What the phone's next poll brings, its pad open on ``cell``."""
    response = client.get(f"/t/{token}/board?cell={cell}&since={since}", headers=HTMX)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def conflict_buttons(html: str) -> tuple[str, str]:
    """The conflict notice's Keep link and its "anyway" button, as sent."""
    notice = html.split('class="notice conflict"')[1].split("</div>\n</div>")[0]
    keep = re.search(r'<a class="[^"]*"[^>]*>[^<]*</a>', notice).group(0)
    anyway = re.search(r"<button[^>]*>[^<]*</button>", notice).group(0)
    return keep, anyway


def test_the_pad_stops_offering_a_tap_another_phone_replaced_and_offers_the_one_in_force(app, client):
    token = new_table(client)
    change(client, token, BURGUND, value="2", tap="burgund-two-01", here=f"cell={BURGUND}")
    taken = change(client, token, ARAGON, value="3", tap="aragon-three-1", here=f"cell={ARAGON}")
    assert "3 → 0" in undo_label(taken.get_data(as_text=True))
    shown = version(client, token)
    change(app.test_client(), token, ARAGON, value="7")  # another phone replaces it
    page = poll(client, token, ARAGON, shown)
    assert "3 → 0" not in undo_label(page) and "Burgund, monasteries of Barbara (red), 2 → 0" in undo_label(page)
    assert 'data-undo="aragon-three-1"' not in page


def test_the_pad_offers_nothing_when_every_tap_of_this_phone_was_replaced(app, client):
    token = new_table(client)
    change(client, token, ARAGON, value="3", tap="aragon-three-2", here=f"cell={ARAGON}")
    shown = version(client, token)
    change(app.test_client(), token, ARAGON, value="7")
    page = poll(client, token, ARAGON, shown)
    assert "→" not in undo_label(page) and "data-undo=" not in page


def test_the_history_offers_no_set_back_that_would_be_a_conflict(app, client):
    token = new_table(client)
    change(client, token, ARAGON, value="3")
    change(app.test_client(), token, ARAGON, value="7")
    page = history(client, token)
    assert "Set it back to 3" in page  # the other phone's 3 → 7: the cell holds what it set
    assert "Set it back to 0" not in page  # this phone's 0 → 3, replaced since: a conflict


def test_an_undo_that_meets_a_conflict_offers_keeping_the_other_phones_value_first(app, client):
    token = new_table(client)
    change(client, token, ARAGON, value="3", tap="aragon-three-3", here=f"cell={ARAGON}")
    shown = version(client, token)
    change(app.test_client(), token, ARAGON, value="7")
    undo = change(client, token, ARAGON, base=shown, undo="aragon-three-3", tap="undo-after-seven", here=f"cell={ARAGON}")
    assert undo.status_code == 409
    keep, anyway = conflict_buttons(undo.get_data(as_text=True))
    assert "Keep 7" in keep and "primary" in keep
    assert "Use 0 anyway" in anyway and "primary" not in anyway
    assert cell_value(client, token, ARAGON) == "7"


def test_a_count_that_meets_a_conflict_keeps_its_own_value_the_main_button(app, client):
    """A tap of this phone's own count is what the person means: "Use … anyway" stays the main button."""
    token = new_table(client)
    shown = version(client, token)
    change(app.test_client(), token, ARAGON, value="5")
    refused = change(client, token, ARAGON, base=shown, value="2", tap="count-conflict-1")
    keep, anyway = conflict_buttons(refused.get_data(as_text=True))
    assert "primary" not in keep and "primary" in anyway
