"""Two phones switching a house rule at once, in German and Spanish at 390 px: the conflict
names both readings by their labels, in the language's quotation marks (never the code's
longest-per-group or disjoint), starts with a capital, fits the screen, and "Keep" keeps the other
phone's reading. Screenshots: screenshots/rule-conflict-<lang>.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from assistant.translator import translator_for
from tests.browser.steps import start_table

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "red"), ("Barbara", "green"), ("Doris", "blue")]
EVERY_LINE = "Every line of 4 or more counts (default reading)"
LONGEST = "Only the longest line of each group counts"
QUOTES = {"de": ("„", "“"), "es": ("«", "»")}


@pytest.mark.parametrize("language", ["de", "es"])
def test_a_house_rule_conflict_names_both_readings(phones, language):
    tr = translator_for(language)
    first, second = phones(390), phones(390)
    token = start_table(first.page, PLAYERS)
    for phone in (first, second):
        phone.page.goto(f"/t/{token}/chains?lang={language}")
    # The first phone's polls find nothing new (as on a slow network): it still shows the default reading.
    first.page.route(re.compile(r"since="), lambda route: route.fulfill(status=200, headers={"HX-Reswap": "none"}, body=""))
    switch = tr.gettext("Switch the rule")
    rule = second.page.locator("section.card.rule")
    for reading in (LONGEST, EVERY_LINE):  # switched and back on the second phone
        rule.get_by_role("button", name=switch).click()
        expect(rule).to_contain_text(tr.gettext(reading))
    first.page.locator("section.card.rule").get_by_role("button", name=switch).click()  # sends LONGEST
    notice = first.page.locator(".notice.conflict")
    opening, closing = QUOTES[language]
    theirs, yours = (f"{opening}{tr.gettext(reading)}{closing}" for reading in (EVERY_LINE, LONGEST))
    expect(notice).to_contain_text(theirs)
    expect(notice).to_contain_text(yours)
    sentence = notice.locator("p").nth(1).inner_text()
    assert sentence[:1].isupper() and not re.search(r"longest-per-group|disjoint", notice.inner_text()), sentence
    notice.scroll_into_view_if_needed()
    assert not first.page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    first.shot(f"rule-conflict-{language}")
    first.page.unroute(re.compile(r"since="))
    notice.locator("a.button").click()  # keep the other phone's reading
    expect(first.page.locator(".notice.conflict")).to_have_count(0)
    expect(first.page.locator("section.card.rule")).to_contain_text(tr.gettext(EVERY_LINE))
