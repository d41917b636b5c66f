"""A player's name cannot turn the rest of a sentence around (assistant/games/names.py)."""
from assistant.games.names import isolated
from assistant.translator import translator_for
from tests.kardinal.helpers import position, score

OVERRIDE = "\u202eEvil 😈 name of forty characters, right"  # U+202E: right-to-left override


def test_a_left_to_right_name_stays_as_typed_and_others_are_isolated():
    assert isolated("Andreas") == "Andreas" and isolated("Zoë 42") == "Zoë 42"
    assert isolated(OVERRIDE) == f"\u2068{OVERRIDE}\u2069"
    assert isolated("שרה") == "\u2068שרה\u2069" and isolated("ليلى") == "\u2068ليلى\u2069"
    assert isolated("a\u2067b") == "\u2068a\u2067b\u2069"  # an isolate opened inside is closed by the PDI


def test_kardinal_sentences_isolate_the_name_and_leave_what_follows_it():
    report = score(position(names={"purple": OVERRIDE, "green": "Andreas"}, colors=("green", "red", "purple"), monasteries={"England": {"purple": 2}}))
    lines = report.summary_lines(translator_for("en"))
    line = next(line for line in lines if OVERRIDE in line)
    assert f"\u2068{OVERRIDE}\u2069 (purple): " in line
    assert report.verdict.startswith(f"\u2068{OVERRIDE}\u2069 (purple) wins")
    assert not any("\u2068Andreas" in line for line in lines)


def test_princeps_sentences_isolate_every_name():
    from assistant.games.princeps import GAME

    counts = {"territories": {"gold": {"stable": 2}}}
    report = GAME.score({"game": "princeps-machiavelli", "players": [{"name": OVERRIDE, **counts}, {"name": "Ana"}]}, translator_for("en"))
    text = "\n".join(report.summary_lines(translator_for("en")))
    assert f"\u2068{OVERRIDE}\u2069: " in text and report.verdict.startswith(f"\u2068{OVERRIDE}\u2069 wins")
