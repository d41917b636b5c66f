"""A player's name cannot turn the rest of a sentence around (assistant/games/names.py)."""
from assistant.games.names import isolated
from assistant.translator import translator_for
from tests.kardinal.helpers import position, score

OVERRIDE = "\u202eEvil 😈 name of forty characters, right"  # U+202E: right-to-left override


def test_a_left_to_right_name_stays_as_typed_and_others_are_isolated():
    assert isolated("Andreas") == "Andreas" and isolated("Zoë 42") == "Zoë 42"
    assert isolated(OVERRIDE) == f"\u2068{OVERRIDE}\u2069"
    assert isolated("שרה") == "\u2068שרה\u2069" and isolated("ليلى") == "\u2068ليلى\u2069"


# A name that closes an isolate it never opened (U+2069 first) would end ours early and let the
# override after it loose on the line; one that opens an isolate it never closes (U+2067 last)
# would take our closing U+2069 for its own and keep the rest of the line inside the name.
ESCAPES = ["\u2069\u202eEvil", "\u2067", "ب\u2067", "a\u2069\u2069\u202eb\u2066", "\u2066a\u2069b"]


def where_the_first_isolate_closes(text: str) -> int | None:
    """The index of the U+2069 that closes the isolate ``text`` starts with (UAX #9's matching)."""
    depth = 0
    for index, character in enumerate(text):
        depth += character in "\u2066\u2067\u2068"
        if character == "\u2069" and depth:
            depth -= 1
            if depth == 0:
                return index
    return None


def test_a_name_cannot_close_our_isolate_early_or_keep_it_open():
    for name in ESCAPES:
        text = isolated(name)
        assert text[0] == "\u2068" and where_the_first_isolate_closes(text) == len(text) - 1, repr(text)
    assert isolated("\u2066a\u2069b") == "\u2068\u2066a\u2069b\u2069"  # a balanced isolate inside is kept
    assert isolated(isolated("\u2069\u202eEvil")) == isolated("\u2069\u202eEvil")


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


def test_a_named_player_keeps_its_name_trimmed_within_the_limit_and_refuses_other_fields():
    import pydantic
    import pytest

    from assistant.games.names import MAX_NAME, NamedPlayer

    class TokensPlayer(NamedPlayer):  # a game's player: the name, then its counts
        tokens: int = 0

    assert TokensPlayer.model_validate({"name": "  Ana   Lena ", "tokens": 2}) == TokensPlayer(name="Ana Lena", tokens=2)
    for bad in ({"name": "x" * (MAX_NAME + 1)}, {"name": "Ana", "colour": "red"}, {"tokens": 1}):
        with pytest.raises(pydantic.ValidationError):
            TokensPlayer.model_validate(bad)


def test_the_shared_players_check_reads_the_raw_input_the_games_count_and_names():
    """names.players_problems: the game's count sentences, then the names, before any model."""
    from assistant.games.names import players_problems
    from assistant.problems import Problem

    tr = translator_for("en")
    raw = {"players": [{"name": "Ana", "tokens": "many"}, {"name": " ana "}, "not a player", {"name": ""}]}
    found = players_problems(raw, tr, lambda count: [Problem(field="players", reason=f"{count} counted")])
    assert [(p.field, p.reason) for p in found] == [
        ("players", "4 counted"),
        ("players.1.name", "ana is already the name of another player"),
        ("players.3.name", "must not be empty"),
    ]
    assert players_problems({"players": "Ana"}, tr) == [] and players_problems({}, tr) == []
