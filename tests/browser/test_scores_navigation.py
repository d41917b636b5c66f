"""The browser's Back and reload around scoring: a refused scoring leaves the tab's own address
(nothing to resend), and Back pressed while Next's answer is on its way leaves the walk."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import enter_position, network_delay, start_table

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue")]


def test_a_refused_scoring_stays_on_the_tabs_address_and_back_resends_nothing(phones):
    phone = phones()
    page = phone.page
    token = start_table(page, PLAYERS)
    enter_position(page, {"monasteries.Schwaben.green": 5})  # Schwaben has 4 cloister fields
    page.get_by_role("link", name="Done").click()
    page.get_by_role("button", name="Intermediate scoring").click()
    expect(page.locator(".notice.error")).to_contain_text("Cannot score yet")
    assert page.url.endswith(f"/t/{token}/board"), page.url
    page.get_by_role("link", name="Chains", exact=True).click()
    page.wait_for_url(re.compile("/chains$"))
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.go_back()
    page.wait_for_url(re.compile("/board$"))
    expect(page.locator("#screen")).to_be_visible()
    assert dialogs == [] and "405" not in page.content()
    page.reload()
    expect(page.locator(".notice.error")).to_have_count(0)  # said once; the board is as it is


def test_back_while_nexts_answer_is_on_its_way_leaves_the_walk(phones):
    phone = phones()
    page = phone.page
    token = start_table(page, PLAYERS)
    enter_position(page, {"monasteries.Frankreich.green": 3, "monasteries.Frankreich.red": 1})
    page.get_by_role("link", name="Done").click()
    page.get_by_role("button", name="Intermediate scoring").click()
    page.wait_for_url(re.compile("/scores/intermediate$"))
    page.get_by_role("link", name="Step by step").click()
    page.wait_for_url(re.compile(r"view=walk&step=0$"))
    page.get_by_role("link", name="Next").click()
    page.wait_for_url(re.compile(r"step=1$"))
    network_delay(page, 700)
    page.get_by_role("link", name="Next").click()
    page.wait_for_timeout(150)
    page.go_back()
    page.wait_for_timeout(1500)  # the late answer has arrived
    assert page.url.endswith(f"/t/{token}/scores/intermediate"), page.url
    expect(page.get_by_role("link", name="List")).to_have_attribute("aria-current", "page")


@pytest.mark.parametrize("width", [360, 390])
def test_every_walk_steps_sentence_is_on_screen_above_the_bar(phones, width):
    """Issue "What a newcomer still trips on", finding 3: the map filled the screen and the why
    started under the sticky Back/Next bar (Italian, 360 px)."""
    phone = phones(width)
    page = phone.page
    start_table(page, [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("Emil", "purple"), ("Frida", "yellow")])
    enter_position(page, {"monasteries.Frankreich.green": 3, "monasteries.Frankreich.red": 2, "monasteries.Italien.blue": 2,
                          "advisors.Frankreich.purple": 1, "advisors.Italien.yellow": 1, "monasteries.Lothringen.purple": 2})
    page.get_by_role("link", name="Done").click()
    page.get_by_role("button", name="Intermediate scoring").click()
    page.wait_for_url(re.compile("/scores/intermediate$"))
    page.goto(page.url + "?view=walk&step=0&lang=it")
    for step in range(1, 10):
        page.get_by_role("link", name="Avanti").click()
        page.wait_for_url(re.compile(rf"step={step}\b"))
        why = page.locator(".walk .why")
        expect(why).to_be_visible()
        page.wait_for_timeout(100)  # the scroll htmx asked for
        box, bar = why.bounding_box(), page.locator(".walk-nav").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= bar["y"], (step, box, bar)
    phone.shot(f"98-walk-step-it-{width}")
