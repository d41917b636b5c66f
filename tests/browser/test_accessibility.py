"""axe-core on every screen of every registered game, in English and in German: no violation at
all (the screens every game has: test_languages.every_game; then each game's own).

axe-core is the npm registry's package at the version the Makefile pins (`make axe`, part of
`make test`), kept in .cache/ and never served by the app. It goes into the page through the
DevTools protocol (Playwright's evaluate), which the page's content security policy does not
govern: the app is tested with its CSP on, as it ships, and a violation of the policy still
fails the test (the console is watched)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from assistant.games import GAMES
from tests.browser.conftest import PHONE, Phone
from tests.browser.test_languages import game_night, pages

pytestmark = pytest.mark.browser
MAKEFILE = Path(__file__).resolve().parents[2] / "Makefile"
AXE_VERSION = re.search(r"^AXE_VERSION := (\S+)$", MAKEFILE.read_text(), re.M).group(1)
AXE = MAKEFILE.parent / ".cache" / f"axe-core-{AXE_VERSION}" / "axe.min.js"
__all__ = ["game_night"]  # the module-scoped tables of test_languages.py, entered once here too

# Every rule axe runs by default (WCAG 2.0 to 2.2, A and AA, and its best practices); each
# violation as rule, impact and the first few elements, so a failure names what to fix.
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map((v) => ({rule: v.id, impact: v.impact, nodes: v.nodes.length,
    where: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ': ' + n.failureSummary.split('\\n').slice(1, 2).join(''))}));
}"""


def screens(night: dict) -> list[tuple[str, str]]:
    """test_languages.pages (every game's screens, some of a game's own) and more of a game's own."""
    token, princeps_token = night["token"], night["princeps"]
    more = [
        ("rename", f"/t/{token}/board?rename=0"),
        ("chains-pad", f"/t/{token}/chains?add=blue"),
        ("walk-start", f"/t/{token}/scores/final?view=walk&step=0"),
        ("princeps-walk-start", f"/t/{princeps_token}/scores/final?view=walk&step=0"),
        ("princeps-rename", f"/t/{princeps_token}/territories?rename=0"),
        ("seat-pad", f"/t/{token}/board?player=green"),  # a seat's own link (test_own_counts.py: its progress)
        ("princeps-seat-pad", f"/t/{princeps_token}/territories?player=2"),
        ("history-watching", f"/t/{night['watch']}/history"),
        ("replace-question", f"/t/{token}/score/intermediate/replace"),
    ]
    return pages(night) + more


SCREEN_NAMES = [name for name, _url in screens({"token": "t", "watch": "w", "princeps": "p", "tables": dict.fromkeys(GAMES, "t")})]


@pytest.fixture(scope="module")
def axe_source() -> str:
    assert AXE.exists(), f"{AXE} is missing: `make axe` (run by `make test`) fetches axe-core {AXE_VERSION} from the npm registry"
    return AXE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def axe_phones(browser, live_server):
    """One phone per language for the module: a new browser context and its service worker cost
    more CPU than the page axe reads. Its cookies go before each screen (a seat's link is
    remembered), its console is read per test."""
    opened: dict[str, Phone] = {}

    def phone_for(language: str) -> Phone:
        if language not in opened:
            opened[language] = Phone(browser, live_server, PHONE["width"])
        phone = opened[language]
        phone.context.clear_cookies()
        phone.errors.clear()
        return phone

    yield phone_for
    for phone in opened.values():
        phone.context.close()


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("screen", SCREEN_NAMES)
def test_no_axe_violations(axe_phones, game_night, axe_source, language, screen):  # noqa: F811 (the imported fixture)
    phone = axe_phones(language)
    page = phone.page
    page.goto(f"/?lang={language}")
    url = dict(screens(game_night))[screen]
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.evaluate(axe_source)
    violations = page.evaluate(RUN_AXE)
    assert violations == [], f"{screen} ({language}, {url}): {violations}"
    assert phone.errors == [], phone.errors
