"""The walk's map on a narrow phone: the highlighted countries keep their own box, and the cards
with the counts cover no other country's name and no alliance square, on every step, in Italian
too (its longer words made the cards wider). Screenshots: screenshots/98-walk-map-*.png."""
from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from benchmarks.table_entry import random_final_board
from tests.browser.conftest import SCREENSHOTS
from tests.browser.steps import table_over_http
from tests.web.helpers import EXAMPLE

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("", "purple"), ("Friederike", "yellow")]
# A final board as crowded as they come: every player with pieces nearly everywhere.
FULL_BOARD = {cell: value for cell, value in random_final_board(random.Random(7), [c for _n, c in PLAYERS]).items() if value}

# What each highlighted country (its box, its card) covers of the rest of the map: another
# country's name, an alliance's square, another card; and whether a card leaves the drawing.
COVERED = """() => {
  const svg = document.querySelector('#step-map svg');
  const hit = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const drawing = svg.getBoundingClientRect();
  const found = [];
  const lit = [...svg.querySelectorAll('g.country.lit')];
  for (const shape of lit) {
    const box = shape.querySelector('rect').getBoundingClientRect(), own = shape.querySelector('text').textContent;
    if (box.left < drawing.left - 0.5 || box.right > drawing.right + 0.5 || box.top < drawing.top - 0.5 || box.bottom > drawing.bottom + 0.5) found.push(own + ' leaves the map');
    for (const name of svg.querySelectorAll('g.country text:first-of-type')) {
      if (name.closest('g') !== shape && name.textContent !== own && hit(box, name.getBoundingClientRect())) found.push(own + ' covers the name ' + name.textContent);
    }
    for (const other of lit) {
      if (other !== shape && shape.classList.contains('card') && other.classList.contains('card') && hit(box, other.querySelector('rect').getBoundingClientRect())) found.push(own + ' covers another card');
    }
    for (const square of svg.querySelectorAll('g.square rect')) {
      if (hit(box, square.getBoundingClientRect())) found.push(own + ' covers square ' + square.parentNode.textContent);
    }
  }
  return found;
}"""


def walk_the_map(page, token: str, language: str) -> dict[str, list[str]]:
    """Steps 1 to 24 of the final scoring's walk (the nine countries, then the 15 alliances, each
    with its map): what the highlight of each covers."""
    covered = {}
    for step in range(1, 9 + 15 + 1):
        page.goto(f"/t/{token}/scores/final?view=walk&step={step}&lang={language}")
        expect(page.locator("#step-map .card").first).to_be_visible()
        found = page.evaluate(COVERED)
        if found:
            covered[f"{step} {page.locator('.walk h2').inner_text()}"] = found
        assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    return covered


@pytest.mark.parametrize(("width", "counts"), [(360, EXAMPLE), (360, FULL_BOARD), (390, FULL_BOARD)], ids=["360-example", "360-full", "390-full"])
def test_the_highlight_on_the_walks_map_covers_no_other_country_or_square(phones, live_server, width, counts):
    token, _watch = table_over_http(live_server, PLAYERS, counts, scorings=("intermediate", "final"))
    phone = phones(width)
    covered = walk_the_map(phone.page, token, "it")
    assert covered == {}
    for step in (1, 10, 23):  # England, alliance 1, alliance 14
        phone.page.goto(f"/t/{token}/scores/final?view=walk&step={step}&lang=it")
        name = f"98-walk-map-{width}-{'example' if counts is EXAMPLE else 'full'}-step-{step}.png"
        phone.page.locator("#step-map").screenshot(path=str(SCREENSHOTS / name))
