"""The pad without a connection, with the pad closed: a count is opened, changed and moved on
from with no connection (the pad this phone drew last, kept, moved to the cell by its data-*),
with the service worker (a reload offline shows its copy) at 390 and 360 px; the banner says what
works and what waits; a tab reopened online says its kept taps were sent.
Screenshots: screenshots/96-offline-pad-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import all_taps_taken, cell, pad_number, set_count, start_table, tap
from tests.browser.test_form_errors import axe_violations

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "red"), ("Barbara", "green"), ("Doris", "blue")]
NO_CONNECTION = re.compile(r"net::ERR_(INTERNET_DISCONNECTED|FAILED)|htmx:sendError")
WORKS = "Counts can still be entered; scoring waits for the connection."


def close_pad(page) -> None:
    page.locator("#pad a.done").click()
    expect(page.locator("#pad")).to_have_count(0)


@pytest.mark.parametrize("width", [390, 360])
def test_a_count_opens_and_changes_offline_with_the_pad_closed(phones, width):
    phone, other = phones(width), phones(service_workers="block")
    page = phone.page
    token = start_table(page, PLAYERS)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # this screen's first copy, kept by the service worker
    set_count(page, "monasteries.Aragon.red", 2)
    all_taps_taken(page)
    close_pad(page)
    page.context.set_offline(True)
    cell(page, "monasteries.Franken.green").click()  # the pad closed, no connection: it opens all the same
    expect(page.locator("#pad")).to_be_visible()
    expect(page.locator('#pad input[name="cell"]')).to_have_value("monasteries.Franken.green")
    expect(page.locator("#pad")).to_contain_text("Franken")
    expect(page.locator("#pad")).to_contain_text("Barbara")
    tap(page, pad_number(page, 3))
    expect(cell(page, "monasteries.Franken.green")).to_have_text("3")
    expect(cell(page, "monasteries.Franken.green")).to_have_class(re.compile(r"\bwaiting\b"))
    expect(page.locator('#pad input[name="cell"]')).to_have_value("monasteries.Franken.blue")  # moved on
    expect(page.locator("#offline")).to_have_text(f"No connection to the table: 1 tap is kept on this phone and will be sent when it is back. {WORKS}")
    phone.shot(f"96-offline-pad-opened-{width}")
    assert axe_violations(page) == []
    page.reload()  # offline: the kept copy, no pad on it
    expect(page.locator("#pad")).to_have_count(0)
    cell(page, "monasteries.Burgund.blue").click()
    expect(page.locator('#pad input[name="cell"]')).to_have_value("monasteries.Burgund.blue")
    selected = cell(page, "monasteries.Burgund.blue").bounding_box()
    assert selected["y"] + selected["height"] <= page.locator("#pad").bounding_box()["y"] + 1, "the pad covers the cell it opened on"
    tap(page, pad_number(page, 1))
    expect(cell(page, "monasteries.Burgund.blue")).to_have_text("1")
    expect(page.locator("#offline")).to_contain_text("2 taps are kept on this phone")
    expect(page.locator("#offline")).to_contain_text(WORKS)
    phone.shot(f"96-offline-pad-after-reload-{width}")
    page.context.set_offline(False)
    expect(page.locator("#offline")).to_have_text("Connection back: the 2 kept taps were sent.")
    other.page.goto(f"/t/{token}/board")
    expect(cell(other.page, "monasteries.Franken.green")).to_have_text("3")
    expect(cell(other.page, "monasteries.Burgund.blue")).to_have_text("1")
    phone.errors[:] = [error for error in phone.errors if not NO_CONNECTION.search(error)]


@pytest.mark.parametrize("width", [360, 390])
def test_the_cards_totals_count_the_taps_kept_offline(phones, width):
    """England: 3 + 2 + 1 monasteries and 4 advisors for Andreas tapped offline: the card reads 6
    monasteries and 4 advisors of at most 3, over the limit, marked as not sent yet."""
    phone = phones(width, service_workers="block")
    page = phone.page
    start_table(page, PLAYERS)
    cell(page, "monasteries.England.red").click()
    expect(page.locator('#pad input[name="cell"]')).to_have_value("monasteries.England.red")
    page.context.set_offline(True)
    for value in (3, 2, 1):
        tap(page, pad_number(page, value))
    cell(page, "advisors.England.red").click()
    expect(page.locator('#pad input[name="cell"]')).to_have_value("advisors.England.red")
    tap(page, pad_number(page, 4))
    facts = page.locator("#country-England .facts span")
    expect(facts.nth(0)).to_have_text("6 monasteries (fields not known)")
    expect(facts.nth(1)).to_have_text("advisors: 4 of at most 3")
    expect(facts.nth(1)).to_have_class(re.compile(r"\bover\b"))
    expect(facts.nth(0)).to_have_class(re.compile(r"\bunsent\b"))
    supply = page.locator('#supply [data-supply="monasteries"][data-color="red"]')
    expect(supply).to_have_text("17")  # 20 owned, 3 on the board
    expect(supply).to_have_class(re.compile(r"\bunsent\b"))
    expect(page.locator('#supply [data-supply="advisors"][data-color="red"]')).to_have_text("4")
    expect(page.locator("#pad [data-show=foot]")).to_have_text("8 left in supply")  # the pad moved on to Barbara's advisors
    tap(page, pad_number(page, 2))  # Barbara: 2 advisors; the pad on Doris's
    cell(page, "advisors.England.green").click()
    expect(page.locator("#pad [data-show=foot]")).to_have_text("6 left in supply")
    page.locator("#country-England").scroll_into_view_if_needed()
    phone.shot(f"96-offline-card-totals-{width}")
    assert axe_violations(page) == []
    page.context.set_offline(False)
    expect(page.locator("#offline")).to_have_text("Connection back: the 5 kept taps were sent.")
    expect(facts.nth(0)).not_to_have_class(re.compile(r"\bunsent\b"))
    expect(facts.nth(1)).to_have_text("advisors: 6 of at most 3")  # as the table counts it
    expect(supply).to_have_text("17")
    phone.errors[:] = [error for error in phone.errors if not NO_CONNECTION.search(error)]


def test_the_supply_counts_the_cells_shown_in_every_language(phones):
    """The supply card and the pad's foot count the cells as shown in German too: a cell names its
    kind of piece in the page's words for the pad, and by its key for the count (both were one
    attribute, so in German the count found no cells and showed all 20 pieces left)."""
    phone = phones(service_workers="block")
    page = phone.page
    token = start_table(page, PLAYERS)
    page.goto(f"/t/{token}/board?lang=de")
    cell(page, "monasteries.England.red").click()
    expect(page.locator("#pad")).to_contain_text("Klöster")
    page.context.set_offline(True)
    tap(page, pad_number(page, 3))  # kept on the phone: only the page's own count can say 17
    supply = page.locator('#supply [data-supply="monasteries"][data-color="red"]')
    expect(supply).to_have_text("17")
    expect(supply).to_have_class(re.compile(r"\bunsent\b"))
    cell(page, "monasteries.Franken.red").click()
    expect(page.locator("#pad [data-show=foot]")).to_have_text("noch 17 im Vorrat")
    page.context.set_offline(False)
    expect(supply).not_to_have_class(re.compile(r"\bunsent\b"))
    expect(supply).to_have_text("17")
    phone.errors[:] = [error for error in phone.errors if not NO_CONNECTION.search(error)]


@pytest.mark.parametrize("game", ["kardinal-und-koenig", "princeps-machiavelli"])
def test_a_phone_that_never_opened_the_pad_opens_one_offline(phones, game):
    """Nothing kept on this phone yet: the pad the page carries (a <template>) opens on the cell."""
    phone = phones(360, service_workers="block")
    page = phone.page
    page.goto(f"/new/{game}")
    for index, name in enumerate(["Andreas", "Barbara", "Doris"]):
        page.locator(f'input[name="players-{index}-name"]').fill(name)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+/(board|territories)$"))
    expect(page.locator("#pad")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('assistant.pads')") is None
    page.context.set_offline(True)
    target = page.locator("a.cell").nth(4)
    name = target.get_attribute("href").split("?cell=")[1]
    target.click()
    expect(page.locator('#pad input[name="cell"]')).to_have_value(name)
    tap(page, pad_number(page, 2))
    expect(cell(page, name)).to_have_text("2")
    expect(cell(page, name)).to_have_class(re.compile(r"\bwaiting\b"))
    page.wait_for_timeout(200)  # the banner came and pushed the page down
    selected = page.locator("a.cell.selected").bounding_box()
    assert selected["y"] + selected["height"] <= page.locator("#pad").bounding_box()["y"] + 1, "the pad covers the cell it moved on to"
    phone.shot(f"96-offline-pad-never-opened-{game}")
    page.context.set_offline(False)
    expect(page.locator("#offline")).to_have_text("Connection back: the kept tap was sent.")
    page.reload()
    expect(cell(page, name)).to_have_text("2")
    phone.errors[:] = [error for error in phone.errors if not NO_CONNECTION.search(error)]
