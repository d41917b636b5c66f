"""The count pad's "Empty cells: 0" (once "Rest of row: 0", which promised more than it did): one tap sets every cell of the pad's row that has no count
yet, from the pad's cell on, to 0 and moves the pad past them, as one change the other phones
see; a count already entered stays. It goes through the tap queue, so it waits on the phone
without a connection like any tap. Screenshots: screenshots/95-rest-of-row-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import all_taps_taken, cell, open_pad, pad_number, set_count, start_table, tap

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("Eva", "yellow"), ("Frederik", "black")]
ROW = [f"monasteries.England.{color}" for _name, color in PLAYERS]
NEXT_ROW = "advisors.England.green"


def rest(page):
    return page.locator('#pad button[name="rest"]')


def shown_version(page) -> int:
    return int(page.locator('#screen-poll [name="since"]').input_value())


@pytest.mark.parametrize("width", [360, 390])
def test_one_tap_sets_the_rest_of_the_row_to_0_and_moves_the_pad_past_it(phones, width):
    phone, other = phones(width), phones(width)
    page = phone.page
    token = start_table(page, PLAYERS)
    other.page.goto(f"/t/{token}/board")
    set_count(other.page, ROW[2], 4)  # Doris's count, entered on the other phone
    all_taps_taken(other.page)
    expect(cell(page, ROW[2])).to_have_text("4")
    open_pad(page, ROW[0])
    tap(page, pad_number(page, 3))  # the pad moves on to Barbara: she, Eva and Frederik have none
    expect(page.locator('#pad form[data-taps] input[name="cell"]')).to_have_value(ROW[1])
    box = page.wait_for_function("""() => { const b = document.querySelector('#pad button[name="rest"]');
        return b && b.getBoundingClientRect().height > 0 ? b.getBoundingClientRect().toJSON() : null; }""").json_value()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    expect(rest(page)).to_have_text("Empty cells: 0")
    phone.shot(f"95-rest-of-row-before-{width}")
    all_taps_taken(page)
    before = shown_version(page)  # the 3 taken (the other phone may or may not have polled it yet)
    tap(page, rest(page))
    # At once, on this phone: the three empty cells are 0 (pending), Doris's 4 stays, the pad is on the next row.
    expect(page.locator('#pad form[data-taps] input[name="cell"]')).to_have_value(NEXT_ROW)
    for name, value in zip(ROW, ["3", "0", "4", "0", "0"]):
        expect(cell(page, name)).to_have_text(value)
    all_taps_taken(page)
    for name, value in zip(ROW, ["3", "0", "4", "0", "0"]):
        expect(cell(page, name)).to_have_text(value)
    expect(cell(page, NEXT_ROW)).to_have_class(re.compile(r"\bselected\b"))
    phone.shot(f"95-rest-of-row-after-{width}")
    # The other phone: one change more than the 3 (the row in one change), within a poll.
    expect(other.page.locator('#screen-poll [name="since"]')).to_have_value(str(before + 1))
    for name, value in zip(ROW, ["3", "0", "4", "0", "0"]):
        expect(cell(other.page, name)).to_have_text(value)
    expect(cell(other.page, ROW[2])).not_to_have_class(re.compile(r"\breplaced\b"))


def test_the_rest_of_the_row_waits_on_the_phone_without_a_connection(phones):
    phone, other = phones(), phones()
    page = phone.page
    token = start_table(page, PLAYERS)
    set_count(page, ROW[0], 2)
    all_taps_taken(page)
    other.page.goto(f"/t/{token}/board")
    before = shown_version(other.page)
    page.context.set_offline(True)
    tap(page, rest(page))
    expect(page.locator("#offline")).to_contain_text("1 tap is kept on this phone")
    expect(page.locator('#pad form[data-taps] input[name="cell"]')).to_have_value(NEXT_ROW)
    expect(cell(page, ROW[1])).to_have_class(re.compile(r"\bwaiting\b"))
    page.context.set_offline(False)
    all_taps_taken(page)
    expect(other.page.locator('#screen-poll [name="since"]')).to_have_value(str(before + 1))
    expect(cell(page, ROW[1])).not_to_have_class(re.compile(r"\b(waiting|pending)\b"))
    phone.errors[:] = [e for e in phone.errors if not re.search(r"net::ERR_(INTERNET_DISCONNECTED|FAILED)|htmx:sendError", e)]


LINES = """b => { const range = document.createRange(); range.selectNodeContents(b);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; }"""
SHORTCUT = {"en": "Empty cells: 0", "de": "Leere Felder: 0", "es": "Casillas vacías: 0", "da": "Tomme felter: 0", "it": "Caselle vuote: 0"}


@pytest.mark.parametrize("lang", sorted(SHORTCUT))
def test_the_shortcut_says_what_it_does_on_one_line_at_360_px(phones, lang):
    phone = phones(360)
    page = phone.page
    token = start_table(page, PLAYERS)
    page.goto(f"/t/{token}/board?lang={lang}&cell={ROW[1]}")
    expect(rest(page)).to_have_text(SHORTCUT[lang])
    assert rest(page).evaluate(LINES) == 1
    box = rest(page).bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= 360
    if lang == "da":
        phone.shot("95-rest-of-row-da-360")
