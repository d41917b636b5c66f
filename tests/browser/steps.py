"""What people do on the screens, as small functions shared by the browser tests."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

GAME = "kardinal-und-koenig"


def start_table(page: Page, players: list[tuple[str, str]]) -> str:
    """Fill the new-table form (adding players as needed) and start; returns the edit token."""
    page.goto(f"/new/{GAME}")
    for index, (name, color) in enumerate(players):
        if index >= 3:
            page.get_by_role("button", name="Add a player").click()
            expect(page.locator(f'input[name="players-{index}-name"]')).to_be_visible()
        page.locator(f'input[name="players-{index}-name"]').fill(name)
        page.locator(f'select[name="players-{index}-color"]').select_option(color)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+/board$"))
    return page.url.split("/t/")[1].split("/")[0]


def cell(page: Page, name: str):
    return page.locator(f"#cell-{name.replace('.', '-')}")


def set_count(page: Page, name: str, value: int) -> None:
    """Two taps: the cell, then the number."""
    cell(page, name).click()
    expect(page.locator("#pad")).to_contain_text(name.split(".")[1])
    # The pad may still be open on the cell before (same country): wait until it is on this one.
    expect(page.locator('#pad input[name="cell"]')).to_have_value(name)
    page.locator(f'#pad button[name="value"][value="{value}"]').click()
    expect(cell(page, name)).to_have_text(str(value))


def enter_position(page: Page, counts: dict[str, int]) -> None:
    for name, value in counts.items():
        set_count(page, name, value)
