"""Everyone counts their own pieces (assistant/web/own_counts.py): a seat's own link walks just
that player's counts, every phone sees who is done, the share page offers the links."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from tests.web import princeps
from tests.web.helpers import HTMX, change, new_table, score, version, view_token

GREEN = [f"{pieces}.{country}.green" for country in ("England", "Franken") for pieces in ("monasteries", "advisors")]


def cells_of(page: str) -> dict[str, str]:
    """Each cell link's data-next, by its cell (named in its link: ?cell=)."""
    return dict(re.findall(r'\?cell=([^"&]+)[^"]*"[^>]* data-next="([^"]*)"', page))


def pad_cell(page: str) -> str:
    return re.search(r'<input type="hidden" name="cell" value="([^"]+)">', page).group(1)


def test_the_share_page_offers_each_seat_its_own_link_and_code(client):
    token = new_table(client)
    page = client.get(f"/t/{token}/share", base_url="http://192.168.1.20:5000").get_data(as_text=True)
    assert "Scan to count your own pieces" in page
    for color in ("green", "red", "blue", "purple"):
        assert f"http://192.168.1.20:5000/t/{token}/board?player={color}" in page
    assert page.count('<svg class="qr"') == 2 + 4
    assert 'aria-label="QR code of the link for Andreas (green) to count their own pieces"' in page


def test_a_spectators_share_page_offers_no_entry_link(client):
    token = new_table(client)
    watch = view_token(client, token)
    page = client.get(f"/t/{watch}/share").get_data(as_text=True)
    assert "?player=" not in page and "count your own pieces" not in page and token not in page
    assert page.count('<svg class="qr"') == 1


def test_princeps_seat_links_are_seat_numbers(client):
    token = princeps.new_table(client)
    page = client.get(f"/t/{token}/share").get_data(as_text=True)
    assert [f"/t/{token}/territories?player={n}" in page for n in (1, 2, 3)] == [True] * 3
    assert "?player=4" not in page


def test_a_seats_link_opens_the_pad_on_its_first_count_and_walks_only_its_counts(client):
    token = new_table(client)
    page = client.get(f"/t/{token}/board?player=green").get_data(as_text=True)
    assert pad_cell(page) == "monasteries.England.green"
    following = cells_of(page)
    assert [following[c] for c in GREEN[:3]] == GREEN[1:4]
    assert following["monasteries.England.red"] == "monasteries.England.blue"  # the others' cells: the whole order
    assert f'href="/t/{token}/board?cell=advisors.England.green&amp;player=green"' in page
    assert "The rest of my counts: 0" in page and "Rest of row: 0" not in page
    assert "This phone enters the counts of Andreas (green): 0 of 18" in page
    assert 'name="here" value="cell=monasteries.England.green&amp;player=green"' in page


def test_a_number_moves_on_to_the_seats_next_count_and_keeps_the_seat(client):
    token = new_table(client)
    response = client.post(
        f"/t/{token}/change",
        data={"cell": GREEN[1], "value": "2", "base": version(client, token), "screen": "board", "here": f"cell={GREEN[1]}&player=green"},
    )
    assert response.status_code == 303
    args = parse_qs(urlsplit(response.headers["Location"]).query)
    assert args == {"cell": [GREEN[2]], "player": ["green"]}
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Andreas (green): 1 of 18" in page


def test_the_rest_of_my_counts_sets_only_the_seats_empty_counts(client):
    token = new_table(client)
    assert change(client, token, "advisors.Burgund.green", value=1, here="cell=advisors.Burgund.green&player=green").status_code == 200
    assert change(client, token, "monasteries.England.red", value=3).status_code == 200
    response = change(client, token, GREEN[1], rest="0", here=f"cell={GREEN[1]}&player=green", tap="rest-of-my-counts")
    assert response.status_code == 200
    page = client.get(f"/t/{token}/board?player=green&cell={GREEN[0]}").get_data(as_text=True)
    assert "Andreas (green): 17 of 18" in page  # all but its first count, which is still to enter
    assert "Barbara (red): 1 of 18" in page
    assert re.search(r'id="cell-advisors-Burgund-green"[^>]*>1<', page)  # a count entered stays
    assert "Undo: England, advisors of Andreas (green) and the rest of my counts, back to empty" in page


def test_every_phone_sees_who_is_done_and_then_everyone_is_done(client):
    token = new_table(client, players=(("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue")))
    whole = client.get(f"/t/{token}/board").get_data(as_text=True)
    # There from the start, so the first count's answer moves no cell from under a finger.
    assert "Who has entered their counts" in whole and "Andreas (green): 0 of 18" in whole and "(done)" not in whole
    for color in ("green", "red", "blue"):
        first = f"monasteries.England.{color}"
        assert change(client, token, first, rest="0", here=f"cell={first}&player={color}").status_code == 200
        page = client.get(f"/t/{token}/board").get_data(as_text=True)
        assert "Who has entered their counts" in page
        assert ("Everyone is done: score?" in page) == (color == "blue")
    assert "Andreas (green): 18 of 18" in page and "(done)" in page
    assert "Everyone is done: score?" in page
    assert f'href="/t/{token}/board#score-intermediate"' in page
    watch = client.get(f"/t/{view_token(client, token)}/board").get_data(as_text=True)
    assert "Everyone is done: score?" in watch
    assert score(client, token, "intermediate").status_code == 303
    after = client.get(f"/t/{token}/board?player=green").get_data(as_text=True)
    assert "Andreas (green): 0 of 18" in after  # counted again for the final board


def test_a_tap_answered_in_parts_brings_the_progress(client):
    token = new_table(client)
    shown = version(client, token)
    response = client.post(
        f"/t/{token}/change",
        data={"cell": GREEN[0], "value": "1", "base": shown, "since": shown, "screen": "board", "here": f"cell={GREEN[0]}&player=green"},
        headers=HTMX,
    )
    body = response.get_data(as_text=True)
    assert response.headers.get("HX-Reswap", "").startswith("none")
    assert 'id="own-counts"' in body and "Andreas (green): 1 of 18" in body
    assert 'name="player" value="green"' in body  # the next poll keeps the seat


def test_princeps_seat_link_walks_the_seats_six_counts(client):
    token = princeps.new_table(client)
    page = client.get(f"/t/{token}/territories?player=2").get_data(as_text=True)
    assert pad_cell(page) == "players.1.territories.gold.stable"
    following = cells_of(page)
    assert following["players.1.territories.farming.destabilised"] == ""  # the seat's last count: the pad closes
    assert "This phone enters the counts of Ben: 0 of 6" in page
    last = "players.1.territories.farming.destabilised"
    response = princeps.change(client, token, last, value=1, here=f"cell={last}&player=2")
    assert response.status_code == 200
    assert 'name="player" value="2"' in response.get_data(as_text=True)
