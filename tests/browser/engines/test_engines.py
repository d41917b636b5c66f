"""A game night in Chromium, Firefox and WebKit (iPhones' engine): the same test functions in each
engine (tests/browser/engines/drivers.py), at 390 px unless said. Screenshots:
screenshots/engine-<engine>-*.png."""
from __future__ import annotations

import json

import pytest

from tests.browser.engines.drivers import Phone
from tests.browser.engines.steps import PAD_CELL, all_taps_taken, cell_css, fits, open_pad, set_count, share_links, start_table, tap_number, version
from tests.browser.steps import table_over_http
from tests.browser.test_score_on_phone import server_report, servers_position
from tests.web.helpers import EXAMPLE

pytestmark = pytest.mark.browser
KARDINAL, PRINCEPS = "kardinal-und-koenig", "princeps-machiavelli"
NAMES, COLORS = ["Andreas", "Barbara", "Doris"], ["red", "green", "blue"]
ROW = [f"monasteries.England.{color}" for color in COLORS]
ADVISORS = "advisors.England.red"
# htmx logs each request that could not leave (no server, no connection) as htmx:sendError; the
# browser itself adds its own line for the same refused connection.
REFUSED = r"htmx:sendError|NetworkError|Load failed|Could not connect|Failed to fetch|ERR_CONNECTION_REFUSED|Failed to load resource"


def test_the_pad_numbers_less_more_empty_cells_undo_and_a_reload(engine_phones, engine):
    phone = engine_phones()
    start_table(phone, KARDINAL, NAMES, COLORS)
    set_count(phone, ROW[0], 2)
    phone.until(lambda: phone.value(PAD_CELL) == ROW[1], "the pad moved on to the next player")
    open_pad(phone, ROW[0])
    phone.click('#pad button[name="adjust"]:last-of-type')  # +
    phone.wait_text(cell_css(ROW[0]), "3")
    phone.click('#pad button[name="adjust"]')  # −
    phone.wait_text(cell_css(ROW[0]), "2")
    open_pad(phone, ROW[1])
    phone.wait_text('#pad button[name="rest"]', "Empty cells: 0")
    phone.click('#pad button[name="rest"]')
    phone.until(lambda: phone.value(PAD_CELL) == ADVISORS, "the pad past the row")
    phone.wait_text(cell_css(ROW[1]), "0")
    phone.wait_text(cell_css(ROW[2]), "0")
    tap_number(phone, 1)  # Andreas's advisors
    phone.wait_text(cell_css(ADVISORS), "1")
    phone.wait_text("#pad button.undo", "↶ Undo: England, advisors of Andreas (red), 1 → 0")
    all_taps_taken(phone)
    phone.shot(f"engine-{engine}-pad-390")
    phone.click("#pad button.undo")
    phone.wait_text(cell_css(ADVISORS), "0")
    all_taps_taken(phone)
    phone.reload()
    phone.wait_text(cell_css(ROW[0]), "2")
    assert phone.text(cell_css(ADVISORS)) == "0"
    assert fits(phone)


def test_two_phones_on_one_cell_get_a_clear_choice(engine_phones, engine):
    first, second = engine_phones(), engine_phones()
    token = start_table(first, KARDINAL, NAMES, COLORS)
    second.goto(f"/t/{token}/board")
    open_pad(second, ROW[1])
    set_count(first, ROW[1], 3)
    all_taps_taken(first)
    tap_number(second, 5)  # the second phone has not seen the 3 yet
    second.wait_contains(".notice.conflict", "England, monasteries of Barbara (green) was set to 3 on another phone")
    second.wait_contains(".notice.conflict", "You entered 5")
    second.shot(f"engine-{engine}-conflict-390")
    second.click_text(".notice.conflict button", "Use 5 anyway")
    second.wait_text(cell_css(ROW[1]), "5")
    first.wait_text(cell_css(ROW[1]), "5")  # brought by its next poll


def service_worker_ready(phone: Phone) -> bool:
    """Whether the page's service worker is installed within a minute (it fetches its precache first)."""
    try:
        phone.wait_js("return navigator.serviceWorker.ready.then(() => true);", timeout=60)
    except AssertionError:
        return False
    return True


def test_taps_outlive_a_server_stop_and_an_offline_reload_and_go_once_when_it_is_back(engine_phones, engine, stoppable_server):
    phone, other = engine_phones(base_url=stoppable_server.url), engine_phones(base_url=stoppable_server.url)
    token = start_table(phone, KARDINAL, NAMES, COLORS)
    polling = [phone, other]
    if not service_worker_ready(phone):
        # WebKitGTK now and then leaves a phone's first install "installing" for minutes (a reload
        # does not end it; seen in 1 of 4 runs beside a busy machine, never twice in a row): the
        # table on a phone of its own. Said in the note of issue 45.
        phone = engine_phones(base_url=stoppable_server.url)
        polling.append(phone)
        phone.goto(f"/t/{token}/board")
        assert service_worker_ready(phone), f"{engine}: the service worker never became ready"
    phone.reload()  # this screen's first copy, kept by the service worker
    phone.wait_js("return Boolean(navigator.serviceWorker.controller);")
    set_count(phone, ROW[0], 2)
    all_taps_taken(phone)
    other.goto(f"/t/{token}/board")
    before = version(other)
    stoppable_server.stop()
    for each in polling:  # the other phone polls the board too
        each.expect_console(REFUSED)
    set_count(phone, ROW[1], 3)  # kept on the phone
    phone.wait_contains("#offline", "1 tap is kept on this phone")
    phone.reload()  # no server: the service worker's copy, with its style and script
    phone.wait_contains("#offline", "1 tap is kept on this phone")
    phone.wait_text(cell_css(ROW[1]), "3")
    assert "waiting" in (phone.attribute(cell_css(ROW[1]), "class") or "")
    styled = "return getComputedStyle(document.querySelector('#offline')).position !== 'static';"
    assert phone.js(styled), f"{engine}: the kept copy has no style"
    phone.shot(f"engine-{engine}-offline-reload-390")
    stoppable_server.start()
    phone.wait_text("#offline", "Connection back: the kept tap was sent.")
    other.goto(f"/t/{token}/board")
    other.wait_text(cell_css(ROW[1]), "3")
    assert version(other) == before + 1  # sent once


def test_the_walk(engine_phones, engine, live_server):
    phone = engine_phones()
    players = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("", "purple")]
    token, _watch = table_over_http(live_server, players, EXAMPLE, chains={"green": [4]}, scorings=("intermediate", "final"))
    phone.goto(f"/t/{token}/scores/final")
    phone.click_text("a", "Step by step")
    phone.wait_text(".walk h2", "Everyone's marker before this scoring")
    for number in range(1, 7):
        phone.click(".walk-nav a.primary")  # Next
        phone.wait_contains(".walk", f"Step {number} of 28")
    phone.wait_text(".walk h2", "Frankreich")
    phone.shot(f"engine-{engine}-walk-390")
    phone.click(".walk-nav a:not(.primary)")  # Back
    phone.wait_text(".walk h2", "Aragon")
    assert fits(phone)


def test_the_history_and_set_it_back(engine_phones, engine, live_server):
    phone = engine_phones()
    token, _watch = table_over_http(live_server, list(zip(NAMES, COLORS, strict=True)), {ROW[0]: 3})
    phone.goto(f"/t/{token}/board")
    set_count(phone, ROW[0], 4)
    all_taps_taken(phone)
    phone.click("a.history-link")
    phone.wait_count(".history-entry", 2)
    phone.wait_contains(".history-entry", "England, monasteries of Andreas (red): 3 → 4")
    if engine != "webkit":  # WebKitWebDriver's screenshot of the history page never returns (2.50)
        phone.shot(f"engine-{engine}-history-390")
    phone.click(".history-entry button.set-back")
    phone.wait_count(".history-entry", 3)
    phone.wait_contains(".history-entry", "4 → 3")
    phone.goto(f"/t/{token}/board")
    phone.wait_text(cell_css(ROW[0]), "3")


def test_a_seats_own_link(engine_phones, engine, live_server):
    host, seat = engine_phones(), engine_phones()
    token, _watch = table_over_http(live_server, list(zip(NAMES, COLORS, strict=True)))
    _watch_link, seats = share_links(host, token)
    host.shot(f"engine-{engine}-share-390")
    seat.goto(seats["green"])
    seat.until(lambda: (seat.value(PAD_CELL) or "").endswith(".green"), "the pad on the seat's first cell")
    first = seat.value(PAD_CELL) or ""
    tap_number(seat, 1)
    seat.wait_text(cell_css(first), "1")
    seat.until(lambda: (seat.value(PAD_CELL) or "") not in ("", first) and (seat.value(PAD_CELL) or "").endswith(".green"), "the pad on the seat's next cell")
    all_taps_taken(seat)
    seat.shot(f"engine-{engine}-seat-390")
    host.goto(f"/t/{token}/board")
    host.wait_text(cell_css(first), "1")


def princeps_cell(player: int, kind: str, state: str) -> str:
    return f"#cell-players-{player}-territories-{kind}-{state}"


def test_princeps_entry(engine_phones, engine):
    phone = engine_phones()
    start_table(phone, PRINCEPS, ["Ana", "Ben", "Cleo"])
    for (player, kind, state), value in {(0, "gold", "stable"): 3, (1, "trade", "stable"): 2, (2, "farming", "stable"): 1}.items():
        phone.click(princeps_cell(player, kind, state))
        phone.wait_contains("#pad", f"{state} {kind} territories")
        tap_number(phone, value)
        phone.wait_text(princeps_cell(player, kind, state), str(value))
    moved_on = "players.2.territories.farming.destabilised"
    phone.until(lambda: phone.value(PAD_CELL) == moved_on, "the pad moved on to Cleo's destabilised farming")
    all_taps_taken(phone)
    phone.click('#pad button[name="adjust"]:last-of-type')  # + on the cell the pad moved on to
    phone.wait_text("#pad output", "1")
    phone.wait_text(princeps_cell(2, "farming", "destabilised"), "1")
    phone.shot(f"engine-{engine}-princeps-390")
    phone.click("#pad a.done")
    phone.wait_count("#pad", 0)
    phone.wait_text("#player-0 .live", "3 territories · 3 stable")
    phone.click_text("button", "Score the victory points")
    phone.wait_url(r"/scores/final$")
    phone.wait_count(".standings tbody tr", 3)
    phone.wait_contains(".verdict", "Ana")
    assert fits(phone)


def test_a_princeps_cell_pressed_while_an_answer_draws_the_screen_anew_is_opened(engine_phones, engine):
    """Princeps answers a tap with its whole screen: a cell touched before it and let go after it
    was drawn anew gets no click from the browser (pressed and released on two elements); the
    phone opens the same cell of the new screen, once."""
    phone = engine_phones()
    start_table(phone, PRINCEPS, ["Ana", "Ben", "Cleo"])
    pressed = princeps_cell(0, "trade", "stable")
    phone.press_through(pressed, "const screen = document.getElementById('screen'); screen.outerHTML = screen.outerHTML;"
                                 "htmx.process(document.getElementById('screen')); return true;")
    phone.until(lambda: phone.value(PAD_CELL) == "players.0.territories.trade.stable", "the pad on the cell pressed")
    before = version(phone)
    tap_number(phone, 2)
    phone.wait_text(pressed, "2")
    all_taps_taken(phone)
    phone.until(lambda: version(phone) == before + 1, "the count taken once")


def test_german_at_360(engine_phones, engine, live_server):
    phone = engine_phones(360)
    token, _watch = table_over_http(live_server, list(zip(NAMES, COLORS, strict=True)), {ROW[0]: 2}, scorings=("intermediate",))
    for path, says in (("board", "Klöster"), ("scores/intermediate", "Zwischenwertung"), ("history", "Verlauf"), ("share", "Teilen")):
        phone.goto(f"/t/{token}/{path}?lang=de")
        phone.wait_contains("body", says)
        assert fits(phone), f"{engine}: {path} is wider than 360 px"
        if engine != "webkit" or path != "history":  # WebKitWebDriver's screenshot of the history page never returns (2.50)
            phone.shot(f"engine-{engine}-de-{path.replace('/', '-')}-360")
    phone.goto(f"/t/{token}/board?lang=de")
    open_pad(phone, ROW[1])
    phone.wait_contains("#pad", "Klöster")
    phone.shot(f"engine-{engine}-de-pad-360")


# Each word (of a button, a link, a name, a command) that the engine broke over two lines although
# it fits on one by itself: a hyphen the engine inserted (a word wider than its line may still be
# cut, without a hyphen, as names are: overflow-wrap). A table's header is never broken: its column
# can always be as wide as the word ("Punk-te" over the standings' points, Firefox at 360 px).
HYPHENATED = """
const broken = [];
for (const element of document.querySelectorAll("button, a, code, kbd, .who, .chip, .name-link, th")) {
  const room = element.matches("th") ? Infinity : element.getBoundingClientRect().width;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const rects = Array.from(range.getClientRects()).filter(rect => rect.width > 0);
      const lines = new Set(rects.map(rect => Math.round(rect.top)));
      const width = rects.reduce((sum, rect) => sum + rect.width, 0);
      if (lines.size > 1 && width < room - 1) { broken.push(element.tagName.toLowerCase() + ": " + word[0]); }
    }
  }
}
return broken;
"""


def test_no_word_is_hyphenated_in_a_button_a_name_a_link_a_command_or_a_header(engine_phones, engine, live_server):
    """Firefox and iPhone Safari hyphenate by the page's language where body says hyphens: auto;
    "Intermediate scor-ing", "An-dreas", "py-thon -m assi-stant serve", "player=yel-low", the
    standings' "Punk-te" must stay whole on every screen at 360 px, in English and German."""
    phone = engine_phones(360)
    players = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("", "purple")]
    token, _watch = table_over_http(live_server, players, EXAMPLE, chains={"green": [4]}, scorings=("intermediate", "final"))
    princeps = start_table(phone, PRINCEPS, ["Andreas", "Barbara", "Friederike"])
    paths = ["/", f"/new/{KARDINAL}", f"/t/{token}/board", f"/t/{token}/board?cell={ROW[0]}", f"/t/{token}/chains", f"/t/{token}/scores/intermediate",
             f"/t/{token}/scores/final", f"/t/{token}/scores/final?view=walk&step=23", f"/t/{token}/history", f"/t/{token}/share", f"/t/{princeps}/territories"]
    broken = {}
    for language in ("en", "de"):
        for path in paths:
            phone.goto(f"{path}{'&' if '?' in path else '?'}lang={language}")
            phone.wait_js("return document.readyState === 'complete';")
            found = phone.js(HYPHENATED)
            if found:
                broken[f"{language} {path}"] = found
    phone.goto(f"/t/{token}/share?lang=de")
    phone.shot(f"engine-{engine}-de-share-hyphens-360")
    assert broken == {}, f"{engine}: {broken}"


# Each in-flight request a page had when it is left: several at once, so one is surely still on
# its way when the next page comes (WebKit cancels them then, as an error, not an abort).
LEAVE_WITH_REQUESTS = """
const banner = document.getElementById("offline");
document.addEventListener("htmx:sendError", () => {
  sessionStorage.setItem("sendErrors", String(Number(sessionStorage.getItem("sendErrors") || 0) + 1));
  if (!banner.hidden) { sessionStorage.setItem("banner", banner.textContent); }
});
for (let i = 0; i < 12; i++) { htmx.ajax("GET", location.pathname, {source: "#screen-poll", target: "#screen-poll", swap: "none"}).catch(() => null); }
window.testReloading = true;
setTimeout(() => { if (args[0]) { location.href = args[0]; } else { location.reload(); } }, 5);
return true;
"""


def test_leaving_a_page_while_its_requests_are_on_their_way_is_no_outage(engine_phones, engine, live_server):
    """WebKit ends a page's requests as failures when the next page comes: a reload or a tap on a
    tab while a poll is on its way flashed "No connection to the table" (issue 45)."""
    phone = engine_phones()
    token, _watch = table_over_http(live_server, list(zip(NAMES, COLORS, strict=True)))
    phone.goto(f"/t/{token}/board")
    # htmx logs each request WebKit ended that way; the test's own, on purpose.
    phone.expect_console(r"^htmx:sendError")
    for attempt in range(6):
        phone.js("sessionStorage.clear(); return true;")
        phone.js(LEAVE_WITH_REQUESTS, f"{phone.base_url}/t/{token}/{'history' if attempt % 2 else 'board'}" if attempt % 3 else "")
        phone.until(lambda: phone.js("return !window.testReloading && document.readyState === 'complete';"), "the next page")
        assert phone.js("return sessionStorage.getItem('banner');") is None, f"{engine}: the banner came on leaving the page (try {attempt})"
        assert phone.js("return document.getElementById('offline').hidden;"), f"{engine}: the next page shows the banner"


def test_a_princeps_players_name_shows_the_rename_cue(engine_phones, engine):
    """The dotted line under a Princeps player's name says it can be tapped to rename; WebKit drew
    no text-decoration on the inline-flex link (issue 45). Drawn with the text made invisible: what
    is left is the cue alone."""
    from io import BytesIO

    from PIL import Image

    phone = engine_phones()
    start_table(phone, PRINCEPS, ["Andreas", "Barbara", "Cleo"])
    phone.shot(f"engine-{engine}-princeps-names-390")
    # Through the CSSOM: a <style> of the test's own would be refused by the page's content-security-policy.
    phone.js("document.querySelectorAll('.name-link, .name-link *').forEach(e => e.style.setProperty('color', 'transparent', 'important')); return true;")
    picture = Image.open(BytesIO(phone.picture("#name-0 .name-link"))).convert("RGB")
    background = picture.getpixel((0, 0))
    pixels = picture.load()
    marked = sum(1 for x in range(picture.width) for y in range(picture.height) if sum(abs(a - b) for a, b in zip(pixels[x, y], background, strict=True)) > 60)
    assert marked >= 10, f"{engine}: no cue under the name ({marked} pixels differ from the background)"


SCORER_PLAYERS = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("Eva", "purple")]
KEPT = "Kept: this phone scores by itself when it has no connection."


def test_the_phone_scores_the_board_it_holds_by_itself_when_the_server_is_stopped(engine_phones, engine, stoppable_server):
    """Scoring on the phone (issue 48) in each engine: opted in on the share page (the service
    worker keeps Pyodide, the wheels and the core), the server stopped, a count tapped and kept on
    the phone: "Intermediate scoring" shows the standings and steps the server's /api/score gives
    that board, scored in a module Web Worker by the same Python core."""
    base = stoppable_server.url
    token, _watch = table_over_http(base, SCORER_PLAYERS, EXAMPLE)
    phone = engine_phones(base_url=base)
    phone.goto(f"/t/{token}/share")
    if not service_worker_ready(phone):  # WebKitGTK's first install now and then stuck (above)
        phone.expect_console(REFUSED)  # still open when the server stops
        phone = engine_phones(base_url=base)
        phone.goto(f"/t/{token}/share")
        assert service_worker_ready(phone), f"{engine}: the service worker never became ready"
    phone.reload()
    phone.click("[data-offline-keep]")
    phone.wait_text("[data-offline-status]", KEPT, timeout=300)  # 7 MB into the cache, on a loaded machine
    phone.goto(f"/t/{token}/board")
    phone.wait_count('#screen form[action$="/score/intermediate"][data-position]', 1)
    board = servers_position(base, token, "intermediate")
    board["monasteries"]["England"] = {"green": 3}  # the count tapped below, with no server
    expected = server_report(base, json.dumps(board), "en")

    stoppable_server.stop()
    phone.expect_console(REFUSED)
    set_count(phone, "monasteries.England.green", 3)
    phone.wait_contains("#offline", "1 tap is kept on this phone")
    phone.click('#screen form[action$="/score/intermediate"] button')
    phone.wait_contains("#screen .offline-scored", expected["verdict"], timeout=300)
    shown = phone.js("""return Array.from(document.querySelectorAll('#screen .standings tbody tr'),
        row => [row.querySelector('.player').innerText.trim(), Number(row.querySelector('.num').innerText)]);""")
    assert {label: points for label, points in shown} == {player["label"]: player["total"] for player in expected["players"]}
    steps = phone.js("return Array.from(document.querySelectorAll('#screen .steps li'), li => li.innerText.trim());")
    assert steps == [step["text"] for step in expected["steps"]]
    phone.shot(f"engine-{engine}-scored-on-phone-390")
