"""A whole game night on phones: start, enter the rulebook example, both scorings, the walk,
a second phone, a spectator, mistakes and conflicts. Screenshots of every screen go to
screenshots/."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import cell, enter_position, set_count, start_table
from tests.web.helpers import EXAMPLE

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("", "purple")]


def standings(page) -> dict[str, int]:
    rows = page.locator(".standings tbody tr")
    found = {}
    for index in range(rows.count()):
        row = rows.nth(index)
        found[row.locator(".who").inner_text()] = int(row.locator("td.num strong").inner_text())
    return found


def test_a_whole_game_with_both_scorings_and_the_walk(phones):
    phone = phones()
    page = phone.page
    page.goto("/")
    phone.shot("01-home")
    page.get_by_role("link", name="Kardinal & König").click()
    expect(page.locator('select[name="players-0-color"]')).to_have_value("red")
    phone.shot("02-new-table")
    token = start_table(page, PLAYERS)
    phone.shot("03-board-empty")

    enter_position(page, EXAMPLE)
    expect(page.locator("#country-Frankreich")).to_contain_text("7 of 8 cloister fields taken")
    expect(page.locator("#country-Italien")).to_contain_text("advisors: 4 of at most 4")
    set_count(page, "monasteries.Bayern.green", 0)  # the pad is still open on the next cell
    phone.shot("04-board-number-pad")
    page.get_by_role("link", name="Done").click()
    expect(page.locator("#pad")).to_have_count(0)
    phone.shot("05-board-entered", full_page=True)

    page.get_by_role("button", name="Intermediate scoring").click()
    page.wait_for_url(re.compile("/scores/intermediate$"))
    assert standings(page) == {"Andreas": 11, "Barbara": 11, "Doris": 4, "Purple": 5}
    expect(page.locator(".verdict").first).to_contain_text("share the lead with 11 points")
    phone.shot("06-intermediate-list", full_page=True)

    # Second half: the board keeps everything; then the chains and the final scoring.
    page.get_by_role("link", name="Board", exact=True).click()
    expect(cell(page, "monasteries.Frankreich.green")).to_have_text("4")
    phone.shot("07-board-second-half", full_page=True)
    page.get_by_role("link", name="Chains", exact=True).click()
    page.locator("#chains-green").get_by_role("link", name="+ chain").click()
    page.locator('#pad button[name="add"][value="4"]').click()
    expect(page.locator("#chains-green")).to_contain_text("4 points")
    phone.shot("08-chains-pad")
    page.get_by_role("link", name="Done").click()
    phone.shot("09-chains", full_page=True)
    page.get_by_role("button", name="Final scoring").click()
    page.wait_for_url(re.compile("/scores/final$"))
    assert standings(page) == {"Andreas": 26, "Barbara": 22, "Doris": 14, "Purple": 10}
    expect(page.locator(".verdict").first).to_contain_text("Andreas (green) wins with 26 points.")
    expect(page.locator(".steps", has_text="Alliances")).to_contain_text("Alliance 14, Italien–Burgund: Doris (blue) holds the advisor majority in both and scores all 6 advisors")
    phone.shot("10-final-list", full_page=True)

    # The walk: like moving the black marker along the alliances.
    page.get_by_role("link", name="Step by step").click()
    expect(page.locator(".walk h2")).to_have_text("Everyone's marker before this scoring")
    phone.shot("11-walk-start")
    for number in range(1, 7):
        page.get_by_role("link", name="Next →").click()
        # Wait for each step as a reader would; a click during a swap may hit the old link.
        expect(page.locator(".walk")).to_contain_text(f"Step {number} of 28")
    expect(page.locator(".walk h2")).to_have_text("Frankreich")
    expect(page.locator(".walk .awards")).to_contain_text("+7")
    phone.shot("12-walk-frankreich")
    page.get_by_role("link", name="← Back").click()
    expect(page.locator(".walk h2")).to_have_text("Aragon")
    page.goto(f"/t/{token}/scores/final?view=walk&step=23")
    expect(page.locator(".walk h2")).to_have_text("Alliance 14, Italien–Burgund")
    expect(page.locator(".walk .awards")).to_contain_text("+6")
    phone.shot("13-walk-alliance-14")
    page.goto(f"/t/{token}/scores/final?view=walk&step=28")
    page.get_by_role("link", name="Next →").click()
    expect(page.locator(".walk h2")).to_have_text("Final standings")
    expect(page.locator(".track")).to_contain_text("space 26")
    expect(page.locator(".chart")).to_contain_text("chains 4")
    phone.shot("14-walk-end-standings", full_page=True)
    # Next replaced the history entry of step 28: Back returns to the page opened before it.
    page.go_back()
    expect(page.locator(".walk")).to_contain_text("Step 23 of 28")


def test_a_second_phone_sees_edits_and_a_spectator_only_watches(phones):
    first, second, spectator = phones(), phones(), phones()
    token = start_table(first.page, PLAYERS)
    first.page.get_by_role("link", name="Share").click()
    expect(first.page.locator(".share-link svg.qr")).to_have_count(2)  # and one per seat: test_own_counts.py
    first.shot("15-share")
    links = first.page.locator(".share-link .link a")
    edit_link, watch_link = links.nth(0).get_attribute("href"), links.nth(1).get_attribute("href")
    assert token in edit_link and token not in watch_link

    second.page.goto(edit_link)
    spectator.page.goto(watch_link)
    expect(spectator.page.locator(".badge")).to_have_text("watching only")
    first.page.get_by_role("link", name="Board", exact=True).click()
    set_count(first.page, "monasteries.Lothringen.red", 2)
    expect(cell(second.page, "monasteries.Lothringen.red")).to_have_text("2")
    watched = spectator.page.locator("#country-Lothringen span.cell").filter(has_text="Lothringen, monasteries of Barbara")
    expect(watched).to_have_text("Lothringen, monasteries of Barbara (red): 2")
    set_count(second.page, "monasteries.Lothringen.purple", 2)
    expect(cell(first.page, "monasteries.Lothringen.purple")).to_have_text("2")
    assert spectator.page.locator("#pad, a.cell").count() == 0
    spectator.shot("16-spectator-board")
    second.shot("17-second-phone-board")


def test_a_mistake_is_shown_where_it_is_and_fixed_without_losing_input(phones):
    phone = phones()
    page = phone.page
    start_table(page, PLAYERS)
    set_count(page, "monasteries.Schwaben.green", 3)
    set_count(page, "monasteries.Schwaben.red", 2)
    schwaben = page.locator("#country-Schwaben")
    expect(schwaben).to_contain_text("5 monasteries, but Schwaben has only 4 cloister fields")
    expect(page.locator("#pad")).to_contain_text("Schwaben has only 4 cloister fields")  # not hidden under the pad
    expect(cell(page, "monasteries.Schwaben.green")).to_have_text("3")
    phone.shot("18-board-mistake")
    cell(page, "monasteries.Schwaben.red").click()
    page.get_by_role("button", name="one less").click()
    expect(cell(page, "monasteries.Schwaben.red")).to_have_text("1")
    expect(schwaben.locator(".problem")).to_have_count(0)
    expect(cell(page, "monasteries.Schwaben.green")).to_have_text("3")
    expect(schwaben).to_contain_text("4 of 4 cloister fields taken")


def test_two_phones_changing_one_cell_get_a_clear_choice(phones):
    first, second = phones(), phones()
    token = start_table(first.page, PLAYERS)
    second.page.goto(f"/t/{token}/board")
    # Both open the same cell; the first enters 3, the second (not yet refreshed) enters 5.
    cell(second.page, "monasteries.England.green").click()
    second.page.wait_for_timeout(100)
    set_count(first.page, "monasteries.England.green", 3)
    second.page.locator('#pad button[name="value"][value="5"]').click()
    notice = second.page.locator(".notice.conflict")
    expect(notice).to_contain_text("England, monasteries of Andreas (green) was set to 3 on another phone")
    expect(notice).to_contain_text("You entered 5")
    second.shot("19-conflict")
    notice.get_by_role("button", name="Use 5 anyway").click()
    expect(cell(second.page, "monasteries.England.green")).to_have_text("5")
    expect(cell(first.page, "monasteries.England.green")).to_have_text("5")


@pytest.mark.parametrize("width", [360])
def test_every_screen_fits_a_narrow_phone(phones, width):
    phone = phones(width)
    page = phone.page
    token = start_table(page, [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("Eva", "yellow"), ("Frederik", "black")])
    enter_position(page, {"monasteries.Frankreich.green": 4, "monasteries.Frankreich.red": 2, "advisors.Frankreich.blue": 1})
    phone.shot(f"20-board-pad-{width}")
    overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not overflow, "the board is wider than the phone"
    page.get_by_role("link", name="Done").click()
    page.get_by_role("button", name="Intermediate scoring").click()
    page.wait_for_url(re.compile("/scores/intermediate$"))
    phone.shot(f"21-scores-{width}", full_page=True)
    for url, name in [("/new/kardinal-und-koenig", "22-new-table"), (f"/t/{token}/chains", "23-chains"), (f"/t/{token}/share", "24-share"), ("/t/no-such-table-here/board", "25-not-found")]:
        page.goto(url)
        assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth"), url
        phone.shot(f"{name}-{width}", full_page=True)
