"""Scoring on the phone with no connection (issue 48): a phone that opted in on the share page
scores the board it holds in a Web Worker with the same Python core (Pyodide) when the server is
stopped and the Wi-Fi gone, shows what the server's /api/score says for that board, and the
result is kept once when the connection is back. A plain board view downloads none of it.
Screenshots: screenshots/95-scored-on-phone-*.png."""
from __future__ import annotations

import html
import json
import re
from urllib.request import Request, urlopen

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Phone
from tests.browser.steps import all_taps_taken, set_count, table_over_http
from tests.browser.test_form_errors import axe_violations
from tests.served import Phone as ServedPhone
from tests.web.helpers import EXAMPLE

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue"), ("Eva", "purple")]
# The example board less one count, which the phone then takes online.
WITHOUT_ONE_COUNT = {cell: value for cell, value in EXAMPLE.items() if cell != "monasteries.Burgund.red"}
FIRST_SCORING_MS = 180_000  # Pyodide's start on a machine shared by several test runs (benchmarks/offline_scoring.py measures it)
NO_CONNECTION = re.compile(r"net::ERR_(INTERNET_DISCONNECTED|FAILED|CONNECTION_REFUSED)|htmx:sendError|status of 50[234]")


def server_report(base_url: str, position: str, language: str) -> dict:
    """What the server's /api/score answers for the board the phone holds."""
    request = Request(f"{base_url}/api/score?lang={language}", data=position.encode(), headers={"Content-Type": "application/json"})
    with urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def position_on_button(page, scoring: str) -> str:
    form = page.locator(f'#screen form[action$="/score/{scoring}"][data-position]').first
    return html.unescape(form.get_attribute("data-position"))


def shown_standings(page) -> dict[str, int]:
    rows = page.locator("#screen .standings tbody tr")
    return {rows.nth(i).locator(".player").inner_text(): int(rows.nth(i).locator(".num").inner_text()) for i in range(rows.count())}


def shows_the_servers_report(page, report: dict, field: str = "total") -> None:
    expect(page.locator("#screen .offline-scored")).to_contain_text(report["verdict"], timeout=FIRST_SCORING_MS)
    assert shown_standings(page) == {player["label"]: player[field] for player in report["players"]}
    assert page.locator("#screen .steps li").all_inner_texts() == [step["text"] for step in report["steps"]]


def pyodide_requests(phone: Phone) -> list[str]:
    asked: list[str] = []
    phone.page.on("request", lambda request: asked.append(request.url) if "/vendor/pyodide/" in request.url or "/offline/" in request.url else None)
    return asked


def table_version(base_url: str, token: str) -> int:
    with urlopen(f"{base_url}/t/{token}/board", timeout=30) as answer:
        return int(re.search(r'data-version="(\d+)"', answer.read().decode()).group(1))


def test_a_plain_board_view_downloads_nothing_of_the_scorer(phones, live_server):
    token, _watch = table_over_http(live_server, PLAYERS, EXAMPLE)
    phone = phones()
    asked = pyodide_requests(phone)
    phone.page.goto(f"/t/{token}/board")
    phone.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.page.reload()
    phone.page.get_by_role("link", name=re.compile("Chains")).first.click()
    expect(phone.page.locator("#screen")).to_have_class(re.compile("screen-chains"))
    phone.page.wait_for_timeout(1000)
    assert asked == []
    assert phone.page.evaluate("Boolean(document.querySelector('script[src*=\"offline-scoring\"]'))") is False


def test_the_phone_scores_the_board_by_itself_with_no_connection_and_it_is_kept_once_back(browser, stoppable_server):
    base = stoppable_server.url
    token, _watch = table_over_http(base, PLAYERS, WITHOUT_ONE_COUNT, chains={"green": [4]})
    phone = Phone(browser, base)
    page = phone.page
    try:
        # Opting in on the share page: the service worker keeps the scorer.
        page.goto(f"/t/{token}/share")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.get_by_role("button", name="Score on this phone without a connection").click()
        expect(page.locator("[data-offline-status]")).to_have_text("Kept: this phone scores by itself when it has no connection.", timeout=120_000)
        phone.shot("95-scored-on-phone-opted-in-390")
        assert axe_violations(page) == []
        # A count entered online on this phone, taken by the table.
        page.goto(f"/t/{token}/board")
        set_count(page, "monasteries.Burgund.red", 2)
        all_taps_taken(page)
        page.reload()  # the screen the service worker keeps is the one with the count
        before = table_version(base, token)
        intermediate = server_report(base, position_on_button(page, "intermediate"), "en")

        # The Wi-Fi is gone and the server stopped: the phone scores by itself.
        stoppable_server.stop()
        page.context.set_offline(True)
        page.get_by_role("button", name="Intermediate scoring").click()
        shows_the_servers_report(page, intermediate)
        expect(page.locator("#screen .offline-scored")).to_contain_text("Scored on this phone, not kept yet.")
        assert "Frankreich: Andreas (green) has the most monasteries (4) and scores all 7" in page.locator("#screen .steps").inner_text()
        assert axe_violations(page) == []
        phone.shot("95-scored-on-phone-intermediate-en-390")
        page.set_viewport_size({"width": 360, "height": 844})
        assert page.evaluate("document.documentElement.scrollWidth") <= 360  # nothing wider than the phone
        phone.shot("95-scored-on-phone-intermediate-en-360")
        page.set_viewport_size({"width": 390, "height": 844})
        phone.shot("95-scored-on-phone-intermediate-en-390-whole", full_page=True)

        # Back: sent once, kept as the table's result through its record.
        stoppable_server.start()
        page.context.set_offline(False)
        expect(page).to_have_url(re.compile(r"/scores/intermediate$"), timeout=60_000)  # a navigation aborted on the way is no failure
        expect(page.locator("#screen .verdict-card")).to_contain_text(intermediate["verdict"])
        assert table_version(base, token) == before + 1
        assert page.evaluate("localStorage.getItem('assistant.offline-results')") == "[]"
        page.reload()
        assert table_version(base, token) == before + 1  # nothing sent again

        # The final scoring, with the chain, in German: the server stopped again.
        page.goto(f"/t/{token}/chains?lang=de")
        final = server_report(base, position_on_button(page, "final"), "de")
        assert any("4" in step["text"] and step["kind"] == "chains" for step in final["steps"]) or final["players"][0]["chains"] > 0
        stoppable_server.stop()
        page.context.set_offline(True)
        page.locator('#screen form[action$="/score/final"] button').first.click()
        shows_the_servers_report(page, final)
        expect(page.locator("#screen .offline-scored")).to_contain_text("Auf diesem Handy gewertet")
        phone.shot("95-scored-on-phone-final-de-390")
        stoppable_server.start()
        page.context.set_offline(False)
        expect(page).to_have_url(re.compile(r"/scores/final$"), timeout=60_000)  # a navigation aborted on the way is no failure
        expect(page.locator("#screen .verdict-card")).to_contain_text(final["verdict"])
        assert table_version(base, token) == before + 2

        # Scored again on the phone while another phone changes the table: not kept, and said so.
        page.goto(f"/t/{token}/chains")
        stoppable_server.stop()
        page.context.set_offline(True)
        page.get_by_role("button", name="Schlusswertung erneut werten").click()
        expect(page.locator("#screen .offline-scored")).to_contain_text("Auf diesem Handy gewertet", timeout=FIRST_SCORING_MS)
        stoppable_server.start()
        other = ServedPhone(base)
        assert other.change(token, "monasteries.England.red", 1, other.version(token)) == 200
        page.context.set_offline(False)
        expect(page.locator("#screen .notice")).to_contain_text("Nicht übernommen: die Partie hat sich geändert, nachdem dieses Handy sie gewertet hat", timeout=60_000)
        phone.shot("95-scored-on-phone-not-kept-de-390")
        assert table_version(base, token) == before + 3  # the other phone's change, nothing else
    finally:
        phone.context.close()
    unexpected = [error for error in phone.errors if not NO_CONNECTION.search(error)]
    assert unexpected == [], unexpected


def servers_position(base_url: str, token: str, scoring: str, screen: str = "board") -> dict:
    """The core's input the server's page carries for ``scoring`` now (as to a phone that keeps the scorer)."""
    with urlopen(Request(f"{base_url}/t/{token}/{screen}", headers={"Cookie": "assistant_scorer=1"}), timeout=30) as answer:
        page = answer.read().decode()
    return json.loads(html.unescape(re.search(rf'/score/{scoring}"[^>]*data-position="([^"]+)"', page).group(1)))


def keep_the_scorer(page, token: str) -> None:
    """The share page's button, once the service worker runs; waits until the scorer is kept."""
    page.goto(f"/t/{token}/share")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.get_by_role("button", name="Score on this phone without a connection").click()
    expect(page.locator("[data-offline-status]")).to_have_text("Kept: this phone scores by itself when it has no connection.", timeout=120_000)


OFFLINE_COUNTS = {"monasteries.England.green": 3, "monasteries.Burgund.blue": 3, "advisors.Burgund.green": 1}


def scorer_kept_and_one_count_taken(page, base: str, token: str, query: str = "") -> int:
    """The phone keeps the scorer, then takes the one count online (answered in parts: the page's
    position is from before it); the table's version after it."""
    keep_the_scorer(page, token)
    page.goto(f"/t/{token}/board{query}")
    set_count(page, "monasteries.Burgund.red", 2)
    all_taps_taken(page)
    return table_version(base, token)


@pytest.mark.parametrize("language", ["en", "de"])
def test_counts_kept_on_the_phone_are_scored_with_the_board_and_the_result_is_kept_once_they_are_sent(browser, stoppable_server, language):
    """Counts entered online (answered in parts: the page's position is from before them), then
    the server stopped and more counts tapped, kept on the phone: the phone scores its board with
    all of them, as the server's /api/score does that board; back, the taps go, then the result,
    kept once as the table's."""
    base = stoppable_server.url
    token, _watch = table_over_http(base, PLAYERS, WITHOUT_ONE_COUNT)
    phone = Phone(browser, base)
    page = phone.page
    try:
        before = scorer_kept_and_one_count_taken(page, base, token, f"?lang={language}")
        board = servers_position(base, token, "intermediate")
        for cell, value in OFFLINE_COUNTS.items():  # what the board will be with the counts tapped offline
            pieces, country, color = cell.split(".")
            board[pieces].setdefault(country, {})[color] = value
        expected = server_report(base, json.dumps(board), language)

        stoppable_server.stop()
        page.context.set_offline(True)
        for cell, value in OFFLINE_COUNTS.items():
            set_count(page, cell, value)
        page.locator("#pad a.done").click()
        assert len([tap for tap in json.loads(page.evaluate("localStorage.getItem('assistant.taps')")) if not tap.get("taken")]) == 3
        page.locator('#screen form[action$="/score/intermediate"] button').first.click()
        shows_the_servers_report(page, expected)
        assert axe_violations(page) == []
        phone.shot(f"95-scored-on-phone-kept-taps-{language}-390")

        stoppable_server.start()
        page.context.set_offline(False)
        expect(page).to_have_url(re.compile(r"/scores/intermediate$"), timeout=90_000)  # a navigation aborted on the way is no failure
        expect(page.locator("#screen .verdict-card")).to_contain_text(expected["verdict"])
        assert table_version(base, token) == before + len(OFFLINE_COUNTS) + 1  # the three counts, then the result, once
        assert servers_position(base, token, "intermediate", "board")["monasteries"]["England"] == {"green": 3}
        page.reload()
        assert table_version(base, token) == before + len(OFFLINE_COUNTS) + 1
    finally:
        phone.context.close()
    unexpected = [error for error in phone.errors if not NO_CONNECTION.search(error)]
    assert unexpected == [], unexpected


def test_a_phone_whose_first_page_is_the_share_page_scores_offline_in_its_own_language(phones, live_server):
    """The phone opts in on the share page before it ever opened the board, in its own language (its
    requests say Accept-Language: de). The scorer's list and files, kept by the service worker, are
    found whatever the request's headers (they vary by language for pages, not for these): it scores
    with no connection; found nothing, it would say so rather than stay on "Scoring…"."""
    token, _watch = table_over_http(live_server, PLAYERS, EXAMPLE)
    phone = phones(locale="de-DE")
    page = phone.page
    page.goto(f"/t/{token}/share")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.locator("[data-offline-keep]").click()
    expect(page.locator("[data-offline-status]")).to_have_text(re.compile("^(?!.*…).+"), timeout=120_000)  # kept (or failed), no longer working
    page.goto(f"/t/{token}/board")
    expect(page.locator('#screen form[action$="/score/intermediate"][data-position]')).to_have_count(1)
    intermediate = server_report(live_server, position_on_button(page, "intermediate"), "de")
    page.context.set_offline(True)
    expect(page.locator("#offline")).to_contain_text("dieses Handy wertet selbst")  # the next poll finds no connection; not "a scoring must wait"
    page.locator('#screen form[action$="/score/intermediate"] button').first.click()
    shows_the_servers_report(page, intermediate)
    # Back online, until the server answers: a request of the offline time may still be logging
    # its failure (once, after the errors were read, it failed the teardown).
    with page.expect_response(lambda response: response.ok):
        page.context.set_offline(False)
    phone.errors[:] = [error for error in phone.errors if not NO_CONNECTION.search(error)]


def replaced_once_back(page, server, expected: dict) -> None:
    """The server back: the phone sends what it scored; "Score again" replaces a kept result, and
    the table asks first, as it does online; the result replaced is the phone's, current."""
    server.start()
    page.context.set_offline(False)
    expect(page.get_by_role("heading", name="Replace the kept result?")).to_be_visible(timeout=90_000)
    page.get_by_role("button", name="Replace it").click()
    expect(page.locator("#screen .verdict-card .verdict")).to_have_text(expected["verdict"])
    expect(page.locator("#screen .verdict-card .verdict.stale")).to_have_count(0)


def test_score_again_on_the_scores_page_scores_on_the_phone_with_no_connection(browser, stoppable_server):
    """The scores page of a final result the table changed since, opened on a phone that keeps the scorer:
    with no connection its "Score again" scores the board the page holds on the phone, as the tabs'
    buttons do; once the connection is back the table asks whether to replace its kept result, as
    it asks online, and keeps the new one once."""
    base = stoppable_server.url
    token, _watch = table_over_http(base, PLAYERS, EXAMPLE, chains={"green": [4]}, scorings=("intermediate", "final"))
    phone = Phone(browser, base)
    page = phone.page
    try:
        keep_the_scorer(page, token)
        other = ServedPhone(base)
        assert other.change(token, "monasteries.England.red", 1, other.version(token)) == 200  # the final result is stale now
        page.goto(f"/t/{token}/scores/final")
        again = page.locator('#screen .verdict-card form[action$="/score/final"][data-position]')
        expect(again.get_by_role("button", name="Score again")).to_be_visible()
        expected = server_report(base, html.unescape(again.get_attribute("data-position")), "en")
        before = table_version(base, token)

        stoppable_server.stop()
        page.context.set_offline(True)
        again.get_by_role("button", name="Score again").click()
        shows_the_servers_report(page, expected)
        expect(page.locator("#screen .offline-scored")).to_contain_text("Scored on this phone, not kept yet.")
        expect(page.get_by_role("link", name="Back to the board")).to_have_attribute("href", f"/t/{token}/chains")  # the final's tab
        assert axe_violations(page) == []
        phone.shot("95-scored-on-phone-score-again-en-390")

        replaced_once_back(page, stoppable_server, expected)
        assert table_version(base, token) == before + 1
    finally:
        phone.context.close()
    unexpected = [error for error in phone.errors if not NO_CONNECTION.search(error)]
    assert unexpected == [], unexpected


def test_a_scores_page_kept_before_counts_tapped_offline_offers_score_again_on_the_phone(browser, stoppable_server):
    """Scores opened while the result was current (the service worker keeps that copy, with no
    "Score again": nothing had changed), then counts tapped with no connection: the copy, shown
    offline, names them and offers "Score again", which scores the board with them on the phone, as
    the server's /api/score does; back, the taps go, then the result, kept once after the question."""
    base = stoppable_server.url
    token, _watch = table_over_http(base, PLAYERS, WITHOUT_ONE_COUNT, scorings=("intermediate",))
    phone = Phone(browser, base)
    page = phone.page
    try:
        keep_the_scorer(page, token)
        page.goto(f"/t/{token}/scores/intermediate")  # kept by the service worker as it is now
        again = page.locator("#kept-again")
        expect(page.locator("#screen .verdict-card .verdict")).to_be_visible()
        expect(page.locator("#screen .verdict-card .verdict.stale")).to_have_count(0)
        expect(again).to_be_hidden()  # current: nothing to score again
        board = servers_position(base, token, "intermediate")
        for cell, value in OFFLINE_COUNTS.items():
            pieces, country, color = cell.split(".")
            board[pieces].setdefault(country, {})[color] = value
        expected = server_report(base, json.dumps(board), "en")
        before = table_version(base, token)

        page.locator("nav.tabs").get_by_role("link", name="Board", exact=True).click()
        expect(page).to_have_url(re.compile(r"/board$"))
        stoppable_server.stop()
        page.context.set_offline(True)
        for cell, value in OFFLINE_COUNTS.items():
            set_count(page, cell, value)
        page.locator("#pad a.done").click()
        page.locator("nav.tabs").get_by_role("link", name="Scores", exact=True).click()
        expect(page.locator("#kept-changes")).to_contain_text("since then this phone changed: England, monasteries of Andreas (green)")
        expect(again.get_by_role("button", name="Score again")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        phone.shot("95-kept-copy-offers-score-again-en-390")
        again.get_by_role("button", name="Score again").click()
        shows_the_servers_report(page, expected)
        assert axe_violations(page) == []
        phone.shot("95-scored-on-phone-kept-copy-score-again-en-390")

        replaced_once_back(page, stoppable_server, expected)
        assert table_version(base, token) == before + len(OFFLINE_COUNTS) + 1  # the three counts, then the result, once
    finally:
        phone.context.close()
    unexpected = [error for error in phone.errors if not NO_CONNECTION.search(error)]
    assert unexpected == [], unexpected


def shown_report(page) -> dict:
    """What the phone's result shows: its verdict, standings and steps."""
    return {"verdict": page.locator("#screen .offline-scored .verdict").first.inner_text(), "standings": shown_standings(page),
            "steps": page.locator("#screen .steps li").all_inner_texts()}


def test_a_kept_undo_is_scored_on_the_phone_as_the_table_then_scores_that_board(browser, stoppable_server):
    """A count taken online, then the connection gone: the pad's Undo of it and another count are
    kept on the phone; the drop warms the scorer before any scoring is asked for; the phone scores
    its board with the Undo applied (the count set back), and once they are sent, the server's
    /api/score of the table's board says what the phone showed, word for word; the result kept once."""
    base = stoppable_server.url
    token, _watch = table_over_http(base, PLAYERS, WITHOUT_ONE_COUNT)
    phone = Phone(browser, base)
    page = phone.page
    try:
        before = scorer_kept_and_one_count_taken(page, base, token)
        assert page.evaluate("document.body.dataset.scorer") is None  # online: nothing warmed

        stoppable_server.stop()
        page.context.set_offline(True)
        cell = page.locator("#cell-monasteries-Burgund-red")
        cell.click()
        undo = page.locator("#pad button.undo")
        expect(undo).to_contain_text("2 → 0")
        undo.click()
        expect(cell).to_have_text("0")
        expect(page.locator("body")).to_have_attribute("data-scorer", re.compile("warming|warm"))  # the failed Undo's send: the drop
        set_count(page, "monasteries.England.green", 3)
        page.locator("#pad a.done").click()
        kept = [tap for tap in json.loads(page.evaluate("localStorage.getItem('assistant.taps')")) if not tap.get("taken")]
        assert [bool(tap.get("undo")) for tap in kept] == [True, False]
        expect(page.locator("body")).to_have_attribute("data-scorer", "warm", timeout=FIRST_SCORING_MS)  # ready before the tap
        page.locator('#screen form[action$="/score/intermediate"] button').first.click()
        expect(page.locator("#screen .offline-scored")).to_contain_text("Scored on this phone, not kept yet.", timeout=30_000)
        on_phone = shown_report(page)
        assert axe_violations(page) == []
        phone.shot("95-scored-on-phone-kept-undo-en-390")

        stoppable_server.start()
        page.context.set_offline(False)
        expect(page).to_have_url(re.compile(r"/scores/intermediate$"), timeout=90_000)  # a navigation aborted on the way is no failure
        assert table_version(base, token) == before + 2 + 1  # the Undo and the count taken, then the result, once
        board = servers_position(base, token, "intermediate")
        assert "red" not in board["monasteries"].get("Burgund", {}) and board["monasteries"]["England"] == {"green": 3}
        server = server_report(base, json.dumps(board), "en")
        assert on_phone == {"verdict": server["verdict"], "standings": {p["label"]: p["total"] for p in server["players"]},
                            "steps": [step["text"] for step in server["steps"]]}
        expect(page.locator("#screen .verdict-card")).to_contain_text(server["verdict"])
    finally:
        phone.context.close()
    unexpected = [error for error in phone.errors if not NO_CONNECTION.search(error)]
    assert unexpected == [], unexpected


def test_an_opted_in_phone_online_starts_no_scorer(phones, live_server):
    """A phone that keeps the scorer, online: its board, a tap and a tab start no worker and fetch
    none of Pyodide; only a drop warms it (test above)."""
    token, _watch = table_over_http(live_server, PLAYERS, EXAMPLE)
    phone = phones()
    keep_the_scorer(phone.page, token)
    asked = pyodide_requests(phone)
    page = phone.page
    page.goto(f"/t/{token}/board")
    expect(page.locator('#screen form[action$="/score/intermediate"][data-position]')).to_have_count(1)
    set_count(page, "monasteries.England.green", 1)
    all_taps_taken(page)
    page.get_by_role("link", name=re.compile("Chains")).first.click()
    expect(page.locator("#screen")).to_have_class(re.compile("screen-chains"))
    page.wait_for_timeout(1000)
    assert [url for url in asked if "/offline/files.json" not in url] == []
    assert page.evaluate("document.body.dataset.scorer") is None
