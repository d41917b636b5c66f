"""Refusals worded once and where the eye is (issue 46, item 6), on the phone at 360 and 390 px,
in English and German: a refused scoring takes the focus, scrolled into view, naming the player
once; a name field stops at 40 characters and says so beside it, before anyone hits it; the
history says what each sketch tap did (item 5). axe finds nothing on these states.
Screenshots: screenshots/86-refused-scoring-*.png, 86-name-limit-*.png, 86-history-sketch-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import all_taps_taken, enter_position, in_viewport, start_table
from tests.browser.test_form_errors import axe_violations

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "red"), ("Barbara", "green"), ("Doris", "blue")]
FORTY_FIVE = "Maximiliane Wilhelmina von Hohenzollern-Sigma"  # 45 characters, typed
WORDS = {
    "en": {"score": "Intermediate scoring", "over": "Andreas (red) has 25 monasteries on the board, but a player owns only 20",
           "named_twice": "monasteries of Andreas", "hint": "A name must be at most 40 characters long.", "save": "Save",
           "history": "History", "added": "Chain sketch of Andreas (red): a monastery added"},
    "de": {"score": "Zwischenwertung", "over": "Andreas (Rot) hat 25 Klöster auf dem Spielplan, aber jeder Spieler hat nur 20",
           "named_twice": "Klöster von Andreas", "hint": "Ein Name darf höchstens 40 Zeichen lang sein.", "save": "Speichern",
           "history": "Verlauf", "added": "Kettenskizze von Andreas (Rot): ein Kloster hinzugefügt"},
}


def in_language(page, language: str) -> None:
    page.goto(f"/?lang={language}")


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_refused_scoring_takes_the_focus_and_names_the_player_once(phones, language, width):
    phone = phones(width)
    page = phone.page
    token = start_table(page, PLAYERS)
    in_language(page, language)
    page.goto(f"/t/{token}/board")
    enter_position(page, {"monasteries.England.red": 20, "monasteries.Franken.red": 5})
    all_taps_taken(page)  # the table has both counts before the scoring is asked for
    button = page.get_by_role("button", name=WORDS[language]["score"], exact=True)
    button.scroll_into_view_if_needed()
    button.click()
    refusal = page.locator(".notice.error")
    expect(refusal).to_be_focused()
    assert in_viewport(page, refusal)
    items = refusal.locator("li")
    expect(items.first).to_have_text(WORDS[language]["over"])
    assert all(WORDS[language]["named_twice"] not in text and text.count("Andreas") == 1 for text in items.all_inner_texts())
    phone.shot(f"86-refused-scoring-{language}-{width}")
    assert axe_violations(page) == []


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_name_stops_at_40_characters_and_says_so_before(phones, language, width):
    phone = phones(width)
    page = phone.page
    in_language(page, language)
    page.goto("/new/kardinal-und-koenig")
    expect(page.locator("#name-limit")).to_have_text(WORDS[language]["hint"])
    first = page.locator('input[name="players-0-name"]')
    first.click()
    page.keyboard.type(FORTY_FIVE)
    expect(first).to_have_value(FORTY_FIVE[:40])  # stopped at the limit the hint gives
    phone.shot(f"86-name-limit-new-table-{language}-{width}")
    assert axe_violations(page) == []
    for index, (name, color) in enumerate(PLAYERS):
        if index:
            page.locator(f'input[name="players-{index}-name"]').fill(name)
        page.locator(f'select[name="players-{index}-color"]').select_option(color)
    page.locator('button[name="action"][value="start"]').click()
    page.wait_for_url(re.compile(r"/t/[^/]+/board$"))
    page.locator(".head-link").first.click()  # the first player's name: the rename form
    field = page.locator("#rename-input")
    expect(field).to_have_value(FORTY_FIVE[:40])
    field.press("End")
    page.keyboard.type("xyz")
    expect(field).to_have_value(FORTY_FIVE[:40])
    expect(page.locator("#rename-limit")).to_have_text(WORDS[language]["hint"])
    assert "rename-limit" in (field.get_attribute("aria-describedby") or "")
    phone.shot(f"86-name-limit-rename-{language}-{width}")
    assert axe_violations(page) == []


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_history_says_what_a_sketch_tap_did(phones, language):
    phone = phones(360)
    page = phone.page
    token = start_table(page, PLAYERS)
    in_language(page, language)
    page.goto(f"/t/{token}/board")
    enter_position(page, {"monasteries.Burgund.red": 4})
    page.goto(f"/t/{token}/chains?sketch=red")
    page.locator('[data-spot="1.1"]').click()
    expect(page.locator('[data-spot="1.1"] .disc')).to_be_visible()
    page.goto(f"/t/{token}/history")
    sketch_row = page.locator(".history-entry").first
    expect(sketch_row).to_contain_text(WORDS[language]["added"])
    expect(sketch_row).not_to_contain_text("→")  # not "a tap on the sketch → a tap on the sketch"
    phone.shot(f"86-history-sketch-{language}-360")
    assert axe_violations(page) == []


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_history_page_past_the_last_says_so_and_leads_back(phones, language):
    phone = phones(360)
    page = phone.page
    token = start_table(page, PLAYERS)
    enter_position(page, {"monasteries.England.red": 2})
    all_taps_taken(page)  # one change: page 1 has it
    in_language(page, language)
    page.goto(f"/t/{token}/history?page=7")
    told = {"en": "There is no page 7: the history has 1 page.", "de": "Es gibt keine Seite 7: Der Verlauf hat 1 Seite."}[language]
    expect(page.locator(".history")).to_contain_text(told)
    phone.shot(f"86-history-past-the-last-{language}-360")
    assert axe_violations(page) == []
    page.locator(".history a.button").click()
    expect(page).to_have_url(re.compile(rf"/t/{token}/history$"))
    expect(page.locator(".history-entry").first).to_be_visible()
