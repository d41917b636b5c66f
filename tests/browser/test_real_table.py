"""A real table: taps on a slow network, bounces, two phones on one cell and on two cells, a
spectator, five long names on a narrow phone, a player over the pieces they own, the chains.
Taps land where the element is on the screen at that moment (steps.tap), as a finger would.
Screenshots: screenshots/70-table-*.png to 83-table-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import cell, in_viewport, network_delay, open_pad, pad_number, set_count, start_table, tap, tap_twice

pytestmark = pytest.mark.browser
POLL_MS = 2000  # the app's POLL_SECONDS
PLAYERS = [("Andreas", "red"), ("Barbara", "green"), ("Doris", "blue"), ("Eva", "yellow"), ("Fritz", "black")]
LONG_NAMES = [("Maximiliane", "red"), ("Friederike", "green"), ("Bartholomäus", "blue"), ("Konstantin", "yellow"), ("Wilhelmina", "black")]


def settled(page) -> None:
    """Every tap answered: nothing is waiting for the server."""
    expect(page.locator("#screen .cell.pending")).to_have_count(0)


def fresh_count(phones, token: str, name: str) -> str:
    """What the server holds, as a phone that opens the table now sees it."""
    other = phones()
    other.page.goto(f"/t/{token}/board")
    return cell(other.page, name).inner_text()


def test_two_quick_taps_on_a_slow_network_both_land_in_order(phones):
    phone = phones()
    page = phone.page
    token = start_table(page, PLAYERS)
    open_pad(page, "monasteries.Schwaben.red")
    network_delay(page, 400)
    tap(page, pad_number(page, 4))
    # Shown at once, long before the server can answer (400 ms each way)...
    assert cell(page, "monasteries.Schwaben.red").inner_text() == "4"
    assert page.locator('#pad input[name="cell"]').input_value() == "monasteries.Schwaben.green"
    page.wait_for_timeout(150)
    tap(page, pad_number(page, 1))  # the pad showed green's cell: the 1 is green's
    assert cell(page, "monasteries.Schwaben.green").inner_text() == "1"
    phone.shot("70-table-slow-network-two-taps-pending")
    settled(page)
    expect(cell(page, "monasteries.Schwaben.red")).to_have_text("4")
    expect(cell(page, "monasteries.Schwaben.green")).to_have_text("1")
    expect(page.locator('#pad input[name="cell"]')).to_have_value("monasteries.Schwaben.blue")
    phone.shot("71-table-slow-network-two-taps-confirmed")
    network_delay(page, 0)
    assert fresh_count(phones, token, "monasteries.Schwaben.red") == "4"
    assert fresh_count(phones, token, "monasteries.Schwaben.green") == "1"


def test_a_double_tap_60_ms_apart_is_one_tap(phones):
    phone = phones()
    page = phone.page
    token = start_table(page, PLAYERS)
    open_pad(page, "monasteries.Bayern.red")
    tap_twice(page, pad_number(page, 3), 60)  # the finger bounced: the same spot again
    page.wait_for_timeout(600)
    settled(page)
    expect(cell(page, "monasteries.Bayern.red")).to_have_text("3")
    expect(cell(page, "monasteries.Bayern.green")).to_have_text("0")
    expect(page.locator('#pad input[name="cell"]')).to_have_value("monasteries.Bayern.green")
    phone.shot("72-table-double-tap")
    assert fresh_count(phones, token, "monasteries.Bayern.green") == "0"
    open_pad(page, "advisors.Bayern.red")
    tap_twice(page, page.locator("#pad").get_by_role("button", name="one more"), 60)  # + moves its value: still one tap
    page.wait_for_timeout(600)
    settled(page)
    expect(cell(page, "advisors.Bayern.red")).to_have_text("1")


def both_on_schwaben(phones):
    """Two phones with the pad on Andreas's monasteries in Schwaben; the first has entered 1."""
    first, second = phones(), phones()
    token = start_table(first.page, PLAYERS)
    second.page.goto(f"/t/{token}/board")
    open_pad(first.page, "monasteries.Schwaben.red")
    open_pad(second.page, "monasteries.Schwaben.red")
    tap(first.page, pad_number(first.page, 1))
    settled(first.page)
    return first, second


def test_two_phones_on_one_cell_see_the_conflict_at_the_pad_and_who_was_replaced(phones):
    first, second = both_on_schwaben(phones)
    tap(second.page, pad_number(second.page, 2))  # the second phone has not seen the 1 yet
    notice = second.page.locator(".notice.conflict")
    expect(notice).to_contain_text("Schwaben, monasteries of Andreas (red) was set to 1 on another phone")
    expect(notice).to_contain_text("You entered 2")
    assert in_viewport(second.page, notice), "the conflict must be where the person looks, at the pad"
    expect(second.page.locator("#pad")).to_be_visible()
    expect(cell(second.page, "monasteries.Schwaben.red")).to_have_text("1")  # the refused 2 is undone
    second.shot("73-table-conflict-at-the-pad")
    keep, use = notice.get_by_role("link", name="Keep 1"), notice.get_by_role("button", name="Use 2 anyway")
    assert in_viewport(second.page, keep) and in_viewport(second.page, use)
    use.click()
    expect(cell(second.page, "monasteries.Schwaben.red")).to_have_text("2")
    # The first phone is told, on that cell, that its 1 was replaced.
    expect(cell(first.page, "monasteries.Schwaben.red")).to_have_text("2")
    expect(cell(first.page, "monasteries.Schwaben.red")).to_have_class(re.compile(r"\breplaced\b"))
    told = first.page.locator("#replaced-notices .replaced-notice")  # told once, at the top
    expect(told).to_contain_text("Schwaben, monasteries of Andreas (red): the value entered here (1) was replaced by 2 on another phone")
    assert in_viewport(first.page, told)
    first.shot("74-table-replaced-on-the-first-phone")


def test_a_conflict_after_the_pad_moved_on_brings_it_back_light_and_polls_leave_the_notice(phones):
    """The 409 is sent in parts (a few KB, not the 35 KB screen): the pad returns to the disputed
    cell, the only one selected and on screen; polls, with the other phone still tapping, leave
    the notice until it is answered."""
    first, second = both_on_schwaben(phones)
    refused = []
    second.page.on("response", lambda r: refused.append(len(r.body())) if r.status == 409 else None)
    second.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # reading Burgund, far below
    tap(second.page, pad_number(second.page, 2))  # the pad moves on to the next cell, then the 409
    notice = second.page.locator("#pad .notice.conflict")
    expect(notice).to_contain_text("You entered 2")
    expect(second.page.locator('#pad form[data-taps] input[name="cell"]')).to_have_value("monasteries.Schwaben.red")
    selected = second.page.locator("a.cell.selected")
    expect(selected).to_have_count(1)
    assert selected.get_attribute("id") == "cell-monasteries-Schwaben-red" and in_viewport(second.page, selected)
    second.page.wait_for_timeout(200)  # the scroll to the disputed cell
    assert selected.bounding_box()["y"] + selected.bounding_box()["height"] <= second.page.locator("#pad").bounding_box()["y"]  # above the pad
    second.shot("78-conflict-cell-above-the-pad")
    # The pad, the countries changed since and who has entered their counts (the progress card): well
    # under the 35 KB of the whole screen.
    assert refused and refused[0] < 14_000, refused
    expect(second.page.locator("#pad button.undo")).to_be_hidden()  # a refused tap is nothing to take back
    set_count(first.page, "advisors.Bayern.green", 3)  # something new for the second phone's polls
    second.page.wait_for_timeout(2 * POLL_MS + 500)
    expect(notice).to_be_visible()
    notice.get_by_role("link", name="Keep 1").click()
    expect(second.page.locator(".notice.conflict")).to_have_count(0)
    expect(cell(second.page, "advisors.Bayern.green")).to_have_text("3")  # polls and the screen are back


def test_two_phones_on_two_cells_and_a_spectator_all_see_both(phones):
    first, second, spectator = phones(), phones(), phones()
    token = start_table(first.page, PLAYERS)
    first.page.get_by_role("link", name="Share").click()
    watch_link = first.page.locator(".share-link .link a").nth(1).get_attribute("href")
    first.page.get_by_role("link", name="Board", exact=True).click()
    second.page.goto(f"/t/{token}/board")
    spectator.page.goto(watch_link)
    open_pad(first.page, "monasteries.Aragon.red")
    open_pad(second.page, "monasteries.Aragon.green")
    tap(first.page, pad_number(first.page, 1))
    tap(second.page, pad_number(second.page, 2))
    for phone in (first, second):
        expect(cell(phone.page, "monasteries.Aragon.red")).to_have_text("1")
        expect(cell(phone.page, "monasteries.Aragon.green")).to_have_text("2")
        expect(phone.page.locator(".notice")).to_have_count(0)
    watched = spectator.page.locator("#country-Aragon span.cell")
    # What a screen reader says too: the cell's words, then its count.
    expect(watched.nth(0)).to_have_text("Aragon, monasteries of Andreas (red): 1")
    expect(watched.nth(1)).to_have_text("Aragon, monasteries of Barbara (green): 2")
    first.shot("75-table-two-cells-first")
    second.shot("76-table-two-cells-second")
    spectator.page.locator("#country-Aragon").scroll_into_view_if_needed()
    spectator.shot("77-table-two-cells-spectator")


def test_the_pad_at_360_px_with_five_long_names(phones):
    phone = phones(360)
    page = phone.page
    start_table(page, LONG_NAMES)
    open_pad(page, "monasteries.Frankreich.red")
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    # Any count a player can have in one country in one tap: 0 to 20 monasteries.
    numbers = page.locator('#pad button[name="value"]:visible')
    assert [numbers.nth(i).get_attribute("value") for i in range(numbers.count())] == [str(n) for n in range(21)]
    for button in page.locator("#pad button:visible, #pad a.button:visible").all():
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (button.inner_text(), box)
    pad_top = page.locator("#pad").bounding_box()["y"]
    selected = cell(page, "monasteries.Frankreich.red").bounding_box()
    assert 0 <= selected["y"] and selected["y"] + selected["height"] <= pad_top, "the cell being entered is under the pad"
    phone.shot("78-table-pad-360-five-long-names")
    tap(page, pad_number(page, 12))
    expect(cell(page, "monasteries.Frankreich.red")).to_have_text("12")
    open_pad(page, "advisors.Frankreich.red")
    advisors = page.locator("#pad button[name=\"value\"]:visible")
    assert advisors.count() == 9  # 0 to 8: each player owns 8 advisors
    phone.shot("79-table-pad-360-advisors")


def test_a_player_over_their_monasteries_is_marked_at_the_pad_and_on_the_card(phones):
    phone = phones()
    page = phone.page
    start_table(page, PLAYERS[:3])
    open_pad(page, "monasteries.England.red")
    tap(page, pad_number(page, 20))
    expect(cell(page, "monasteries.England.red")).to_have_text("20")
    open_pad(page, "monasteries.Franken.red")
    tap(page, pad_number(page, 5))
    # The pad moved on to the next player, and still says what is wrong, in words, with the total.
    expect(page.locator('#pad input[name="cell"]')).to_have_value("monasteries.Franken.green")
    words = "Andreas (red) has 25 monasteries on the board, but a player owns only 20"
    expect(page.locator("#pad")).to_contain_text(words)
    card = page.locator("#country-Franken")
    expect(card).to_contain_text(words)
    expect(card).to_have_class(re.compile(r"\bbad\b"))
    expect(cell(page, "monasteries.Franken.red")).to_have_text("5")  # stays as entered
    expect(cell(page, "monasteries.Franken.red")).to_have_class(re.compile(r"\bbad\b"))
    phone.shot("80-table-over-the-limit")


def test_adding_chains_keeps_the_card_being_edited_above_the_pad(phones):
    phone = phones()
    page = phone.page
    token = start_table(page, PLAYERS)
    page.goto(f"/t/{token}/chains")
    page.locator("#chains-red").get_by_role("link", name="+ chain").click()
    for color, following in (("red", "green"), ("green", "blue"), ("blue", "yellow"), ("yellow", "black")):
        card = page.locator(f"#chains-{color}.adding")
        expect(card).to_have_count(1)
        page.wait_for_timeout(400)  # a smooth scroll takes a moment
        pad_top = page.locator("#pad").bounding_box()["y"]
        box = card.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= pad_top + 1, (color, box, pad_top)
        if color == "blue":
            phone.shot("81-table-chains-next-player")
        page.locator("#pad").get_by_role("link", name="Next player:").click()
        expect(page.locator(f"#chains-{following}.adding")).to_have_count(1)


def test_done_and_another_cell_while_taps_are_on_their_way(phones):
    phone = phones()
    page = phone.page
    token = start_table(page, PLAYERS[:3])
    open_pad(page, "monasteries.England.red")
    network_delay(page, 400)
    tap(page, pad_number(page, 2))
    page.locator("#pad").get_by_role("link", name="Done").click()
    expect(page.locator("#pad")).to_be_hidden()  # at once, before the answer
    settled(page)
    expect(page.locator("#pad")).to_have_count(0)
    expect(cell(page, "monasteries.England.red")).to_have_text("2")
    open_pad(page, "monasteries.England.red")
    tap(page, pad_number(page, 5))
    cell(page, "monasteries.Franken.blue").click()  # the pad goes there at once...
    assert page.locator('#pad input[name="cell"]').input_value() == "monasteries.Franken.blue"
    settled(page)
    page.wait_for_timeout(900)  # ...and stays there once the answers are in
    expect(page.locator('#pad input[name="cell"]')).to_have_value("monasteries.Franken.blue")
    expect(cell(page, "monasteries.England.red")).to_have_text("5")
    network_delay(page, 0)
    assert fresh_count(phones, token, "monasteries.England.red") == "5"


def test_a_tap_that_cannot_reach_the_table_is_kept_and_sent_again(phones):
    phone = phones()
    page = phone.page
    token = start_table(page, PLAYERS[:3])
    open_pad(page, "monasteries.Italien.red")
    cut = []  # the first tap's request fails (the Wi-Fi dropped), the next try goes through

    def wifi(route):
        if cut:
            route.continue_()
        else:
            cut.append(route.request.url)
            route.abort()

    page.route("**/change", wifi)
    tap(page, pad_number(page, 3))
    expect(page.locator("#offline")).to_have_text(
        "No connection to the table: 1 tap is kept on this phone and will be sent when it is back. Counts can still be entered; scoring waits for the connection."
    )
    expect(cell(page, "monasteries.Italien.red")).to_have_text("3")  # kept, not undone
    expect(cell(page, "monasteries.Italien.red")).to_have_class(re.compile(r"\bwaiting\b"))
    phone.shot("82-table-tap-kept-offline")
    settled(page)  # sent again a second later, by itself
    expect(page.locator("#offline")).to_have_text("Connection back: the kept tap was sent.")
    assert fresh_count(phones, token, "monasteries.Italien.red") == "3"
    phone.errors.remove("Failed to load resource: net::ERR_FAILED")  # the try that could not leave


def test_taps_after_a_refused_one_still_go_and_the_refusal_is_shown(phones):
    first, second = phones(), phones()
    token = start_table(first.page, PLAYERS[:3])
    second.page.goto(f"/t/{token}/board")
    open_pad(second.page, "monasteries.Burgund.red")
    open_pad(first.page, "monasteries.Burgund.red")
    tap(first.page, pad_number(first.page, 1))
    settled(first.page)
    network_delay(second.page, 400)
    tap(second.page, pad_number(second.page, 2))  # refused: the first phone set 1 meanwhile
    tap(second.page, pad_number(second.page, 3))  # green's, made before the refusal came back
    notice = second.page.locator("#pad .notice.conflict")
    expect(notice).to_contain_text("You entered 2")
    settled(second.page)
    expect(cell(second.page, "monasteries.Burgund.green")).to_have_text("3")  # merged: nobody else changed it
    expect(cell(second.page, "monasteries.Burgund.red")).to_have_text("1")
    expect(notice).to_contain_text("You entered 2")  # still there to answer
    second.shot("83-table-taps-after-a-refused-one")
    network_delay(second.page, 0)
    assert fresh_count(phones, token, "monasteries.Burgund.green") == "3"


def test_queued_taps_answered_in_parts_keep_the_poll_state_and_the_next_poll_shows_others(phones):
    """The script sends the version #screen-poll shows with each tap, so the last answer comes in
    parts (htmx out-of-band swaps: #screen itself stays) and brings #screen-poll's new version;
    the next poll then finds another phone's change from there."""
    first, second = phones(), phones()
    page = first.page
    token = start_table(page, PLAYERS)
    second.page.goto(f"/t/{token}/board")
    open_pad(page, "monasteries.Franken.red")
    page.evaluate("document.getElementById('screen').dataset.kept = 'yes'")  # gone if #screen is swapped whole
    network_delay(page, 200)
    tap(page, pad_number(page, 2))
    tap(page, pad_number(page, 5))
    settled(page)
    expect(page.locator("#screen-poll [name=since]")).to_have_value(str(1 + 2))  # the table's version: 1 + two taps
    assert page.locator("#screen").get_attribute("data-kept") == "yes"
    expect(page.locator('#pad input[name="cell"]')).to_have_value("monasteries.Franken.blue")
    first.shot("84-table-taps-answered-in-parts")
    network_delay(page, 0)
    set_count(second.page, "monasteries.Bayern.yellow", 3)
    expect(cell(page, "monasteries.Bayern.yellow")).to_have_text("3")  # the poll went on from the new version
    expect(cell(page, "monasteries.Franken.green")).to_have_text("5")
    first.shot("85-table-other-phone-after-taps-in-parts")
