"""A live server in a thread and Debian's Chromium driven by Playwright, at phone size."""
from __future__ import annotations

import re
from contextlib import ExitStack
from pathlib import Path

import pytest
from playwright.sync_api import expect, sync_playwright

from assistant.web.serving.serve import free_port
from tests.served import LOOPBACK, serving

CHROMIUM = "/usr/bin/chromium"
# Chromium heeds only the last --disable-features it is given, so ours repeats Playwright's own
# (playwright-core's chromiumSwitches.ts, 1.65); test_chromium_flags.py fails if one is missing.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades", "HttpsFirstBalancedModeAutoEnable", "LensOverlay",
    "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin",
    "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch", "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
# Headless Chromium gives every context a window with an address bar whose pop-up is a page of
# Chromium's own, drawn in a renderer of its own: a third of Chromium's CPU in a browser test, on
# a machine the suite keeps busy (docs/testing.md). No page of ours is drawn differently.
NO_ADDRESS_BAR_POPUP = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic", "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + NO_ADDRESS_BAR_POPUP)]
PHONE = {"width": 390, "height": 844}
# How long a step waits for what a phone should show (a change another phone made, a poll's
# answer, a kept tap sent): a wait ends as soon as it is shown, so a wide margin costs a passing
# test nothing and lets a machine busy with other work (seven test runs, two CPU hogs) be slow.
# How fast it is shown is measured by benchmarks/table_entry.py, not asserted here.
WAIT_MS = 20_000
expect.set_options(timeout=WAIT_MS)
# A refused change (400, 409) or the 404 page is expected; so is htmx logging a poll that a
# tap aborted on purpose (hx-sync "replace"). Anything else on the console is a fault.
EXPECTED_CONSOLE = re.compile(r"^(Failed to load resource: the server responded with a status of 4(00|03|04|09)|htmx:sendAbort|htmx:afterRequest)")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The production server as `python -m assistant serve` runs it, in a process of its own."""
    folder = tmp_path_factory.mktemp("live")
    port = free_port(LOOPBACK)
    url = f"http://{LOOPBACK}:{port}"
    settings = {
        "ASSISTANT_PORT": str(port),
        "ASSISTANT_SECRET_KEY": "browser-tests",
        # One trusted proxy: test_https.py puts nginx (deploy/nginx.conf) in front of this server.
        "ASSISTANT_TRUSTED_PROXIES": "1",
        # Share links must point here, never to this machine's network address (the tests stay on loopback).
        "ASSISTANT_PUBLIC_URL": url,
    }
    with serving(folder, **settings) as served:
        assert served == url
        yield url


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Phone:
    """One phone at the table: a browser context of its own, watching for console errors
    (a content-security-policy violation shows up there)."""

    def __init__(self, browser, base_url: str, width: int = PHONE["width"], **context_options):
        self.context = browser.new_context(viewport={"width": width, "height": PHONE["height"]}, base_url=base_url, **context_options)
        self.context.set_default_timeout(WAIT_MS)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _console(self, message) -> None:
        if message.type == "error" and not EXPECTED_CONSOLE.search(message.text):
            self.errors.append(message.text)

    def shot(self, name: str, full_page: bool = False) -> None:
        SCREENSHOTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


@pytest.fixture
def phones(browser, live_server):
    opened: list[Phone] = []

    def open_phone(width: int = PHONE["width"], **context_options) -> Phone:
        phone = Phone(browser, live_server, width, **context_options)
        opened.append(phone)
        return phone

    yield open_phone
    for phone in opened:
        phone.context.close()
    for phone in opened:
        assert phone.errors == [], phone.errors


@pytest.fixture
def stoppable_server(tmp_path):
    """A server of this test's own on a fixed port: ``stop()`` it and ``start()`` it again at
    the same address (the service worker and the kept taps belong to that origin)."""
    port = free_port(LOOPBACK)
    settings = {"ASSISTANT_PORT": str(port), "ASSISTANT_SECRET_KEY": "engines", "ASSISTANT_PUBLIC_URL": f"http://{LOOPBACK}:{port}"}

    class Server:
        url = f"http://{LOOPBACK}:{port}"
        stack: ExitStack | None = None

        def start(self) -> None:
            self.stack = ExitStack()
            assert self.stack.enter_context(serving(tmp_path, **settings)) == self.url

        def stop(self) -> None:
            assert self.stack is not None
            self.stack.close()
            self.stack = None

    server = Server()
    server.start()
    yield server
    if server.stack:
        server.stop()
