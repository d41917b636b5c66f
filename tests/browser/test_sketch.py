"""Drawing a player's chains on the sketch: a line of 6 with a branch in at most a dozen taps,
the chains highlighted live, the house rule, the limit, and the final scoring from the sketch.
Screenshots: screenshots/30-sketch-*.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import enter_position, start_table

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue")]


class Taps:
    """Taps on the sketch, counted."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def spot(self, column: int, row: int) -> None:
        before = self.page.locator("#screen").get_attribute("data-version")
        hint = self.page.locator("#sketch-hint").inner_text()
        self.page.locator(f'#sketch-board [data-spot="{column}.{row}"]').click()
        self.count += 1
        # The screen comes back with each tap (a new version, or a new selection).
        expect(self.page.locator("#sketch-form.htmx-request")).to_have_count(0)
        self.page.wait_for_function(
            "([v, h]) => { const s = document.querySelector('#screen'); const t = document.querySelector('#sketch-hint');"
            " return s && t && (s.dataset.version !== v || t.innerText !== h); }",
            arg=[before, hint],
        )

    def button(self, name: str) -> None:
        self.page.locator("#sketch").get_by_role("button", name=name).click()
        self.count += 1


def spot(page, column: int, row: int):
    return page.locator(f'#sketch-board [data-spot="{column}.{row}"]')


def in_chain(page, number: int):
    return page.locator(f"#sketch-board .spot:has(.mark.line-{number})")


def shows(page, points: int, chains: list[int], *texts: str) -> None:
    """The sketch's points, how many monasteries carry each chain's badge, and sentences under it."""
    expect(page.locator("#sketch-points")).to_have_text(f"{points} points")
    for number, count in enumerate(chains, 1):
        expect(in_chain(page, number)).to_have_count(count)
    for text in texts:
        expect(page.locator("#sketch-result")).to_contain_text(text)


def test_draw_a_line_of_6_with_a_branch_and_score_it(phones):
    phone = phones()
    page = phone.page
    start_table(page, PLAYERS)
    enter_position(page, {"monasteries.Burgund.green": 5, "monasteries.Italien.green": 5, "monasteries.Bayern.green": 2})
    page.get_by_role("link", name="Chains", exact=True).click()
    page.locator("#chains-green").get_by_role("link", name="Draw the chains").click()
    expect(page.locator("#sketch")).to_contain_text("In the sketch: 0 of 12 monasteries on the board")
    phone.shot("30-sketch-empty")

    taps = Taps(page)
    for column in range(6):  # a line of 6 along row 2: each tap adds a monastery joined to the last
        taps.spot(column, 1)
    taps.spot(5, 1)  # let go of F
    taps.spot(2, 1)  # go on from C
    taps.spot(2, 2)  # a branch: G, joined to C
    assert taps.count == 9  # the brief: at most a dozen
    expect(page.locator("#sketch-board .spot.node")).to_have_count(7)
    expect(in_chain(page, 1)).to_have_count(6)
    expect(spot(page, 2, 2)).to_have_class(re.compile(r"\bleft\b"))
    expect(spot(page, 2, 2)).to_have_attribute("aria-label", re.compile("Monastery G, not in a chain"))
    expect(page.locator("#sketch-points")).to_have_text("6 points")
    expect(page.locator("#sketch-result")).to_contain_text("Chain 1: 6 monasteries A–B–C–D–E–F")
    expect(page.locator("#sketch-result")).to_contain_text("Not in a chain: G")
    expect(page.locator("#sketch-result")).to_contain_text("Monastery G is a branch or a leftover and does not count")
    expect(page.locator("#sketch-count")).to_contain_text("7 of 12 monasteries on the board")
    phone.shot("30-sketch-branch")

    # The branch grows to 4: a chain of its own under the default reading, not under the house rule.
    for row in (3, 4, 5):
        taps.spot(2, row)
    assert taps.count == 12
    shows(
        page, 10, [6, 4], "Chain 2: 4 monasteries G–H–I–J",
        "Under the default reading a side branch of 4 or more is a chain of its own; "
        "with the house rule 'only the longest line of each group' it would be 8 points.",
    )
    phone.shot("31-sketch-two-chains")
    page.locator("#sketch").get_by_role("button", name="Switch the rule").click()
    shows(page, 8, [8, 0], "Not in a chain: A, B", "Under the default reading (a side branch of 4 or more is a chain of its own) it would be 10 points.")
    phone.shot("32-sketch-house-rule")
    page.locator("#sketch").get_by_role("button", name="Switch the rule").click()
    expect(page.locator("#sketch-points")).to_have_text("10 points")

    # Remove mode takes a monastery off with its roads; Undo puts it back.
    page.locator("#sketch").get_by_role("link", name="Remove").click()
    expect(page.locator("#sketch-hint")).to_contain_text("tap a monastery to take it off")
    spot(page, 2, 5).click()
    expect(page.locator("#sketch-board .spot.node")).to_have_count(9)
    expect(page.locator("#sketch-points")).to_have_text("7 points")  # F–E–D–C–G–H–I
    phone.shot("33-sketch-remove-mode")
    page.locator("#sketch").get_by_role("button", name="Undo").click()
    expect(page.locator("#sketch-board .spot.node")).to_have_count(10)
    expect(page.locator("#sketch-points")).to_have_text("10 points")
    page.locator("#sketch").get_by_role("link", name="Stop removing").click()

    # The limit: 12 monasteries on the board, 10 drawn; a counted chain of 4 leaves no room.
    page.locator("#sketch").get_by_role("link", name="Done").click()
    expect(page.locator("#chains-green")).to_contain_text("Sketch: 10 monasteries")
    expect(page.locator("#chains-green .points")).to_have_text("10 points")
    expect(page.locator("#chains-green .sketch-card-text")).to_contain_text("Sketch: 10 monasteries · chains of 6 + 4 monasteries: 10 points")
    phone.shot("34-sketch-on-the-card", full_page=True)
    page.locator("#chains-green").get_by_role("link", name="Edit the sketch").click()
    spot(page, 0, 6).click()
    spot(page, 1, 6).click()
    expect(page.locator("#sketch-count")).to_contain_text("12 of 12 monasteries on the board")
    spot(page, 2, 6).click()
    expect(page.locator(".notice.error")).to_contain_text("Chain sketch of Andreas (green): all 12 monasteries on the board are drawn or counted already, so no monastery was added.")
    expect(page.locator("#sketch-board .spot.node")).to_have_count(12)
    phone.shot("35-sketch-limit")
    page.locator("#sketch").get_by_role("button", name="Undo").click()
    page.locator("#sketch").get_by_role("button", name="Undo").click()
    expect(page.locator("#sketch-board .spot.node")).to_have_count(10)

    # The final scoring counts the sketch.
    page.locator("#sketch").get_by_role("link", name="Done").click()
    page.get_by_role("button", name="Final scoring").click()
    page.wait_for_url(re.compile("/scores/final$"))
    steps = page.locator(".steps", has_text="Chains of Andreas")
    expect(steps).to_contain_text("the line A–B–C–D–E–F scores 6; the line G–H–I–J scores 4; 10 points in all")
    phone.shot("36-sketch-final-scoring", full_page=True)


@pytest.mark.parametrize("width", [360])
def test_the_sketch_fits_a_narrow_phone_with_one_thumb(phones, width):
    phone = phones(width)
    page = phone.page
    start_table(page, PLAYERS)
    enter_position(page, {"monasteries.Burgund.red": 6})
    page.get_by_role("link", name="Chains", exact=True).click()
    page.locator("#chains-red").get_by_role("link", name="Draw the chains").click()
    taps = Taps(page)
    for column, row in [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]:
        taps.spot(column, row)
    expect(page.locator("#sketch-points")).to_have_text("5 points")
    sizes = page.locator("#sketch-board .spot").evaluate_all("spots => spots.map(s => [s.getBoundingClientRect().width, s.getBoundingClientRect().height])")
    assert len(sizes) == 42 and min(min(size) for size in sizes) >= 44, sizes
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    phone.shot(f"37-sketch-{width}")
    phone.shot(f"38-sketch-{width}-full", full_page=True)


def test_two_phones_draw_one_sketch(phones):
    first, second = phones(), phones()
    token = start_table(first.page, PLAYERS)
    enter_position(first.page, {"monasteries.Burgund.blue": 8})
    first.page.goto(f"/t/{token}/chains?sketch=blue")
    second.page.goto(f"/t/{token}/chains?sketch=blue")
    one, two = Taps(first.page), Taps(second.page)
    one.spot(0, 0)
    one.spot(1, 0)
    expect(second.page.locator("#sketch-board .spot.node")).to_have_count(2)  # shared by polling
    # The second phone goes on from B while the first removes B; the second's poll has not come yet.
    spot(second.page, 1, 0).click()
    expect(spot(second.page, 1, 0)).to_have_class(re.compile(r"\bselected\b"))
    second.page.route(re.compile(r"since="), lambda route: route.fulfill(status=200, headers={"HX-Reswap": "none"}, body=""))  # nothing new
    first.page.locator("#sketch").get_by_role("link", name="Remove").click()
    spot(first.page, 1, 0).click()
    expect(first.page.locator("#sketch-board .spot.node")).to_have_count(1)
    spot(second.page, 2, 0).click()
    notice = second.page.locator(".notice.conflict")
    expect(notice).to_contain_text("A monastery you tapped was removed on another phone after this phone showed the sketch, so nothing was drawn.")
    expect(second.page.locator("#sketch-board .spot.node")).to_have_count(1)  # the sketch as it is now
    second.shot("39-sketch-conflict")
    second.page.unroute(re.compile(r"since="))
    notice.get_by_role("link", name="OK").click()
    expect(notice).to_have_count(0)
    # Additions from both phones merge.
    two.spot(3, 3)
    first.page.locator("#sketch").get_by_role("link", name="Stop removing").click()
    spot(first.page, 0, 0).click()
    one.spot(0, 1)
    expect(second.page.locator("#sketch-board .spot.node")).to_have_count(3)
    expect(first.page.locator("#sketch-board .spot.node")).to_have_count(3)


@pytest.mark.parametrize("width", [360, 390])
def test_done_takes_the_sketch_out_of_the_address_and_the_card_says_what_it_scores(phones, width):
    phone = phones(width)
    page = phone.page
    token = start_table(page, PLAYERS)
    enter_position(page, {"monasteries.Burgund.red": 6})
    page.goto(f"/t/{token}/chains?sketch=red")  # a reload on the sketch, or its address shared
    taps = Taps(page)
    for column, row in [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]:
        taps.spot(column, row)
    page.locator("#sketch").get_by_role("link", name="Done").click()
    expect(page.locator("#sketch")).to_have_count(0)
    expect(page).to_have_url(re.compile(rf"/t/{token}/chains$"))
    card = page.locator("#chains-red .sketch-card-text")
    expect(card).to_contain_text("Sketch: 5 monasteries · a chain of 5 monasteries: 5 points")
    phone.shot(f"38-sketch-card-after-done-{width}")
    page.reload()  # the chains, not the sketch again
    expect(page.locator("#chains-red")).to_be_visible()
    expect(page.locator("#sketch")).to_have_count(0)
