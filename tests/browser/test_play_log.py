"""The final scores page's "Copy or share the result" under the app's CSP: the clipboard where the
phone offers it, the text selected for the phone's own menu where it does not."""
from __future__ import annotations

import json
import re
from datetime import datetime
from urllib.parse import parse_qs, quote, urlsplit
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from tests.browser.steps import enter_position, start_table
from tests.web.helpers import EXAMPLE

pytestmark = pytest.mark.browser
PLAYERS = [("Andreas", "green"), ("Barbara", "red"), ("Doris", "blue")]


def final_scores(page) -> str:
    token = start_table(page, PLAYERS)
    enter_position(page, {cell: value for cell, value in EXAMPLE.items() if cell.split(".")[2] in {"green", "red", "blue"}})
    page.goto(f"/t/{token}/chains")
    page.get_by_role("button", name="Score without chains").click()
    page.wait_for_url(re.compile("/scores/final$"))
    return token


def test_the_result_is_copied_to_the_clipboard(phones):
    phone = phones()
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = phone.page
    final_scores(page)
    section = page.locator(".play-log")
    section.scroll_into_view_if_needed()
    expect(section.get_by_role("link", name="Log this play in BG Stats")).to_have_attribute("href", re.compile(r"^https://app\.bgstatsapp\.com/createPlay\.html\?data="))
    text = page.locator("#play-summary").input_value()
    assert text.splitlines()[1:] == ["Andreas (green) wins with 11 points.", "1. Andreas (green): 11", "2. Doris (blue): 10", "3. Barbara (red): 9"]
    section.get_by_role("button", name="Copy or share the result").click()
    expect(section.locator(".share-status")).to_have_text("Copied: paste it wherever you like.")
    assert page.evaluate("navigator.clipboard.readText()") == text
    phone.shot("play-log-copied")


def test_without_a_clipboard_the_text_is_selected_for_the_phones_menu(phones):
    phone = phones()
    page = phone.page
    # A table on the local network over plain HTTP: no share sheet and no clipboard API, and the
    # old copy command refused (as some browsers do).
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined}); Object.defineProperty(navigator, 'share', {value: undefined}); document.execCommand = () => false;")
    token = final_scores(page)
    page.goto(f"/t/{token}/scores/final?lang=es")
    section = page.locator(".play-log")
    section.get_by_role("button", name="Copiar o compartir el resultado").click()
    expect(section.locator(".share-status")).to_have_text("Seleccionado: cópienlo con el menú del teléfono.")
    selected = page.evaluate("(() => { const t = document.getElementById('play-summary'); return [t.selectionStart, t.selectionEnd, t.value.length]; })()")
    assert selected[0] == 0 and selected[1] == selected[2] > 0
    phone.shot("play-log-selected-es")


def test_without_the_script_the_text_is_there_and_no_dead_button(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, java_script_enabled=False)
    try:
        page = context.new_page()
        # The table is made by a phone with the script; this one only reads the result.
        with_script = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server)
        token = final_scores(with_script.new_page())
        with_script.close()
        page.goto(f"/t/{token}/scores/final")
        expect(page.locator("#play-summary")).to_be_visible()
        expect(page.locator("[data-share-summary]")).to_be_hidden()
    finally:
        context.close()


def test_the_play_date_is_the_phones_local_time(browser, live_server):
    """The server writes its own time (often UTC in a container); the phone puts in its own."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server, timezone_id="Pacific/Kiritimati")  # UTC+14
    try:
        page = context.new_page()
        final_scores(page)
        link = page.get_by_role("link", name="Log this play in BG Stats")
        played_at = int(link.get_attribute("data-played-at"))
        expected = datetime.fromtimestamp(played_at, ZoneInfo("Pacific/Kiritimati")).strftime("%Y-%m-%d %H:%M:%S")
        expect(link).to_have_attribute("href", re.compile(re.escape(quote(f'"playDate":"{expected}"', safe=""))))
        play = json.loads(parse_qs(urlsplit(link.get_attribute("href")).query)["data"][0])
        assert play["playDate"] == expected and play["players"][0]["name"] == "Andreas"
    finally:
        context.close()
