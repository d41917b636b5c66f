"""A phone whose value another phone replaced is told wherever it is scrolled, pad closed: a
notice at the top of the screen names the cell and both values; "Show" brings the cell into
view, × puts the notice away. Screenshots: screenshots/99-replaced-notice-*.png."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.steps import all_taps_taken, cell, in_viewport, set_count, start_table

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "red"), ("Barbara", "green"), ("Doris", "blue")]
ENGLAND_RED = "monasteries.England.red"
POLL_MS = 2000
SENTENCE = "England, monasteries of Andreas (red): the value entered here (3) was replaced by 5 on another phone."


def replaced_on_the_other_phone(phones, width: int):
    """Phone A sets England's red monasteries to 3, closes the pad and reads the far end of the
    board; phone B sets the same cell to 5."""
    first, second = phones(width), phones(width)
    token = start_table(first.page, PLAYERS)
    set_count(first.page, ENGLAND_RED, 3)
    all_taps_taken(first.page)
    first.page.locator("#pad a.done").click()
    expect(first.page.locator("#pad")).to_have_count(0)
    first.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert not in_viewport(first.page, cell(first.page, ENGLAND_RED))
    second.page.goto(f"/t/{token}/board")
    set_count(second.page, ENGLAND_RED, 5)
    all_taps_taken(second.page)
    return first, second


@pytest.mark.parametrize("width", [360, 390])
def test_the_phone_whose_value_was_replaced_is_told_where_it_is_and_shown_the_cell(phones, width):
    first, _second = replaced_on_the_other_phone(phones, width)
    page = first.page
    notice = page.locator("#replaced-notices .replaced-notice")
    expect(notice).to_have_count(1, timeout=POLL_MS + 3000)
    expect(notice).to_contain_text(SENTENCE)
    assert in_viewport(page, notice), "told where the phone is scrolled, not only on the cell's card"
    expect(cell(page, ENGLAND_RED)).to_have_text("5")
    assert not in_viewport(page, cell(page, ENGLAND_RED)), "the page stays where it was scrolled"
    show = notice.get_by_role("link", name="Show")
    box = show.bounding_box()
    assert box["height"] >= 44 and box["x"] + box["width"] <= width
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    first.shot(f"99-replaced-notice-{width}")
    show.click()
    expect(page.locator("#replaced-notices .replaced-notice")).to_have_count(0)  # it has been read
    expect(cell(page, ENGLAND_RED)).to_have_text("5")
    page.wait_for_function(f"""() => {{ const b = document.getElementById('cell-{ENGLAND_RED.replace('.', '-')}').getBoundingClientRect();
        return b.top >= 0 && b.bottom <= window.innerHeight; }}""")
    first.shot(f"99-replaced-notice-shown-{width}")


def test_the_notice_is_put_away_with_its_button_and_stays_away_on_the_next_polls(phones):
    first, second = replaced_on_the_other_phone(phones, 390)
    page = first.page
    notice = page.locator("#replaced-notices .replaced-notice")
    expect(notice).to_contain_text(SENTENCE, timeout=POLL_MS + 3000)
    set_count(second.page, "monasteries.England.green", 2)  # another change: a poll brings it, not the notice again
    notice.get_by_role("button", name="Close this note").click()
    expect(notice).to_have_count(0)
    expect(cell(page, "monasteries.England.green")).to_have_text("2", timeout=POLL_MS + 3000)
    page.wait_for_timeout(POLL_MS + 500)
    expect(notice).to_have_count(0)


def test_the_notice_is_in_the_pages_language(phones):
    first, second = phones(360), phones(360)
    token = start_table(first.page, PLAYERS)
    first.page.goto(f"/t/{token}/board?lang=de")
    set_count(first.page, ENGLAND_RED, 3)
    all_taps_taken(first.page)
    first.page.locator("#pad a.done").click()
    second.page.goto(f"/t/{token}/board")
    set_count(second.page, ENGLAND_RED, 5)
    notice = first.page.locator("#replaced-notices .replaced-notice")
    expect(notice).to_contain_text("Der hier eingegebene Wert (3) wurde auf einem anderen Handy durch 5 ersetzt", timeout=POLL_MS + 3000)
    expect(notice.get_by_role("link", name="Zeigen")).to_be_visible()
    expect(notice.get_by_role("button", name="Hinweis schließen")).to_be_visible()
