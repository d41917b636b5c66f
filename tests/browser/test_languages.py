"""Every screen in every language on a 360 px phone, without anything sticking out; the footer's
language switch, the remembered choice, the browser's language; the rulebook example's breakdown
read on the page in each language. Screenshots: screenshots/lang-<code>-<page>.png.

Every registered game (the registry, ``assistant.games.GAMES``) is checked on the screens every
game has: its new-table form, each entry screen its WebGame declares, each scoring's scores, the
history and the share page (``every_game``); a game added to the registry is checked with no line
here (its table started from the form's defaults). The game-specific screens follow (``pages``)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from assistant.games import GAMES
from assistant.games.kardinal import GAME as KARDINAL
from assistant.games.princeps import GAME as PRINCEPS
from assistant.translator import translator_for
from assistant.web.games import web_game
from tests.browser import test_princeps as princeps
from tests.browser.conftest import PHONE, SCREENSHOTS, WAIT_MS
from tests.browser.steps import cell, enter_position, set_count, start_table
from tests.browser.test_sketch import Taps
from tests.web.helpers import EXAMPLE

pytestmark = pytest.mark.browser
LANGUAGES = ("en", "de", "es", "da", "it")
NARROW = 360
# The footer's label on every page, so a page left in English would be noticed.
LANGUAGE_WORD = {"en": "Language", "de": "Sprache", "es": "Idioma", "da": "Sprog", "it": "Lingua"}
# Five players, one without a name (called by the colour), so the board is as crowded as it gets.
PLAYERS = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("", "purple"), ("Friederike", "yellow")]

# Everything on the page within the phone's width, and no text wider than its own box.
OVERFLOW = """(limit) => {
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > limit) found.push('page is ' + root.scrollWidth + ' px wide');
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.right > limit + 0.5 || box.left < -0.5) found.push(name(el) + ' spans ' + Math.round(box.left) + '..' + Math.round(box.right) + ': ' + (el.innerText || '').slice(0, 40));
    const style = getComputedStyle(el);
    if (el instanceof HTMLElement && style.display !== 'inline' && style.overflowX === 'visible' && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      // What sticks out of the box: text and controls, not a drawing that bleeds into the card's
      // padding on purpose (the walk's map); anything past the phone's edge is caught above.
      const right = el.getBoundingClientRect().left + el.clientLeft + el.clientWidth;
      const out = [...el.querySelectorAll('*')].filter((c) => !(c instanceof SVGElement) && c.getBoundingClientRect().right > right + 1).map(name);
      if (out.length) found.push(name(el) + ' holds ' + el.scrollWidth + ' px in ' + el.clientWidth + ' px (' + out.slice(-3).join(', ') + '): ' + (el.innerText || '').slice(0, 40));
    }
  }
  return found;
}"""


@pytest.fixture(scope="module")
def game_night(browser, live_server):
    """Every registered game's table, entered once (in English). Kardinal & König: both scorings, a
    counted chain, then a mistake on the board (so the board, the pad and the chains show a problem,
    and the scores say the table changed) and a sketch with a branch. Princeps Machiavelli: a tie on
    VP that the first tie-break decides. Any other game: a table started from the form's defaults."""
    context = browser.new_context(viewport=PHONE, base_url=live_server)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    token = start_table(page, PLAYERS)
    enter_position(page, EXAMPLE)
    page.get_by_role("link", name="Done").click()
    page.get_by_role("button", name="Intermediate scoring").click()
    page.wait_for_url(re.compile("/scores/intermediate$"))
    page.goto(f"/t/{token}/chains?add=green")
    page.locator('#pad button[name="add"][value="4"]').click()
    expect(page.locator("#chains-green")).to_contain_text("4 points")
    page.goto(f"/t/{token}/chains")
    page.get_by_role("button", name="Final scoring").click()
    page.wait_for_url(re.compile("/scores/final$"))
    page.goto(f"/t/{token}/board")
    set_count(page, "monasteries.Schwaben.green", 3)
    set_count(page, "monasteries.Schwaben.red", 2)
    # Green's chains drawn on the sketch: a line of 5 with a branch of one.
    page.goto(f"/t/{token}/chains?sketch=green")
    taps = Taps(page)
    for column in range(5):
        taps.spot(column, 0)
    taps.spot(4, 0)  # let go
    taps.spot(2, 0)
    taps.spot(2, 1)
    page.goto(f"/t/{token}/share")
    links = page.locator(".share-link .link a")
    watch = links.nth(1).get_attribute("href").split("/t/")[1].split("/")[0]
    # Princeps Machiavelli: a tie on VP that the first tie-break decides.
    names = ["Ana", "Ben", "Cleo"]
    princeps_token = princeps.start_table(page, names)
    for (player, kind, state), value in princeps.COUNTS.items():
        princeps.set_count(page, player, kind, state, value, names[player])
    page.goto(f"/t/{princeps_token}/territories")
    page.get_by_role("button", name="Score the victory points").click()
    page.wait_for_url(re.compile("/scores/final$"))
    tables = {KARDINAL.slug: token, PRINCEPS.slug: princeps_token}
    for slug in GAMES.keys() - tables.keys():
        page.goto(f"/new/{slug}")
        page.get_by_role("button", name="Start the table").click()
        page.wait_for_url(re.compile(f"/t/[^/]+/{web_game(slug).entry_screens[0].name}$"))
        tables[slug] = page.url.split("/t/")[1].split("/")[0]
    context.close()
    return {"token": token, "watch": watch, "princeps": princeps_token, "tables": tables}


def alliance_14(language: str) -> str:
    """The core's sentence for alliance 14 of the game night, in a language: the walk must show it."""
    data = {"scoring": "final", "players": [{"color": color, "name": name} for name, color in PLAYERS],
            "monasteries": {}, "advisors": {}, "chains": {"green": {"lengths": [4]}}}
    for name, value in EXAMPLE.items():
        pieces, country, color = name.split(".")
        data[pieces].setdefault(country, {})[color] = value
    report = KARDINAL.score(data, translator_for(language))
    return next(step.text for step in report.steps if step.kind == "alliance" and step.number == 14)


def every_game(night: dict) -> list[tuple[str, str]]:
    """The screens every registered game has, named ``<package>-<screen>``: the new-table form, each
    entry screen the game declares (``WebGame.entry_screens``), each scoring's scores, the history
    and the share page."""
    found = []
    for slug, package in GAMES.items():
        game, token = web_game(slug), night["tables"][slug]
        found.append((f"{package}-new-table", f"/new/{slug}"))
        found += [(f"{package}-{screen.name}", f"/t/{token}/{screen.name}") for screen in game.entry_screens]
        found += [(f"{package}-scores-{scoring.name}", f"/t/{token}/scores/{scoring.name}") for scoring in game.scorings]
        found += [(f"{package}-history", f"/t/{token}/history"), (f"{package}-share", f"/t/{token}/share")]
    return found


def pages(night: dict) -> list[tuple[str, str]]:
    """Every game's screens (``every_game``), then the ones only a game has, and the shared pages."""
    token, watch, princeps_token = night["token"], night["watch"], night["princeps"]
    return every_game(night) + [
        ("number-pad", f"/t/{token}/board?cell=monasteries.Schwaben.red"),
        ("sketch", f"/t/{token}/chains?sketch=green"),
        ("walk-country", f"/t/{token}/scores/final?view=walk&step=6"),  # Frankreich, with the map
        ("walk", f"/t/{token}/scores/final?view=walk&step=23"),  # alliance 14, with the map
        ("standings", f"/t/{token}/scores/final?view=walk&step=99"),
        ("board-check", "/boards"),
        ("spectator", f"/t/{watch}/board"),
        ("princeps-number-pad", f"/t/{princeps_token}/territories?cell=players.2.territories.farming.stable"),
        ("princeps-walk", f"/t/{princeps_token}/scores/final?view=walk&step=5"),  # the tie-break
        ("princeps-standings", f"/t/{princeps_token}/scores/final?view=walk&step=99"),
        ("not-found", "/t/no-such-table-here/board"),
        ("home", "/"),  # last: it lists the tables this phone opened (the board and the spectator's)
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_fits_360_px_in_every_language(browser, live_server, game_night, language):
    context = browser.new_context(viewport={"width": NARROW, "height": PHONE["height"]}, base_url=live_server)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"/?lang={language}")  # chosen once, remembered for the other pages
    problems = {}
    try:
        for name, url in pages(game_night):
            page.goto(url)
            expect(page.locator("html")).to_have_attribute("lang", language)
            expect(page.locator("footer nav")).to_have_attribute("aria-label", LANGUAGE_WORD[language])
            if name == "walk":
                expect(page.locator(".walk")).to_contain_text(alliance_14(language))
            found = page.evaluate(OVERFLOW, NARROW)
            if found:
                problems[name] = found
            SCREENSHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"lang-{language}-{name}.png"), full_page=not name.endswith("number-pad"))
    finally:
        context.close()
    assert not problems, problems
    assert not errors, errors


def test_the_browsers_language_then_the_footer_switch_on_every_page_remembered(browser, live_server, game_night):
    """Danish from the browser's Accept-Language; on every page the footer switches to another
    language, keeping the page; the next page opens in the language chosen last, not in Danish."""
    context = browser.new_context(viewport=PHONE, base_url=live_server, locale="da-DK")
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    try:
        page.goto("/")
        expect(page.locator("html")).to_have_attribute("lang", "da")
        expect(page.locator("h1")).to_have_text("Pointhjælper til spillebordet")
        current = "da"
        choices = ["it", "de", "es", "en"]
        for index, (name, url) in enumerate(pages(game_night)):
            page.goto(url)
            expect(page.locator("html")).to_have_attribute("lang", current)
            choice = choices[index % len(choices)]
            page.locator(f'footer a[hreflang="{choice}"]').click()
            expect(page.locator("html")).to_have_attribute("lang", choice)
            expect(page.locator(f'footer a[hreflang="{choice}"]')).to_have_attribute("aria-current", "true")
            assert page.url.split("?")[0].endswith(url.split("?")[0]), (name, page.url)
            current = choice
    finally:
        context.close()


def test_htmx_swaps_come_in_the_chosen_language_and_the_switch_keeps_the_step(browser, live_server, game_night):
    token = game_night["token"]
    context = browser.new_context(viewport=PHONE, base_url=live_server, locale="en-GB")
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    try:
        page.goto(f"/t/{token}/scores/final?lang=it")
        page.get_by_role("link", name="Passo per passo").click()  # htmx swaps the walk in and pushes its address
        expect(page.locator(".walk h2")).to_have_text("I segnapunti di tutti prima di questo conteggio")
        for number in (1, 2):  # each step swapped in before the next tap
            page.get_by_role("link", name="Avanti →").click()
            expect(page.locator(".walk .progress")).to_contain_text(f"Passo {number} di 29")
        expect(page.locator(".walk h2")).to_have_text("Franken (Franconia)")
        # The footer was written for the list; switching now keeps the step the walk is on.
        page.locator('footer a[hreflang="de"]').click()
        expect(page.locator(".walk .progress")).to_contain_text("Schritt 2 von 29")
        assert "view=walk" in page.url and "step=2" in page.url
        # A tap on the board: the pad comes back (htmx) in German, and so does the tap's answer.
        page.get_by_role("link", name="Spielplan", exact=True).click()
        cell(page, "advisors.England.green").click()
        expect(page.locator("#pad")).to_contain_text("England · Räte")
        expect(page.locator("#pad")).to_contain_text("Fertig")
        page.locator('#pad button[name="value"][value="1"]').click()
        expect(cell(page, "advisors.England.green")).to_have_text("1")
        expect(page.locator("#country-England")).to_contain_text("Räte: 1 von höchstens 0")
        expect(page.locator("#country-England .problem")).to_contain_text("Räte in England")
    finally:
        context.close()
