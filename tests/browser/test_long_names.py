"""Names of 40 characters (the form's most) on every screen of both games, at 360 and 390 px:
nothing wider than the phone. Screenshots: screenshots/97-long-names-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import enter_position, start_table

pytestmark = pytest.mark.browser
LONG = ["Maximiliane Wilhelmina von Hohenzollern", "Bartholomäus Friedrich Leopold Schneider", "Konstantin Alexandros Papadopoulos-Meyer"]
assert all(len(name) <= 40 for name in LONG)


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def too_wide(page) -> list[str]:
    """The innermost elements reaching past the phone's right edge, to name in a failure."""
    return page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter(el => el.getBoundingClientRect().right > window.innerWidth + 1 && ![...el.children].some(c => c.getBoundingClientRect().right > window.innerWidth + 1))
        .slice(0, 5).map(el => el.tagName + '.' + el.className + ': ' + (el.textContent || '').trim().slice(0, 40))""")


@pytest.mark.parametrize("width", [360, 390])
def test_forty_character_names_fit_every_kardinal_screen(phones, width):
    phone = phones(width)
    page = phone.page
    token = start_table(page, [(LONG[0], "green"), (LONG[1], "red"), (LONG[2], "blue")])
    enter_position(page, {"monasteries.Frankreich.green": 4, "monasteries.Frankreich.red": 2, "monasteries.England.blue": 3,
                          "advisors.Frankreich.blue": 1, "advisors.England.green": 1})
    assert fits(page), "board with the pad"
    page.get_by_role("link", name="Done").click()
    page.get_by_role("button", name="Intermediate scoring").click()
    page.wait_for_url(re.compile("/scores/intermediate$"))
    page.goto(f"/t/{token}/chains")
    page.get_by_role("button", name="Final scoring").click()
    page.wait_for_url(re.compile("/scores/final$"))
    screens = [f"/t/{token}/board", f"/t/{token}/chains", f"/t/{token}/share", f"/t/{token}/scores/intermediate",
               f"/t/{token}/scores/final", "/"]
    screens += [f"/t/{token}/scores/final?view=walk&step={step}" for step in range(0, 30, 3)]
    for url in screens:
        page.goto(url)
        assert fits(page), f"{url} is wider than {width} px: {too_wide(page)}"
    page.goto(f"/t/{token}/scores/final")
    phone.shot(f"97-long-names-scores-{width}", full_page=True)
    for pad in (f"/t/{token}/chains?add=red", f"/t/{token}/board?cell=monasteries.England.red"):
        page.goto(pad)
        done = page.locator("#pad").get_by_role("link", name="Done")
        box = done.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (pad, box)  # a long name pushed it off
    phone.shot(f"97-long-names-pad-{width}")


@pytest.mark.parametrize("width", [360, 390])
def test_forty_character_names_fit_every_princeps_screen(phones, width):
    phone = phones(width)
    page = phone.page
    page.goto("/new/princeps-machiavelli")
    for index, name in enumerate(LONG):
        page.locator(f'input[name="players-{index}-name"]').fill(name)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+/territories$"))
    token = page.url.split("/")[-2]
    page.get_by_role("button", name="Score the victory points").click()
    page.wait_for_url(re.compile(r"/scores/"))
    for url in [f"/t/{token}/territories", page.url, page.url + "?view=walk&step=5", f"/t/{token}/share", "/"]:
        page.goto(url)
        assert fits(page), f"{url} is wider than {width} px: {too_wide(page)}"
    expect(page.locator("body")).to_contain_text(LONG[0])
