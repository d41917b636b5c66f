"""The small things a real table noticed (issue 11, finding 7): long names in five columns, the
winner's crown in Spanish, what can be tapped looking tappable (and nothing else), the switch to
a final scoring that does not exist yet."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import enter_position, start_table
from tests.web.helpers import EXAMPLE

pytestmark = pytest.mark.browser
LONG_NAMES = [("Andreas", "green"), ("Barbara", "red"), ("Friederike", "blue"), ("Maximilian", "yellow"), ("Alexandra", "purple")]

# How many characters of each column head's name are painted inside the head's box (what the
# eye can read): each character's own box, measured, against the box that clips the name.
# A name is a span per word (macros.head): each word clips on its own box, cut with an ellipsis.
VISIBLE_CHARACTERS = """() => [...document.querySelectorAll('.heads .head .who')].map((who) => {
  let shown = 0, name = [];
  const range = document.createRange();
  for (const word of who.querySelectorAll('.word')) {
    const text = word.firstChild, clip = word.getBoundingClientRect(), outer = who.getBoundingClientRect();
    name.push(text.data);
    for (let i = 0; i < text.length; i++) {
      range.setStart(text, i); range.setEnd(text, i + 1);
      const box = range.getBoundingClientRect();
      const x = (box.left + box.right) / 2, y = (box.top + box.bottom) / 2;  // a glyph's box overhangs its line a little
      if (box.width > 0 && box.right <= clip.right - 1 && x >= clip.left && y >= outer.top && y <= outer.bottom) shown++;
    }
  }
  return [name.join(' '), shown];
})"""


@pytest.mark.parametrize("width", [360, 390])
def test_five_long_names_are_readable_in_the_column_heads(phones, width):
    phone = phones(width)
    page = phone.page
    start_table(page, LONG_NAMES)
    shown = page.evaluate(VISIBLE_CHARACTERS)
    # Issue 32: a name is never split inside a word; a word wider than its column is cut with an
    # ellipsis (the rename form shows it whole). Most of each name stays readable.
    assert [name for name, _count in shown] == [name for name, _color in LONG_NAMES]
    assert all(count >= min(len(name), 5) for name, count in shown), f"characters of each name readable at {width} px: {shown}"
    cut = page.evaluate("() => [...document.querySelectorAll('.heads .head .word')].filter(w => w.scrollWidth > w.clientWidth).map(w => w.textContent)")
    overflows = page.locator(".heads .head .word").evaluate_all("words => words.map(w => getComputedStyle(w).textOverflow)")
    assert set(overflows) == {"ellipsis"}, overflows
    assert set(cut) <= {"Friederike", "Maximilian", "Alexandra"}, cut  # the short ones whole
    # The head stays a head: at most two lines of name above the colour.
    for index in range(len(LONG_NAMES)):
        head = page.locator(".heads .head").nth(index)
        assert head.bounding_box()["height"] <= 64, head.inner_text()
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    phone.shot(f"polish-heads-{width}")


def test_tappable_cells_look_tappable_and_totals_look_plain(phones):
    phone = phones()
    page = phone.page
    start_table(page, LONG_NAMES[:3])
    style = """(el) => { const s = getComputedStyle(el); return {border: s.borderTopStyle !== 'none' && s.borderTopColor !== 'rgba(0, 0, 0, 0)' && parseFloat(s.borderTopWidth) > 0,
      shadow: s.boxShadow !== 'none', background: s.backgroundColor !== 'rgba(0, 0, 0, 0)'}; }"""
    tappable = page.locator("a.cell").first.evaluate(style)
    plain = page.locator(".supply .cell.static").first.evaluate(style)
    assert tappable["border"] and tappable["shadow"] and tappable["background"], tappable
    assert plain == {"border": False, "shadow": False, "background": False}, plain
    phone.shot("polish-cells", full_page=True)


def test_the_final_scoring_switch_says_why_it_cannot_be_opened_yet(phones):
    phone = phones()
    page = phone.page
    start_table(page, LONG_NAMES[:3])
    page.get_by_role("button", name="Intermediate scoring").click()
    page.wait_for_url(re.compile("/scores/intermediate$"))
    switch = page.locator('nav[aria-label="Scorings"]')
    unavailable = switch.locator('[aria-disabled="true"]')
    expect(unavailable).to_contain_text("Final scoring")
    expect(unavailable).to_contain_text("not scored yet")
    look = unavailable.evaluate("(el) => { const s = getComputedStyle(el); return [s.borderTopStyle, s.cursor]; }")
    assert look == ["dashed", "default"], look
    phone.shot("polish-final-switch")


@pytest.mark.parametrize("width", [360, 390])
def test_the_winners_crown_stays_beside_the_rank_in_spanish(phones, width):
    phone = phones(width)
    page = phone.page
    token = start_table(page, LONG_NAMES[:3])
    enter_position(page, {cell: value for cell, value in EXAMPLE.items() if cell.split(".")[2] in {"green", "red", "blue"}})
    page.goto(f"/t/{token}/chains")
    page.get_by_role("button", name="Score without chains").click()
    page.wait_for_url(re.compile("/scores/final$"))
    page.goto(f"/t/{token}/scores/final?lang=es")
    rank = page.locator(".standings tr.winner td").first
    expect(rank).to_contain_text("♛")
    # The place (its text) and the crown (the span after it) on one line.
    tops = rank.evaluate("""(td) => { const r = document.createRange(); r.selectNodeContents(td.firstChild);
      return [Math.round(r.getBoundingClientRect().top), Math.round(td.querySelector('span').getBoundingClientRect().top)]; }""")
    assert abs(tops[0] - tops[1]) <= 4, f"the crown wrapped under the rank: {tops}"
    rank.scroll_into_view_if_needed()
    phone.shot(f"polish-crown-es-{width}")
