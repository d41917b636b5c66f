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
    "Only alliances 14 and 15 are numbered in the rulebooks; the German online rules page names six more pairs, and the rest "
    "were read off the map. Compare each numbered square with your printed board, fix any pair that differs and save it under "
    "a name: new tables can then be scored on it.",
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
# Facts: where an alliance's pair comes from (docs/rules-readings.md): numbered in the rulebooks
# (14 and 15), named on the German rules page (its number read off the map), read off the map.
NAMES_A_SOURCE = {
    "numbered in the rulebooks",
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
# concept: (the English msgid's word, {language: (the glossary's word, the word in every translation)}).
CONCEPTS = {
    "monastery": (r"\bmonaster(y|ies)\b", {
        "de": ("Kloster", r"Kl[oö]ster"), "es": ("monasterio", r"monasterio"),
        "da": ("kloster", r"klost(er|r)"), "it": ("monastero", r"monaster[oi]")}),
    "advisor": (r"\badvisors?\b", {
        "de": ("Rat", r"R[aä]t"), "es": ("consejero", r"consejero"), "da": ("rådmand", r"rådm[aæ]nd"),
        "it": ("consigliere", r"consiglier")}),
    "alliance": (r"\balliances?\b", {
        "de": ("Bündnis", r"Bündnis"), "es": ("alianza", r"alianza"), "da": ("sammenslutning", r"sammenslutning"),
        "it": ("alleanza", r"alleanz")}),
    "cloister field": (r"cloister fields?|\bfields not known", {
        "de": ("Klosterfeld", r"Klosterfeld"), "es": ("claustro", r"claustro"), "da": ("klosterfelt", r"klosterfelt"),
        "it": ("casella monastero", r"casell[ae]")}),
    "chain": (r"\bchains?\b", {
        "de": ("Kette", r"Kette"), "es": ("cadena", r"cadena"), "da": ("kæde", r"kæde"), "it": ("catena", r"caten")}),
    "branch": (r"\bbranch(es)?\b", {
        "de": ("Abzweigung", r"Abzweigung"), "es": ("ramificación", r"ramificaci"), "da": ("afstikker", r"afstikker"),
        "it": ("diramazione", r"diramazion")}),
    "road": (r"\broads?\b", {
        "de": ("Straße", r"Straße"), "es": ("camino", r"camino"), "da": ("vej", r"\bvej"), "it": ("strada", r"strad")}),
    "supply": (r"\bsupply\b", {
        "de": ("Vorrat", r"Vorrat"), "es": ("suministro", r"suministro"), "da": ("forråd", r"forråd"), "it": ("riserva", r"riserva")}),
    "house rule": (r"\bhouse rule", {
        "de": ("Hausregel", r"Hausregel"), "es": ("regla de la casa", r"regla de la casa"), "da": ("husregel", r"husreg(e|l)"),
        "it": ("regola della casa", r"regola della casa")}),
    "tie-break": (r"tie-break", {
        "de": ("Entscheidungskriterium", r"Entscheidungskriteri"), "es": ("desempate", r"desempate"),
        "da": ("kriterium ved pointlighed", r"kriteri"), "it": ("spareggio", r"spareggi")}),
    "tie": (r"\bti(e|ed|es)\b", {
        "de": ("Gleichstand", r"gleichstand|gleichauf|teilen sich"), "es": ("empate", r"empat"), "da": ("lighed", r"\blige\b|lighed|deler (flere )?førstepladsen|delt førsteplads"),
        "it": ("parità", r"parità|pari merito")}),
    "majority": (r"\bmajority\b", {
        "de": ("Mehrheit", r"Mehrheit"), "es": ("mayoría", r"mayoría"), "da": ("flertal", r"flertal"), "it": ("maggioranza", r"maggioranz")}),
    "victory points": (r"\bVP\b|victory points", {
        "de": ("Siegpunkte (SP)", r"\bSP\b|Siegpunkt"), "es": ("puntos de victoria (PV)", r"\bPV\b|puntos de victoria"),
        "da": ("sejrspoint", r"sejrspoint"), "it": ("punti vittoria (PV)", r"\bPV\b|punti vittoria")}),
    "intermediate scoring": (r"\bintermediate\b", {
        "de": ("Zwischenwertung", r"Zwischenwertung"), "es": ("puntaje intermedio", r"intermedi"),
        "da": ("første pointtælling", r"første pointtælling"), "it": ("conteggio intermedio", r"intermedi")}),
    # A scoring, in every message that names one (the default texts a plain game shows too).
    "scoring": (r"(?<!Table )\bscorings?\b", {
        "de": ("Wertung", r"Wertung"), "es": ("puntaje", r"puntaje"), "da": ("pointtælling", r"pointtælling"),
        "it": ("conteggio", r"conteggi")}),
    "final scoring": (r"\bfinal scoring\b", {
        "de": ("Schlusswertung", r"Schlusswertung"), "es": ("puntaje final", r"puntaje final"),
        "da": ("sidste pointtælling", r"sidste pointtælling"), "it": ("conteggio finale", r"conteggio finale")}),
    "board": (r"\bboards?\b", {
        "de": ("Spielplan", r"Spielpl[aä]n"), "es": ("tablero", r"tablero"), "da": ("bræt", r"bræt"), "it": ("tabellone", r"tabellon")}),
    "score marker": (r"(?<!black )\bmarkers?\b", {
        "de": ("Zählstein", r"Zählstein"), "es": ("marcador", r"marcador"), "da": ("pointbrik", r"pointbrik"), "it": ("segnapunti", r"segnapunti")}),
    "territory": (r"\bterritor(y|ies)\b", {
        "de": ("Gebiet", r"Gebiet"), "es": ("territorio", r"territorio"), "da": ("område", r"område"), "it": ("territorio", r"territori")}),
    "stable": (r"\bstable\b", {
        "de": ("stabil", r"stabil"), "es": ("estable", r"estab"), "da": ("stabil", r"stabil"), "it": ("stabile", r"stabil")}),
    "destabilised": (r"\bdestabilised\b", {
        "de": ("destabilisiert", r"destabilisiert"), "es": ("desestabilizado", r"desestabilizad"),
        "da": ("destabiliseret", r"destabiliser"), "it": ("destabilizzato", r"destabilizzat")}),
    "default reading": (r"default reading", {lang: (word, re.escape(word)) for lang, word in DEFAULT_READING.items() if lang != "en"}),
}
# Words the catalogs once used beside the glossary's, and phrasings a reader of the language
# stumbled on: each (a regular expression) with the word that replaced it, which the test names.
NOT_OURS = {
    "de": {
        r"Gleichstandsregel": "Entscheidungskriterium",
        r"Stadtfeld": "Klosterfeld",
        r"Gleichstand bei den meisten": "den ersten Platz teilen",
        r"mehrere gleich viele und die meisten": "den ersten Platz teilen",
        r"nach der Spielregel": "nach der Standardlesart",
        r"Lesart der Spielregel": "Standardlesart",
        # One verb for scoring, the glossary's erhält: never bekommt, punktet, bringt.
        r"bekomm\w*[^.;]*(Sieg)?[pP]unkt": "erhält … Punkte",
        r"(?-i:\bpunktet\b)": "erhält … Punkte",
        r"\bbring(t|en)\b[^.;]*Punkt": "erhält … Punkte",
        r"\(abgezählt\)": "eine abgezählte Kette",
        r"nachdem dieses Handy es": "nachdem diese Seite geladen wurde",
        # A line of a chain takes its article when read aloud: "5 Punkte für die Linie a–b–c–d–e".
        r"für Linie\b": "für die Linie",
        # The board's grid has Zeilen, so the pad's button says Zeile too.
        r"\bReihe\b": "Zeile",
        r"nicht gemacht": "nicht übernommen",
        # After a colon "Sie" reads as the formal you.
        r"(?-i:: Sie teilen sich)": "geteilter Sieg",
        r"Datenbank (gerade )?nicht nutzen": "nicht auf seine Datenbank zugreifen",
        r"Die hier eingegebene \{old\}": "der hier eingegebene Wert ({old})",
        r"^noch nicht gewertet$": "noch offen (after the scoring's name)",
    },
    "es": {
        r"primer puesto": "primer lugar",
        r"(?<!por )\badelante\b": "por delante",
        r"en cabeza": "por delante",
        r"empieza a todos": "parte de 0 para todos",
        r"^Más territorios": "Mayor cantidad de territorios",
        r"según el reglamento": "según la lectura predeterminada",
        r"así se lee el reglamento": "la lectura predeterminada",
        r"tóquen(lo|la)s?\b": "toquen el/la …",
        r"las derechas": "las que están en posición vertical",
        r"pueden hacer el puntaje": "pueden usar … para el puntaje",
        r"rellenad": "completados",
        r"se cambió a \{theirs\} después de que este teléfono": "después de que se cargó esta página",
        # One action, one wording: the button says "Repetir el puntaje".
        r"volver a contar|hagan el puntaje otra vez|puntaje otra vez": "repetir el puntaje (repítanlo)",
        r"número(s)? que esperaba": "el número pendiente",
        r"muy pocos": "no alcanza(n)",
        r"usar su base de datos": "acceder a su base de datos",
        r"\bsu \{old\}": "el valor ingresado aquí ({old})",
        r"^todavía sin puntaje$": "todavía pendiente (after the scoring's name)",
    },
    "da": {
        r"uafgjort": "lighed, står lige",
        r"\bhos\b": "for {player}",
        r"^Gemte bræt$": "Gemte brætter",
        r"efter reglerne": "efter standardfortolkningen",
        r"sådan læses reglerne": "standardfortolkningen",
        r"så sammenslutning \d": "sammenslutningerne 1 til 15",
        r"efter at denne telefon havde hentet det": "efter at denne side blev indlæst",
        # Retskrivningsordbogen writes "til overs" in two words.
        r"\btilovers\b": "til overs",
        r"^Point talt op$": "Pointtælling udført",
        r"bruge sin database": "få adgang til sin database",
        r"\bsæt(ter)? \{variable\}": "angiv(er) {variable}",
        # What waits on an offline phone is what was entered; "Tryk …" first in a sentence reads as "Press".
        r"\bventende tryk\b|\bTryk gemmes\b|(\d+|\{count\}) tryk venter": "indtastning(er)",
        r"ikke lavet": "ikke gennemført",
        r"\bjeres \{old\}": "værdien, der er indtastet her ({old})",
        r"^ikke talt endnu$": "endnu ikke udført (after the scoring's name)",
    },
    "it": {
        r"\bprend[eo]": "ottiene",
        r"\bricev": "ottiene",
        r"casell[ae] per monastero": "casella monastero",
        r"^Più territori": "Maggior numero di territori",
        r"più monasteri di tutti": "la maggioranza dei monasteri",
        r"\bpareggi": "parità, spareggio",
        r"ciascuno tra": "ciascuno di",
        r"secondo il regolamento": "secondo l'interpretazione predefinita",
        r"così si legge il regolamento": "l'interpretazione predefinita",
        r"ciascuno di \{above\}": "tanti quanti i monasteri che … hanno ciascuno",
        r"il tavolo ha corretto": "i giocatori hanno corretto",
        r"l'aveva caricato": "dopo che questa pagina è stata caricata",
        # A tie-break's verdict says what broke the tie with "ma": "a parità di punti (47), ma con più pezzi".
        r"a parità di [^.]*\), ha più": "a parità di …, ma con più …",
        # What waits on an offline phone is what was entered, not taps.
        r"\btocchi\b|\btocco (in attesa|resta)": "i valori inseriti",
        # A scoring is a conteggio; the score track keeps its punteggio (tracciato del punteggio).
        r"(?<!tracciato del )\bpunteggio\b": "conteggio",
        r"quando torna\b": "quando tornerà",
        r"un nome suo": "un nome proprio",
        r"troppo pochi": "non basta, non bastano",
        r"usare il suo database": "accedere al database",
        r"il vostro \{old\}": "il valore inserito qui ({old})",
        r"^non ancora contato$": "ancora da fare (after the scoring's name)",
    },
}
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
    assert "says 'tocco in attesa'" in stale and "'i valori inseriti'" in stale, stale
    assert replaced_words("it", [(message, "Connessione tornata: il valore inserito è stato inviato.")]) == []


def test_the_glossary_lists_the_words_the_catalogs_use():
    glossary = GLOSSARY.read_text(encoding="utf-8")
    missing = [f"{concept}: {words[language][0]}" for concept, (_, words) in CONCEPTS.items() for language in words
               if words[language][0] not in glossary]
    assert not missing, missing


def test_danish_says_braetter_for_boards():
    wrong = [f"{describe(m)}: {text!r}" for m in messages(po("da")) if PLURAL_BOARDS.search(singular(m))
             for text in forms(m) if not re.search(r"brætter", text)]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_princeps_summary_names_each_category(language):
    (text,) = forms(next(m for m in messages(po(language)) if singular(m) == EACH_CATEGORY))
    assert len(re.findall(STABLE[language], text)) == 3, text
