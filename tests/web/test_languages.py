"""The page's language: the browser's Accept-Language, the footer's switch on every page, the
choice remembered in a cookie (and beating Accept-Language), htmx fragments and error pages in the
chosen language, and the rulebook example's breakdown read on the scores page in each language,
sentence by sentence as the core tests have them."""
import html
import re

import pytest

from tests.i18n.test_breakdown import EXPECTED, NAMES
from tests.web.helpers import HTMX, change, enter, new_table, score, view_token

LANGUAGES = ("en", "de", "es", "da", "it")
# A few words of each page that only a translated page shows.
TITLE = {"en": "Table scoring assistant", "de": "Wertungshelfer für den Spieltisch", "es": "Asistente de puntaje para la mesa",
         "da": "Pointhjælper til spillebordet", "it": "Assistente di conteggio al tavolo"}
BOARD = {"en": "Left in supply", "de": "Im Vorrat", "es": "Quedan en el suministro", "da": "Tilbage i forrådet", "it": "Rimasti nella riserva"}


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def language_of(response) -> str:
    return re.search(r'<html lang="([a-z]+)">', response.get_data(as_text=True)).group(1)


@pytest.mark.parametrize(
    ("header", "language"),
    [("de-DE,de;q=0.9,en;q=0.8", "de"), ("es-419", "es"), ("da", "da"), ("it-CH,fr;q=0.9", "it"), ("fr-FR,nl;q=0.8", "en"),
     ("en-GB,de;q=0.5", "en"), ("pt-BR,da;q=0.3", "da"), ("", "en")],
)
def test_accept_language_picks_the_language(client, header, language):
    response = client.get("/", headers={"Accept-Language": header} if header else {})
    assert language_of(response) == language
    assert TITLE[language] in text(response)
    assert "lang=" not in response.headers.get("Set-Cookie", "")  # only a choice is remembered, not a guess
    assert "Accept-Language" in response.headers["Vary"]


@pytest.mark.parametrize("path", ["/static/app.css", "/static/app.js", "/static/vendor/htmx/htmx.min.js"])
def test_static_files_do_not_vary_by_language(client, path):
    """The same bytes in every language: no Vary: Accept-Language, or Firefox's service worker
    (which stores each file under a request without that header and looks it up with the page's,
    which has it) finds none of them without a connection (issue 45)."""
    with client.get(path, headers={"Accept-Language": "de"}) as response:
        assert response.status_code == 200
        assert "Accept-Language" not in response.headers.get("Vary", "")


def test_the_footer_switch_keeps_the_page_and_its_arguments(client):
    token = new_table(client)
    page = text(client.get(f"/t/{token}/board?cell=monasteries.Frankreich.green&since=3"))
    links = dict(re.findall(r'<a href="([^"]+)" lang="([a-z]+)" hreflang', page))
    assert sorted(links.values()) == sorted(LANGUAGES)
    for url, code in links.items():
        assert url == f"/t/{token}/board?cell=monasteries.Frankreich.green&lang={code}"  # not the poll's "since"
    assert re.search(r'lang="en" hreflang="en" aria-current="true">English<', page)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_switches_language_from_its_footer(client, language):
    token = new_table(client)
    watch = view_token(client, token)
    urls = ["/", "/new/kardinal-und-koenig", f"/t/{token}/board", f"/t/{token}/chains", f"/t/{token}/scores", f"/t/{token}/share",
            f"/t/{watch}/board", "/t/no-such-table-here/board"]
    for url in urls:
        client.delete_cookie("lang")
        page = text(client.get(url, headers={"Accept-Language": "en"}))
        switch = re.search(rf'<a href="([^"]+)" lang="{language}" hreflang', page).group(1)
        switched = client.get(html.unescape(switch), headers={"Accept-Language": "en"})
        assert language_of(switched) == language, url
        assert switched.status_code in (200, 404)


def test_the_choice_is_remembered_and_beats_accept_language(client):
    token = new_table(client)
    first = client.get(f"/t/{token}/board?lang=da", headers={"Accept-Language": "it"})
    cookie = first.headers["Set-Cookie"]
    assert "lang=da" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Max-Age=31536000" in cookie
    for url in ["/", f"/t/{token}/chains", f"/t/{token}/share", "/nowhere"]:
        response = client.get(url, headers={"Accept-Language": "it-IT,it"})
        assert language_of(response) == "da", url
    assert BOARD["da"] in text(client.get(f"/t/{token}/board", headers={"Accept-Language": "es"}))
    # A new choice replaces the old one; a language we do not have changes nothing.
    client.get("/?lang=es")
    assert language_of(client.get("/?lang=xx")) == "es"
    assert language_of(client.get("/", headers={"Accept-Language": "de"})) == "es"


def test_htmx_fragments_come_back_in_the_chosen_language(client):
    token = new_table(client)
    client.get("/?lang=de")
    fragment = text(client.get(f"/t/{token}/board?cell=monasteries.Frankreich.green", headers=HTMX))
    assert "<html" not in fragment and "<footer" not in fragment  # only the swapped part
    assert "Fertig" in fragment and "Im Vorrat" in fragment and "Frankreich, Klöster von Andreas (Grün): 0" in fragment
    after_tap = text(change(client, token, "monasteries.Frankreich.green", value=4))
    assert 'name="cell" value="monasteries.Frankreich.red"' in after_tap and "Fertig" in after_tap  # the pad moved on
    assert "4 von 8 Klosterfeldern belegt" in after_tap
    refused = text(change(client, token, "monasteries.Frankreich.green", value=21))
    assert "eine Anzahl Klöster ist eine ganze Zahl von 0 bis 20 (jeder Spieler hat 20), nicht „21“" in refused
    assert "Es wurde nichts geändert." in refused
    client.get("/?lang=it")
    chains = text(client.get(f"/t/{token}/chains?add=red", headers=HTMX))
    assert "Aggiungi una catena di" in chains and "Giocatore successivo:" in chains


def test_error_pages_in_the_chosen_language(client):
    client.get("/?lang=es")
    response = client.get("/t/no-such-table-here/board")
    assert response.status_code == 404
    assert "Aquí no hay nada" in text(response) and "Ir a la página de inicio" in text(response)


# --- the rulebook example on the scores page --------------------------------------------------------
def rulebook_table(client, language) -> str:
    """The core tests' rulebook example (tests/i18n/test_breakdown.py), entered on the board with
    that language's players, scored (intermediate, then final); the final scores page's text."""
    names = NAMES[language]
    token = new_table(client, players=[(name, color) for color, name in names.items()])
    enter(client, token, {
        "monasteries.Frankreich.green": 4, "monasteries.Frankreich.red": 2, "monasteries.Frankreich.blue": 1,
        "monasteries.Lothringen.red": 2, "monasteries.Lothringen.purple": 2, "monasteries.Lothringen.blue": 1,
        "monasteries.Italien.green": 4, "monasteries.Italien.purple": 2,
        "monasteries.Burgund.red": 2, "monasteries.Burgund.purple": 3, "monasteries.Bayern.purple": 1,
        "advisors.Italien.blue": 2, "advisors.Italien.red": 1, "advisors.Italien.green": 1,
        "advisors.Burgund.blue": 1, "advisors.Burgund.red": 1,
    })
    client.get(f"/?lang={language}")
    for scoring in ("intermediate", "final"):
        response = score(client, token, scoring)
        assert response.status_code == 303 and response.headers["Location"].endswith(f"/scores/{scoring}")
    return text(client.get(f"/t/{token}/scores/final"))


@pytest.mark.parametrize("language", sorted(EXPECTED))
def test_the_rulebook_example_reads_right_on_the_scores_page(client, language):
    page = rulebook_table(client, language)
    for subject in ("Frankreich", "Lothringen", "alliance 14", "alliance 15"):
        assert EXPECTED[language][subject] in page, subject
