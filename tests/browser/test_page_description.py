"""Every page says what the app is for in a meta description (search results, link previews),
in the page's language."""
from __future__ import annotations

import pytest

from tests.browser.steps import start_table

pytestmark = pytest.mark.browser


def test_pages_carry_a_description_in_their_language(phones):
    page = phones().page
    token = start_table(page, [("Andreas", "red"), ("Barbara", "green"), ("Doris", "blue")])
    for address, words in (("/", "Scores Kardinal & König and Princeps Machiavelli at the table"), (f"/t/{token}/board", "Scores Kardinal & König and Princeps Machiavelli at the table"), ("/?lang=de", "Wertet Kardinal & König und Princeps Machiavelli am Tisch")):
        page.goto(address)
        description = page.locator('meta[name="description"]')
        assert description.count() == 1
        content = description.get_attribute("content") or ""
        assert content.startswith(words) and 50 <= len(content) <= 170, content
