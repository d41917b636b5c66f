"""The replaced-value and conflict notices in the page's words, in all five languages: a value is
the game's word for it (a house rule's reading by its label, "no name", a count or a name as
entered), never a key of the code, and a notice starts with a capital. Every kind of cell of
both games goes through both notices, on two phones of one table (two test clients, CSRF on).

The chain sketch words its own conflicts (tests/web/test_sketch.py); a chain's lengths are
only ever added or removed, which never conflicts."""
from __future__ import annotations

import html
import re
from dataclasses import dataclass

import pytest

from assistant.translator import translator_for
from assistant.web.store import db
from tests.client import browser_app
from tests.web import helpers, princeps

LANGUAGES = ["en", "de", "es", "da", "it"]
# The code's own words for values and cells: the house rules' readings, cell paths.
CODE_KEY = re.compile(r"longest-per-group|disjoint|\bshared\b|\bnobody\b|\b(rules|players|monasteries|advisors|sketch)\.\w")
# The readings' labels (assistant/web/games/*/words.py), as the switches show them.
EVERY_LINE = "Every line of 4 or more counts (default reading)"
EVERY_TIED_PLAYER = "A tie for the most: every tied player gets the point (default reading)"
LABELS = [EVERY_LINE, "Only the longest line of each group counts", EVERY_TIED_PLAYER, "A tie for the most: nobody gets the point"]


@dataclass(frozen=True)
class Case:
    """A cell that this phone sets to ``mine`` and another phone to ``theirs``."""

    cell: str
    screen: str
    mine: str
    theirs: str
    shows: tuple[str, ...] = ()  # English messages the notices must show, translated (a reading's label)


KARDINAL = [
    Case("monasteries.Frankreich.green", "board", "1", "2"),
    Case("advisors.Italien.blue", "board", "1", "2"),
    Case("players.1.name", "board", "Babs", "Cleo"),
    Case("players.1.name", "board", "", "Cleo"),  # no name: the colour stands for the player
    Case("rules.chains", "chains", "longest-per-group", "disjoint", (EVERY_LINE,)),
]
PRINCEPS = [
    Case(princeps.cell(0, "gold", "stable"), "territories", "1", "2"),
    Case(princeps.cell(2, "farming", "destabilised"), "territories", "3", "1"),
    Case("players.1.name", "territories", "Babs", "Dana"),
    Case("rules.ties", "territories", "nobody", "shared", (EVERY_TIED_PLAYER,)),
]
GAMES = {"kardinal": (helpers.new_table, KARDINAL), "princeps": (princeps.new_table, PRINCEPS)}


@pytest.fixture
def app(tmp_path):
    app = browser_app({"TESTING": True, "DATABASE": str(tmp_path / "notices.sqlite")})
    yield app
    db.release(app.config["DATABASE"])


def phones(app, language: str):
    """Two phones of one table, each showing pages in ``language``."""
    pair = app.test_client(), app.test_client()
    for phone in pair:
        phone.get(f"/?lang={language}")
    return pair


def version(client, token: str, screen: str) -> int:
    page = client.get(f"/t/{token}/{screen}", headers=helpers.HTMX).get_data(as_text=True)
    return int(re.search(r'data-version="(\d+)"', page).group(1))


def change(client, token: str, case: Case, value: str, base: int | None = None):
    base = version(client, token, case.screen) if base is None else base
    data = {"cell": case.cell, "value": value, "base": base, "screen": case.screen}
    return client.post(f"/t/{token}/change", data=data, headers=helpers.HTMX)


def texts(pattern: str, page: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", found)).strip() for found in re.findall(pattern, page, re.S)]


def replaced_notices(app, language: str, new_table, case: Case) -> list[str]:
    """This phone sets ``mine``, another phone then ``theirs``: what this phone's next look shows."""
    mine, other = phones(app, language)
    token = new_table(mine)
    assert change(mine, token, case, case.mine).status_code == 200
    seen = version(mine, token, case.screen)
    assert change(other, token, case, case.theirs).status_code == 200
    page = mine.get(f"/t/{token}/{case.screen}?since={seen}", headers=helpers.HTMX).get_data(as_text=True)
    found = texts(r'<p class="warn replaced-note" role="status">(.*?)</p>', page)
    found += texts(r'<div class="replaced-notice"[^>]*>\s*<p>(.*?)</p>', page)
    assert found, f"{language}, {case.cell}: no replaced-value notice"
    return found


def conflict_notice(app, language: str, new_table, case: Case) -> tuple[str, list[str]]:
    """Another phone sets ``theirs`` after this phone loaded the table; this phone then sends
    ``mine``: the conflict's sentence and its buttons."""
    mine, other = phones(app, language)
    token = new_table(mine)
    # ``mine`` first set by the other phone: a house rule's ``theirs`` may be the table's default,
    # and setting a cell to what it holds is no change (no conflict to meet).
    assert change(other, token, case, case.mine).status_code == 200
    base = version(mine, token, case.screen)
    assert change(other, token, case, case.theirs).status_code == 200
    response = change(mine, token, case, case.mine, base=base)
    assert response.status_code == 409, f"{language}, {case.cell}: {response.status_code}"
    words, actions = response.get_data(as_text=True).split('class="notice conflict"')[1].split('<div class="actions">')
    (sentence,) = texts(r"<p>(?!<strong>)(.*?)</p>", words)
    actions = actions.split("</div>")[0]
    buttons = texts(r'<a class="button"[^>]*>(.*?)</a>', actions) + texts(r'<button class="primary">(.*?)</button>', actions)
    assert len(buttons) == 2, buttons
    return sentence, buttons


def without_labels(text: str, language: str) -> str:
    """``text`` less the house rules' labels, which may say "nobody" in English."""
    tr = translator_for(language)
    for label in LABELS:
        text = text.replace(tr.gettext(label), "")
    return text


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_notices_word_every_value_and_start_with_a_capital(app, game, language):
    new_table, cases = GAMES[game]
    tr = translator_for(language)
    wrong = []
    for case in cases:
        replaced = replaced_notices(app, language, new_table, case)
        sentence, buttons = conflict_notice(app, language, new_table, case)
        for kind, text in [*(("replaced", r) for r in replaced), ("conflict", sentence), *(("button", b) for b in buttons)]:
            if CODE_KEY.search(without_labels(text, language)):
                wrong.append(f"{case.cell} {kind}, a key of the code: {text!r}")
            if kind != "button" and not text[:1].isupper():
                wrong.append(f"{case.cell} {kind}, starts lowercase: {text!r}")
        for message in case.shows:
            if not all(tr.gettext(message) in text for text in (*replaced, sentence)):
                wrong.append(f"{case.cell}: the reading's label {tr.gettext(message)!r} missing in {[*replaced, sentence]!r}")
        if case.mine == "" and tr.gettext("no name") not in replaced[0]:
            wrong.append(f"{case.cell}: an empty name is not said to be no name: {replaced[0]!r}")
    assert not wrong, f"{game}, {language}:\n" + "\n".join(wrong)
