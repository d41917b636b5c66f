"""The end of a Kardinal & König game as a table plays it: everyone has entered their final counts
through their own links, "Everyone is done: score?" is tapped, and no chain has been entered. The
final scoring asks first (entering the chains is the main answer), a scoring without them says "no
chains entered" rather than that there are none, and afterwards the board says the game is scored
and links its result. 360 and 390 px, English and German; axe on each new state.
Screenshots: screenshots/86-game-end-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from benchmarks.table_entry import random_final_board
from tests.browser.steps import network_delay, table_over_http
from tests.browser.test_form_errors import axe_violations
from tests.served import Phone

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue")]
WORDS = {
    "en": {"done": "Everyone is done: score?", "question": "No chains entered: score without chains, or enter them first?",
           "enter": "Enter the chains", "without": "Score without chains", "final": "Final scoring", "none": "no chains entered, no points",
           "scored": "The game is scored", "result": "See the final result"},
    "de": {"done": "Alle sind fertig: werten?", "question": "Keine Ketten eingegeben: ohne Ketten werten oder sie erst eingeben?",
           "enter": "Ketten eingeben", "without": "Ohne Ketten werten", "final": "Schlusswertung", "none": "Keine Ketten eingegeben, keine Punkte",
           "scored": "Das Spiel ist gewertet", "result": "Zum Endergebnis"},
}


def everyone_done_after_the_intermediate(base_url: str) -> str:
    """A 3-player table scored at the intermediate, then every count entered again for the final
    board (as each seat's phone does), no chain: the board offers "Everyone is done: score?"."""
    import random

    board = random_final_board(random.Random(46), [color for _name, color in PLAYERS])
    token, _watch = table_over_http(base_url, PLAYERS, board, scorings=("intermediate",))
    phone = Phone(base_url)
    for name, value in board.items():
        assert phone.change(token, name, value, phone.version(token)) == 200, name
    return token


@pytest.mark.parametrize(("width", "lang"), [(360, "en"), (390, "en"), (360, "de")])
def test_a_final_scoring_with_no_chain_entered_asks_first_then_the_board_knows_the_game_is_over(phones, live_server, width, lang):
    words = WORDS[lang]
    phone = phones(width)
    page = phone.page
    token = everyone_done_after_the_intermediate(live_server)
    page.goto(f"/t/{token}/board?lang={lang}")
    page.get_by_role("link", name=words["done"]).click()
    expect(page).to_have_url(re.compile(rf"/t/{token}/chains#score-final$"))
    question = page.locator("#score-final .ask-chains")
    expect(question).to_contain_text(words["question"])
    enter = question.get_by_role("link", name=words["enter"], exact=True)
    expect(enter).to_be_in_viewport()
    assert "primary" in (enter.get_attribute("class") or "")  # the main answer
    # No plain "Final scoring" button to tap past the chain cards: scoring without them is said in words.
    expect(page.locator("#score-final").get_by_role("button", name=words["final"], exact=True)).to_have_count(0)
    expect(question.get_by_role("button", name=words["without"])).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    phone.shot(f"86-game-end-ask-{lang}-{width}")
    assert axe_violations(page) == []

    enter.click()  # the chain pad opens on the first player
    expect(page.locator("#pad")).to_be_visible()
    expect(page.locator('#pad input[name="cell"]')).to_have_value("chains.green")
    page.goto(f"/t/{token}/chains?lang={lang}#score-final")
    page.locator("#score-final").get_by_role("button", name=words["without"]).click()
    page.wait_for_url(re.compile(r"/scores/final$"))
    expect(page.locator("main")).to_contain_text(words["none"])
    expect(page.locator("main")).not_to_contain_text("no chain of 4 or more monasteries")

    page.goto(f"/t/{token}/board?lang={lang}")
    card = page.locator("#score-intermediate")
    expect(card).to_contain_text(words["scored"])
    expect(card).not_to_contain_text("Second half" if lang == "en" else "Zweite Hälfte")
    expect(card.get_by_role("button")).to_have_count(0)  # no "Score the intermediate again"
    expect(page.locator("#own-counts")).to_be_hidden()
    card.scroll_into_view_if_needed()
    phone.shot(f"86-game-end-board-{lang}-{width}")
    assert axe_violations(page) == []
    card.get_by_role("link", name=words["result"]).click()
    expect(page).to_have_url(re.compile(rf"/t/{token}/scores/final$"))


def test_with_a_chain_entered_the_final_scoring_is_one_tap(phones, live_server):
    token, _watch = table_over_http(live_server, PLAYERS, {"monasteries.Bayern.green": 5}, chains={"green": [4]}, scorings=("intermediate",))
    page = phones(360).page
    page.goto(f"/t/{token}/chains#score-final")
    expect(page.locator(".ask-chains")).to_have_count(0)
    page.locator("#score-final").get_by_role("button", name="Final scoring", exact=True).click()
    page.wait_for_url(re.compile(r"/scores/final$"))
    expect(page.locator("main")).to_contain_text("Barbara (red): no chain of 4 or more monasteries, no points.")


def test_a_stale_final_scoring_button_gets_the_tables_question_not_a_scoring(phones, live_server):
    """Issue 46 item 8: the Chains tab was drawn while green's chain was entered (a plain "Final
    scoring" button); another phone took the chain away, and this page's poll has not come back yet.
    The button's scoring is answered with the question, on a slow Wi-Fi, and scores only for its answer."""
    token, _watch = table_over_http(live_server, PLAYERS, {"monasteries.Bayern.green": 5}, chains={"green": [4]}, scorings=("intermediate",))
    phone = phones(360)
    page = phone.page
    page.goto(f"/t/{token}/chains#score-final")
    final = page.locator("#score-final").get_by_role("button", name="Final scoring", exact=True)
    expect(final).to_be_visible()
    # The poll's answers stay "nothing new" from here: the page is the stale one the issue had.
    page.route(re.compile(r"/chains\?.*since="), lambda route: route.fulfill(status=200, body="", headers={"HX-Reswap": "none"}))
    network_delay(page, 300)
    other = Phone(live_server)
    form = {"cell": "chains.green", "remove": "4", "base": str(other.version(token)), "screen": "chains", "here": ""}
    assert other.post(f"/t/{token}/change", form)[0] == 200
    final.click()
    expect(page).to_have_url(re.compile(rf"/t/{token}/chains#score-final$"))
    question = page.locator("#score-final .ask-chains")
    expect(question).to_contain_text(WORDS["en"]["question"])
    expect(question).to_be_in_viewport()
    other.get(f"/t/{token}/scores")  # the latest kept scoring
    assert other.address.endswith("/scores/intermediate"), other.address
    phone.shot("86-game-end-stale-button-asked-360")
    assert axe_violations(page) == []
    question.get_by_role("button", name=WORDS["en"]["without"]).click()
    page.wait_for_url(re.compile(r"/scores/final$"))
    expect(page.locator("main")).to_contain_text("Andreas (green): no chains entered, no points.")
