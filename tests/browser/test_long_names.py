"""Names of 40 characters (the form's most) on every screen of both games, at 360 and 390 px:
nothing wider than the phone; no name split inside a word (measured from the rendered lines), the
pad's heading two lines at most in five languages, the selected cell uncovered.
Screenshots: screenshots/97-long-names-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import enter_position, open_pad, start_table, table_over_http
from tests.browser.test_form_errors import axe_violations

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
    page.get_by_role("button", name="Score without chains").click()
    page.wait_for_url(re.compile("/scores/final$"))
    screens = [f"/t/{token}/board", f"/t/{token}/chains", f"/t/{token}/share", f"/t/{token}/scores/intermediate",
               f"/t/{token}/scores/final", "/"]
    screens += [f"/t/{token}/scores/final?view=walk&step={step}" for step in range(0, 30, 3)]
    for url in screens:
        page.goto(url)
        assert fits(page), f"{url} is wider than {width} px: {too_wide(page)}"
    page.goto(f"/t/{token}/scores/final")
    assert page.locator(NAMES_ON_THE_SCORES).count() >= 6
    assert page.evaluate(SPLIT_WORDS, NAMES_ON_THE_SCORES) == []  # the standings and the chart wrap names between words
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


# Each word of each name (a hyphenated name: each part; it may break after its hyphen): the rectangles its
# letters take on the screen. A word split over two lines takes two (one per line); a word cut
# with an ellipsis, one.
NAMES_ON_THE_BOARD = ".head .who, #pad .pad-head .who, #pad .pad-head [data-show=player]"
NAMES_ON_THE_SCORES = ".standings .who, .bars .who, .award .who, ul.plain .who"
SPLIT_WORDS = """(names) => {
  const split = [];
  for (const who of document.querySelectorAll(names)) {
    const walker = document.createTreeWalker(who, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const found of node.data.matchAll(/[^\\s\\u2068\\u2069-]+/g)) {
        const range = document.createRange();
        range.setStart(node, found.index); range.setEnd(node, found.index + found[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (tops.size > 1) { split.push(found[0]); }
      }
    }
  }
  return split;
}"""
# The lines a block takes: its height in its line-heights.
LINES = """el => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight))"""
FIVE = [("Franziska", "red"), ("Maximiliane Wilhelmina von Hohenzollern", "green"), ("Wolfgang Amadeus Mozartinger-Salzburg", "blue"),
        ("Bartholomäus Friedrich Leopold Schneider", "yellow"), ("Konstantin Alexandros Papadopoulos-Meyer", "black")]


@pytest.mark.parametrize(("width", "lang"), [(360, "en"), (390, "en"), (360, "de"), (360, "da"), (360, "es"), (360, "it")])
def test_names_are_never_split_inside_a_word_and_the_pad_heading_keeps_to_two_lines(phones, width, lang):
    phone = phones(width)
    page = phone.page
    token = start_table(page, FIVE)
    page.goto(f"/t/{token}/board?lang={lang}")
    for cell in ("monasteries.England.green", "advisors.Frankreich.black", "monasteries.Schwaben.yellow"):
        open_pad(page, cell)
        expect(page.locator("a.cell.selected")).to_have_attribute("id", "cell-" + cell.replace(".", "-"))
        assert page.evaluate(SPLIT_WORDS, NAMES_ON_THE_BOARD) == [], cell
        heading = page.locator("#pad .pad-head p")
        assert heading.evaluate(LINES) <= 2, (cell, heading.inner_text())
        selected = page.locator("a.cell.selected")
        box = selected.bounding_box()
        assert box is not None
        middle = page.evaluate("([x, y]) => { const el = document.elementFromPoint(x, y); return el && el.closest('a.cell.selected') !== null; }",
                               [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert middle, f"{cell}: the selected cell is covered"
        assert box["y"] + box["height"] <= page.locator("#pad").bounding_box()["y"] + 1, f"{cell}: the pad covers part of the selected cell"
        assert fits(page), too_wide(page)
    phone.shot(f"97-long-names-heads-{lang}-{width}")
    name = page.locator("#pad .pad-head [data-show=player]")
    assert name.evaluate("el => el.scrollWidth > el.clientWidth")  # cut with an ellipsis...
    name.click()  # ...and shown whole on a tap
    expect(name).to_have_class(re.compile(r"\bwhole\b"))
    assert name.evaluate("el => el.scrollWidth <= el.clientWidth")
    if (lang, width) == ("de", 360):
        assert axe_violations(page) == []


CUT_IN_THE_STANDINGS = "() => Array.from(document.querySelectorAll('.standings .who'), e => e.scrollWidth > e.clientWidth ? e.textContent : '').filter(Boolean)"


@pytest.mark.parametrize("width", [360, 390])
def test_a_short_name_and_a_player_without_one_are_whole_in_the_standings(phones, live_server, width):
    """A player without a name is called by their colour ("Blue"): beside its swatch, with no
    colour's name after it, the standings cut it to "B…" where there was room for it."""
    players = [("Ana", "red"), ("Bo", "green"), ("", "blue")]
    counts = {"monasteries.England.red": 3, "monasteries.England.green": 2, "monasteries.England.blue": 1}
    token, _watch = table_over_http(live_server, players, counts, scorings=("intermediate",))
    phone = phones(width)
    page = phone.page
    page.goto(f"/t/{token}/scores/intermediate")
    expect(page.locator(".standings tbody tr")).to_have_count(3)
    expect(page.locator(".standings tbody tr").nth(2).locator(".who")).to_have_text("Blue")
    assert page.evaluate(CUT_IN_THE_STANDINGS) == []
    assert fits(page), too_wide(page)
    phone.shot(f"97-standings-short-names-{width}")
