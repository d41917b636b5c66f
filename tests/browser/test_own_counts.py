"""Everyone counts their own pieces (assistant/web/own_counts.py): five phones enter a whole final
board at once, each through its own link from the share page; the progress every phone shows,
"Everyone is done"; the wake lock while the pad is open; Princeps Machiavelli's seats; 360 px;
axe. Screenshots: screenshots/96-own-counts-*.png."""
from __future__ import annotations

import re
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS
from tests.browser.seat_steps import COLORS, PLAYERS, final_board, pad_on, seat_counts, seat_links, tap_count
from tests.browser.steps import all_taps_taken, cell, start_table
from tests.browser.test_accessibility import RUN_AXE, axe_source
from tests.browser.test_princeps import start_table as start_princeps

pytestmark = pytest.mark.browser
__all__ = ["axe_source"]  # the module-scoped fixture, used here too

# navigator.wakeLock as the page sees it, recording what app.js asks of it; and a page that can
# be "hidden" (document.visibilityState) by the test, as a phone's screen going off would.
WAKE_LOCK_STUB = """
window.__wake = [];
window.__hidden = false;
Object.defineProperty(document, "visibilityState", { get: () => window.__hidden ? "hidden" : "visible" });
Object.defineProperty(navigator, "wakeLock", { value: { request: (type) => {
  window.__wake.push("request:" + type);
  const listeners = [];
  return Promise.resolve({ type, released: false,
    addEventListener: (name, fn) => listeners.push(fn),
    release() { window.__wake.push("release"); this.released = true; listeners.forEach((fn) => fn()); return Promise.resolve(); } });
} } });
"""


def axe_clean(page, source: str, where: str) -> None:
    page.evaluate(source)
    violations = page.evaluate(RUN_AXE)
    assert violations == [], f"{where}: {violations}"


def no_overflow(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_five_phones_enter_a_whole_final_board_at_once_through_their_own_links(phones):
    host = phones()
    token = start_table(host.page, PLAYERS)
    links = seat_links(host.page, token)
    assert sorted(links) == sorted(COLORS)
    board = final_board()
    seats = {}
    for color in COLORS:
        phone = phones()
        posted: list[str] = []
        refused: list[int] = []
        phone.page.on("request", lambda request, posted=posted: posted.append(parse_qs(request.post_data or "").get("cell", [""])[0]) if request.method == "POST" else None)
        phone.page.on("response", lambda response, refused=refused: refused.append(response.status) if response.status >= 400 else None)
        phone.page.goto(links[color])
        expect(pad_on(phone.page)).to_have_value(seat_counts(board, color)[0][0])  # the seat's first count
        seats[color] = (phone, posted, refused)
    # Round by round, every phone taps its next count without waiting for the others' answers.
    for turn in range(18):
        for color in COLORS:
            entered = seat_counts(board, color)
            tap_count(seats[color][0].page, *entered[turn])
    for color in COLORS:
        page = seats[color][0].page
        expect(page.locator("#pad")).to_be_hidden()  # the last count closes the pad
        all_taps_taken(page)
    host.page.goto(f"/t/{token}/board")
    for name, value in board.items():
        expect(cell(host.page, name)).to_have_text(str(value))
    expect(host.page.locator("#own-counts")).to_contain_text("Everyone is done: score?")
    for color, (phone, posted, refused) in seats.items():
        assert refused == [], f"{color}: refused {refused}"  # no conflict, nothing refused
        assert len(posted) == 18 and all(name.endswith(f".{color}") for name in posted), (color, posted)
        expect(phone.page.locator("#own-counts")).to_contain_text("Everyone is done: score?")
        expect(phone.page.locator("#own-counts h2")).to_contain_text(": 18 of 18")
        expect(phone.page.locator("#own-counts .own-everyone")).to_be_in_viewport()  # brought into view: the news
    seats["green"][0].page.evaluate("window.scrollTo(0, 0)")
    seats["green"][0].shot("96-own-counts-everyone-done")
    host.page.locator("#own-counts").get_by_role("link", name="Everyone is done: score?").click()
    expect(host.page.get_by_role("button", name="Intermediate scoring")).to_be_in_viewport()


@pytest.mark.parametrize("width", [360, 390])
def test_the_share_page_offers_a_code_per_seat_and_the_pad_walks_the_seat(phones, width, axe_source):
    phone = phones(width)
    page = phone.page
    token = start_table(page, PLAYERS[:3])
    links = seat_links(page, token)
    expect(page.get_by_role("heading", name="Scan to count your own pieces")).to_be_visible()
    expect(page.locator(".seat-link svg.qr")).to_have_count(3)
    expect(page.locator(".seat-link svg.qr").first).to_have_attribute("aria-label", "QR code of the link for Andreas (green) to count their own pieces")
    assert all(f"/t/{token}/board?player=" in url for url in links.values())
    assert no_overflow(page)
    page.locator(".share-seats").scroll_into_view_if_needed()
    phone.shot(f"96-own-counts-share-{width}", full_page=True)
    page.locator(".share-seats").screenshot(path=str(SCREENSHOTS / f"96-own-counts-share-codes-{width}.png"))  # docs/images/share-own-counts.png
    axe_clean(page, axe_source, "share page")
    watch = re.findall(r"/t/([\w-]+)/board\"", page.content())
    spectator = next(found for found in watch if found != token)
    page.goto(f"/t/{spectator}/share")
    expect(page.locator(".seat-link")).to_have_count(0)
    expect(page.locator("svg.qr")).to_have_count(1)

    page.goto(links["red"])
    expect(pad_on(page)).to_have_value("monasteries.England.red")
    expect(page.locator("#own-counts h2")).to_have_text("This phone enters the counts of Barbara (red): 0 of 18")
    tap_count(page, "monasteries.England.red", 2)
    tap_count(page, "advisors.England.red", 1)  # Barbara's next count: not Doris's monasteries
    expect(pad_on(page)).to_have_value("monasteries.Franken.red")
    rest = page.locator('#pad button[name="rest"]')
    expect(rest).to_have_text("The rest of my counts: 0")
    box = page.wait_for_function("""() => { const b = document.querySelector('#pad button[name="rest"]');
        return b && b.getBoundingClientRect().height > 0 ? b.getBoundingClientRect().toJSON() : null; }""").json_value()
    assert box["height"] >= 44 and box["x"] + box["width"] <= width
    assert no_overflow(page)
    phone.shot(f"96-own-counts-pad-{width}")
    axe_clean(page, axe_source, "a seat's pad")
    rest.click()
    expect(page.locator("#pad")).to_be_hidden()
    all_taps_taken(page)
    expect(page.locator("#own-counts h2")).to_have_text("This phone enters the counts of Barbara (red): 18 of 18")
    expect(cell(page, "monasteries.England.red")).to_have_text("2")
    expect(page.locator("#own-counts li").nth(1)).to_contain_text("(done)")
    expect(page.locator("#own-counts li").first).to_contain_text("Andreas (green): 0 of 18 (still entering)")
    expect(page.locator("#own-counts")).not_to_contain_text("Everyone is done")
    # The whole table again: no seat, the pad walks everyone's counts.
    page.get_by_role("link", name="Enter the whole table instead").click()
    expect(page).to_have_url(re.compile(rf"/t/{token}/board$"))
    expect(page.locator("#pad")).to_have_count(0)
    expect(page.locator("#own-counts h2")).to_have_text("Who has entered their counts")
    axe_clean(page, axe_source, "the board with everyone's progress")


def test_the_screen_stays_awake_while_the_pad_is_open(phones):
    phone = phones()
    page = phone.page
    page.add_init_script(WAKE_LOCK_STUB)
    token = start_table(page, PLAYERS[:3])
    page.goto(f"/t/{token}/board?player=blue")
    page.wait_for_function("() => window.__wake.length === 1")
    assert page.evaluate("window.__wake") == ["request:screen"]
    page.locator("#pad").get_by_role("link", name="Done").click()
    expect(page.locator("#pad")).to_have_count(0)
    page.wait_for_function("() => window.__wake.length === 2")
    assert page.evaluate("window.__wake")[1] == "release"
    cell(page, "monasteries.Bayern.blue").click()
    page.wait_for_function("() => window.__wake.length === 3")
    # The screen goes off (the page hidden): released; back: asked for again.
    page.evaluate("window.__hidden = true; document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("() => window.__wake.length === 4")
    page.evaluate("window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("() => window.__wake.length === 5")
    assert page.evaluate("window.__wake")[2:] == ["request:screen", "release", "request:screen"]
    # A browser without a wake lock: the pad works all the same (the console stays clean: phones checks).
    bare = phones()
    bare.page.add_init_script("Object.defineProperty(navigator, 'wakeLock', { value: undefined })")
    bare.page.goto(f"/t/{token}/board?player=green")
    tap_count(bare.page, "monasteries.England.green", 3)
    expect(pad_on(bare.page)).to_have_value("advisors.England.green")
    all_taps_taken(bare.page)


@pytest.mark.parametrize("width", [360])
def test_princeps_seats_count_their_own_territories(phones, width, axe_source):
    phone, other = phones(width), phones(width)
    token = start_princeps(phone.page, ["Ana", "Ben", "Cleo"])
    links = seat_links(phone.page, token)
    assert sorted(links) == ["1", "2", "3"]
    page = phone.page
    page.goto(links["2"])
    expect(page.locator("#own-counts h2")).to_have_text("This phone enters the counts of Ben: 0 of 6")
    axe_clean(page, axe_source, "Princeps seat pad")
    ben = [f"players.1.territories.{kind}.{state}" for kind in ("gold", "trade", "farming") for state in ("stable", "destabilised")]
    for index, name in enumerate(ben):
        tap_count(page, name, index % 3)
    expect(page.locator("#pad")).to_be_hidden()
    all_taps_taken(page)
    expect(page.locator("#own-counts h2")).to_have_text("This phone enters the counts of Ben: 6 of 6")
    assert no_overflow(page)
    page.evaluate("window.scrollTo(0, 0)")
    phone.shot(f"96-own-counts-princeps-{width}")
    other.page.goto(f"/t/{token}/territories")
    expect(other.page.locator("#own-counts")).to_contain_text("Ben: 6 of 6 (done)")
    expect(other.page.locator("#own-counts")).to_contain_text("Ana: 0 of 6 (still entering)")


def test_a_seats_taps_made_offline_wait_and_go_on_the_seats_order(phones):
    """The Wi-Fi drops while a player walks their own counts: the pad moves on in the seat's
    order all the same, the taps wait on the phone (the rest of my counts too) and reach the table
    once it is back; the progress then says the seat is done, and the country's card counted
    the seat's taps while they waited."""
    phone = phones()
    page = phone.page
    token = start_table(page, PLAYERS[:3])
    page.goto(f"/t/{token}/board?player=blue")
    page.context.set_offline(True)
    tap_count(page, "monasteries.England.blue", 4)
    tap_count(page, "advisors.England.blue", 2)
    expect(pad_on(page)).to_have_value("monasteries.Franken.blue")
    facts = page.locator("#country-England .facts span")  # the card counts the seat's cells too
    expect(facts.nth(0)).to_have_text("4 monasteries (fields not known)")
    expect(facts.nth(1)).to_have_text("advisors: 2 of at most 4")
    page.locator('#pad button[name="rest"]').click()
    expect(page.locator("#pad")).to_be_hidden()
    expect(cell(page, "advisors.England.blue")).to_have_class(re.compile(r"\bwaiting\b"))
    expect(page.locator("#offline")).to_contain_text("3 taps are kept on this phone")
    page.context.set_offline(False)
    all_taps_taken(page)
    expect(page.locator("#own-counts h2")).to_have_text("This phone enters the counts of Doris (blue): 18 of 18")
    phone.errors[:] = [error for error in phone.errors if not re.search(r"net::ERR_(INTERNET_DISCONNECTED|FAILED)|htmx:sendError", error)]
    other = phones()
    other.page.goto(f"/t/{token}/board")
    expect(cell(other.page, "monasteries.England.blue")).to_have_text("4")
    expect(cell(other.page, "advisors.England.blue")).to_have_text("2")
    expect(other.page.locator("#own-counts li").nth(2)).to_contain_text("Doris (blue): 18 of 18 (done)")


def test_long_names_fit_the_progress_and_the_share_codes_at_360_in_german(phones):
    phone = phones(360)
    page = phone.page
    names = ["Maximiliane Wilhelmina von Hohenzollern", "Bartholomäus Friedrich Leopold Schneider", "Konstantin Alexandros Papadopoulos-Meyer"]
    token = start_table(page, [(names[0], "green"), (names[1], "red"), (names[2], "blue")])
    page.goto(f"/t/{token}/share?lang=de")
    expect(page.locator(".seat-link")).to_have_count(3)
    assert no_overflow(page)
    page.goto(f"/t/{token}/board?player=red")
    tap_count(page, "monasteries.England.red", 1)
    all_taps_taken(page)
    expect(page.locator("#own-counts h2")).to_contain_text("1 von 18")
    assert no_overflow(page)
    page.evaluate("window.scrollTo(0, 0)")
    phone.shot("96-own-counts-long-names-de-360")
