"""A spectator's Chains tab: a player with no chain and no sketch shows "no chain" and nothing
else; no divider, border or section is left with nothing in it. Screenshots:
screenshots/97-spectator-chains-*.png."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.steps import table_over_http

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("", "purple")]

# Every element with a border drawn (a divider, a card, a section's line) and nothing to see in
# it: no text, no drawing, no control.
EMPTY_DIVIDERS = """() => {
  const found = [];
  for (const el of document.querySelectorAll('#screen *')) {
    const style = getComputedStyle(el), box = el.getBoundingClientRect();
    if (style.display === 'none' || style.visibility === 'hidden' || box.width === 0 || el.matches('.sw')) continue;  // a swatch is a colour, not a divider
    const lined = ['Top', 'Bottom', 'Left', 'Right'].some((side) => parseFloat(style['border' + side + 'Width']) > 0 && style['border' + side + 'Style'] !== 'none');
    if (el.tagName === 'HR' || lined) {
      const empty = !(el.innerText || '').trim() && !el.querySelector('svg, img, input, button, select, textarea');
      if (empty) found.push(el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ' in ' + (el.closest('[id]') || {}).id);
    }
  }
  return found;
}"""


@pytest.mark.parametrize("width", [360, 390])
def test_a_spectator_sees_no_empty_divider_for_players_without_chains(phones, live_server, width):
    token, watch = table_over_http(live_server, PLAYERS, {"monasteries.Frankreich.green": 4}, {"green": [4]})
    spectator = phones(width)
    page = spectator.page
    page.goto(f"/t/{watch}/chains")
    expect(page.locator(".badge")).to_have_text("watching only")
    expect(page.locator("#chains-green")).to_contain_text("4 points")
    assert page.evaluate(EMPTY_DIVIDERS) == []
    for color in ("red", "blue", "purple"):
        card = page.locator(f"#chains-{color}")
        expect(card).to_contain_text("no chain")
        expect(card.locator(".sketch-card")).to_have_count(0)  # no sketch, nothing to see or draw
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    spectator.shot(f"97-spectator-chains-{width}", full_page=True)
    # The editors still get the way in to draw the chains.
    editor = phones(width)
    editor.page.goto(f"/t/{token}/chains")
    expect(editor.page.locator("#chains-red .sketch-card")).to_contain_text("Draw the chains")
