"""The history screen in words (issue 46, item 5): each sketch tap says what it did, a name set
back to none says so without "(no name)", every row starts with a capital, a missing entry is
named as a change of the table rather than a bare number, and a page past the last says so; in
English and German, on both stores, CSRF on."""
from __future__ import annotations

import html
import re

import pytest

from tests.web.helpers import HTMX, change, enter, new_table
from tests.web.test_record import history
from tests.web.test_sketch import Phone


def german(client):
    client.get("/?lang=de")
    return client


def row_texts(page: str) -> list[str]:
    """Each history row's sentence as it reads (tags dropped, spaces tidied)."""
    rows = re.findall(r'<li class="history-entry[^"]*"[^>]*>.*?</p>\s*<p>(.*?)</p>', page, re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", row)).split()) for row in rows]


SKETCH_TAPS = {
    "en": ["Chain sketch of Andreas (green): the last change undone",
           "Chain sketch of Andreas (green): a monastery removed, with its roads",
           "Chain sketch of Andreas (green): a road drawn between two monasteries",
           "Chain sketch of Andreas (green): a road cut",
           "Chain sketch of Andreas (green): a monastery added, with a road to the one selected",
           "Chain sketch of Andreas (green): a monastery added"],
    "de": ["Kettenskizze von Andreas (Grün): die letzte Änderung zurückgenommen",
           "Kettenskizze von Andreas (Grün): ein Kloster entfernt, mit seinen Straßen",
           "Kettenskizze von Andreas (Grün): eine Straße zwischen zwei Klöstern gezogen",
           "Kettenskizze von Andreas (Grün): eine Straße getrennt",
           "Kettenskizze von Andreas (Grün): ein Kloster hinzugefügt, mit einer Straße zum ausgewählten",
           "Kettenskizze von Andreas (Grün): ein Kloster hinzugefügt"],
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_sketch_tap_says_what_it_did(client, language):
    token = new_table(client)
    enter(client, token, {"monasteries.Burgund.green": 6})
    phone = Phone(client, token)
    phone.draw("0.1", "1.1")  # the second joined to the first, which was selected
    phone.tap("cut", "0.1")
    phone.tap("join", "1.1")
    phone.tap("remove", "1.1")
    phone.tap("undo")
    if language == "de":
        german(client)
    rows = row_texts(history(client, token))
    assert rows[:6] == SKETCH_TAPS[language]
    assert "a tap on the sketch" not in " ".join(rows)


@pytest.mark.parametrize(("language", "offer"), [("en", "Remove the name again"), ("de", "Den Namen wieder entfernen")])
def test_a_name_set_back_to_none_says_so_in_words(client, language, offer):
    token = new_table(client)
    change(client, token, "players.3.name", value="Ulla")  # the purple player had no name
    if language == "de":
        german(client)
    page = history(client, token)
    button = page.split('class="set-back"')[1].split("</button>")[0]
    assert button == f">{offer}"


@pytest.mark.parametrize(("language", "starts"), [
    ("en", ["House rule for chains: ", "Name of player 1: ", "Aragon, monasteries of Barbara (red): "]),
    ("de", ["Hausregel für Ketten: ", "Name von Spieler 1: ", "Aragon, Klöster von Barbara (Rot): "]),
])
def test_every_row_starts_with_a_capital(client, language, starts):
    token = new_table(client)
    change(client, token, "monasteries.Aragon.red", value="2")
    change(client, token, "players.0.name", value="Andrea")
    change(client, token, "rules.chains", screen="chains", value="longest-per-group")
    if language == "de":
        german(client)
    rows = row_texts(history(client, token))
    assert [row[:len(start)] for row, start in zip(rows, starts, strict=True)] == starts
    assert all(row[0].isupper() for row in rows), rows


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Set it back: the table's record has no change number 999 with a value to set back"),
    ("de", "Zurücksetzen: der Verlauf der Partie hat keine Änderung Nummer 999 mit einem Wert zum Zurücksetzen"),
])
def test_a_missing_entry_is_named_as_a_change_not_a_bare_number(client, language, words):
    token = new_table(client)
    if language == "de":
        german(client)
    response = client.post(f"/t/{token}/history/back/999", data={"base": 1, "tap": "set-back-tap-9"}, headers=HTMX)
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", "", response.get_data(as_text=True))).split())
    assert response.status_code == 400 and words in text, text


@pytest.mark.parametrize(("language", "words"), [
    ("en", "There is no page 7: the history has 1 page."),
    ("de", "Es gibt keine Seite 7: Der Verlauf hat 1 Seite."),
])
def test_a_page_past_the_last_says_so_and_links_the_first(client, language, words):
    token = new_table(client)
    change(client, token, "monasteries.Aragon.red", value="2")
    if language == "de":
        german(client)
    page = history(client, token, page=7)
    assert words in html.unescape(page)
    assert "Nothing changed" not in page and "Noch nichts" not in page
    assert f'href="/t/{token}/history"' in page


@pytest.mark.parametrize(("language", "field"), [("en", "This entry"), ("de", "Diese Eingabe")])
def test_a_malformed_or_reused_tap_id_is_named_in_words_not_the_code_word(client, language, field):
    token = new_table(client)
    change(client, token, "monasteries.Aragon.red", value="2", tap="reused-tap-0001")
    if language == "de":
        german(client)
    malformed = change(client, token, "monasteries.Aragon.red", value="3", tap="<bad>")
    reused = change(client, token, "monasteries.Aragon.red", value="4", tap="reused-tap-0001")
    for response in (malformed, reused):
        assert response.status_code in (400, 409)
        assert f"<strong>{field}</strong>:" in response.get_data(as_text=True)
