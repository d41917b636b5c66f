"""A tap is taken or told, never lost in silence: a tap the server fails is set aside with its
cell named, and the taps after it go on (static/app.js, #set-aside in templates/base.html); a
bounce on a busy phone is one tap; the pad's Undo follows the table once it has drawn the pad
anew. Screenshots: screenshots/87-set-aside-*.png."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.steps import all_taps_taken, cell, open_pad, pad_number, set_count, table_over_http, tap
from tests.browser.test_form_errors import axe_violations

pytestmark = pytest.mark.browser
PLAYERS = [("Ana", "red"), ("Ben", "green"), ("Cleo", "blue")]
POLL_MS = 2000
FAILED = "this tap could not be taken (the server failed)."


class FailingServer:
    """The phone's taps on one cell answered 500 (the server failed on them), the others served."""

    def __init__(self, page):
        self.cell: str | None = None
        self.failed = 0
        page.route("**/change", self._answer)

    def _answer(self, route) -> None:
        if self.cell and f"cell={self.cell}&" in (route.request.post_data or "") + "&":
            self.failed += 1
            route.fulfill(status=500, body="Internal Server Error", content_type="text/html")
        else:
            route.continue_()


def test_a_tap_the_server_fails_is_set_aside_and_the_taps_after_it_go_on(phones, live_server):
    token, _watch = table_over_http(live_server, PLAYERS)
    phone, other = phones(), phones()
    page = phone.page
    page.goto(f"/t/{token}/board")
    server = FailingServer(page)
    server.cell = "monasteries.England.red"
    open_pad(page, "monasteries.England.red")
    for value in (3, 2, 4):  # along England's row: red, green, blue
        page.wait_for_timeout(250)
        tap(page, pad_number(page, value))
    aside = page.locator("#set-aside .aside-tap")
    expect(aside).to_have_count(1)
    expect(aside).to_contain_text(re.compile(rf"England.*Ana.*: {re.escape(FAILED)}"))
    assert server.failed == 3  # tried three times, then set aside
    expect(cell(page, "monasteries.England.red")).to_have_text("3")
    expect(cell(page, "monasteries.England.red")).to_have_class(re.compile(r"\baside\b"))
    expect(page.locator("#offline")).to_be_hidden()  # the connection works: no "No connection" for it
    other.page.goto(f"/t/{token}/board")  # the taps after it reached the table
    expect(cell(other.page, "monasteries.England.green")).to_have_text("2")
    expect(cell(other.page, "monasteries.England.blue")).to_have_text("4")
    expect(cell(other.page, "monasteries.England.red")).to_have_text("0")
    for button in (aside.get_by_role("button", name="Try it again"), aside.get_by_role("button", name="Drop it")):
        box = button.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, box
    phone.shot("87-set-aside-390")
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 360, "height": 844})
    phone.shot("87-set-aside-360")
    page.set_viewport_size({"width": 390, "height": 844})

    page.reload()  # kept on the phone: said again, the cell still marked
    expect(aside).to_have_count(1)
    expect(aside).to_contain_text(FAILED)
    expect(cell(page, "monasteries.England.red")).to_have_text("3")
    expect(cell(page, "monasteries.England.red")).to_have_class(re.compile(r"\baside\b"))

    server.cell = None  # the server is mended
    aside.get_by_role("button", name="Try it again").click()
    expect(page.locator("#set-aside")).to_be_hidden()
    all_taps_taken(page)
    expect(cell(other.page, "monasteries.England.red")).to_have_text("3", timeout=2 * POLL_MS + 2000)

    server.cell = "monasteries.England.green"  # fails again, on another cell: this one is dropped
    set_count(page, "monasteries.England.green", 5)
    expect(aside).to_have_count(1)
    aside.get_by_role("button", name="Drop it").click()
    expect(page.locator("#set-aside")).to_be_hidden()
    expect(cell(page, "monasteries.England.green")).to_have_text("2")  # what the table has
    expect(cell(page, "monasteries.England.green")).not_to_have_class(re.compile(r"\b(aside|pending)\b"))
    page.reload()
    expect(page.locator("#set-aside")).to_be_hidden()
    expect(cell(page, "monasteries.England.green")).to_have_text("2")
    phone.errors[:] = [error for error in phone.errors if not re.search(r"status of 500|Status Error Code 500", error)]


def test_a_poll_the_server_fails_is_no_lost_connection(phones, live_server):
    token, _watch = table_over_http(live_server, PLAYERS)
    phone = phones()
    page = phone.page
    page.goto(f"/t/{token}/board")
    page.route(lambda url: "since=" in url, lambda route: route.fulfill(status=500, body="Internal Server Error", content_type="text/html"))
    page.wait_for_timeout(2 * POLL_MS + 500)
    expect(page.locator("#offline")).to_be_hidden()
    page.unroute_all(behavior="ignoreErrors")
    phone.errors[:] = [error for error in phone.errors if not re.search(r"status of 500|Status Error Code 500", error)]


def touch(cdp, x: float, y: float, down: float, click: float | None = None) -> None:
    """A finger down at (x, y) at ``down`` (seconds), as a touch screen stamps it, and up 30 ms
    later; ``click``: when the click it makes is stamped (Chromium stamps it with the lift), as a
    busy phone made it, late."""
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}], "timestamp": down})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [], "timestamp": click or down + 0.03})


def busy(page, ms: int) -> None:
    """The phone's main thread busy (drawing a long answer) for ``ms``, from now on, without waiting for it."""
    page.evaluate(f"setTimeout(() => {{ const end = performance.now() + {ms}; while (performance.now() < end) {{}} }}, 0)")


def middle(page, value: int) -> tuple[float, float]:
    box = pad_number(page, value).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_bounce_on_a_busy_phone_is_one_tap_and_a_quick_double_tap_is_two(phones, live_server):
    token, _watch = table_over_http(live_server, PLAYERS)
    page = phones(has_touch=True, is_mobile=True).page
    page.goto(f"/t/{token}/board")
    open_pad(page, "monasteries.England.red")
    x, y = middle(page, 3)
    cdp = page.context.new_cdp_session(page)
    start = time.time()
    touch(cdp, x, y, start)
    busy(page, 400)  # drawing the first tap: the bounce's click comes 400 ms+ after the first one's
    page.wait_for_timeout(30)
    touch(cdp, x, y, start + 0.1, start + 0.43)  # the finger bounced 100 ms after it touched; its click came 400 ms after the first
    expect(cell(page, "monasteries.England.red")).to_have_text("3")
    page.wait_for_timeout(500)
    expect(cell(page, "monasteries.England.green")).to_have_text("0")  # the bounce entered nothing
    all_taps_taken(page)
    # Two numbers 200 ms apart, on a busy phone too: both are entered, each in its cell.
    expect(page.locator('#pad input[name="cell"]')).to_have_value("monasteries.England.green")
    three, five = middle(page, 3), middle(page, 5)
    start = time.time()
    touch(cdp, *three, start)
    busy(page, 400)
    page.wait_for_timeout(30)
    touch(cdp, *five, start + 0.2, start + 0.6)
    expect(cell(page, "monasteries.England.green")).to_have_text("3")
    expect(cell(page, "monasteries.England.blue")).to_have_text("5")
    cdp.detach()


def test_undo_stops_offering_a_tap_another_phone_replaced(phones, live_server):
    token, _watch = table_over_http(live_server, PLAYERS)
    phone, other = phones(), phones()
    page = phone.page
    page.goto(f"/t/{token}/board")
    set_count(page, "monasteries.England.red", 3)
    all_taps_taken(page)
    undo = page.locator("#pad button.undo")
    expect(undo).to_contain_text("3 → 0")
    other.page.goto(f"/t/{token}/board")
    set_count(other.page, "monasteries.England.red", 7)
    all_taps_taken(other.page)
    expect(cell(page, "monasteries.England.red")).to_have_text("7", timeout=2 * POLL_MS + 2000)  # the next poll
    page.wait_for_timeout(300)  # the answer settled (the script draws Undo then)
    expect(undo).to_be_hidden()  # this phone's only change is no longer in force: nothing to take back
    expect(undo).not_to_contain_text("3 → 0")


def test_a_count_taken_just_before_the_connection_drops_is_on_the_offline_copy(phones, live_server):
    """The service worker's copy of the board is fetched anew as soon as the tap is taken: a
    screen opened from the network next (Chains) lets the phone forget the taken tap, and the
    Wi-Fi dropping within a second must not bring the board back without it."""
    from tests.browser.test_offline import forget_dropped_requests

    token, _watch = table_over_http(live_server, PLAYERS)
    phone = phones()
    page = phone.page
    page.goto(f"/t/{token}/board")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # installed: copies are kept from now
    page.reload()  # this screen's first copy
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    set_count(page, "monasteries.England.red", 3)
    all_taps_taken(page)
    page.wait_for_timeout(300)
    page.locator("nav.tabs").get_by_role("link", name="Chains").click()
    page.wait_for_url(f"**/t/{token}/chains")
    page.context.set_offline(True)  # less than 1.5 s after the tap was taken
    page.locator("nav.tabs").get_by_role("link", name="Board").click()
    page.wait_for_url(f"**/t/{token}/board")
    expect(page.locator("body")).to_have_attribute("data-kept-copy", "")
    expect(cell(page, "monasteries.England.red")).to_have_text("3")
    page.context.set_offline(False)
    forget_dropped_requests(phone)
