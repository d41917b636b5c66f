"""What people do on the screens, as small functions shared by the browser tests."""
from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

GAME = "kardinal-und-koenig"


def add_player(page: Page, index: int) -> None:
    """The new-table form's "Add a player", until the row of player ``index`` (from 0) is there."""
    page.get_by_role("button", name="Add a player").click()
    expect(page.locator(f'input[name="players-{index}-name"]')).to_be_visible()


def start_table(page: Page, players: list[tuple[str, str]]) -> str:
    """Fill the new-table form (adding players as needed) and start; returns the edit token."""
    page.goto(f"/new/{GAME}")
    for index, (name, color) in enumerate(players):
        if index >= 3:
            add_player(page, index)
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


def all_taps_taken(page: Page) -> None:
    """Wait until the table has taken every tap this phone made (a cell shows its number at once,
    before the table has it: static/app.js keeps the tap until then)."""
    page.wait_for_function("() => JSON.parse(localStorage.getItem('assistant.taps') || '[]').every(tap => tap.taken)")


def enter_position(page: Page, counts: dict[str, int]) -> None:
    for name, value in counts.items():
        set_count(page, name, value)


def tap(page: Page, locator) -> None:
    """A finger on the screen: a press where the element is now, whatever is there when it lands
    (a disabled button takes nothing, a pad that moved on takes the tap on its new cell)."""
    x, y = where(locator)
    page.mouse.click(x, y)


def where(locator) -> tuple[float, float]:
    """The middle of the element as it is on the screen now (asked again if an answer swapped
    it out between finding it and measuring it)."""
    box = None
    while box is None:
        locator.wait_for(state="visible")
        box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap_twice(page: Page, locator, gap_ms: int) -> None:
    """A bouncing finger: two taps on the same spot that the phone stamps ``gap_ms`` apart (the
    events carry the time they happened, as a touch screen's do, however busy this machine is)."""
    x, y = where(locator)
    cdp = page.context.new_cdp_session(page)
    start = time.time()
    for stamp in (start, start + gap_ms / 1000):
        for kind in ("mousePressed", "mouseReleased"):
            cdp.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1, "timestamp": stamp})
        time.sleep(max(0.0, start + gap_ms / 1000 - time.time()))
    cdp.detach()


def pad_number(page: Page, value: int):
    return page.locator(f'#pad button[name="value"][value="{value}"]')


def open_pad(page: Page, name: str) -> None:
    cell(page, name).click()
    expect(page.locator('#pad input[name="cell"]')).to_have_value(name)


def network_delay(page: Page, latency_ms: int) -> None:
    """Chromium's own network emulation (DevTools protocol): every request waits ``latency_ms``."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1})


def in_viewport(page: Page, locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"] and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]


def table_over_http(
    base_url: str, players: list[tuple[str, str]], counts: dict[str, int] | None = None, chains: dict[str, list[int]] | None = None, scorings: tuple[str, ...] = ()
) -> tuple[str, str]:
    """A table made and filled the way a phone posts (CSRF token, Fetch Metadata), without a
    browser: quicker than tapping when the test is about what another screen shows; then
    ``scorings`` made ("intermediate", "final"). Returns the edit token and the spectators' token."""
    from tests.served import Phone

    phone = Phone(base_url)
    form = {"action": "start", "chains": "disjoint"}
    for index, (name, color) in enumerate(players):
        form[f"players-{index}-name"], form[f"players-{index}-color"] = name, color
    status, _page = phone.post(f"/new/{GAME}", form, htmx=False)
    found = re.search(r"/t/([\w-]+)/board$", phone.address)
    assert status == 200 and found, phone.address
    token = found.group(1)
    for name, value in (counts or {}).items():
        assert phone.change(token, name, value, phone.version(token)) == 200, name
    for color, lengths in (chains or {}).items():
        for length in lengths:
            form = {"cell": f"chains.{color}", "add": str(length), "base": str(phone.version(token)), "screen": "chains", "here": ""}
            assert phone.post(f"/t/{token}/change", form)[0] == 200, color
    for scoring in scorings:
        # The final scoring of a table with no chains asks first: answered "Score without chains".
        answer = {"confirm": "without-chains"} if scoring == "final" and not chains else {}
        status, _page = phone.post(f"/t/{token}/score/{scoring}", {"screen": "board", **answer}, htmx=False)
        assert status == 200 and phone.address.endswith(f"/scores/{scoring}"), phone.address
    _status, share = phone.get(f"/t/{token}/share")
    watch = next(found for found in re.findall(r"/t/([\w-]+)/", share) if found != token)
    return token, watch
