"""A tap made while the 2-second poll is still on its way is never lost."""
from __future__ import annotations

import threading

import pytest
from playwright.sync_api import expect

from tests.browser.steps import cell, start_table

pytestmark = pytest.mark.browser


def test_a_tap_during_a_slow_poll_opens_the_pad_and_enters_the_count(phones):
    phone = phones()
    page = phone.page
    start_table(page, [("Ana", "red"), ("Ben", "green"), ("Cleo", "blue")])
    poll_started = threading.Event()

    def slow_poll(route):
        # Hold the poll like a weak connection at the table would, then let it through.
        poll_started.set()
        page.wait_for_timeout(1500)
        route.continue_()

    page.route("**/board?since=*", slow_poll)
    page.wait_for_timeout(2500)  # the poll (every 2 s) is on its way now
    cell(page, "monasteries.England.red").click()
    expect(page.locator("#pad")).to_contain_text("England")
    page.locator('#pad button[name="value"][value="3"]').click()
    expect(cell(page, "monasteries.England.red")).to_have_text("3")
    assert poll_started.is_set()
    # A poll still held when the phone is put away would raise in whichever test runs next.
    page.unroute_all(behavior="wait")
