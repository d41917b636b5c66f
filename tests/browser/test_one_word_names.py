"""A one-word name of 40 letters (the name limit) on every screen of both games, at 360 px in all
five languages and at 390 px: no horizontal scroll, the word never broken inside (cut with an
ellipsis, whole on a tap), and the points column and the "+2" chips on screen.
Screenshots: screenshots/97-one-word-names-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import table_over_http
from tests.browser.test_form_errors import axe_violations
from tests.browser.test_long_names import fits, too_wide
from tests.served import Phone

pytestmark = pytest.mark.browser
WORD = "Großherzogsohnmaximilianfriedrichleopold"
OTHER = "Erzherzoginmariatheresiawilhelminaluisexy"[:40]
assert len(WORD) == 40 and len(OTHER) == 40 and " " not in WORD + OTHER
LANGUAGES = ["en", "de", "es", "da", "it"]
KARDINAL_PLAYERS = [(WORD, "green"), (OTHER, "red"), ("Ana", "blue")]
COUNTS = {"monasteries.Frankreich.green": 4, "monasteries.Frankreich.red": 2, "monasteries.England.blue": 3, "monasteries.Bayern.green": 5,
          "advisors.Frankreich.blue": 1, "advisors.England.green": 1}

# Every visible occurrence of the name on the page: the rectangles its letters take. A word split
# over two lines takes two tops; a word cut with an ellipsis keeps one.
SPLIT = """(word) => {
  const split = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let at = node.data.indexOf(word); at >= 0; at = node.data.indexOf(word, at + 1)) {
      const range = document.createRange();
      range.setStart(node, at); range.setEnd(node, at + word.length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) { split.push(node.parentElement.tagName + '.' + node.parentElement.className + ' in ' + node.parentElement.closest('[class]').className); }
    }
  }
  return split;
}"""
# The points ("+2", "+1 VP") and the standings' points column: each wholly on the phone's width.
OFF_SCREEN = """() => [...document.querySelectorAll('.award, .standings td.num, .standings th.num, .walk .mark, .marks span')]
  .filter(el => el.getClientRects().length > 0)
  .filter(el => { const b = el.getBoundingClientRect(); return b.left < -1 || b.right > window.innerWidth + 1; })
  .map(el => el.className + ': ' + el.textContent.trim().slice(0, 20))"""

# A colour swatch must stand on the line of the words it marks, not alone above a long name.
SWATCH_ALONE = """() => [...document.querySelectorAll('.sw')].filter(sw => sw.getClientRects().length > 0).filter(sw => {
  const walker = document.createTreeWalker(sw.parentElement, NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  const shown = (text) => text.parentElement.getBoundingClientRect().width > 2; // not a label for screen readers only
  while (node && !((sw.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) && node.data.trim() && shown(node))) { node = walker.nextNode(); }
  if (!node) { return false; }
  const at = node.data.search(/\\S/), range = document.createRange();
  range.setStart(node, at); range.setEnd(node, at + 1);
  const letter = range.getClientRects()[0], dot = sw.getBoundingClientRect();
  return Boolean(letter) && Math.abs((letter.top + letter.bottom) / 2 - (dot.top + dot.bottom) / 2) > dot.height;
}).map(sw => sw.parentElement.closest('table, ul, ol, section, p').className + ' ' + sw.parentElement.className + ': ' + sw.parentElement.textContent.trim().slice(0, 30))"""


def faults(page, url: str) -> list[str]:
    """What does not fit on the screen at ``url`` (nothing: it fits)."""
    page.goto(url)
    expect(page.locator("main")).to_be_visible()
    found = [] if fits(page) else [f"{url} is wider than the phone: {too_wide(page)}"]
    found += [f"{url}: the name is broken inside its word in {where}" for where in page.evaluate(SPLIT, WORD)]
    found += [f"{url}: off screen: {what}" for what in page.evaluate(OFF_SCREEN)]
    found += [f"{url}: a colour alone on its line, its name below: {what}" for what in page.evaluate(SWATCH_ALONE)]
    return found


@pytest.fixture(scope="module")
def kardinal_table(live_server):
    token, _watch = table_over_http(live_server, KARDINAL_PLAYERS, COUNTS, chains={"green": [4]}, scorings=("intermediate", "final"))
    return token


@pytest.fixture(scope="module")
def kardinal_second_half(live_server):
    """A table in its second half: a count entered since the intermediate, so the board shows who has entered theirs."""
    token, _watch = table_over_http(live_server, KARDINAL_PLAYERS, COUNTS, scorings=("intermediate",))
    phone = Phone(live_server)
    assert phone.change(token, "monasteries.Frankreich.green", 4, phone.version(token)) == 200
    return token


@pytest.mark.parametrize(("width", "lang"), [(360, lang) for lang in LANGUAGES] + [(390, "en")])
def test_a_forty_letter_word_fits_every_kardinal_screen(phones, kardinal_table, kardinal_second_half, width, lang):
    phone = phones(width)
    page = phone.page
    token = kardinal_table
    page.goto(f"/?lang={lang}")  # remembered for the pages below
    screens = [f"/t/{token}/board", f"/t/{token}/board?cell=monasteries.England.green", f"/t/{token}/chains", f"/t/{token}/chains?add=green",
               f"/t/{token}/share", f"/t/{token}/history", f"/t/{token}/scores/intermediate", f"/t/{token}/scores/final"]
    screens += [f"/t/{token}/scores/final?view=walk&step={step}" for step in (0, 1, 6, 20, 26, 27, 28, 29)]
    screens += [f"/t/{kardinal_second_half}/board", f"/t/{kardinal_second_half}/board?player=green", f"/t/{kardinal_second_half}/chains#score-final"]
    found = [fault for url in screens for fault in faults(page, url)]
    assert not found, "\n".join(found)
    page.goto(f"/t/{token}/scores/final")
    who = page.locator(".standings .who").first
    expect(who).to_contain_text(WORD)  # all of it is there, for a screen reader and a tap
    phone.shot(f"97-one-word-names-scores-{lang}-{width}", full_page=True)
    phone.shot(f"97-one-word-names-standings-{lang}-{width}")
    page.locator(".steps").first.scroll_into_view_if_needed()
    phone.shot(f"97-one-word-names-steps-{lang}-{width}")
    page.goto(f"/t/{token}/scores/final?view=walk&step=6")
    phone.shot(f"97-one-word-names-walk-{lang}-{width}")
    if lang == "de":
        assert axe_violations(page) == []
    page.goto(f"/t/{token}/share")
    page.locator(".seat-links").scroll_into_view_if_needed()
    phone.shot(f"97-one-word-names-share-{lang}-{width}")


@pytest.mark.parametrize("width", [360, 390])
def test_a_cut_name_is_shown_whole_on_a_tap(phones, kardinal_table, width):
    page = phones(width).page
    page.goto(f"/t/{kardinal_table}/scores/final")
    word = page.locator(".standings .who").first
    assert word.evaluate("el => el.scrollWidth > el.clientWidth")  # cut with an ellipsis...
    word.click()  # ...and shown whole on a tap
    expect(word).to_have_class(re.compile(r"\bwhole\b"))
    assert word.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    assert fits(page), too_wide(page)


@pytest.mark.parametrize(("width", "lang"), [(360, lang) for lang in LANGUAGES] + [(390, "en")])
def test_a_forty_letter_word_fits_every_princeps_screen(phones, width, lang):
    phone = phones(width)
    page = phone.page
    page.goto(f"/new/princeps-machiavelli?lang={lang}")
    for index, name in enumerate([WORD, OTHER, "Ana"]):
        page.locator(f'input[name="players-{index}-name"]').fill(name)
    page.locator("form button.primary").last.click()
    page.wait_for_url(re.compile(r"/t/[^/]+/territories$"))
    token = page.url.split("/")[-2]
    page.locator("#score-final button").click()
    page.wait_for_url(re.compile(r"/scores/"))
    scores = page.url
    screens = [f"/t/{token}/territories", f"/t/{token}/territories?cell=players.0.territories.gold.stable", scores, f"/t/{token}/share", f"/t/{token}/history"]
    screens += [f"{scores}?view=walk&step={step}" for step in range(0, 8)]
    found = [fault for url in screens for fault in faults(page, url)]
    assert not found, "\n".join(found)
    page.goto(scores)
    phone.shot(f"97-one-word-names-princeps-{lang}-{width}", full_page=True)
