"""Words a table can trust: no catalog string passes our reading off as the rulebook's, the
readings are called the default reading in every language, and each concept has one word per
language, the one docs/glossary.md gives."""
import re
from pathlib import Path

import pytest

from assistant.games.kardinal import GAME as KARDINAL
from assistant.games.princeps import GAME as PRINCEPS
from assistant.translator import translator_for
from tests.i18n.catalogs import TRANSLATED, describe, key, messages, po

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary.md"

# How each language names the rulebook (and "the rules", as Danish says it).
RULEBOOK_WORDS = {
    "en": re.compile(r"\brule ?books?\b", re.I),
    "de": re.compile(r"Spielregel|Regelheft|Anleitung", re.I),
    "es": re.compile(r"reglamento", re.I),
    "da": re.compile(r"regelbog|regelsæt|\breglerne\b|\bregler\b", re.I),
    "it": re.compile(r"regolament", re.I),
}

# The only messages that may name the rulebook, and why each may. Everything else that names it
# would be claiming the rulebook for something it does not say.
BRANCH_QUOTE = "The rulebook says: “Branches are not taken into account (the chain can only have one beginning and one end).”"
QUOTES_THE_RULEBOOK = {
    # The rulebook's own sentence on branches, in quotation marks.
    BRANCH_QUOTE,
    # Our reading, named as ours, of the rulebook's sentences, quoted.
    "Chains, default reading: lines of 4 or more that share no monastery all count, so a side branch of 4 or more is a chain of its own. "
    "This is our reading of the rulebook's “Branches are not taken into account (the chain can only have one beginning and one end)” "
    "and “Each monastery in any chain may only be scored once”; a house rule can change it.",
    "Our reading of the rulebook's “Branches are not taken into account (the chain can only have one beginning and one end)”: "
    "lines of 4 or more monasteries that share no monastery all score, so a side branch of 4 or more is a chain of its own.",
}
SAYS_WHAT_THE_RULEBOOK_LACKS = {
    "Only alliances 14 and 15 are given their countries in the rulebooks; the German online rules page names six more pairs, and "
    "the rest were read off the map. Compare each numbered square with your printed board, fix any pair that differs and save it "
    "under a name: new tables can then be scored on it.",
    # Tied players who do not win: placed by our reading, the rulebooks breaking a tie only for the win.
    "Tied on {points} point, {players} are placed by their supply: the more pieces left, the better. That is the default reading: "
    "the rulebooks break a tie only for the win; read strictly, they share the place.",
    "{players} have the same total ({points}) and are placed by the columns after it, from the left. That is the default reading: "
    "the rulebook breaks a tie only for the win; read strictly, they share the place.",
    # The published board's cloister fields come from reviews, not from any rulebook.
    "{total} monasteries, but {country} has only {fields} cloister field, as published reviews give it (the rulebooks give no "
    "count); a board with more is corrected in the board check",
    "The rulebook does not say what happens when players tie for the most in a category; the default reading, as usual for "
    "majorities, gives each of them +1 VP.",
    "Tied categories, default reading: every player tied for the most in a category gets the point (the rulebook is silent; "
    "a house rule can change it).",
    "{who} share the win: tied on {points} point and on pieces left in supply ({supply} each). The rulebooks say nothing about "
    "a tie the supply does not break; a shared win is the default reading.",
    "{who} share the win: tied on {vp} VP, on stable territories, on gold territories and on trade territories. The rulebook "
    "says nothing about a tie after the third tie-break; a shared win is the default reading.",
    "A tie on VP goes to the most stable territories, then the most gold territories, then the most trade territories. "
    "Default reading: gold and trade count destabilised territories too (unlike the VP lines, the rulebook's tie-breaks do "
    "not say stable).",
    "no players given; this app scores 2 or more players (the rulebook names no number)",
    "{count} player given; this app scores 2 or more players (the rulebook names no number)",
}
# Facts: where an alliance's pair comes from (docs/rules-readings.md): given in the rulebooks
# (14 and 15), named on the German rules page (its number read off the map), read off the map.
NAMES_A_SOURCE = {
    "pair given in the rulebooks",
    "pair named in the rules",
    "pair named on the rules page, number read off the map",
}
MAY_NAME_THE_RULEBOOK = QUOTES_THE_RULEBOOK | SAYS_WHAT_THE_RULEBOOK_LACKS | NAMES_A_SOURCE

# What each language calls our reading.
DEFAULT_READING = {
    "en": "default reading",
    "de": "Standardlesart",
    "es": "lectura predeterminada",
    "da": "standardfortolkning",
    "it": "interpretazione predefinita",
}
# And what each calls a reading that is ours, beside the rulebook's sentence it reads.
OUR_READING = {"en": "our reading", "de": "unsere lesart", "es": "nuestra lectura", "da": "vores fortolkning", "it": "nostra interpretazione"}
OPENING_QUOTES = {"en": "“", "de": "„", "es": "«", "da": "»", "it": "«"}


def singular(message) -> str:
    return key(message)[1]


def forms(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
def test_only_the_allowed_messages_name_the_rulebook(language):
    catalog = po("de" if language == "en" else language)
    named = set()
    for message in messages(catalog):
        texts = (singular(message),) if language == "en" else forms(message)
        if any(RULEBOOK_WORDS[language].search(text) for text in texts):
            named.add(singular(message))
    claims = sorted(named - MAY_NAME_THE_RULEBOOK)
    assert not claims, f"{language}: these name the rulebook for a reading it does not state: {claims}"


def test_the_allowed_messages_are_in_the_catalog():
    """The list above is not stale: every allowed message is still used."""
    in_catalog = {singular(m) for m in messages(po("de"))}
    assert MAY_NAME_THE_RULEBOOK <= in_catalog, sorted(MAY_NAME_THE_RULEBOOK - in_catalog)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_quote_of_the_rulebook_is_in_quotation_marks_and_names_the_reading(language):
    by_id = {singular(m): m for m in messages(po(language))}
    for msgid in QUOTES_THE_RULEBOOK:
        (text,) = forms(by_id[msgid])
        assert OPENING_QUOTES[language] in text, (language, text)
        if "our reading" in msgid:
            assert OUR_READING[language] in text.lower(), (language, text)


# The rulebook's sentence on branches, word for word where the language has a rulebook that says
# it; German and Italian translate the English rulebook's and say so.
BRANCH_SENTENCE = {
    "de": ("englische spielregel", "Abzweigungen werden nicht berücksichtigt"),
    "es": ("reglamento", "Las ramificaciones no se cuentan (esto es, la línea solo puede tener un inicio y un final)"),
    "da": ("reglerne", "Afstikkere tæller ikke med, og hvert kloster må kun tælles med en gang"),
    "it": ("regolamento inglese", "Le diramazioni non vengono considerate"),
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_branch_sentence_is_each_rulebooks_own(language):
    source, words = BRANCH_SENTENCE[language]
    by_id = {singular(m): m for m in messages(po(language))}
    (text,) = forms(by_id[BRANCH_QUOTE])
    assert source in text.lower() and words in text, text


# Every message that states a reading we chose where the rulebooks are silent or open names it.
READINGS = [
    "Every line of 4 or more counts (default reading)",
    "A tie for the most: every tied player gets the point (default reading)",
    "Chains that touch: under the default reading, lines of 4 or more that share no monastery each score, so a side branch of 4 "
    "or more is a chain of its own.",
    "Under the default reading (a side branch of 4 or more is a chain of its own) it would be {points} point.",
    "Under the default reading a side branch of 4 or more is a chain of its own; with the house rule 'only the longest line of "
    "each group' it would be {points} point.",
    *(m for m in MAY_NAME_THE_RULEBOOK if "default reading" in m),
]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_reading_is_called_the_default_reading(language):
    by_id = {singular(m): m for m in messages(po(language))}
    missing = [msgid for msgid in READINGS if msgid not in by_id]
    assert not missing, missing
    unnamed = [f"{msgid!r}: {text!r}" for msgid in READINGS for text in forms(by_id[msgid]) if DEFAULT_READING[language].lower() not in text.lower()]
    assert not unnamed, "\n".join(unnamed)


CHAIN_BRANCH = {
    "scoring": "final",
    "players": [{"color": "green"}, {"color": "red"}, {"color": "blue"}],
    "monasteries": {"Italien": {"green": 5}, "Burgund": {"green": 4}},
    "chains": {"green": {"roads": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["c", "f"], ["f", "g"], ["g", "h"], ["h", "i"]]}},
}


@pytest.mark.parametrize("language", ["en", *TRANSLATED])
@pytest.mark.parametrize("rule", ["disjoint", "longest-per-group"])
def test_the_reports_notes_and_the_branch_step_name_the_reading(language, rule):
    """The JSON's notes and the chain step: our reading named as the default reading, the
    rulebook's sentence quoted, the other reading's points given."""
    tr = translator_for(language)
    report = KARDINAL.score({**CHAIN_BRANCH, "rules": {"chains": rule}}, tr)
    chain = next(s for s in report.steps if s.kind == "chain" and s.subject == "green")
    assert DEFAULT_READING[language].lower() in chain.text.lower()
    assert OPENING_QUOTES[language] in chain.text
    assert ("7" if rule == "disjoint" else "9") in chain.text  # what the other reading gives
    if rule == "disjoint":
        (note,) = report.to_json()["notes"]
        assert DEFAULT_READING[language].lower() in note.lower() and OPENING_QUOTES[language] in note
    princeps = PRINCEPS.score({"game": "princeps-machiavelli", "players": [{"name": "Ana"}, {"name": "Ben"}]}, tr)
    assert DEFAULT_READING[language].lower() in princeps.to_json()["notes"][0].lower()
    assert DEFAULT_READING[language].lower() in princeps.verdict.lower()  # nobody has anything: a shared win


# --- one word per concept per language (docs/glossary.md) ------------------------------------------
# The patterns are the glossary's own (its last section), so the page and the test cannot drift apart.
LANGUAGE_COLUMNS = {"Deutsch": "de", "Español": "es", "Dansk": "da", "Italiano": "it"}
PIPE = re.compile(r"(?<!\\)\|")
CODE = re.compile(r"`([^`]+)`")
# Beside ours in a glossary cell: a source's own word ("*page: Stadtfeld*", "*rulebook: lige mange point*")
# and a word we do not use ("(never *tocco*)", "(not *Sie teilen sich*, …)").
NOT_OUR_WORD = re.compile(r"\*(page|rulebook|the page)\b[^*]*\*|\((never|not) [^)]*\)")


def glossary_tables() -> list[list[list[str]]]:
    """Every table of docs/glossary.md: its rows (the header first), each a list of cells, a pipe
    escaped in a cell (a backslash before it, as a pattern's alternatives are written) read as a pipe."""
    tables: list[list[list[str]]] = []
    rows: list[list[str]] = []
    for line in [*GLOSSARY.read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith("|"):
            if not line.startswith("| ---"):
                rows.append([cell.strip().replace(r"\|", "|") for cell in PIPE.split(line.strip().strip("|"))])
        elif rows:
            tables.append(rows)
            rows = []
    return tables


def language_of_column(heading: str) -> str | None:
    return next((code for name, code in LANGUAGE_COLUMNS.items() if heading.startswith(name)), None)


def table_headed(*first: str) -> list[list[str]]:
    (table,) = [table for table in glossary_tables() if tuple(table[0][:len(first)]) == first]
    return table


def concepts() -> dict[str, tuple[str, dict[str, tuple[str, str]]]]:
    """concept: (the English msgid's pattern, {language: (the glossary's word, the pattern every translation matches)})."""
    header, *rows = table_headed("concept", "rows above")
    found = {}
    for row in rows:
        cells = dict(zip(header, row, strict=True))
        words = {}
        for heading, text in cells.items():
            if (language := language_of_column(heading)) is not None:
                (pattern,) = CODE.findall(text)
                words[language] = (text.split("`")[0].strip().strip("*"), pattern)
        (english,) = CODE.findall(cells["English"])
        found[row[0]] = (english, words)
    return found


def rows_above() -> dict[str, list[str]]:
    """concept: the rows of the glossary's word tables it holds to its pattern ("tie; tied")."""
    header, *rows = table_headed("concept", "rows above")
    return {row[0]: re.findall(r"\*([^*]+)\*", row[header.index("rows above")]) for row in rows}


def glossary_words() -> dict[str, dict[str, list[str]]]:
    """Each row of the glossary's word tables by its first cell, with the words it gives in each
    language ("Kloster, Klöster" is two; a source's own word beside ours left out)."""
    words: dict[str, dict[str, list[str]]] = {}
    for header, *rows in glossary_tables():
        languages = {index: language_of_column(heading) for index, heading in enumerate(header)}
        if not header[0].startswith("concept") or "rows above" in header:
            continue
        for row in rows:
            for index, text in enumerate(row):
                if (language := languages.get(index)) is not None:
                    plain = NOT_OUR_WORD.sub("", text).replace("*", "")
                    phrases = [phrase.strip() for phrase in re.split(r"[;,]", plain)]
                    words.setdefault(row[0], {}).setdefault(language, []).extend(p for p in phrases if p and p != "—")
    return words


def not_ours() -> dict[str, dict[str, str]]:
    """language: {a pattern no catalog may match again: the word that replaced it}."""
    header, *rows = table_headed("language", "no longer (pattern)")
    found: dict[str, dict[str, str]] = {code: {} for code in LANGUAGE_COLUMNS.values()}
    for language, pattern, choice in rows:
        (code,) = CODE.findall(pattern)
        found[LANGUAGE_COLUMNS[language]][code] = choice
    return found


CONCEPTS = concepts()
NOT_OURS = not_ours()
# Danish says one bræt, several brætter: an English message about boards (plural) says brætter.
PLURAL_BOARDS = re.compile(r"\bboards\b")
# The Princeps summary names each VP category apart, in every language: a reader must not hear
# "the most stable gold, trade and farming territories" as one category (or as a tie-break).
EACH_CATEGORY = "+1 VP each for the most territories, the most stable gold, the most stable trade and the most stable farming territories; the most VP win."
STABLE = {"de": r"stabilen", "es": r"estabilizad", "da": r"stabile", "it": r"stabili"}


PLACEHOLDER = re.compile(r"\{[^}]*\}")


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("concept", sorted(CONCEPTS))
def test_each_concept_has_the_glossarys_word(language, concept):
    english, words = CONCEPTS[concept]
    pattern = re.compile(words[language][1], re.I)
    # The rulebook's sentence is quoted in the rulebook's own words, whatever ours are.
    found = [m for m in messages(po(language)) if singular(m) != BRANCH_QUOTE and re.search(english, PLACEHOLDER.sub("", singular(m)))]
    assert found, f"no message speaks of {concept}"
    wrong = [f"{describe(m)}: {text!r}" for m in found for text in forms(m) if not pattern.search(text)]
    assert not wrong, f"{language}, {concept}: use {words[language][0]!r}:\n" + "\n".join(wrong)


def replaced_words(language: str, texts) -> list[str]:
    """Each word of ``NOT_OURS`` found in ``texts`` ((message, text) pairs), with the word that
    replaced it."""
    return [
        f"{describe(m)}: says {found.group(0)!r}, the glossary's word is {choice!r}: {text!r}"
        for m, text in texts
        for pattern, choice in NOT_OURS[language].items()
        if (found := re.search(pattern, text, re.I | re.M))
    ]


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_word_the_glossary_replaced(language):
    stale = replaced_words(language, [(m, text) for m in messages(po(language)) for text in forms(m)])
    assert not stale, f"{language}:\n" + "\n".join(stale)


def test_a_replaced_word_is_named_with_the_glossarys_choice():
    """The test above fails on a word it bans, and says which word and what replaces it."""
    (message,) = [m for m in messages(po("it")) if singular(m) == "Connection back: the kept tap was sent."]
    (stale,) = replaced_words("it", [(message, "Connessione tornata: il tocco in attesa è stato inviato.")])
    assert "says 'tocco'" in stale and "'valore inserito, i valori inseriti'" in stale, stale
    assert replaced_words("it", [(message, "Connessione tornata: il valore inserito è stato inviato.")]) == []


def test_the_glossarys_own_words_match_their_concepts_patterns():
    """Each word the glossary's tables give for a concept passes that concept's pattern (a row
    held to two concepts, "supply; pieces", passes either), so the page never contradicts the test."""
    patterns: dict[tuple[str, str], list[str]] = {}
    for concept, rows in rows_above().items():
        for row in rows:
            for language, (_word, pattern) in CONCEPTS[concept][1].items():
                patterns.setdefault((row, language), []).append(pattern)
    words = glossary_words()
    assert {row for row, _language in patterns} <= set(words), sorted({row for row, _ in patterns} - set(words))
    wrong = [f"{language}, {row}: {word!r}" for (row, language), found in patterns.items() for word in words[row][language]
             if not any(re.search(pattern, word, re.I) for pattern in found)]
    assert not wrong, wrong


def test_the_glossarys_own_words_are_not_words_it_replaced():
    words = glossary_words()
    stale = [f"{language}, {row}: {word!r} matches {pattern!r}" for row, by_language in words.items()
             for language, found in by_language.items() for word in found for pattern in NOT_OURS[language]
             if re.search(pattern, word, re.I | re.M)]
    assert not stale, stale


def test_each_concepts_word_is_in_the_glossarys_tables():
    phrases = {language: " / ".join(w for by_language in glossary_words().values() for w in by_language.get(language, [])).lower()
               for language in TRANSLATED}
    missing = [f"{concept}: {words[language][0]}" for concept, (_, words) in CONCEPTS.items() for language in words
               if words[language][0].lower() not in phrases[language]]
    assert not missing, missing


def test_danish_says_braetter_for_boards():
    wrong = [f"{describe(m)}: {text!r}" for m in messages(po("da")) if PLURAL_BOARDS.search(singular(m))
             for text in forms(m) if not re.search(r"brætter", text)]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_princeps_summary_names_each_category(language):
    (text,) = forms(next(m for m in messages(po(language)) if singular(m) == EACH_CATEGORY))
    assert len(re.findall(STABLE[language], text)) == 3, text


@pytest.mark.parametrize("value", ["Andreas", "Ottavia", "Bruno", "3"])
def test_italian_set_back_reads_right_before_a_vowel_and_a_consonant(value):
    """The history's "Set it back to {value}": Italian writes "ad Andreas", not "a Andreas", so
    the button names the value without a preposition that depends on its first letter."""
    said = translator_for("it").gettext("Set it back to {value}").format(value=value)
    assert not re.search(r"\ba [AEIOUaeiou]", said), said
    assert said == f"Ripristina «{value}»"
