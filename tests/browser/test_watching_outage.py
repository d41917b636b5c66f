"""A phone that only watches a table is told when the table's database is out of reach, as a
phone holding taps is (issue 37): before, its polls met 503s without a word, and its screen
stood still while it looked live. Two watchers, on the edit link (no tap made) and on the
spectators' link (in German), and a phone that taps on a slow Wi-Fi, beside a server on
PostgreSQL that is stopped and started again. Each is told what the server said: its database is
out of reach, not the connection (issue 46 item 8).
Screenshots: screenshots/93-watching-during-an-outage.png, 93-tapping-during-an-outage.png."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Phone
from tests.browser.steps import cell, network_delay, open_pad, pad_number, table_over_http, tap
from tests.postgres import Cluster
from tests.served import serving

pytestmark = pytest.mark.browser
PLAYERS = [("Ana", "green"), ("Ben", "red"), ("Cleo", "blue")]
# What the browser logs of the outage's answers: a poll or link answered 503 is expected here.
OUTAGE_CONSOLE = re.compile(r"status of 503|Response Status Error Code 503|htmx:responseError")
ON_THE_EDIT_LINK = ("The table's server cannot reach its database right now. Everything saved before is safe; taps are kept on this phone "
                    "and sent when it is back. Counts can still be entered; scoring waits for the database.")
ON_THE_SPECTATORS_LINK = ("Der Server der Partie kann gerade nicht auf seine Datenbank zugreifen. Alles bisher Gespeicherte ist sicher; "
                          "diese Ansicht wird aktualisiert, sobald die Datenbank wieder erreichbar ist.")
A_TAP_WAITING = ("The table's server cannot reach its database right now: 1 tap is kept on this phone and will be sent when it is back. "
                 "Counts can still be entered; scoring waits for the database.")

# The connection was never lost: the banner says what came back.
DATABASE_BACK = "The table's database answers again: the kept tap was sent."

# The version a screen shows: answers in parts bring it in #screen-poll, whole screens in data-version.
SHOWN_VERSION = "Number((document.querySelector('#screen-poll [name=since]') || {}).value || document.getElementById('screen').dataset.version)"


def shown_version(page) -> int:
    return int(page.evaluate(f"() => {SHOWN_VERSION}"))


@pytest.fixture
def server_on_postgresql(tmp_path):
    """(the server's address, its cluster): a database of its own, to be stopped under it."""
    cluster = Cluster(durable=True).start()
    try:
        with serving(tmp_path / "server", DATABASE_URL=cluster.create_database("watching")) as url:
            yield url, cluster
    finally:
        if not (cluster.data / "postmaster.pid").exists():  # a failed test left it stopped
            cluster.start_server()
        cluster.stop()


def test_watching_phones_are_told_while_the_database_is_out_of_reach(browser, server_on_postgresql):
    url, cluster = server_on_postgresql
    token, watch = table_over_http(url, PLAYERS, {"monasteries.Frankreich.green": 2})
    playing = Phone(browser, url, service_workers="block")
    watchers = {ON_THE_EDIT_LINK: Phone(browser, url, service_workers="block"), ON_THE_SPECTATORS_LINK: Phone(browser, url, service_workers="block")}
    try:
        watchers[ON_THE_EDIT_LINK].page.goto(f"/t/{token}/board")
        watchers[ON_THE_SPECTATORS_LINK].page.goto(f"/t/{watch}/board?lang=de")
        playing.page.goto(f"/t/{token}/board")
        network_delay(playing.page, 300)
        open_pad(playing.page, "monasteries.Bayern.green")
        expect(cell(watchers[ON_THE_EDIT_LINK].page, "monasteries.Frankreich.green")).to_have_text("2")
        for watcher in watchers.values():
            expect(watcher.page.locator(".board")).to_be_visible()
            expect(watcher.page.locator("#offline")).to_be_hidden()
        version = shown_version(watchers[ON_THE_SPECTATORS_LINK].page)

        cluster.stop_server()
        for text, watcher in watchers.items():
            expect(watcher.page.locator("#offline")).to_have_text(text)  # the next poll's 503
        watchers[ON_THE_EDIT_LINK].shot("93-watching-during-an-outage")
        # A cell tapped on the phone that could play meets a 503 too: the banner stays.
        cell(watchers[ON_THE_EDIT_LINK].page, "monasteries.Bayern.red").click()
        watchers[ON_THE_EDIT_LINK].page.wait_for_timeout(500)
        expect(watchers[ON_THE_EDIT_LINK].page.locator("#offline")).to_have_text(ON_THE_EDIT_LINK)
        tap(playing.page, pad_number(playing.page, 2))  # the phone that plays: its tap is kept
        expect(playing.page.locator("#offline")).to_have_text(A_TAP_WAITING)
        expect(cell(playing.page, "monasteries.Bayern.green")).to_have_text("2")
        playing.shot("93-tapping-during-an-outage")

        cluster.start_server()
        for watcher in watchers.values():
            expect(watcher.page.locator("#offline")).to_be_hidden()  # a poll answered: live again
        expect(playing.page.locator("#offline")).to_have_text(DATABASE_BACK)
        expect(cell(watchers[ON_THE_EDIT_LINK].page, "monasteries.Bayern.green")).to_have_text("2")
        playing.page.goto(f"/t/{token}/board")
        cell(playing.page, "monasteries.Frankreich.red").click()
        playing.page.locator('#pad button[name="value"][value="3"]').click()
        expect(cell(watchers[ON_THE_EDIT_LINK].page, "monasteries.Frankreich.red")).to_have_text("3")
        watchers[ON_THE_SPECTATORS_LINK].page.wait_for_function(f"() => ({SHOWN_VERSION}) === {version + 2}")
    finally:
        for phone in (playing, *watchers.values()):
            phone.context.close()
    for phone in (playing, *watchers.values()):
        assert [error for error in phone.errors if not OUTAGE_CONSOLE.search(error)] == [], phone.errors
