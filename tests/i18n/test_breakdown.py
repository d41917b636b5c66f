"""The rulebook examples read right in every language: the exact sentences, the rulebooks' own
terms, and the country names as the board prints them with the local name beside them."""
import pytest

from assistant.games.kardinal import GAME as KARDINAL
from assistant.problems import InvalidInput
from assistant.translator import translator_for

# The rulebooks' players: the Spanish one's in Spanish, the Danish one's in Danish, the English
# one's elsewhere (the German page names colours only).
NAMES = {
    "de": {"green": "Andreas", "red": "Barbara", "blue": "Doris", "purple": "Chris"},
    "es": {"green": "José", "red": "María", "blue": "Laura", "purple": "Pedro"},
    "da": {"green": "Andreas", "red": "Barbra", "blue": "Doris", "purple": "Chris"},
    "it": {"green": "Andreas", "red": "Barbara", "blue": "Doris", "purple": "Chris"},
}
ROADS = [["bu1", "bu2"], ["bu2", "bu3"], ["bu3", "it1"], ["it1", "it2"], ["bu3", "ba1"]]


def rulebook_examples(language):
    """Frankreich 4-2-1, Lothringen 2-2-1, alliance 14 Italien–Burgund (blue 4 + 2) with monasteries
    that keep the advisor cap, and purple's 5 in a line through Burgund and Italien with a branch."""
    names = NAMES[language]
    data = {
        "scoring": "final",
        "players": [{"color": color, "name": name} for color, name in names.items()],
        "monasteries": {
            "Frankreich": {"green": 4, "red": 2, "blue": 1},
            "Lothringen": {"red": 2, "purple": 2, "blue": 1},
            "Italien": {"green": 4, "purple": 2},
            "Burgund": {"red": 2, "purple": 3},
            "Bayern": {"purple": 1},
        },
        "advisors": {"Italien": {"blue": 2, "red": 1, "green": 1}, "Burgund": {"blue": 1, "red": 1}},
        "chains": {"purple": {"roads": ROADS}},
    }
    return KARDINAL.score(data, translator_for(language))


def step(report, kind, subject=None, number=None):
    return next(s for s in report.steps if s.kind == kind and subject in (None, s.subject) and number in (None, s.number))


EXPECTED = {
    "de": {
        "Frankreich": "Frankreich: Andreas (Grün) hat die meisten Klöster (4) und erhält 7 Punkte für alle Klöster im Land; "
        "Barbara (Rot) liegt mit 2 auf dem zweiten Platz und erhält 4 Punkte, so viele, wie Andreas (Grün) dort Klöster hat; "
        "Doris (Blau) liegt mit 1 auf dem dritten Platz und erhält 2 Punkte, so viele, wie Barbara (Rot) dort Klöster hat.",
        "Lothringen": "Lothringen: Barbara (Rot) und Chris (Lila) haben mit je 2 die meisten Klöster und erhalten je 5 Punkte "
        "für alle Klöster im Land; Doris (Blau) liegt mit 1 auf dem zweiten Platz und erhält 2 Punkte, "
        "so viele, wie Barbara (Rot) und Chris (Lila) dort jeweils Klöster haben.",
        "alliance 14": "Bündnis 14, Italien–Burgund: Doris (Blau) hat in beiden Ländern die Rätemehrheit und erhält 6 Punkte, "
        "einen für jeden Rat: 4 in Italien + 2 in Burgund.",
        "chain": "Chris (Lila): 5 Punkte für die Linie bu1–bu2–bu3–it1–it2; insgesamt 5 Punkte. Das Kloster ba1 ist eine "
        "Abzweigung oder bleibt übrig und zählt nicht. Die englische Spielregel sagt: „Abzweigungen werden nicht "
        "berücksichtigt (die Kette kann nur einen Anfang und ein Ende haben).“",
        "alliance 15": "Bündnis 15, Italien–Bayern: Niemand hat in beiden Ländern die Rätemehrheit "
        "(Mehrheit in Italien: Doris (Blau); keine Räte in Bayern).",
    },
    "es": {
        "Frankreich": "Frankreich (Francia): José (verde) tiene la mayoría de monasterios (4) y recibe 7 puntos, uno por cada "
        "monasterio del país; María (rojo) queda en segundo lugar con 2 y recibe 4 puntos, tantos como monasterios tiene "
        "José (verde); Laura (azul) queda en tercer lugar con 1 y recibe 2 puntos, tantos como monasterios tiene María (rojo).",
        "Lothringen": "Lothringen (Lorena): María (rojo) y Pedro (púrpura) comparten la mayoría de monasterios (2 cada uno) y "
        "cada uno recibe 5 puntos, uno por cada monasterio del país; Laura (azul) queda en segundo lugar con 1 y recibe "
        "2 puntos, tantos como monasterios tienen María (rojo) y Pedro (púrpura) cada uno.",
        "alliance 14": "Alianza 14, Italien (Italia) – Burgund (Borgoña): Laura (azul) tiene la mayoría de consejeros en ambos "
        "países y recibe 6 puntos, uno por cada consejero: 4 en Italien (Italia) + 2 en Burgund (Borgoña).",
        "chain": "Pedro (púrpura): la línea bu1–bu2–bu3–it1–it2 da 5 puntos; 5 puntos en total. El monasterio ba1 es una "
        "ramificación o queda suelto y no cuenta. El reglamento dice: «Las ramificaciones no se cuentan (esto es, la "
        "línea solo puede tener un inicio y un final)».",
        "alliance 15": "Alianza 15, Italien (Italia) – Bayern (Baviera): nadie tiene la mayoría de consejeros en ambos países "
        "(mayoría en Italien (Italia): Laura (azul); ningún consejero en Bayern (Baviera)).",
    },
    "da": {
        "Frankreich": "Frankreich (Frankrig): Andreas (grøn) har flest klostre (4) og får 7 point, ét for hvert kloster i "
        "landet; Barbra (rød) ligger på anden plads med 2 og får 4 point, lige så mange som Andreas (grøn) har klostre; "
        "Doris (blå) ligger på tredje plads med 1 og får 2 point, lige så mange som Barbra (rød) har klostre.",
        "Lothringen": "Lothringen: Barbra (rød) og Chris (lilla) deler førstepladsen med 2 hver og får hver 5 point, "
        "ét for hvert kloster i landet; Doris (blå) ligger på anden plads med 1 og får 2 point, lige så mange som "
        "Barbra (rød) og Chris (lilla) hver har klostre.",
        "alliance 14": "Sammenslutning 14, Italien – Burgund: Doris (blå) har flertal af rådmænd i begge lande og får 6 point, "
        "ét for hver rådmand: 4 i Italien + 2 i Burgund.",
        "chain": "Chris (lilla): linjen bu1–bu2–bu3–it1–it2 giver 5 point; 5 point i alt. Klosteret ba1 er en afstikker eller "
        "til overs og tæller ikke. Reglerne siger: »Afstikkere tæller ikke med, og hvert kloster må kun tælles med en gang.«",
        "alliance 15": "Sammenslutning 15, Italien – Bayern: ingen har flertal af rådmænd i begge lande "
        "(flertal i Italien: Doris (blå); ingen rådmænd i Bayern).",
    },
    "it": {
        "Frankreich": "Frankreich (Francia): Andreas (verde) ha la maggioranza dei monasteri (4) e ottiene 7 punti, uno per "
        "ogni monastero del paese; Barbara (rosso) è al secondo posto con 2 e ottiene 4 punti, tanti quanti i monasteri di "
        "Andreas (verde); Doris (blu) è al terzo posto con 1 e ottiene 2 punti, tanti quanti i monasteri di Barbara (rosso).",
        "Lothringen": "Lothringen (Lorena): Barbara (rosso) e Chris (viola) hanno la maggioranza dei monasteri a pari merito "
        "(2 ciascuno) e ottengono 5 punti ciascuno, uno per ogni monastero del paese; Doris (blu) è al secondo posto "
        "con 1 e ottiene 2 punti, tanti quanti i monasteri che Barbara (rosso) e Chris (viola) hanno ciascuno.",
        "alliance 14": "Alleanza 14, Italien (Italia) – Burgund (Borgogna): Doris (blu) ha la maggioranza dei consiglieri in "
        "entrambi i paesi e ottiene 6 punti, uno per ogni consigliere: 4 in Italien (Italia) + 2 in Burgund (Borgogna).",
        "chain": "Chris (viola): la linea bu1–bu2–bu3–it1–it2 vale 5 punti; 5 punti in tutto. Il monastero ba1 è una "
        "diramazione o resta fuori e non conta. Il regolamento inglese dice: «Le diramazioni non vengono considerate (la "
        "catena può avere un solo inizio e una sola fine)».",
        "alliance 15": "Alleanza 15, Italien (Italia) – Bayern (Baviera): nessuno ha la maggioranza dei consiglieri in "
        "entrambi i paesi (maggioranza in Italien (Italia): Doris (blu); nessun consigliere in Bayern (Baviera)).",
    },
}
# The rulebooks' own words for monasteries and advisors (plural), and France as the board shows it.
TERMS = {
    "de": ("Klöster", "Räte", "Frankreich:"),
    "es": ("monasterios", "consejeros", "Frankreich (Francia):"),
    "da": ("klostre", "rådmænd", "Frankreich (Frankrig):"),
    "it": ("monasteri", "consiglieri", "Frankreich (Francia):"),
}
LANGUAGES = list(EXPECTED)


@pytest.mark.parametrize("language", LANGUAGES)
def test_monastery_examples_read_right(language):
    report = rulebook_examples(language)
    assert step(report, "country", "Frankreich").text == EXPECTED[language]["Frankreich"]
    assert step(report, "country", "Lothringen").text == EXPECTED[language]["Lothringen"]
    assert step(report, "country", "Frankreich").awards == {"green": 7, "red": 4, "blue": 2}


@pytest.mark.parametrize("language", LANGUAGES)
def test_alliance_examples_read_right(language):
    report = rulebook_examples(language)
    fourteen = step(report, "alliance", number=14)
    assert fourteen.text == EXPECTED[language]["alliance 14"]
    assert fourteen.awards == {"blue": 6}
    assert step(report, "alliance", number=15).text == EXPECTED[language]["alliance 15"]
    assert report.warnings == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_chain_example_reads_right(language):
    chain = step(rulebook_examples(language), "chain", "purple")
    assert chain.text == EXPECTED[language]["chain"]
    assert chain.awards == {"purple": 5}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rulebooks_terms_and_the_boards_country_names(language):
    monasteries, advisors, france = TERMS[language]
    texts = [s.text for s in rulebook_examples(language).steps]
    everything = " ".join(texts)
    assert monasteries in everything and advisors in everything
    assert any(text.startswith(france) for text in texts)
    if language == "de":
        assert "(Frankreich)" not in everything and "Frankreich (" not in everything


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_left_in_the_breakdown(language):
    report = rulebook_examples(language)
    lines = [*(s.text for s in report.steps), *report.notes, report.verdict, *report.summary_lines(translator_for(language))]
    for line in lines:
        for word in (" the ", " scores ", " monastery", " monasteries", " advisor", " and ", " points", " wins", "nobody", " chain", "supply"):
            assert word not in line, (word, line)


# Colours standing alone are names: German always capitalises the noun, the others capitalise the name.
ALONE = {
    "de": ("Grün führt nach der Zwischenwertung mit 7 Punkten.", "Frankreich: Grün hat die meisten Klöster (4)"),
    "es": ("Verde va a la cabeza con 7 puntos tras el puntaje intermedio.", "Frankreich (Francia): Verde tiene la mayoría de monasterios (4)"),
    "da": ("Grøn fører med 7 point efter den første pointtælling.", "Frankreich (Frankrig): Grøn har flest klostre (4)"),
    "it": ("Verde è in testa con 7 punti dopo il conteggio intermedio.", "Frankreich (Francia): Verde ha la maggioranza dei monasteri (4)"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_colours_as_player_names(language):
    data = {
        "scoring": "intermediate",
        "players": [{"color": c} for c in ("green", "red", "blue")],
        "monasteries": {"Frankreich": {"green": 4, "red": 2, "blue": 1}},
    }
    report = KARDINAL.score(data, translator_for(language))
    verdict, country = ALONE[language]
    assert report.verdict == verdict
    assert step(report, "country", "Frankreich").text.startswith(country)


SINGULAR = {
    "de": ("Bayern: Nur Grün hat hier ein Kloster (1) und erhält 1 Punkt.", "Grün führt nach der Zwischenwertung mit 1 Punkt."),
    "es": ("Bayern (Baviera): solo Verde tiene un monasterio aquí (1) y recibe 1 punto.", "Verde va a la cabeza con 1 punto tras el puntaje intermedio."),
    "da": ("Bayern: kun Grøn har et kloster her (1) og får 1 point.", "Grøn fører med 1 point efter den første pointtælling."),
    "it": ("Bayern (Baviera): solo Verde ha un monastero qui (1) e ottiene 1 punto.", "Verde è in testa con 1 punto dopo il conteggio intermedio."),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_point_is_singular(language):
    data = {"scoring": "intermediate", "players": [{"color": c} for c in ("green", "red", "blue")], "monasteries": {"Bayern": {"green": 1}}}
    report = KARDINAL.score(data, translator_for(language))
    country, verdict = SINGULAR[language]
    assert step(report, "country", "Bayern").text == country
    assert report.verdict == verdict


# --- errors and warnings ---------------------------------------------------------------------------
UNKNOWN_COUNTRY = {
    "de": "unbekanntes Land; die Länder sind: England, Franken, Bayern, Italien, Aragon, Frankreich, Lothringen, Schwaben, Burgund",
    "es": "país desconocido; los países son: England (Inglaterra), Franken (Franconia), Bayern (Baviera), Italien (Italia), "
    "Aragon, Frankreich (Francia), Lothringen (Lorena), Schwaben (Suabia), Burgund (Borgoña)",
    "da": "ukendt land; landene er: England, Franken, Bayern, Italien, Aragon, Frankreich (Frankrig), Lothringen, "
    "Schwaben, Burgund",
    "it": "paese sconosciuto; i paesi sono: England (Inghilterra), Franken (Franconia), Bayern (Baviera), Italien (Italia), "
    "Aragon (Aragona), Frankreich (Francia), Lothringen (Lorena), Schwaben (Svevia), Burgund (Borgogna)",
}
TOO_MANY_ADVISORS = {
    "de": "3 Räte in Italien, aber dort hat niemand mehr als 2 Klöster: Dort dürfen höchstens 2 Räte stehen",
    "es": "3 consejeros en Italien (Italia), pero el jugador mayoritario solo tiene 2 monasterios allí: puede haber como máximo 2 consejeros",
    "da": "3 rådmænd i Italien, men ingen har mere end 2 klostre der: der må højst stå 2 rådmænd",
    "it": "3 consiglieri in Italien (Italia), ma lì nessuno ha più di 2 monasteri: vi possono stare al massimo 2 consiglieri",
}
COLOUR_TAKEN = {
    "de": "die Farbe Grün ist schon vergeben",
    "es": "el color verde ya lo tiene otro jugador",
    "da": "farven grøn er allerede taget af en anden spiller",
    "it": "il colore verde è già di un altro giocatore",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_errors_are_translated(language):
    data = {
        "scoring": "final",
        "players": [{"color": "green"}, {"color": "green"}, {"color": "red"}],
        "monasteries": {"Atlantis": {"red": 1}},
    }
    with pytest.raises(InvalidInput) as invalid:
        KARDINAL.score(data, translator_for(language))
    reasons = {p.field: p.reason for p in invalid.value.problems}
    assert reasons["monasteries.Atlantis"] == UNKNOWN_COUNTRY[language]
    assert reasons["players.1.color"] == COLOUR_TAKEN[language]


def test_unknown_country_error_in_danish():
    data = {"scoring": "intermediate", "players": [{"color": c} for c in ("green", "red", "blue")], "monasteries": {"Atlantis": {"red": 1}}}
    with pytest.raises(InvalidInput) as invalid:
        KARDINAL.score(data, translator_for("da"))
    (problem,) = invalid.value.problems
    assert str(problem) == "monasteries.Atlantis: " + UNKNOWN_COUNTRY["da"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_warnings_are_translated(language):
    data = {
        "scoring": "intermediate",
        "players": [{"color": c} for c in ("green", "red", "blue")],
        "monasteries": {"Italien": {"green": 2, "red": 1}},
        "advisors": {"Italien": {"blue": 3}},
    }
    (warning,) = KARDINAL.score(data, translator_for(language)).warnings
    assert warning.field == "advisors.Italien"
    assert warning.reason == TOO_MANY_ADVISORS[language]


@pytest.mark.parametrize("language", LANGUAGES)
def test_validation_messages_from_the_model_are_translated(language):
    data = {"scoring": "final", "players": [{"color": "green", "name": 7}], "monasteries": {"Bayern": {"green": -1}}}
    with pytest.raises(InvalidInput) as invalid:
        KARDINAL.score(data, translator_for(language))
    with pytest.raises(InvalidInput) as in_english:
        KARDINAL.score(data, translator_for("en"))
    assert len(invalid.value.problems) == len(in_english.value.problems)
    for translated, original in zip(invalid.value.problems, in_english.value.problems):
        assert translated.field == original.field
        assert translated.reason != original.reason, original


# --- a table's board variant ---------------------------------------------------------------------
VARIANT_NOTE = {
    "de": "Gewertet auf der Spielplan-Variante „Unser Plan“; die Spielrunde hat Bündnis 3 berichtigt.",
    "es": "Se usó la variante de tablero «Unser Plan»; la mesa corrigió la alianza 3.",
    "da": "Pointtællingen bruger brætvarianten »Unser Plan«; spillerne har rettet sammenslutning 3.",
    "it": "Conteggio fatto sulla variante del tabellone «Unser Plan»; i giocatori hanno corretto l'alleanza 3.",
}
VARIANT_ERROR = {
    "de": "ein Bündnis verbindet zwei verschiedene Länder, nicht Frankreich mit sich selbst",
    "es": "una alianza une dos países distintos, no Frankreich (Francia) consigo mismo",
    "da": "en sammenslutning forbinder to forskellige lande, ikke Frankreich (Frankrig) med sig selv",
    "it": "un'alleanza unisce due paesi diversi, non Frankreich (Francia) con sé stesso",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_board_variant_note_and_error(language):
    from assistant.games.kardinal.board import published_board

    alliances = [list(a.countries) for a in published_board().alliances]
    alliances[2] = ["England", "Bayern"]
    data = {"scoring": "final", "players": [{"color": c} for c in ("green", "red", "blue")], "board": {"name": "Unser Plan", "alliances": alliances}}
    report = KARDINAL.score(data, translator_for(language))
    assert report.notes[-1] == VARIANT_NOTE[language]
    alliances[0] = ["Frankreich", "Francia"]
    with pytest.raises(InvalidInput) as invalid:
        KARDINAL.score(data, translator_for(language))
    assert [(p.field, p.reason) for p in invalid.value.problems] == [("board.alliances.0", VARIANT_ERROR[language])]
