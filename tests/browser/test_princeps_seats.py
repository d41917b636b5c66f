"""Princeps Machiavelli's seats as Kardinal & König's (issue 46 item 7): a seat's pad sets "the
rest of my counts" to 0 in one tap, the share page names the game's own cards, and a player's
card recounts its totals on the phone while the taps wait offline. 360 and 390 px, axe.
Screenshots: screenshots/97-princeps-seat-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.seat_steps import pad_on, seat_links, tap_count
from tests.browser.steps import all_taps_taken
from tests.browser.test_accessibility import axe_source
from tests.browser.test_own_counts import axe_clean, no_overflow
from tests.browser.test_princeps import cell, start_table

pytestmark = pytest.mark.browser
__all__ = ["axe_source"]  # the module-scoped fixture, used here too
BEN = [f"players.1.territories.{kind}.{state}" for kind in ("gold", "trade", "farming") for state in ("stable", "destabilised")]


@pytest.mark.parametrize("width", [360, 390])
def test_a_princeps_seat_sets_the_rest_of_its_counts_to_0(phones, width, axe_source):
    phone, other = phones(width), phones(width)
    token = start_table(phone.page, ["Ana", "Ben", "Cleo"])
    page = phone.page
    expect(page.locator("#share-seats-title")).to_have_count(0)
    page.goto(seat_links(page, token)["2"])
    tap_count(page, BEN[0], 3)
    all_taps_taken(page)  # the pad as the table's answer draws it (a whole new screen), not the one moved on by the phone
    expect(pad_on(page)).to_have_value(BEN[1])
    rest = page.locator('#pad button[name="rest"]')
    expect(rest).to_have_text("The rest of my counts: 0")
    expect(rest).to_be_visible()
    assert rest.evaluate("el => el.getBoundingClientRect().height") >= 44  # the button as it is now (an answer may have drawn the pad anew)
    axe_clean(page, axe_source, "Princeps seat pad with the rest of my counts")
    assert no_overflow(page)
    phone.shot(f"97-princeps-seat-rest-{width}")
    rest.click()
    expect(page.locator("#pad")).to_be_hidden()
    for name in BEN[1:]:
        expect(page.locator(f"#cell-{name.replace('.', '-')}")).to_have_text("0")
    all_taps_taken(page)
    expect(page.locator("#own-counts h2")).to_have_text("This phone enters the counts of Ben: 6 of 6")
    other.page.goto(f"/t/{token}/territories")
    expect(other.page.locator("#own-counts")).to_contain_text("Ben: 6 of 6 (done)")
    expect(cell(other.page, 1, "gold", "stable")).to_have_text("3")
    expect(other.page.locator("#own-counts")).to_contain_text("Ana: 0 of 6 (still entering)")


@pytest.mark.parametrize("width", [360, 390])
def test_the_share_page_names_princeps_territory_cards(phones, width, axe_source):
    phone = phones(width)
    page = phone.page
    token = start_table(page, ["Ana", "Ben"])
    page.goto(f"/t/{token}/share")
    expect(page.locator("#share-seats-title")).to_have_text("Scan to count your own territory cards")
    expect(page.locator(".share-seats")).not_to_contain_text("pieces")
    axe_clean(page, axe_source, "Princeps share page")
    assert no_overflow(page)
    page.locator(".share-seats").scroll_into_view_if_needed()
    phone.shot(f"97-princeps-seat-share-{width}")


@pytest.mark.parametrize("width", [360, 390])
def test_princeps_cards_recount_offline(phones, width):
    """The Wi-Fi drops: the taps wait on the phone, and Ana's card counts them at once, as a
    Kardinal & König country card does (marked until the table took them)."""
    phone = phones(width)
    page = phone.page
    start_table(page, ["Ana", "Ben"])
    page.context.set_offline(True)
    cell(page, 0, "gold", "stable").click()
    expect(page.locator("#pad")).to_be_visible()
    page.locator('#pad button[name="value"][value="3"]').click()
    expect(pad_on(page)).to_have_value("players.0.territories.gold.destabilised")
    page.locator('#pad button[name="value"][value="2"]').click()
    expect(pad_on(page)).to_have_value("players.0.territories.trade.stable")
    page.locator('#pad button[name="value"][value="1"]').click()
    card = page.locator("#player-0")
    expect(card.locator(".live")).to_have_text(re.compile(r"^\s*6 territories · 4 stable\s*$"))
    expect(card.locator(".live span").first).to_have_class(re.compile(r"\bunsent\b"))
    rows = card.locator(".tgrid.row")
    expect(rows.nth(0).locator(".cell.static")).to_have_text("5")  # gold: 3 + 2
    expect(rows.nth(1).locator(".cell.static")).to_have_text("1")
    expect(rows.nth(3).locator(".cell.static")).to_have_text(["4", "2", "6"])  # the sum row: stable, destabilised, all
    assert no_overflow(page)
    phone.shot(f"97-princeps-seat-offline-{width}")
    page.context.set_offline(False)
    all_taps_taken(page)
    expect(card.locator(".live .unsent")).to_have_count(0, timeout=20_000)
    expect(card.locator(".live")).to_have_text(re.compile(r"^\s*6 territories · 4 stable\s*$"))
    phone.errors[:] = [error for error in phone.errors if not re.search(r"net::ERR_(INTERNET_DISCONNECTED|FAILED)|htmx:sendError", error)]


@pytest.mark.parametrize("width", [360, 390])
def test_a_seats_page_reloaded_offline_comes_back_as_the_seats(phones, width):
    """The service worker keeps a seat's page apart from the whole table's: reloaded without a
    connection after its taps were taken (the page then asks for a fresh copy), it is still Ben's."""
    phone = phones(width)
    page = phone.page
    token = start_table(page, ["Ana", "Ben"])
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.goto(f"/t/{token}/territories")  # the whole table's copy
    page.goto(f"/t/{token}/territories?player=2")
    tap_count(page, BEN[0], 2)
    all_taps_taken(page)
    page.wait_for_timeout(3000)  # the page asks the service worker for a fresh copy 1.5 s after its taps were taken
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-kept-copy", "")
    expect(page.locator("#own-counts h2")).to_have_text(re.compile(r"This phone enters the counts of Ben: 1 of 6"))
    phone.shot(f"97-princeps-seat-kept-copy-{width}")
    phone.errors[:] = [error for error in phone.errors if not re.search(r"net::ERR_(INTERNET_DISCONNECTED|FAILED)|htmx:sendError", error)]
