"""A table over HTTPS, as deployed: Chromium → nginx (deploy/nginx.conf, TLS) → the app.

Our pages send no Referer (Referrer-Policy: no-referrer). Before the fix every form failed
here with "This page has expired": Flask-WTF refused HTTPS posts without a Referer.
"""
from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Phone
from tests.browser.nginx import Nginx
from tests.browser.steps import cell, set_count, start_table
from tests.test_cli import GOOD

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def nginx(live_server, tmp_path_factory):
    """nginx proxying to whatever address the live server has; the app trusts one proxy."""
    proxy = Nginx(tmp_path_factory.mktemp("nginx"), upstream=live_server)
    yield proxy
    proxy.stop()


def sent(nginx: Nginx, path: str) -> list[str]:
    """[Origin, Sec-Fetch-Site, Referer] of the last POST to ``path`` that nginx logged."""
    return [line[1:] for line in nginx.requests() if line[0].startswith(f"POST {path} ")][-1]


@pytest.fixture
def phone(browser, nginx):
    # The throwaway certificate is not in Chromium's store: a phone would have a real one. Chromium
    # never fetches a service worker over a certificate it does not trust, errors ignored or not:
    # the service worker is tested on localhost (test_offline.py).
    opened = Phone(browser, nginx.url, ignore_https_errors=True, service_workers="block")
    yield opened
    opened.context.close()
    assert opened.errors == [], opened.errors


def test_a_table_started_and_changed_over_https(phone, nginx):
    page = phone.page
    token = start_table(page, [("Ana", "green"), ("Ben", "red"), ("Cleo", "blue")])
    assert page.url == f"{nginx.url}/t/{token}/board"
    set_count(page, "monasteries.Frankreich.green", 3)
    page.reload()  # the count was saved, not only shown
    expect(cell(page, "monasteries.Frankreich.green")).to_have_text("3")
    expect(page.locator("#country-Frankreich")).to_contain_text("3 of 8 cloister fields taken")
    expect(page.locator("body")).not_to_contain_text("This page has expired")
    phone.shot("https-board")

    # What Chromium sent (htmx posts both), as the server saw it: its origin, no Referer.
    assert sent(nginx, f"/t/{token}/change") == [nginx.url, "same-origin", "-"]


def test_without_javascript_the_plain_form_works_over_https(browser, nginx):
    """A form post (no htmx) under no-referrer: Chromium sends Origin "null", no Referer."""
    phone = Phone(browser, nginx.url, ignore_https_errors=True, java_script_enabled=False)
    try:
        page = phone.page
        page.goto("/new/kardinal-und-koenig")
        page.get_by_role("button", name="Start the table").click()
        page.wait_for_url(re.compile(r"/t/[^/]+/board$"))
        expect(page.locator("body")).not_to_contain_text("This page has expired")
        assert sent(nginx, "/new/kardinal-und-koenig") == ["null", "same-origin", "-"]
    finally:
        phone.context.close()


def test_over_https_the_app_knows_it_share_links_cookies_and_hsts(phone, nginx):
    page = phone.page
    response = page.goto("/")
    assert response.headers["strict-transport-security"] == "max-age=31536000"
    assert response.headers["referrer-policy"] == "no-referrer"
    page.goto("/?lang=de")
    cookies = {c["name"]: c for c in phone.context.cookies()}
    assert cookies["session"]["secure"] and cookies["lang"]["secure"]


def test_the_score_api_over_https_needs_no_cookie(nginx):
    """What curl does: a JSON body, no cookie, no token."""
    request = urllib.request.Request(f"{nginx.url}/api/score", data=json.dumps(GOOD).encode(), headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, context=nginx.ssl_context, timeout=10) as response:
        assert response.status == 200
        assert response.headers["Set-Cookie"] is None
        assert json.load(response)["winners"] == ["green"]


def test_over_https_a_closed_pad_opens_without_a_connection(phone):
    """HTTPS as deployed (the service worker itself is tested on localhost, test_offline_pad.py)."""
    page = phone.page
    start_table(page, [("Ana", "green"), ("Ben", "red"), ("Cleo", "blue")])
    set_count(page, "monasteries.Frankreich.green", 3)
    page.locator("#pad a.done").click()
    expect(page.locator("#pad")).to_have_count(0)
    page.context.set_offline(True)
    cell(page, "advisors.Frankreich.blue").click()
    expect(page.locator('#pad input[name="cell"]')).to_have_value("advisors.Frankreich.blue")
    page.locator('#pad button[name="value"][value="2"]').click()
    expect(cell(page, "advisors.Frankreich.blue")).to_have_text("2")
    expect(page.locator("#country-Frankreich .facts span").nth(1)).to_have_text("advisors: 2 of at most 3")
    page.context.set_offline(False)
    expect(page.locator("#offline")).to_have_text("Connection back: the kept tap was sent.")
    page.reload()
    expect(cell(page, "advisors.Frankreich.blue")).to_have_text("2")
    phone.errors[:] = [e for e in phone.errors if not re.search(r"net::ERR_(INTERNET_DISCONNECTED|FAILED)|htmx:sendError", e)]
