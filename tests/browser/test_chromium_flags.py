"""The Chromium the browser tests drive keeps Playwright's own switches and draws no page of its
own beside ours (tests/browser/conftest.py: the address bar's pop-up is off)."""
from __future__ import annotations

from pathlib import Path


def test_chromium_keeps_playwrights_disabled_features_and_draws_no_page_of_its_own(browser, phones):
    phone = phones()
    phone.page.goto("/")
    session = browser.new_browser_cdp_session()
    targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
    assert [target["url"] for target in targets if target["type"] not in ("page", "tab", "service_worker")] == []

    browser_process = next(process["id"] for process in session.send("SystemInfo.getProcessInfo")["processInfo"] if process["type"] == "browser")
    arguments = Path(f"/proc/{browser_process}/cmdline").read_bytes().decode().split("\0")
    disabled = [argument.removeprefix("--disable-features=").split(",") for argument in arguments if argument.startswith("--disable-features=")]
    assert len(disabled) >= 2, "Playwright's own --disable-features, then ours"
    heeded = set(disabled[-1])
    assert {"WebUIOmniboxPopup", "PaintHolding"} <= heeded
    assert set().union(*disabled[:-1]) - heeded == set(), "a feature Playwright disables is missing from ours"
