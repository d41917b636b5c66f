"""The same phone in Chromium, Firefox and WebKit (tests/browser/engines/drivers.py): the
``engine`` of each test, and ``engine_phones`` to open its phones. Firefox and WebKit take seconds
to start, so their browsers are kept for the run and handed to the next test cleared (storage,
cookies, service worker, caches), as a new phone."""
from __future__ import annotations

import pytest

from tests.browser.engines.drivers import ENGINES, ChromiumPhone, FirefoxPhone, Phone, WebDriverPhone, WebKitPhone, Xvfb


@pytest.fixture(scope="session")
def xvfb():
    display = Xvfb()
    yield display.display
    display.stop()


class Kept:
    """Firefox and WebKit browsers started in this run, idle ones first to be used again."""

    def __init__(self, request: pytest.FixtureRequest) -> None:
        self.request = request
        self.idle: dict[str, list[WebDriverPhone]] = {"firefox": [], "webkit": []}
        self.all: list[WebDriverPhone] = []

    def phone(self, engine: str, base_url: str, width: int) -> WebDriverPhone:
        if self.idle[engine]:
            phone = self.idle[engine].pop()
            phone.reuse(base_url, width)
            return phone
        phone = FirefoxPhone(base_url, width) if engine == "firefox" else WebKitPhone(self.request.getfixturevalue("xvfb"), base_url, width)
        self.all.append(phone)
        return phone

    def give_back(self, phone: WebDriverPhone) -> None:
        from selenium.common.exceptions import WebDriverException

        try:
            phone.clear()
        except WebDriverException as error:
            # Its session ended (the page's process died: "page crash or hang"): the browser is
            # dropped, the next test starts a new one; the report says what the engine said.
            print(f"{phone.engine} could not be cleared ({type(error).__name__}); the engine said: {getattr(phone, 'engine_notes', None) or 'nothing'}")
            self.all.remove(phone)
            phone.quit_quietly()
            return
        self.idle[phone.engine].append(phone)

    def quit(self) -> None:
        for phone in self.all:
            phone.close()


@pytest.fixture(scope="session")
def kept_browsers(request):
    kept = Kept(request)
    yield kept
    kept.quit()


# WebKitGTK's page process has died beside a loaded machine about once in a few whole runs, in a
# different test each time (WebKitWebDriver then answers "page crash or hang", or nothing at all).
# That is the engine's failure, not the app's: a WebKit test during which webkit_window.py saw its
# page's process end runs once more, on a new browser (pytest-rerunfailures' condition, asked after
# the test failed); any other failure, and a second crash, fails it.
OPENED = pytest.StashKey[list[Phone]]()


def page_process_ended(item: pytest.Item) -> bool:
    return any(note.startswith("web process ended") for phone in item.stash.get(OPENED, []) for note in getattr(phone, "engine_notes", []))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and callspec.params.get("engine") == "webkit":
            item.add_marker(pytest.mark.flaky(reruns=1, condition=lambda _error, item=item: page_process_ended(item)))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    """A failed test's report says where each of its phones stood and what it showed (a picture in
    screenshots/failed-*), which a CI log alone cannot tell."""
    report = yield
    if report.failed and call.when == "call":
        for number, phone in enumerate(item.stash.get(OPENED, [])):
            report.sections.append((f"phone {number} at the failure", phone.describe(f"failed-{item.name}-{number}")))
    return report


@pytest.fixture(params=ENGINES)
def engine(request) -> str:
    return str(request.param)


@pytest.fixture
def engine_phones(request, engine, live_server, kept_browsers):
    """``open(width=390, base_url=live_server)``: a new phone in this test's engine; each phone's
    console must hold nothing the test has not named (``phone.expect_console``)."""
    opened: list[Phone] = []
    request.node.stash[OPENED] = opened

    def open_phone(width: int = 390, base_url: str = live_server) -> Phone:
        if engine == "chromium":
            phone: Phone = ChromiumPhone(request.getfixturevalue("browser"), base_url, width)
        else:
            phone = kept_browsers.phone(engine, base_url, width)
        opened.append(phone)
        return phone

    yield open_phone
    unexplained = {}
    for phone in opened:
        if isinstance(phone, WebDriverPhone):
            phone.read_console()
        unexplained[id(phone)] = phone.unexplained()
        if isinstance(phone, WebDriverPhone):
            kept_browsers.give_back(phone)
        else:
            phone.close()
    for phone in opened:
        assert unexplained[id(phone)] == [], f"{engine}: {unexplained[id(phone)]}"
