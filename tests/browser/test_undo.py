"""Undo on the pad: the last taps are taken back in one tap each, as changes the other phones see;
it says what it takes back; a tap not sent yet is dropped; a cell another phone changed since is a
conflict, never silently reverted; a refused tap leaves nothing to undo (the table's record:
tests/browser/test_record.py). Screenshots: screenshots/96-undo-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import all_taps_taken, cell, open_pad, pad_number, set_count, start_table, tap

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "red"), ("Barbara", "green"), ("Doris", "blue"), ("Eva", "yellow")]
RED, GREEN, BLUE = "monasteries.England.red", "monasteries.England.green", "monasteries.England.blue"
POLL_MS = 2000


def undo(page):
    return page.locator("#pad button.undo")


def version(page) -> int:
    return int(page.locator("#screen").get_attribute("data-version"))


@pytest.mark.parametrize("width", [360, 390])
def test_a_habitual_double_tap_is_taken_back_and_every_phone_sees_it(phones, width):
    phone, other = phones(width), phones()
    page = phone.page
    token = start_table(page, PLAYERS)
    other.page.goto(f"/t/{token}/board")
    before = version(other.page)
    expect(undo(page)).to_have_count(0)  # no pad yet
    open_pad(page, RED)
    expect(undo(page)).to_be_hidden()  # nothing to take back
    tap(page, pad_number(page, 2))
    page.wait_for_timeout(170)  # slower than a bounce: a second tap, on the next cell
    tap(page, pad_number(page, 1))
    expect(cell(page, GREEN)).to_have_text("1")
    expect(undo(page)).to_be_visible()
    expect(undo(page)).to_have_text("↶ Undo: England, monasteries of Barbara (green), 1 → 0")  # says what it takes back
    # Measured in one go: an answer swapping the pad in redraws the button (hidden until the script shows it).
    box = page.wait_for_function("""() => { const b = document.querySelector('#pad button.undo');
        return b && !b.hidden && b.getBoundingClientRect().height > 0 ? b.getBoundingClientRect().toJSON() : null; }""").json_value()
    assert box["height"] >= 44 and box["x"] + box["width"] <= width
    phone.shot(f"96-undo-before-{width}")
    tap(page, undo(page))
    expect(cell(page, GREEN)).to_have_text("0")
    expect(page.locator('#pad form[data-taps] input[name="cell"]')).to_have_value(GREEN)  # the pad is back where it was
    expect(cell(page, RED)).to_have_text("2")
    all_taps_taken(page)
    phone.shot(f"96-undo-after-{width}")
    expect(cell(other.page, GREEN)).to_have_text("0")
    expect(cell(other.page, RED)).to_have_text("2")
    other.page.reload()
    assert version(other.page) == before + 3  # the two taps and the undo, each a change
    # Once more: the 2 goes too, then nothing is left to take back.
    tap(page, undo(page))
    expect(cell(page, RED)).to_have_text("0")
    expect(undo(page)).to_be_hidden()
    expect(cell(other.page, RED)).to_have_text("0")


def test_a_tap_not_sent_yet_is_dropped_from_the_phone(phones):
    phone, other = phones(), phones()
    page = phone.page
    token = start_table(page, PLAYERS)
    set_count(page, RED, 3)
    all_taps_taken(page)
    other.page.goto(f"/t/{token}/board")
    before = version(other.page)
    page.context.set_offline(True)
    tap(page, pad_number(page, 4))  # on green, kept on the phone
    expect(page.locator("#offline")).to_contain_text("1 tap is kept on this phone")
    tap(page, undo(page))
    expect(cell(page, GREEN)).to_have_text("0")
    expect(cell(page, GREEN)).not_to_have_class(re.compile(r"\bwaiting\b"))
    expect(page.locator("#offline")).not_to_contain_text("1 tap is kept")
    page.context.set_offline(False)
    page.wait_for_timeout(2 * POLL_MS)
    other.page.reload()
    assert version(other.page) == before and cell(other.page, GREEN).inner_text() == "0"
    phone.errors[:] = [e for e in phone.errors if not re.search(r"net::ERR_(INTERNET_DISCONNECTED|FAILED)|htmx:sendError", e)]


def test_undo_after_another_phone_changed_the_cell_is_a_conflict_not_a_silent_revert(phones):
    first, second = phones(), phones()
    token = start_table(first.page, PLAYERS)
    second.page.goto(f"/t/{token}/board")
    open_pad(first.page, BLUE)
    tap(first.page, pad_number(first.page, 3))
    all_taps_taken(first.page)
    # Undo tapped before this phone's next poll (on a slow Wi-Fi): once a poll brings the other
    # phone's value, the pad no longer offers the replaced tap (test_taps_told.py).
    held: list = []
    first.page.route(lambda url: "since=" in url, lambda route: held.append(route))
    set_count(second.page, BLUE, 5)  # the other phone corrects it
    all_taps_taken(second.page)
    tap(first.page, undo(first.page))
    notice = first.page.locator(".notice.conflict")
    expect(notice).to_contain_text("was set to 5 on another phone")
    expect(notice).to_contain_text("You entered 0")
    first.shot("96-undo-conflict")
    second.page.wait_for_timeout(2 * POLL_MS + 500)
    expect(cell(second.page, BLUE)).to_have_text("5")  # nothing reverted behind its back
    first.page.unroute_all(behavior="ignoreErrors")
