"""A phone at a table a script wrote too fast (issue 44, store/pace.py): the app's 429 keeps the
tap on the phone, marked waiting, and the phone sends it again after Retry-After until the table
takes it, as after a 503; the other phone then shows it. Nothing is lost, nothing said as a fault."""
from __future__ import annotations

import re
import sqlite3
import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Phone
from tests.browser.steps import all_taps_taken, cell, start_table
from tests.served import serving

pytestmark = pytest.mark.browser
ARAGON = "monasteries.Aragon.green"
REFUSED_LINE = re.compile(r"^Failed to load resource: the server responded with a status of 429")


def test_a_tap_refused_429_waits_on_the_phone_and_goes_again_until_the_table_takes_it(browser, tmp_path):
    with serving(tmp_path / "server", ASSISTANT_SECRET_KEY="pace-tests") as url:
        ana, ben = Phone(browser, url, service_workers="block"), Phone(browser, url, width=360, service_workers="block")
        try:
            token = start_table(ana.page, [("Ana", "green"), ("Ben", "red"), ("Cleo", "blue")])
            ben.page.goto(f"/t/{token}/board")
            # A script used the table's allowances: the next comes back in 3 s.
            with sqlite3.connect(tmp_path / "server" / "assistant.sqlite") as store:
                store.execute("UPDATE game_table SET paced_until = ? WHERE id = ?", (time.time() + 60 + 3, token))
            refused: list[str] = []
            ana.page.on("response", lambda answer: refused.append(answer.headers.get("retry-after", "")) if answer.status == 429 else None)
            cell(ana.page, ARAGON).click()
            ana.page.locator('#pad button[name="value"][value="2"]').click()
            expect(cell(ana.page, ARAGON)).to_have_class(re.compile(r"\bwaiting\b"))
            expect(ana.page.locator("#offline")).to_be_visible()
            all_taps_taken(ana.page)
            assert refused and all(int(wait) >= 1 for wait in refused), refused
            expect(cell(ana.page, ARAGON)).to_have_text("2")
            expect(cell(ben.page, ARAGON)).to_have_text("2")
        finally:
            ana.context.close()
            ben.context.close()
    assert [error for error in ana.errors if not REFUSED_LINE.search(error)] == [] and ben.errors == []
