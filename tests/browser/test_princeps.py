"""A whole game of Princeps Machiavelli scored on a phone: new table, the counts in two taps
each, the scoring with a tie-break, the walk; and every screen at 360 px. Screenshots go to
screenshots/50-princeps-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import add_player

pytestmark = pytest.mark.browser

# Ana and Ben share "most territories" and tie on 2 VP; Ana has more stable territories.
COUNTS = {
    (0, "gold", "stable"): 3,
    (0, "farming", "destabilised"): 1,
    (1, "trade", "stable"): 2,
    (1, "farming", "destabilised"): 2,
    (2, "farming", "stable"): 1,
}


def cell(page, player: int, kind: str, state: str):
    return page.locator(f"#cell-players-{player}-territories-{kind}-{state}")


def set_count(page, player: int, kind: str, state: str, value: int, name: str) -> None:
    """Two taps: the cell, then the number."""
    cell(page, player, kind, state).click()
    expect(page.locator("#pad")).to_contain_text(name)
    expect(page.locator("#pad")).to_contain_text(f"{state} {kind} territories")
    page.locator(f'#pad button[name="value"][value="{value}"]').click()
    expect(cell(page, player, kind, state)).to_have_text(str(value))


def start_table(page, names: list[str]) -> str:
    page.goto("/new/princeps-machiavelli")
    for index, name in enumerate(names):
        if index >= 3:
            add_player(page, index)
        page.locator(f'input[name="players-{index}-name"]').fill(name)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+/territories$"))
    return page.url.split("/t/")[1].split("/")[0]


def fits(page) -> bool:
    return not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")


def test_a_whole_game_scored_on_the_phone(phones):
    phone = phones()
    page = phone.page
    page.goto("/")
    expect(page.get_by_role("link", name="Kardinal & König")).to_be_visible()
    phone.shot("50-princeps-home")
    page.get_by_role("link", name="Princeps Machiavelli").click()
    expect(page.locator('input[name="players-0-name"]')).to_have_attribute("placeholder", "Player 1")
    expect(page.locator(".rules")).to_contain_text("every tied player gets the point")
    phone.shot("51-princeps-new-table", full_page=True)
    start_table(page, ["Ana", "Ben", "Cleo"])
    expect(page.locator("#table-title")).to_have_text("Ana, Ben, Cleo")
    assert page.locator("a.cell").count() == 18
    phone.shot("52-princeps-empty")

    names = ["Ana", "Ben", "Cleo"]
    for (player, kind, state), value in COUNTS.items():
        set_count(page, player, kind, state, value, names[player])
    # The pad moved on to Cleo's destabilised farming; −/+ correct and stay there.
    page.get_by_role("button", name="one more").click()
    expect(cell(page, 2, "farming", "destabilised")).to_have_text("1")
    expect(page.locator("#pad output")).to_have_text("1")
    page.get_by_role("button", name="one less").click()
    expect(cell(page, 2, "farming", "destabilised")).to_have_text("0")
    expect(page.locator("#pad")).to_contain_text("9 of 24 territory cards on the table")
    phone.shot("53-princeps-pad")
    page.get_by_role("link", name="Done").click()
    expect(page.locator("#pad")).to_have_count(0)
    expect(page.locator("#player-0 .live")).to_have_text("4 territories · 3 stable")
    expect(page.locator("#player-1 .live")).to_have_text("4 territories · 2 stable")
    phone.shot("54-princeps-entered", full_page=True)

    page.get_by_role("button", name="Score the victory points").click()
    page.wait_for_url(re.compile("/scores/final$"))
    rows = page.locator(".standings tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("Ana")
    expect(rows.nth(0).locator("td.num strong")).to_have_text("2")
    expect(rows.nth(1).locator("td.num strong")).to_have_text("2")
    expect(rows.nth(2)).to_contain_text("Cleo")
    expect(page.locator(".standings tr.winner")).to_have_count(1)
    expect(page.locator(".standings th.used")).to_have_text("Stable")
    verdict = "Ana wins on the first tie-break: tied on 2 VP, but with the most stable territories (3)."
    expect(page.locator(".verdict").first).to_have_text(verdict)
    expect(page.locator(".standings .tie")).to_have_text(verdict)
    expect(page.locator(".steps").first).to_contain_text("Most stable gold territories: Ana (3), +1 VP.")
    expect(page.locator(".steps", has_text="Tie-breaks")).to_contain_text("Ana and Ben are tied on 2 VP; most stable territories: Ana (3) wins.")
    assert page.locator(".sw").count() == 0  # no colours in this game, no swatches
    # Each name whole where there is room (a width kept for a swatch this game has not cut "Cleo" to "C").
    cut = page.evaluate("() => Array.from(document.querySelectorAll('.standings .who'), e => e.scrollWidth > e.clientWidth ? e.textContent : '').filter(Boolean)")
    assert cut == []
    phone.shot("55-princeps-scores", full_page=True)

    page.get_by_role("link", name="Step by step").click()
    expect(page.locator(".walk h2")).to_have_text("Before the count: everyone on 0 VP")
    phone.shot("56-princeps-walk-start")
    page.get_by_role("link", name="Next →").click()
    expect(page.locator(".walk h2")).to_have_text("Most territories")
    expect(page.locator(".walk .awards")).to_contain_text("Ana +1 VP")
    phone.shot("57-princeps-walk-category")
    for step in range(2, 6):  # each tap waits for its step: a tap during a swap is lost
        page.get_by_role("link", name="Next →").click()
        expect(page.locator(".walk .progress")).to_contain_text(f"Step {step} of 5")
    expect(page.locator(".walk h2")).to_have_text("Tie-break 1: most stable territories")
    expect(page.locator(".walk .awards")).to_contain_text("Ana wins")
    phone.shot("58-princeps-walk-tie-break")
    page.get_by_role("link", name="Next →").click()
    expect(page.locator(".walk h2")).to_have_text("Final standings")
    expect(page.locator(".walk .verdict")).to_have_text(verdict)
    phone.shot("59-princeps-walk-end", full_page=True)
    page.get_by_role("link", name="← Back").click()
    expect(page.locator(".walk h2")).to_have_text("Tie-break 1: most stable territories")
    assert fits(page)


def test_mistakes_are_shown_where_they_are(phones):
    phone = phones()
    page = phone.page
    start_table(page, ["Ana", "Ben"])
    set_count(page, 0, "gold", "stable", 8, "Ana")
    cell(page, 0, "gold", "stable").click()
    expect(page.locator("#pad")).to_contain_text("stable gold territories")
    expect(page.locator("#pad output")).to_have_text("8")
    for value in range(9, 21):  # 20 with the + button, waiting for each
        page.get_by_role("button", name="one more").click()
        expect(page.locator("#pad output")).to_have_text(str(value))
        page.wait_for_timeout(160)  # a person's taps: further apart than a bounce (static/app.js, 120 ms)
    expect(cell(page, 0, "gold", "stable")).to_have_text("20")
    set_count(page, 1, "trade", "stable", 5, "Ben")
    message = "25 territories in all, but the game has only 24 territory cards"
    expect(page.locator("#pad")).to_contain_text(message)  # not hidden under the pad
    page.get_by_role("link", name="Done").click()
    expect(page.locator("#screen > .problem")).to_contain_text(message)
    expect(page.locator(".deck")).to_have_text("25 of 24 territory cards on the table")
    phone.shot("60-princeps-mistake", full_page=True)
    page.get_by_role("button", name="Score the victory points").click()
    expect(page.locator(".notice.error")).to_contain_text("Cannot score yet")
    expect(cell(page, 0, "gold", "stable")).to_have_text("20")  # nothing lost
    # Renaming to a name already taken is refused, in words.
    page.locator("#name-1 a").click()
    page.locator("#rename-input").fill("ana")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".notice.error")).to_contain_text("Name of player 2: ana is already the name of another player")
    expect(page.locator("#rename-input")).to_have_value("ana")  # kept as typed, to correct
    phone.shot("61-princeps-rename-refused")
    page.locator("#rename-input").fill("Bea")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#name-1")).to_have_text("Bea")
    expect(page.locator("#rename-input")).to_have_count(0)


@pytest.mark.parametrize("width", [360])
def test_every_princeps_screen_fits_a_narrow_phone(phones, width):
    phone = phones(width)
    page = phone.page
    page.goto("/new/princeps-machiavelli")
    for index in (3, 4):
        add_player(page, index)
    expect(page.get_by_role("button", name="Add a player")).to_have_count(0)  # five Prince cards
    assert fits(page)
    phone.shot(f"62-princeps-new-table-{width}", full_page=True)
    page.locator('input[name="players-0-name"]').fill("Bartholomäus Maximilian")
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+/territories$"))
    set_count(page, 0, "gold", "stable", 2, "Bartholomäus")
    set_count(page, 4, "trade", "destabilised", 3, "Player 5")
    assert fits(page), "the territories are wider than the phone"
    phone.shot(f"63-princeps-pad-{width}")
    page.get_by_role("link", name="Done").click()
    phone.shot(f"64-princeps-territories-{width}", full_page=True)
    page.get_by_role("button", name="Score the victory points").click()
    page.wait_for_url(re.compile("/scores/final$"))
    expect(page.locator(".verdict").first).to_contain_text("Bartholomäus Maximilian wins on the first tie-break")
    phone.shot(f"65-princeps-scores-{width}", full_page=True)
    assert fits(page)
    page.get_by_role("link", name="Step by step").click()
    page.get_by_role("link", name="Next →").click()
    assert fits(page)
    phone.shot(f"66-princeps-walk-{width}", full_page=True)
