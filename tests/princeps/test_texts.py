"""Every sentence the game shows goes through the translator, and the catalog can find it."""
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

import assistant
from assistant.games.princeps import CATEGORY_NAMES, GAME, KIND_NAMES, STATE_NAMES
from assistant.problems import InvalidInput
from tests.i18n.catalogs import KEYWORDS
from tests.princeps.helpers import player, position

PACKAGE = Path(assistant.__file__).parent


class Recording:
    """A translator that marks every sentence it translates and remembers what it was asked."""

    def __init__(self):
        self.asked = set()

    def gettext(self, message):
        self.asked.add(message)
        return f"«{message}»"

    def ngettext(self, singular, plural, n):
        self.asked.add((singular, plural))
        return f"«{singular if n == 1 else plural}»"

    def pgettext(self, context, message):
        self.asked.add(message)
        return f"«{message}»"


TABLES = [
    position(player("Ana", gold=(3, 0), farming=(0, 1)), player("Ben", trade=(2, 0), farming=(0, 2))),
    position(player("Ana", gold=(1, 0), trade=(1, 0), farming=(0, 3)), player("Ben", gold=(0, 3), trade=(2, 0))),
    position(player("Ana", gold=(2, 0), trade=(0, 2)), player("Ben", gold=(2, 0), trade=(0, 1), farming=(0, 1))),
    position(player("Ana", farming=(1, 0)), player("Ben", farming=(1, 0))),
    position(player("Ana", gold=(5, 0)), player("Ben", farming=(2, 3)), player("Cy"), ties="nobody"),
    position(player("Ana", gold=(1, 0), trade=(1, 0), farming=(1, 0)), player("Ben")),
    position(*(player(name) for name in "ABCDEF")),
]
INVALID = [
    position(),
    position(player("Ana")),
    position(player("Ana", gold=(25, 0)), player("ana"), player("")),
    position(player("Ana", gold=(12, 0)), player("Ben", trade=(13, 0))),
    position({"name": "Ana", "territories": {"silver": {}, "gold": {"firm": 1}}}, player("Ben")),
]


def catalog_messages():
    found = set()
    for path in [*(PACKAGE / "games" / "princeps").glob("*.py"), PACKAGE / "games" / "names.py", PACKAGE / "problems.py"]:
        for _, message, _, _ in extract_from_file("python", str(path), keywords=KEYWORDS):
            found.add(message)
    return found


@pytest.mark.parametrize("data", TABLES)
def test_every_sentence_is_translated(data):
    tr = Recording()
    report = GAME.score(data, tr)
    for text in [*(s.text for s in report.steps), report.verdict, *report.notes, *report.summary_lines(tr)]:
        assert text.startswith("«") and text.endswith("»"), text
    for warning in report.warnings:
        assert warning.reason.startswith("«"), warning
    assert tr.asked <= catalog_messages()


@pytest.mark.parametrize("data", INVALID)
def test_every_error_is_translated(data):
    tr = Recording()
    with pytest.raises(InvalidInput) as invalid:
        GAME.score(data, tr)
    for problem in invalid.value.problems:
        assert problem.reason.startswith("«"), problem
    assert tr.asked <= catalog_messages()


def test_labels_for_an_entry_screen_are_in_the_catalog():
    labels = {*CATEGORY_NAMES.values(), *KIND_NAMES.values(), *STATE_NAMES.values(), GAME.title}
    assert labels <= catalog_messages()
