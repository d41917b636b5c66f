"""The table's record on real phones: Undo after a refused tap takes back nothing else, the
history shows who changed what on two phones and a spectator, "Set it back" and its conflict, and
a kept scoring replaced only after asking, then used again. Screenshots: screenshots/85-record-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import all_taps_taken, cell, open_pad, pad_number, set_count, start_table, table_over_http, tap

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "red"), ("Barbara", "green"), ("Doris", "blue")]
ARAGON, ITALIEN = "monasteries.Aragon.red", "monasteries.Italien.red"


def undo(page):
    return page.locator("#pad button.undo")


def fits(page, locator, width: int) -> None:
    box = locator.bounding_box()
    assert box and box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= width, box


@pytest.mark.parametrize(("width", "language"), [(360, "en"), (390, "en"), (390, "de")])
def test_undo_after_a_refused_tap_takes_back_nothing_else(phones, width, language):
    """The report's case: Aragon set to 1, then 6 on Italien, which the other phone had just set to
    3: refused. While the notice is up Undo waits; after "Keep 3" it says it takes back Aragon."""
    first, second = phones(width), phones()
    token = start_table(first.page, PLAYERS)
    first.page.goto(f"/t/{token}/board?lang={language}")
    second.page.goto(f"/t/{token}/board")
    set_count(first.page, ARAGON, 1)
    all_taps_taken(first.page)
    open_pad(first.page, ITALIEN)
    open_pad(second.page, ITALIEN)
    tap(second.page, pad_number(second.page, 3))
    all_taps_taken(second.page)
    tap(first.page, pad_number(first.page, 6))  # the first phone has not seen the 3 yet
    notice = first.page.locator(".notice.conflict")
    expect(notice).to_be_visible()
    expect(undo(first.page)).to_be_hidden()  # the notice's two buttons decide
    first.shot(f"85-record-refused-{language}-{width}")
    notice.locator("a.button").click()  # Keep 3
    expect(first.page.locator(".notice.conflict")).to_have_count(0)
    open_pad(first.page, ITALIEN)
    words = "Rückgängig: Aragon, Klöster von Andreas (Rot), 1 → 0" if language == "de" else "Undo: Aragon, monasteries of Andreas (red), 1 → 0"
    expect(undo(first.page)).to_have_text(f"↶ {words}")
    fits(first.page, undo(first.page), width)
    first.shot(f"85-record-undo-says-{language}-{width}")
    tap(first.page, undo(first.page))
    expect(cell(first.page, ARAGON)).to_have_text("0")
    all_taps_taken(first.page)
    expect(cell(first.page, ITALIEN)).to_have_text("3")
    expect(cell(second.page, ARAGON)).to_have_text("0")
    expect(cell(second.page, ITALIEN)).to_have_text("3")


def test_the_history_shows_who_changed_what_and_sets_a_value_back(phones):
    first, second, spectator = phones(), phones(), phones(360)
    token = start_table(first.page, PLAYERS)
    second.page.goto(f"/t/{token}/board")
    set_count(first.page, ARAGON, 2)
    set_count(first.page, "monasteries.Aragon.green", 1)
    all_taps_taken(first.page)
    expect(cell(second.page, ARAGON)).to_have_text("2")
    set_count(second.page, ARAGON, 4)  # "who set my Aragon to 4?"
    all_taps_taken(second.page)
    first.page.get_by_role("link", name="History").click()
    entries = first.page.locator(".history-entry")
    expect(entries).to_have_count(3)
    expect(entries.nth(0)).to_contain_text("phone 2")
    expect(entries.nth(0)).to_contain_text("Aragon, monasteries of Andreas (red): 2 → 4")
    expect(entries.nth(2)).to_contain_text("this phone")
    expect(entries.nth(2)).to_contain_text("0 → 2")
    first.shot("85-record-history")
    # The spectator reads the same history and can change nothing.
    share = first.page.context.request.get(f"/t/{token}/share").text()
    watch = next(found for found in re.findall(r"/t/([\w-]+)/", share) if found != token)
    spectator.page.goto(f"/t/{watch}/history")
    expect(spectator.page.locator(".history-entry")).to_have_count(3)
    expect(spectator.page.get_by_role("button", name=re.compile("Set it back"))).to_have_count(0)
    spectator.shot("85-record-history-spectator-360")
    # Set it back to 2, from the history of the phone that entered it.
    entries.nth(0).get_by_role("button", name="Set it back to 2").click()
    expect(entries.nth(0)).to_contain_text("Set back")
    expect(entries.nth(0)).to_contain_text("4 → 2")
    expect(entries.nth(0)).to_contain_text("this phone")
    expect(spectator.page.locator(".history-entry")).to_have_count(4)  # the poll brings it
    second.page.goto(f"/t/{token}/board")
    expect(cell(second.page, ARAGON)).to_have_text("2")


def test_set_it_back_after_another_phone_changed_the_cell_shows_both_values(phones, live_server):
    first, second = phones(), phones()
    token, _watch = table_over_http(live_server, PLAYERS, {ARAGON: 3})
    first.page.goto(f"/t/{token}/history")
    first.page.route(re.compile(r".*[?&]since=.*"), lambda route: None)  # its polls held: its history is from before the 5
    second.page.goto(f"/t/{token}/board")
    set_count(second.page, ARAGON, 5)
    all_taps_taken(second.page)
    first.page.get_by_role("button", name="Set it back to 0").click()
    notice = first.page.locator(".notice.conflict")
    expect(notice).to_contain_text("was set to 5 on another phone")
    expect(notice).to_contain_text("You entered 0")
    main = notice.locator(".primary")  # taking back another phone's value is never the main button (issue 42)
    expect(main).to_have_count(1)
    expect(main).to_have_text("Keep 5")
    first.shot("85-record-set-back-conflict")
    notice.get_by_role("button", name="Use 0 anyway").click()
    expect(first.page.locator(".history-entry").first).to_contain_text("5 → 0")
    expect(cell(second.page, ARAGON)).to_have_text("0")


@pytest.mark.parametrize("width", [360, 390])
def test_an_undo_that_meets_another_phones_value_offers_keeping_it_as_the_main_button(phones, width):
    """The report's case: this phone's 3, then the other phone's 7 on the same cell, seen by no
    poll yet (held); Undo meets the 7, and the highlighted button keeps it (issue 42)."""
    first, second = phones(width), phones()
    token = start_table(first.page, PLAYERS)
    second.page.goto(f"/t/{token}/board")
    open_pad(first.page, ARAGON)
    tap(first.page, pad_number(first.page, 3))
    all_taps_taken(first.page)
    first.page.route(re.compile(r".*[?&]since=.*"), lambda route: None)  # its polls held: it has not seen the 7
    open_pad(second.page, ARAGON)
    tap(second.page, pad_number(second.page, 7))
    all_taps_taken(second.page)
    expect(undo(first.page)).to_contain_text("3 → 0")
    tap(first.page, undo(first.page))
    notice = first.page.locator(".notice.conflict")
    expect(notice).to_contain_text("was set to 7 on another phone")
    main = notice.locator(".primary")
    expect(main).to_have_count(1)
    expect(main).to_have_text("Keep 7")
    fits(first.page, main, width)
    first.shot(f"85-record-undo-conflict-{width}")
    main.click()
    expect(first.page.locator(".notice.conflict")).to_have_count(0)
    expect(cell(first.page, ARAGON)).to_have_text("7")
    expect(cell(second.page, ARAGON)).to_have_text("7")


def test_scoring_again_asks_first_and_an_earlier_result_can_be_used_again(phones, live_server):
    phone = phones(360)
    page = phone.page
    token, _watch = table_over_http(live_server, PLAYERS, {ARAGON: 3}, scorings=("intermediate",))
    page.goto(f"/t/{token}/board")
    set_count(page, "monasteries.Bayern.green", 8)
    all_taps_taken(page)
    main = page.get_by_role("link", name=re.compile("Chains and final scoring"))
    again = page.get_by_role("button", name="Score the intermediate again")
    gap = again.bounding_box()["y"] - (main.bounding_box()["y"] + main.bounding_box()["height"])
    assert gap >= 40, gap  # it stands apart from the main button
    again.click()
    expect(page.locator(".replace-question")).to_contain_text("Replace the Intermediate scoring result scored")
    expect(page.locator(".replace-question")).to_contain_text("Andreas (red) leads with 3 points")
    phone.shot("85-record-replace-question-360")
    page.get_by_role("button", name="Replace it").click()
    expect(page.locator(".verdict")).to_contain_text("Barbara (green) leads with 8 points")
    earlier = page.locator(".earlier-results")
    expect(earlier).to_contain_text("Andreas (red) leads with 3 points")
    phone.shot("85-record-earlier-results-360", full_page=True)
    earlier.get_by_role("button", name="Use this result again").click()
    expect(page.locator(".verdict")).to_contain_text("Andreas (red) leads with 3 points")
