"""The step-by-step walk is one place in the browser's history: Next and Back move within it,
the browser's Back leaves it in one go (issue 11, finding 6)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import enter_position, start_table
from tests.web.helpers import EXAMPLE

pytestmark = pytest.mark.browser


def test_one_back_leaves_the_walk_however_many_steps_were_taken(phones):
    phone = phones()
    page = phone.page
    token = start_table(page, [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue")])
    enter_position(page, {cell: value for cell, value in EXAMPLE.items() if not cell.endswith(".purple")})
    page.goto(f"/t/{token}/chains")
    page.get_by_role("button", name="Score without chains").click()
    page.wait_for_url(re.compile("/scores/final$"))
    page.get_by_role("link", name="Step by step").click()
    expect(page.locator(".walk h2")).to_have_text("Everyone's marker before this scoring")
    for number in range(1, 6):
        page.get_by_role("link", name="Next →").click()
        expect(page.locator(".walk")).to_contain_text(f"Step {number} of ")
    page.get_by_role("link", name="← Back").click()
    expect(page.locator(".walk")).to_contain_text("Step 4 of ")
    # The address still names the step shown, so a reload or a shared link opens it.
    assert page.url.endswith("view=walk&step=4")
    phone.shot("walk-step-4")

    page.go_back()
    expect(page).to_have_url(re.compile(r"/scores/final$"))
    expect(page.locator(".walk")).to_have_count(0)
    expect(page.locator(".standings")).to_be_visible()
