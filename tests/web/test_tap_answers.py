"""A tap on the open number pad is answered with what it changed only (htmx out-of-band swaps),
each part as the whole board shows it; other phones still see every change."""
import re

from tests.web.helpers import HTMX, new_table, nothing_new, version, view_token

# new_table's players: green, red, blue, purple; the pad moves on along a country's row.
TAPPED, NEXT = "monasteries.England.green", "monasteries.England.red"
LAST_OF_ENGLAND, FIRST_OF_FRANKEN = "advisors.England.purple", "monasteries.Franken.green"


def tap(client, token, cell, value, base, **fields):
    data = {"cell": cell, "value": value, "base": base, "screen": "board", "here": f"cell={cell}", "since": base, **fields}
    return client.post(f"/t/{token}/change", data=data, headers=HTMX)


def part(html: str, element_id: str) -> str:
    """The element with this id, from its tag to the matching close (sections, forms, divs)."""
    start = re.search(rf'<(\w+)[^>]*\bid="{element_id}"', html)
    assert start, f"no #{element_id}"
    tag, depth, at = start.group(1), 0, start.start()
    for found in re.finditer(rf"<(/?){tag}\b[^>]*>", html[at:]):
        depth += -1 if found.group(1) else 1
        if depth == 0:
            return html[at : at + found.end()]
    raise AssertionError(f"#{element_id} is not closed")


def test_a_tap_answers_its_country_the_supply_the_problems_and_the_pad_only(client):
    token = new_table(client)
    response = tap(client, token, TAPPED, "3", version(client, token))
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and response.headers["HX-Reswap"] == "none show:.cell.selected:bottom"  # the pad's cell in view
    swapped = set(re.findall(r'\bid="([^"]+)"[^>]*hx-swap-oob="true"', html))
    assert swapped == {"screen-poll", "country-England", "supply", "board-problems", "pad", "own-counts"}
    assert 'id="country-Franken"' not in html and "Rename" not in html  # the rest of the board stays
    # The next poll asks from here, with the pad where it is now.
    assert re.search(rf'id="screen-poll"[^>]*><input type="hidden" name="since" value="2"><input type="hidden" name="cell" value="{NEXT}">', html)
    assert f'name="cell" value="{NEXT}"' in part(html, "pad") and 'name="base" value="2"' in part(html, "pad")
    assert 'name="csrf_token"' in part(html, "pad")


def test_each_part_is_as_the_whole_board_shows_it(client):
    token = new_table(client)
    html = tap(client, token, TAPPED, "3", version(client, token)).get_data(as_text=True)
    board = client.get(f"/t/{token}/board?cell={NEXT}", headers=HTMX).get_data(as_text=True)
    for element_id in ("country-England", "supply", "board-problems", "pad"):
        # A CSRF token carries the second it was signed in: two requests may fall in two seconds.
        same = lambda text: re.sub(r'name="csrf_token" value="[^"]+"', 'name="csrf_token"', text)  # noqa: E731
        assert same(part(html, element_id).replace(' hx-swap-oob="true"', "")) == same(part(board, element_id))


def test_the_pad_moving_to_the_next_country_answers_both_countries(client):
    token = new_table(client)
    html = tap(client, token, LAST_OF_ENGLAND, "0", version(client, token)).get_data(as_text=True)
    assert {"country-England", "country-Franken"} <= set(re.findall(r'\bid="([^"]+)"[^>]*hx-swap-oob="true"', html))
    assert re.search(rf'id="cell-{FIRST_OF_FRANKEN.replace(".", "-")}"[^>]*aria-current="true"', html)


def test_a_tap_without_the_pad_open_answers_the_whole_screen(client):
    token = new_table(client)
    response = client.post(f"/t/{token}/change", data={"cell": TAPPED, "value": "2", "base": version(client, token), "screen": "board", "here": ""}, headers=HTMX)
    assert response.status_code == 200 and "HX-Reswap" not in response.headers
    assert 'id="screen"' in response.get_data(as_text=True)


def test_a_name_answers_the_whole_screen(client):
    token = new_table(client)
    response = client.post(f"/t/{token}/change", data={"cell": "players.0.name", "value": "Ada", "base": version(client, token), "screen": "board", "here": "cell=" + TAPPED}, headers=HTMX)
    assert response.status_code == 200 and "HX-Reswap" not in response.headers


def test_the_other_phones_poll_gets_what_the_taps_changed(client):
    token = new_table(client)
    base = version(client, token)
    tap(client, token, TAPPED, "3", base)
    tap(client, token, FIRST_OF_FRANKEN, "2", base + 1)
    response = client.get(f"/t/{token}/board?since={base}", headers=HTMX)
    seen = response.get_data(as_text=True)
    assert response.headers["HX-Reswap"] == "none"  # no pad open: the page stays where it is scrolled
    assert set(re.findall(r'\bid="([^"]+)"[^>]*hx-swap-oob="true"', seen)) == {"screen-poll", "country-England", "country-Franken", "supply", "board-problems", "own-counts"}
    assert re.search(rf'id="cell-{TAPPED.replace(".", "-")}"[^>]*>3</a>', seen)
    assert re.search(r'id="screen-poll"[^>]*><input type="hidden" name="since" value="3">', seen)
    board = client.get(f"/t/{token}/board", headers=HTMX).get_data(as_text=True)
    assert part(seen, "country-Franken").replace(' hx-swap-oob="true"', "") == part(board, "country-Franken")
    assert nothing_new(client.get(f"/t/{token}/board?since={base + 2}", headers=HTMX))


def test_a_spectators_poll_gets_the_counts_without_links(client):
    token = new_table(client)
    watch = view_token(client, token)
    base = version(client, token)
    tap(client, token, TAPPED, "3", base)
    seen = client.get(f"/t/{watch}/board?since={base}", headers=HTMX).get_data(as_text=True)
    assert 'id="country-England"' in seen and "hx-get" not in part(seen, "country-England") and "/change" not in seen


def test_a_poll_after_a_new_name_gets_the_whole_screen(client):
    token = new_table(client)
    base = version(client, token)
    client.post(f"/t/{token}/change", data={"cell": "players.0.name", "value": "Ada", "base": base, "screen": "board"}, headers=HTMX)
    response = client.get(f"/t/{token}/board?since={base}", headers=HTMX)
    assert response.status_code == 200 and "HX-Reswap" not in response.headers and 'id="screen"' in response.get_data(as_text=True)


def test_a_conflicting_tap_answers_what_changed_and_the_pad_with_the_notice_on_it(client):
    """Security review, finding 8: each 409 sent the whole 35 KB screen. With the pad open the
    notice is pinned on it: the pad, the countries changed since the phone's version, the supply
    and the problems are enough."""
    token = new_table(client)
    base = version(client, token)
    tap(client, token, TAPPED, "3", base)
    whole = client.get(f"/t/{token}/board?cell={TAPPED}").get_data(as_text=True)
    response = tap(client, token, TAPPED, "1", base)
    html = response.get_data(as_text=True)
    assert response.status_code == 409 and response.headers["HX-Reswap"].startswith("none")
    swapped = set(re.findall(r'\bid="([^"]+)"[^>]*hx-swap-oob="true"', html))
    assert swapped == {"screen-poll", "country-England", "supply", "board-problems", "pad", "own-counts"}
    pad = part(html, "pad")
    assert "Changed on another phone" in pad and 'class="notice conflict"' in pad
    assert f'name="cell" value="{TAPPED}"' in pad  # the pad is back on the disputed cell
    assert 'id="country-Franken"' not in html and len(html) < len(whole) / 3


def test_a_conflicting_tap_without_the_pad_or_without_a_version_still_answers_the_whole_screen(client):
    token = new_table(client)
    base = version(client, token)
    tap(client, token, TAPPED, "3", base)
    for fields in ({"here": ""}, {"since": ""}):
        data = {"cell": TAPPED, "value": "1", "base": base, "screen": "board", "here": f"cell={TAPPED}", **fields}
        if not fields.get("since", True):
            del data["since"]
        else:
            data["since"] = base
        response = client.post(f"/t/{token}/change", data=data, headers=HTMX)
        assert response.status_code == 409 and "HX-Reswap" not in response.headers, fields
        assert 'id="screen"' in response.get_data(as_text=True) and "Changed on another phone" in response.get_data(as_text=True)


def test_a_tap_from_a_screen_that_does_not_poll_answers_the_whole_screen(client):
    """A screen with a notice on it does not poll: its forms send no since=, and the answer
    replaces the notice with the screen ("Use 5 anyway" after a conflict)."""
    token = new_table(client)
    data = {"cell": TAPPED, "value": "5", "base": version(client, token), "screen": "board", "here": f"cell={TAPPED}"}
    response = client.post(f"/t/{token}/change", data=data, headers=HTMX)
    assert response.status_code == 200 and "HX-Reswap" not in response.headers
    assert 'id="screen"' in response.get_data(as_text=True)


def test_use_mine_anyway_after_a_conflict_sends_no_version_shown(client):
    token = new_table(client)
    base = version(client, token)
    tap(client, token, TAPPED, "3", base)
    notice = tap(client, token, TAPPED, "1", base).get_data(as_text=True).split("Changed on another phone")[1]
    anyway = re.search(r'<form method="post"[^>]*>(.*?)</form>', notice, re.S).group(1)
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', anyway))
    assert "since" not in fields and fields["value"] == "1"
    response = client.post(f"/t/{token}/change", data=fields, headers=HTMX)
    assert response.status_code == 200 and "HX-Reswap" not in response.headers  # the notice goes


def oob_ids(html: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"[^>]*hx-swap-oob="true"', html))


def taps_in_turn(client, token, *taps: tuple[str, str]) -> int:
    """Each (cell, value) tapped from the version the one before made; the version before them."""
    base = version(client, token)
    for index, (cell, value) in enumerate(taps):
        tap(client, token, cell, value, base + index)
    return base


def test_a_tap_leaves_the_country_of_the_players_earlier_count_alone_when_nobody_is_over(client):
    """Entering a board row by row, the player's count changed before is in another country:
    it carries no mark (nobody is over), so that country is not sent again."""
    token = new_table(client)
    base = version(client, token)
    tap(client, token, TAPPED, "3", base)
    html = tap(client, token, FIRST_OF_FRANKEN, "2", base + 1).get_data(as_text=True)
    assert oob_ids(html) == {"screen-poll", "country-Franken", "supply", "board-problems", "pad", "own-counts"}


def test_a_player_who_is_no_longer_over_loses_the_mark_on_another_country(client):
    """Over with the mark on Franken (entered last), then under again by a tap in England: the
    answer sends Franken too, as the whole board now shows it, without the mark."""
    token = new_table(client)
    england, franken = "monasteries.England.red", "monasteries.Franken.red"
    base = version(client, token)
    tap(client, token, england, "16", base)
    marked = tap(client, token, franken, "5", base + 1).get_data(as_text=True)
    assert re.search(r'class="cell bad" id="cell-monasteries-Franken-red"', marked)
    html = tap(client, token, england, "15", base + 2).get_data(as_text=True)
    assert {"country-England", "country-Franken"} <= oob_ids(html)
    board = client.get(f"/t/{token}/board?cell=monasteries.England.green", headers=HTMX).get_data(as_text=True)
    assert part(html, "country-Franken").replace(' hx-swap-oob="true"', "") == part(board, "country-Franken")
    assert not re.search(r'class="cell bad" id="cell-monasteries-Franken-red"', html)


def test_a_phone_that_saw_the_player_over_gets_the_mark_taken_away_on_its_next_poll(client):
    token = new_table(client)
    base = taps_in_turn(client, token, ("monasteries.England.red", "16"), ("monasteries.Franken.red", "5"), ("monasteries.England.red", "15"))
    seen = client.get(f"/t/{token}/board?since={base + 2}", headers=HTMX).get_data(as_text=True)  # a phone that saw the mark
    assert "country-Franken" in oob_ids(seen) and not re.search(r'class="cell bad" id="cell-monasteries-Franken-red"', seen)


def test_a_cell_changed_twice_since_the_phone_looked_counts_as_not_known_and_the_marks_are_resent(client):
    """The table keeps the value a cell's last change replaced: a phone that looked before two
    changes of the cell may have seen another value, so the earlier mark's country goes too."""
    token = new_table(client)
    base = taps_in_turn(client, token, ("monasteries.Franken.red", "1"), ("monasteries.England.red", "16"), ("monasteries.England.red", "15"))
    seen = client.get(f"/t/{token}/board?since={base + 1}", headers=HTMX).get_data(as_text=True)
    assert {"country-England", "country-Franken"} <= oob_ids(seen)
    once = client.get(f"/t/{token}/board?since={base + 2}", headers=HTMX).get_data(as_text=True)
    assert oob_ids(once) == {"screen-poll", "country-England", "supply", "board-problems", "own-counts"}


def test_a_phone_whose_value_was_replaced_is_told_at_the_top_with_a_link_to_the_cell(client, app):
    token = new_table(client)
    base = version(client, token)
    tap(client, token, TAPPED, "3", base)
    other = app.test_client()
    other.get(f"/t/{token}/board")
    tap(other, token, TAPPED, "5", base + 1)
    seen = client.get(f"/t/{token}/board?since={base + 1}", headers=HTMX).get_data(as_text=True)
    told = seen.split('hx-swap-oob="beforeend:#replaced-notices"')[1]
    assert f'data-cell="{TAPPED}"' in told and "England, monasteries of Andreas (green): the value entered here (3) was replaced by 5 on another phone." in told
    assert 'href="#cell-monasteries-England-green"' in told
    assert 'id="replaced-notices"' in client.get(f"/t/{token}/board").get_data(as_text=True)  # the page's place for them, empty
