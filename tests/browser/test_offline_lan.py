"""A laptop serving the table on its LAN over plain HTTP (http://10.x.y.2, as http://192.168.x.y
at home): no secure context, so no service worker and no crypto.randomUUID. The server runs in a
network namespace of this test's own, reached over a veth pair; taps made while the connection is
down are kept and sent once it is back. Screenshot: screenshots/95-offline-lan.png."""
from __future__ import annotations

import os
import re
import subprocess
from contextlib import contextmanager

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Phone
from tests.browser.steps import all_taps_taken, cell, open_pad, pad_number, set_count, start_table, tap
from tests.served import serving

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "red"), ("Barbara", "green"), ("Doris", "blue")]


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@contextmanager
def network_of_its_own():
    """A network namespace with a veth pair: this side 10.a.b.1, the namespace 10.a.b.2."""
    tag = os.getpid() % 60000
    name, here, there = f"asst{tag}", f"ah{tag}", f"an{tag}"
    subnet = f"10.{100 + tag // 250 % 150}.{tag % 250}"
    ip("netns", "add", name)
    try:
        ip("link", "add", here, "type", "veth", "peer", "name", there)
        ip("link", "set", there, "netns", name)
        ip("addr", "add", f"{subnet}.1/24", "dev", here)
        ip("link", "set", here, "up")
        ip("netns", "exec", name, "ip", "addr", "add", f"{subnet}.2/24", "dev", there)
        ip("netns", "exec", name, "ip", "link", "set", there, "up")
        ip("netns", "exec", name, "ip", "link", "set", "lo", "up")
        yield name, f"{subnet}.2"
    finally:
        subprocess.run(["ip", "link", "del", here], capture_output=True)
        subprocess.run(["ip", "netns", "del", name], capture_output=True)


@pytest.fixture(scope="module")
def lan_url(tmp_path_factory):
    with network_of_its_own() as (namespace, address):
        folder = tmp_path_factory.mktemp("lan")
        with serving(folder, prefix=("ip", "netns", "exec", namespace), ASSISTANT_HOST=address, ASSISTANT_SECRET_KEY="lan-tests") as url:
            assert url.startswith(f"http://{address}:")
            yield url


def test_on_a_plain_http_lan_address_taps_made_offline_are_kept_and_sent_once(browser, lan_url):
    phone, other = Phone(browser, lan_url), Phone(browser, lan_url)
    try:
        page = phone.page
        token = start_table(page, PLAYERS)
        assert page.evaluate("window.isSecureContext") is False
        assert page.evaluate("typeof crypto.randomUUID") == "undefined"
        assert page.evaluate("!('serviceWorker' in navigator) || navigator.serviceWorker.controller === null")
        set_count(page, "monasteries.Aragon.red", 2)
        all_taps_taken(page)  # else the other phone may load the table before it has this one
        other.page.goto(f"/t/{token}/board")
        before = int(other.page.locator("#screen").get_attribute("data-version"))
        open_pad(page, "monasteries.Franken.red")
        page.context.set_offline(True)
        for value in (4, 1, 6):
            page.wait_for_timeout(200)
            tap(page, pad_number(page, value))
        expect(page.locator("#offline")).to_contain_text("3 taps are kept on this phone")
        phone.shot("95-offline-lan")
        page.wait_for_timeout(3000)
        page.context.set_offline(False)
        for name, value in (("monasteries.Franken.red", "4"), ("monasteries.Franken.green", "1"), ("monasteries.Franken.blue", "6")):
            expect(cell(other.page, name)).to_have_text(value)
        expect(page.locator("#offline")).to_have_text("Connection back: the 3 kept taps were sent.")
        other.page.reload()
        assert int(other.page.locator("#screen").get_attribute("data-version")) == before + 3
        phone.errors[:] = [e for e in phone.errors if not re.search(r"net::ERR_INTERNET_DISCONNECTED|htmx:sendError", e)]
        assert phone.errors == [] and other.errors == []
    finally:
        phone.context.close()
        other.context.close()


@pytest.mark.parametrize("width", [360, 390])
def test_on_a_plain_http_lan_address_a_closed_pad_opens_offline(browser, lan_url, width):
    """No service worker: the pad this page drew last is kept on the phone and opens on any cell."""
    phone = Phone(browser, lan_url, width)
    try:
        page = phone.page
        token = start_table(page, PLAYERS)
        set_count(page, "monasteries.Aragon.red", 2)
        all_taps_taken(page)
        page.locator("#pad a.done").click()
        expect(page.locator("#pad")).to_have_count(0)
        page.context.set_offline(True)
        cell(page, "advisors.Aragon.blue").click()
        expect(page.locator('#pad input[name="cell"]')).to_have_value("advisors.Aragon.blue")
        expect(page.locator("#pad")).to_contain_text("Doris")
        tap(page, pad_number(page, 1))
        expect(cell(page, "advisors.Aragon.blue")).to_have_text("1")
        expect(cell(page, "advisors.Aragon.blue")).to_have_class(re.compile(r"\bwaiting\b"))
        expect(page.locator("#offline")).to_contain_text("Counts can still be entered; scoring waits for the connection.")
        phone.shot(f"95-offline-lan-closed-pad-{width}")
        page.context.set_offline(False)
        expect(page.locator("#offline")).to_have_text("Connection back: the kept tap was sent.")
        page.goto(f"/t/{token}/board")
        expect(cell(page, "advisors.Aragon.blue")).to_have_text("1")
        phone.errors[:] = [e for e in phone.errors if not re.search(r"net::ERR_INTERNET_DISCONNECTED|htmx:sendError", e)]
        assert phone.errors == []
    finally:
        phone.context.close()
