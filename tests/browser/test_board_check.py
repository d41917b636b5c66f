"""The board check and the map on a phone: correct an alliance, save the board, start a table on
it, score, and follow the walk on the map. Screenshots: screenshots/40-*.png, 41-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import enter_position

pytestmark = pytest.mark.browser
GAME = "kardinal-und-koenig"
# Alliance 1 moved to England–Aragon: green holds the advisor majority in both and scores 3.
POSITION = {
    "monasteries.England.red": 2,
    "monasteries.Aragon.red": 2,
    "monasteries.Frankreich.green": 4,
    "monasteries.Frankreich.red": 2,
    "monasteries.Frankreich.blue": 1,
    "advisors.England.green": 1,
    "advisors.Aragon.green": 2,
    "advisors.Frankreich.blue": 1,
}


def fits(page) -> bool:
    return not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")


def test_check_the_board_save_a_variant_and_score_a_table_on_it(phones):
    phone = phones()
    page = phone.page
    page.goto("/")
    page.get_by_role("link", name="Check the board's alliances").click()
    expect(page.locator("h1")).to_have_text("Check the board's alliances")
    expect(page.locator("#alliance-1")).to_contain_text("read off the map — check on your board")
    expect(page.locator("#alliance-10")).to_contain_text("pair named on the rules page, number read off the map")
    expect(page.locator("#alliance-14")).to_contain_text("pair given in the rulebooks")
    expect(page.locator("#alliance-15")).to_contain_text("across the sea")
    expect(page.locator('input[name="fields-Frankreich"]')).to_have_value("8")
    expect(page.locator("#check-map svg[role=img] path.sea")).to_have_count(6)
    phone.shot("40-board-check")
    phone.shot("40-board-check-full", full_page=True)

    # A mistake first: the error is next to the row, and what was chosen stays chosen.
    page.locator('select[name="alliance-3-b"]').select_option("England")
    page.get_by_role("button", name="Save as a new board").click()
    row = page.locator("#alliance-3")
    expect(row.locator(".problem")).to_have_text(re.compile("not England with itself"))
    expect(page.locator("fieldset.name .problem")).to_contain_text("give this board a name")
    expect(page.locator('select[name="alliance-3-b"]')).to_have_value("England")
    row.scroll_into_view_if_needed()
    phone.shot("40-board-check-error")

    page.locator('select[name="alliance-3-b"]').select_option("Franken")
    page.locator('select[name="alliance-1-b"]').select_option("Aragon")
    # The map follows at once: alliance 1 drawn as changed.
    expect(page.locator("#check-map .square.changed")).to_have_count(1)
    expect(page.locator("#alliance-1")).to_contain_text("changed: the published board has England–Frankreich")
    page.locator('input[name="fields-Bayern"]').fill("6")
    page.locator('input[name="name"]').fill("Our board")
    page.locator("#check-map").scroll_into_view_if_needed()
    phone.shot("40-board-check-changed")
    page.get_by_role("button", name="Save as a new board").click()
    page.wait_for_url(re.compile(r"/boards/\d+\?saved=1$"))
    expect(page.locator(".saved")).to_contain_text("New tables can be scored on “Our board”")
    expect(page.locator(".boards-list")).to_contain_text("Our board")
    phone.shot("40-board-check-saved")

    page.get_by_role("link", name="Start a new table on this board").click()
    expect(page.locator('select[name="board"] option:checked')).to_have_text("Our board")
    for index, (name, color) in enumerate([("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue")]):
        page.locator(f'input[name="players-{index}-name"]').fill(name)
        page.locator(f'select[name="players-{index}-color"]').select_option(color)
    phone.shot("40-new-table-with-board", full_page=True)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+/board$"))
    token = page.url.split("/t/")[1].split("/")[0]
    enter_position(page, POSITION)
    page.get_by_role("link", name="Done").click()
    page.get_by_role("button", name="Intermediate scoring").click()
    page.wait_for_url(re.compile("/scores/intermediate$"))
    page.get_by_role("link", name="Chains", exact=True).click()
    page.get_by_role("button", name="Score without chains").click()
    page.wait_for_url(re.compile("/scores/final$"))
    expect(page.locator(".standings")).to_contain_text("Board: “Our board”")
    expect(page.locator(".steps", has_text="Alliances")).to_contain_text("Alliance 1, England–Aragon: Andreas (green) holds the advisor majority in both and scores all 3 advisors")
    expect(page.locator("main")).to_contain_text("Scored on the board variant “Our board”; the table corrected alliance 1.")
    phone.shot("41-breakdown-variant", full_page=True)

    # The walk: a country step, then alliance 1 on the map, with the counts on it.
    page.get_by_role("link", name="Step by step").click()
    page.get_by_role("link", name="Next →").click()
    expect(page.locator(".walk h2")).to_have_text("England")
    svg = page.locator("#step-map svg")
    expect(svg.locator("title")).to_have_text("Map of the board: England highlighted")
    expect(svg.locator("desc")).to_have_text("Monasteries in England: Barbara (red): 2.")
    expect(svg.locator(".card")).to_contain_text("Barbara 2")
    phone.shot("41-map-country")
    page.goto(f"/t/{token}/scores/final?view=walk&step=6")
    expect(page.locator(".walk h2")).to_have_text("Frankreich")
    expect(page.locator("#step-map .card")).to_contain_text("Andreas 4")
    phone.shot("41-map-country-frankreich")
    page.goto(f"/t/{token}/scores/final?view=walk&step=9")
    page.get_by_role("link", name="Next →").click()
    expect(page.locator(".walk h2")).to_have_text("Alliance 1, England–Aragon")
    expect(svg.locator("title")).to_have_text("Map of the board: alliance 1, England–Aragon (across the sea), highlighted")
    expect(svg.locator("desc")).to_contain_text("Advisors in England: Andreas (green): 1, majority.")
    expect(svg.locator(".square.lit")).to_have_text("1")
    expect(svg.locator(".card")).to_have_count(2)
    expect(svg.locator(".card").nth(1)).to_contain_text("Andreas 2")
    phone.shot("41-map-alliance-1")
    page.goto(f"/t/{token}/scores/final?view=walk&step=23")
    expect(page.locator(".walk h2")).to_have_text("Alliance 14, Italien–Burgund")
    expect(svg.locator(".card")).to_contain_text(["none", "none"])
    phone.shot("41-map-alliance-14-nobody")


@pytest.mark.parametrize("width", [360])
def test_the_board_check_and_the_map_fit_a_narrow_phone(phones, width):
    phone = phones(width)
    page = phone.page
    page.goto("/boards")
    assert fits(page)
    phone.shot(f"40-board-check-{width}")
    page.goto(f"/new/{GAME}")
    page.get_by_role("link", name="Check the board's alliances").click()
    expect(page.locator("h1")).to_have_text("Check the board's alliances")
    for index, (name, color) in enumerate([("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("Eva Maria Anneliese", "yellow"), ("Frederik", "black")]):
        if index == 0:
            page.goto(f"/new/{GAME}")
        if index >= 3:
            page.get_by_role("button", name="Add a player").click()
        page.locator(f'input[name="players-{index}-name"]').fill(name)
        page.locator(f'select[name="players-{index}-color"]').select_option(color)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+/board$"))
    token = page.url.split("/t/")[1].split("/")[0]
    five = {f"monasteries.Italien.{c}": n for c, n in zip(("green", "red", "blue", "yellow", "black"), (4, 3, 2, 2, 1))}
    five |= {f"monasteries.Burgund.{c}": n for c, n in zip(("green", "red", "blue", "yellow", "black"), (1, 2, 4, 1, 1))}
    five |= {"advisors.Italien.yellow": 2, "advisors.Italien.red": 1, "advisors.Burgund.yellow": 2, "advisors.Burgund.black": 1, "advisors.Burgund.blue": 1}
    enter_position(page, five)
    page.get_by_role("link", name="Done").click()
    page.get_by_role("link", name="Chains", exact=True).click()
    page.get_by_role("button", name="Score without chains").click()
    page.wait_for_url(re.compile("/scores/final$"))
    expect(page.locator(".standings")).to_contain_text("Board: as published")
    page.goto(f"/t/{token}/scores/final?view=walk&step=4")
    expect(page.locator("#step-map .card")).to_contain_text("Andreas 4")
    assert fits(page)
    phone.shot(f"41-map-country-{width}")
    page.goto(f"/t/{token}/scores/final?view=walk&step=23")
    expect(page.locator("#step-map .card")).to_have_count(2)
    expect(page.locator("#step-map .card").nth(1)).to_contain_text("Eva Maria…")
    assert fits(page)
    phone.shot(f"41-map-alliance-14-{width}")
