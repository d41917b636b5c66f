"""Everyone counts their own pieces, as the phones at the table do it: a seat's phone opens its
own link and taps its counts; shared by tests/browser/test_own_counts.py and
benchmarks/own_counts.py."""
from __future__ import annotations

import random

from playwright.sync_api import Page, expect

from benchmarks.table_entry import random_final_board

PLAYERS = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("Eva", "yellow"), ("Frederik", "black")]
COLORS = [color for _name, color in PLAYERS]


def final_board(seed: int = 33) -> dict[str, int]:
    """A whole 5-player final board (every cell: its count), in the pad's entry order."""
    return random_final_board(random.Random(seed), COLORS)


def seat_counts(board: dict[str, int], color: str) -> list[tuple[str, int]]:
    """A seat's counts in the order its link walks them (the board's, just that colour's)."""
    return [(cell, value) for cell, value in board.items() if cell.endswith(f".{color}")]


def seat_links(page: Page, token: str) -> dict[str, str]:
    """The share page's entry links, by colour."""
    page.goto(f"/t/{token}/share")
    hrefs = page.locator(".seat-link .link a").evaluate_all("links => links.map(a => a.href)")
    return {href.rsplit("player=", 1)[1]: href for href in hrefs}


def pad_on(page: Page):
    return page.locator('#pad form[data-taps] input[name="cell"]')


def tap_count(page: Page, cell: str, value: int) -> None:
    """One number on the pad, once the pad is on ``cell`` (it moved there itself)."""
    expect(pad_on(page)).to_have_value(cell)
    page.locator(f'#pad button[name="value"][value="{value}"]').click()


def taps_sent(page: Page) -> list[str]:
    """The cells of every tap this phone kept (taken ones stay kept until a reload)."""
    return page.evaluate("JSON.parse(localStorage.getItem('assistant.taps') || '[]').flatMap(tap => tap.cells || [tap.cell])")
