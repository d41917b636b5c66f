"""A phone whose value another phone replaced is told wherever it is scrolled, pad closed: a
notice at the top of the screen names the cell and both values; "Show" brings the cell into
view, × puts the notice away. Told once, in one place (not again on the card or the pad; not at
all beside a conflict on the same cell), one at a time, under the sticky row of names.
Screenshots: screenshots/99-replaced-notice-*.png, 99-conflict-told-once-*.png, 99-replaced-one-at-a-time-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import all_taps_taken, cell, in_viewport, pad_number, set_count, start_table, tap
from tests.browser.test_form_errors import axe_violations

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
    expect(notice).to_have_count(1)
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
    expect(notice).to_contain_text(SENTENCE)
    set_count(second.page, "monasteries.England.green", 2)  # another change: a poll brings it, not the notice again
    notice.get_by_role("button", name="Close this note").click()
    expect(notice).to_have_count(0)
    expect(cell(page, "monasteries.England.green")).to_have_text("2")
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
    expect(notice).to_contain_text("Der hier eingegebene Wert (3) wurde auf einem anderen Handy durch 5 ersetzt")
    expect(notice.get_by_role("link", name="Zeigen")).to_be_visible()
    expect(notice.get_by_role("button", name="Hinweis schließen")).to_be_visible()


def names_row_uncovered(page) -> bool:
    """The sticky row of names at the top of the board shows, nothing on top of it."""
    return page.evaluate("""() => { const heads = document.querySelector('.grid.heads'); const b = heads.getBoundingClientRect();
        return [0.25, 0.5, 0.75].every(f => { const el = document.elementFromPoint(b.left + b.width * f, b.top + b.height / 2);
          return el !== null && heads.contains(el); }); }""")


@pytest.mark.parametrize("width", [360, 390])
def test_a_conflict_is_told_once_and_the_names_row_stays_in_sight(phones, width):
    """This phone's 3 on Schwaben was replaced by the other phone's 1, and this phone, not updated
    yet, taps 2 there: one notice (the conflict, on the pad), no second telling of the 3 replaced."""
    first, second = phones(width), phones(width)
    token = start_table(first.page, PLAYERS)
    second.page.goto(f"/t/{token}/board")
    schwaben = "monasteries.Schwaben.red"
    set_count(second.page, schwaben, 3)
    all_taps_taken(second.page)
    cell(second.page, schwaben).click()  # the pad back on the cell
    expect(second.page.locator('#pad input[name="cell"]')).to_have_value(schwaben)
    second.page.route(re.compile(r"since="), lambda route: route.fulfill(status=200, headers={"HX-Reswap": "none"}, body=""))  # no update yet
    first.page.goto(f"/t/{token}/board")
    set_count(first.page, schwaben, 1)
    all_taps_taken(first.page)
    tap(second.page, pad_number(second.page, 2))
    page = second.page
    expect(page.locator(".notice.conflict")).to_contain_text("You entered 2")
    page.wait_for_timeout(300)  # anything else the answer would bring
    told = page.locator(".notice.conflict, .replaced-note, #replaced-notices .replaced-notice")
    assert told.evaluate_all("els => els.filter(el => el.getClientRects().length > 0).length") == 1, told.all_inner_texts()
    assert names_row_uncovered(page)
    second.shot(f"99-conflict-told-once-{width}")
    assert axe_violations(page) == []
    page.unroute(re.compile(r"since="))


@pytest.mark.parametrize("width", [360, 390])
def test_two_replaced_values_are_told_one_at_a_time_under_the_names(phones, width):
    first, second = phones(width), phones(width)
    token = start_table(first.page, PLAYERS)
    for name, value in ((ENGLAND_RED, 3), ("monasteries.Franken.red", 4)):
        set_count(first.page, name, value)
    all_taps_taken(first.page)
    first.page.locator("#pad a.done").click()
    expect(first.page.locator("#pad")).to_have_count(0)
    first.page.evaluate("window.scrollTo(0, 400)")  # the names row sticks at the top
    second.page.goto(f"/t/{token}/board")
    for name, value in ((ENGLAND_RED, 5), ("monasteries.Franken.red", 6)):
        set_count(second.page, name, value)
    all_taps_taken(second.page)
    page = first.page
    notices = page.locator("#replaced-notices .replaced-notice")
    expect(notices).to_have_count(2)
    expect(notices.nth(0)).to_be_visible()
    expect(notices.nth(1)).to_be_hidden()  # waits its turn
    expect(notices.nth(0)).to_contain_text(SENTENCE)
    assert page.locator(".replaced-note").evaluate_all("els => els.filter(el => el.getClientRects().length > 0).length") == 0  # told once
    assert names_row_uncovered(page)
    first.shot(f"99-replaced-one-at-a-time-{width}")
    assert axe_violations(page) == []
    notices.nth(0).get_by_role("button", name="Close this note").click()
    expect(notices).to_have_count(1)
    expect(notices.nth(0)).to_be_visible()
    expect(notices.nth(0)).to_contain_text("Franken, monasteries of Andreas (red): the value entered here (4) was replaced by 6 on another phone.")
    assert names_row_uncovered(page)


FRANKEN_RED = "monasteries.Franken.red"


def visible_notices(page) -> list[str]:
    """Every notice the phone shows now: conflicts and refusals, and replaced values at the top or on a card."""
    return page.locator(".notice, .replaced-note, #replaced-notices .replaced-notice").evaluate_all(
        "els => els.filter(el => el.getClientRects().length > 0).map(el => el.innerText.trim())")


def conflict_beside_a_replaced_value(phones, width: int, note_first: bool):
    """This phone set England and Schwaben (red) to 3; the other phone set England to 5 and
    Schwaben to 1, and this phone, not updated yet, taps 2 on Schwaben: a conflict there, and
    England's 3 replaced. ``note_first``: England's note came with a poll before the conflict."""
    first, second = phones(width), phones(width)
    token = start_table(first.page, PLAYERS)
    second.page.goto(f"/t/{token}/board")
    schwaben = "monasteries.Schwaben.red"
    for name in (ENGLAND_RED, FRANKEN_RED, schwaben):
        set_count(second.page, name, 3)
    all_taps_taken(second.page)
    cell(second.page, schwaben).click()  # the pad back on the cell
    expect(second.page.locator('#pad input[name="cell"]')).to_have_value(schwaben)
    first.page.goto(f"/t/{token}/board")
    set_count(first.page, ENGLAND_RED, 5)
    all_taps_taken(first.page)
    if note_first:
        expect(second.page.locator("#replaced-notices .replaced-notice")).to_contain_text(SENTENCE, timeout=POLL_MS + 3000)
    no_update = re.compile(r"since=")
    second.page.route(no_update, lambda route: route.fulfill(status=200, headers={"HX-Reswap": "none"}, body=""))
    set_count(first.page, schwaben, 1)
    all_taps_taken(first.page)
    tap(second.page, pad_number(second.page, 2))
    expect(second.page.locator(".notice.conflict")).to_contain_text("You entered 2")
    second.page.wait_for_timeout(300)  # anything else the answer would bring
    second.page.unroute(no_update)
    return first, second


@pytest.mark.parametrize(("width", "note_first"), [(360, False), (390, False), (360, True)])
def test_a_conflict_and_a_replaced_value_elsewhere_are_told_one_at_a_time(phones, width, note_first):
    first, second = conflict_beside_a_replaced_value(phones, width, note_first)
    page = second.page
    told = visible_notices(page)
    assert len(told) == 1 and "You entered 2" in told[0], told  # the conflict first: it asks for a decision
    expect(page.locator("#replaced-notices .replaced-notice")).to_have_count(1)  # England's note waits its turn
    second.shot(f"99-conflict-and-replaced-{'after-a-note-' if note_first else ''}{width}")
    assert axe_violations(page) == []
    page.locator(".notice.conflict").get_by_role("link", name="Keep 1").click()
    expect(page.locator(".notice.conflict")).to_have_count(0)
    expect(page.locator("#replaced-notices .replaced-notice")).to_contain_text(SENTENCE)
    told = visible_notices(page)
    assert len(told) == 1 and SENTENCE in told[0], told
    second.shot(f"99-conflict-then-replaced-{width}")


def test_values_replaced_while_a_conflict_is_open_are_told_after_it_one_at_a_time(phones):
    """No poll while a conflict waits (static/app.js): what the other phone replaced meanwhile comes
    with the answer to the conflict, after it, one note at a time."""
    first, second = conflict_beside_a_replaced_value(phones, 360, False)
    page = second.page
    set_count(first.page, FRANKEN_RED, 6)  # this phone's 3 replaced while its conflict is open
    all_taps_taken(first.page)
    page.wait_for_timeout(POLL_MS + 500)
    told = visible_notices(page)
    assert len(told) == 1 and "You entered 2" in told[0], told  # the conflict stays, alone
    page.locator(".notice.conflict").get_by_role("button", name="Use 2 anyway").click()
    expect(page.locator(".notice.conflict")).to_have_count(0)
    expect(cell(page, "monasteries.Schwaben.red")).to_have_text("2")
    expect(cell(page, FRANKEN_RED)).to_have_text("6")
    expect(page.locator("#replaced-notices .replaced-notice")).to_have_count(2)  # England's and Franken's
    told = visible_notices(page)
    assert len(told) == 1 and SENTENCE in told[0], told  # then the replaced values, one at a time
    page.locator("#replaced-notices .replaced-notice").first.get_by_role("button", name="Close this note").click()
    told = visible_notices(page)
    assert len(told) == 1 and "Franken" in told[0], told
