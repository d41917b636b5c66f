"""Refusals worded once (issue 46, item 6): a refused scoring names the player once and takes
the focus; the longest name is said before it is reached (the fields' maxlength and a hint), in
the same words as the refusal of a longer one; in English and German, on both stores, CSRF on."""
from __future__ import annotations

import html
import re

import pytest

from tests.web import princeps
from tests.web.helpers import HTMX, change, enter, new_table

REFUSED = {
    "en": ("Barbara (red) has 25 monasteries on the board, but a player owns only 20", "monasteries of Barbara (red)"),
    "de": ("Barbara (Rot) hat 25 Klöster auf dem Spielplan, aber jeder Spieler hat nur 20", "Klöster von Barbara (Rot)"),
}
LIMIT = {"en": "must be at most 40 characters long", "de": "darf höchstens 40 Zeichen lang sein"}
HINT = {"en": "A name must be at most 40 characters long.", "de": "Ein Name darf höchstens 40 Zeichen lang sein."}


def in_language(client, language):
    client.get(f"/?lang={language}")
    return client


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def refusal(page: str) -> str:
    found = re.search(r'<div class="notice error"[^>]*>.*?</div>', page, re.S)
    assert found, "the page shows the refusal"
    return found.group(0)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_refused_scoring_names_the_player_once_and_takes_the_focus(client, language):
    token = new_table(client)
    enter(client, token, {"monasteries.England.red": 20, "monasteries.Franken.red": 5})
    in_language(client, language)
    response = client.post(f"/t/{token}/score/intermediate", data={"screen": "board"})
    assert response.status_code == 303
    notice = refusal(client.get(response.headers["Location"]).get_data(as_text=True))
    reason, named_twice = REFUSED[language]
    items = [text_of(item) for item in re.findall(r"<li>(.*?)</li>", notice, re.S)]
    assert any(item.startswith(reason) for item in items), items
    assert not any(named_twice in item for item in items), items
    assert all(item.count("Barbara") == 1 for item in items), items
    assert 'tabindex="-1"' in notice and "autofocus" in notice.split(">")[0]


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_name_limit_is_shown_before_it_is_hit_and_worded_as_its_refusal(client, language):
    token = new_table(client)
    in_language(client, language)
    rename = client.get(f"/t/{token}/board?rename=0", headers=HTMX).get_data(as_text=True)
    field = re.search(r'<input id="rename-input"[^>]*>', rename).group(0)
    assert 'maxlength="40"' in field and 'aria-describedby="rename-limit"' in field
    assert re.search(rf'id="rename-limit">{re.escape(HINT[language])}<', rename)
    refused = change(client, token, "players.0.name", value="N" * 41, here="rename=0")
    assert refused.status_code == 400 and LIMIT[language] in refused.get_data(as_text=True)
    for slug in ("kardinal-und-koenig", princeps.GAME):
        form = in_language(client, language).get(f"/new/{slug}").get_data(as_text=True)
        names = re.findall(r'<input name="players-\d-name"[^>]*>', form)
        assert names and all('maxlength="40"' in name and 'aria-describedby="name-limit"' in name for name in names)
        assert HINT[language] in html.unescape(form)
        too_long = client.post(f"/new/{slug}", data={"action": "start", "players-0-name": "N" * 41, "players-1-name": "Ben",
                                                     "players-0-color": "red", "players-1-color": "green", "players-2-color": "blue"})
        assert too_long.status_code == 400 and LIMIT[language] in too_long.get_data(as_text=True)
