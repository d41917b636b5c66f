"""Entry at a real table, server side: a phone told when another replaced its value, a player
over the pieces they own marked where it was entered, every count on the pad, a conflict pinned
on the pad. (The browser side: tests/browser/test_real_table.py.)"""
import re

from tests.web.helpers import HTMX, change, enter, new_table, nothing_new, version


def section(page: str, country: str) -> str:
    return page.split(f'id="country-{country}"')[1].split("</section>")[0]


def replaced_on_another_phone(app, client, cell: str) -> tuple:
    """This phone sets 1 on ``cell``, then a second phone (a session of its own) sets 2: the
    second phone, the table's token and the version this phone saw before."""
    other = app.test_client()
    token = new_table(client)
    change(client, token, cell, value=1)
    seen = version(client, token)
    assert change(other, token, cell, value=2).status_code == 200
    return other, token, seen


def test_a_phone_is_told_on_the_cell_when_another_phone_replaced_its_value(app, client):
    other, token, seen = replaced_on_another_phone(app, client, "monasteries.Schwaben.red")
    page = client.get(f"/t/{token}/board?since={seen}", headers=HTMX).get_data(as_text=True)
    told = "Schwaben, monasteries of Barbara (red): the value entered here (1) was replaced by 2 on another phone."
    assert told in section(page, "Schwaben")
    assert re.search(r'class="cell replaced" id="cell-monasteries-Schwaben-red"', page)
    # Told once: the next poll finds nothing new; the other phone was never told anything.
    assert nothing_new(client.get(f"/t/{token}/board?since={seen + 1}", headers=HTMX))
    assert "was replaced" not in other.get(f"/t/{token}/board?since={seen}", headers=HTMX).get_data(as_text=True)


def test_a_phone_that_set_the_value_again_is_not_told(app, client):
    _other, token, seen = replaced_on_another_phone(app, client, "monasteries.Bayern.red")
    change(client, token, "monasteries.Bayern.red", value=3)
    assert "was replaced" not in client.get(f"/t/{token}/board?since={seen}", headers=HTMX).get_data(as_text=True)


def test_a_player_over_their_monasteries_is_marked_on_the_card_where_it_was_entered_and_on_the_pad(client):
    token = new_table(client)
    enter(client, token, {"monasteries.England.red": 20})
    page = change(client, token, "monasteries.Franken.red", value=5, here="cell=monasteries.Franken.red").get_data(as_text=True)
    words = "Barbara (red) has 25 monasteries on the board, but a player owns only 20"
    assert words in section(page, "Franken") and words not in section(page, "England")
    assert 'class="country bad" id="country-Franken"' in page
    assert re.search(r'class="cell bad" id="cell-monasteries-Franken-red"[^>]*>5</a>', page)  # as entered
    pad = page.split('id="pad"')[1]
    assert 'value="monasteries.Franken.blue"' in pad and words in pad  # moved on, still told


def test_the_monastery_pad_has_every_count_and_the_advisor_pad_up_to_8(client):
    token = new_table(client)
    monasteries = client.get(f"/t/{token}/board?cell=monasteries.Aragon.red", headers=HTMX).get_data(as_text=True).split('id="pad"')[1]
    shown = re.findall(r'<button name="value" value="(\d+)"(?: class="current" aria-current="true")?>', monasteries)
    assert shown == [str(n) for n in range(21)]
    advisors = client.get(f"/t/{token}/board?cell=advisors.Aragon.red", headers=HTMX).get_data(as_text=True).split('id="pad"')[1]
    shown = re.findall(r'<button name="value" value="(\d+)"(?: class="current" aria-current="true")?>', advisors)
    assert shown == [str(n) for n in range(9)]
    assert 'value="9" hidden' in advisors


def test_each_cell_names_the_cell_the_pad_moves_on_to(client):
    token = new_table(client)
    page = client.get(f"/t/{token}/board").get_data(as_text=True)
    assert re.search(r'id="cell-monasteries-England-purple"[^>]*data-next="advisors.England.green"', page)
    assert re.search(r'id="cell-advisors-England-purple"[^>]*data-next="monasteries.Franken.green"', page)
    assert re.search(r'id="cell-advisors-Burgund-purple"[^>]*data-next=""', page)  # the last: the pad closes


def test_a_conflict_is_pinned_on_the_open_pad(app, client):
    other = app.test_client()
    token = new_table(client)
    base = version(client, token)
    change(other, token, "monasteries.Frankreich.green", value=3)
    response = change(client, token, "monasteries.Frankreich.green", base=base, value=4, here="cell=monasteries.Frankreich.green")
    assert response.status_code == 409
    pad = response.get_data(as_text=True).split('id="pad"')[1]
    assert "Changed on another phone" in pad.split('id="pad-form"')[0]  # above the numbers
    assert "Keep 3" in pad and "Use 4 anyway" in pad


def test_a_replaced_house_rule_is_told_on_a_screen_without_a_pad(app, client):
    other = app.test_client()
    token = new_table(client)
    change(client, token, "rules.chains", screen="chains", value="longest-per-group")
    seen = version(client, token)
    change(other, token, "rules.chains", screen="chains", value="disjoint")  # a plain value: told
    page = client.get(f"/t/{token}/chains?since={seen}", headers=HTMX).get_data(as_text=True)
    assert "was replaced by" in page and 'class="warn replaced-note"' in page


# An answer in parts (a tap with the version the screen shows, as static/app.js sends it; a poll)
# carries the same marks as the whole board on the parts it sends.


def tap(client, token, cell, since, **fields):
    """A tap on the open pad as the phone's script sends it: the pad form and #screen-poll's since."""
    return change(client, token, cell, here=f"cell={cell}", since=since, **fields)


def test_a_tap_answered_in_parts_marks_the_player_over_their_monasteries(client):
    token = new_table(client)
    enter(client, token, {"monasteries.England.red": 20})
    shown = version(client, token)
    page = tap(client, token, "monasteries.Franken.red", shown, value=5).get_data(as_text=True)
    assert 'id="country-Franken" aria-labelledby="name-Franken" hx-swap-oob="true"' in page  # in parts
    words = "Barbara (red) has 25 monasteries on the board, but a player owns only 20"
    assert words in section(page, "Franken")
    assert 'id="country-England"' not in page  # red was not over before: England had no mark to take away
    assert re.search(r'class="cell bad" id="cell-monasteries-Franken-red"[^>]*>5</a>', page)
    assert words in page.split('id="pad"')[1]


def test_the_over_limit_mark_moves_in_parts_from_where_it_was(client):
    token = new_table(client)
    enter(client, token, {"monasteries.England.red": 20, "monasteries.Franken.red": 5})
    shown = version(client, token)
    page = tap(client, token, "monasteries.Bayern.red", shown, value=1).get_data(as_text=True)
    words = "Barbara (red) has 26 monasteries on the board, but a player owns only 20"
    assert words in section(page, "Bayern")
    assert "a player owns only 20" not in section(page, "Franken")  # sent again, without its mark


def test_a_tap_answered_in_parts_sends_every_part_changed_since_the_version_shown(app, client):
    other = app.test_client()
    token = new_table(client)
    shown = version(client, token)
    change(other, token, "monasteries.Bayern.green", value=2)  # meanwhile, on another phone
    page = tap(client, token, "monasteries.Franken.red", shown, value=1).get_data(as_text=True)
    assert 'hx-swap-oob="true"' in page and 'id="country-Franken"' in page
    assert re.search(r'id="cell-monasteries-Bayern-green"[^>]*>2</a>', section(page, "Bayern"))


def test_a_tap_answered_in_parts_tells_a_replaced_value_on_its_cell_and_on_the_pad(app, client):
    _other, token, shown = replaced_on_another_phone(app, client, "monasteries.Schwaben.red")
    page = tap(client, token, "monasteries.Schwaben.green", shown, value=3).get_data(as_text=True)
    told = "Schwaben, monasteries of Barbara (red): the value entered here (1) was replaced by 2 on another phone."
    assert 'hx-swap-oob="true"' in page
    assert told in section(page, "Schwaben") and told in page.split('id="pad"')[1].split('id="pad-form"')[0]
    assert re.search(r'class="cell[^"]* replaced" id="cell-monasteries-Schwaben-red"', page)  # the pad moved on to it
