"""Princeps Machiavelli in every language, and the command line's --lang."""
import json
import subprocess
import sys

import pytest

from assistant.cli import main
from assistant.games.princeps import CATEGORY_NAMES, KIND_NAMES, STATE_NAMES
from assistant.games.princeps import GAME as PRINCEPS
from assistant.problems import InvalidInput
from assistant.translator import translator_for

TIE_BROKEN = {
    "game": "princeps-machiavelli",
    "players": [
        {"name": "Ana", "territories": {"gold": {"stable": 3}, "farming": {"destabilised": 1}}},
        {"name": "Ben", "territories": {"trade": {"stable": 2}, "farming": {"destabilised": 2}}},
    ],
}
HOUSE_RULE = {
    "game": "princeps-machiavelli",
    "players": [
        {"name": "Ana", "territories": {"gold": {"stable": 2}, "trade": {"destabilised": 2}}},
        {"name": "Ben", "territories": {"gold": {"stable": 2}, "trade": {"destabilised": 1}, "farming": {"destabilised": 1}}},
        {"name": "Cy"},
    ],
    "rules": {"ties": "nobody"},
}

PRINCEPS_EXPECTED = {
    "de": {
        "steps": [
            "Die meisten Gebiete: Gleichstand zwischen Ana und Ben (je 4), je +1 SP.",
            "Die meisten stabilen Goldgebiete: Ana (3), +1 SP.",
            "Die meisten stabilen Handelsgebiete: Ben (2), +1 SP.",
            "Niemand hat ein stabiles Ackerbaugebiet: kein Siegpunkt.",
            "Ana und Ben liegen mit 2 SP gleichauf; die meisten stabilen Gebiete: Ana (3) gewinnt.",
        ],
        "verdict": "Ana gewinnt nach dem ersten Entscheidungskriterium: gleichauf mit 2 SP, aber mit den meisten stabilen Gebieten (3).",
        "player": "Ana: 2 SP (Gebiete 4, davon stabil 3; Gold 3, Handel 0, Ackerbau 1; stabil: Gold 3, Handel 0, Ackerbau 0)",
        "house": "Die meisten Gebiete: Gleichstand zwischen Ana und Ben (je 4), niemand erhält den Siegpunkt (Hausregel).",
        "third": "Ana gewinnt nach dem dritten Entscheidungskriterium: gleichauf mit 0 SP, bei den stabilen Gebieten und den "
        "Goldgebieten, aber mit den meisten Handelsgebieten (2).",
        "warning": "7 Spieler, aber das Spiel hat nur 5 Fürstenkarten, eine pro Spieler",
    },
    "es": {
        "steps": [
            "Mayor cantidad de territorios: Ana y Ben empatan (4 cada uno), +1 PV cada uno.",
            "Mayor cantidad de territorios con oro estabilizados: Ana (3), +1 PV.",
            "Mayor cantidad de territorios comerciales estabilizados: Ben (2), +1 PV.",
            "Nadie tiene territorios agrícolas estabilizados: nadie recibe el PV.",
            "Ana y Ben empatan con 2 PV; mayor número de territorios estables: gana Ana (3).",
        ],
        "verdict": "Ana gana por el primer desempate: empata con 2 PV, pero tiene el mayor número de territorios estables (3).",
        "player": "Ana: 2 PV (territorios 4, de ellos estables 3; oro 3, comercio 0, agricultura 1; estables: oro 3, comercio 0, agricultura 0)",
        "house": "Mayor cantidad de territorios: Ana y Ben empatan (4 cada uno), nadie recibe el PV (regla de la casa).",
        "third": "Ana gana por el tercer desempate: empata con 0 PV, en territorios estables y en territorios con oro, pero "
        "tiene el mayor número de territorios con comercio (2).",
        "warning": "7 jugadores, pero el juego solo tiene 5 cartas de Príncipe, una por jugador",
    },
    "da": {
        "steps": [
            "Flest områder: Ana og Ben står lige (4 hver), +1 sejrspoint til hver.",
            "Flest stabile guldområder: Ana (3), +1 sejrspoint.",
            "Flest stabile handelsområder: Ben (2), +1 sejrspoint.",
            "Ingen har et stabilt landbrugsområde: intet sejrspoint.",
            "Ana og Ben står lige på 2 sejrspoint; flest stabile områder: Ana (3) vinder.",
        ],
        "verdict": "Ana vinder på første kriterium ved pointlighed: står lige på 2 sejrspoint, men har flest stabile områder (3).",
        "player": "Ana: 2 sejrspoint (områder 4, heraf stabile 3; guld 3, handel 0, landbrug 1; stabile: guld 3, handel 0, landbrug 0)",
        "house": "Flest områder: Ana og Ben står lige (4 hver), ingen får sejrspointet (husregel).",
        "third": "Ana vinder på tredje kriterium ved pointlighed: står lige på 0 sejrspoint, på stabile områder og på "
        "guldområder, men har flest handelsområder (2).",
        "warning": "7 spillere, men spillet har kun 5 fyrstekort, ét til hver spiller",
    },
    "it": {
        "steps": [
            "Maggior numero di territori: Ana e Ben sono a pari merito (4 ciascuno), +1 PV ciascuno.",
            "Maggior numero di territori auriferi stabili: Ana (3), +1 PV.",
            "Maggior numero di territori commerciali stabili: Ben (2), +1 PV.",
            "Nessuno ha territori agricoli stabili: nessun PV.",
            "Ana e Ben sono in parità con 2 PV; maggior numero di territori stabili: vince Ana (3).",
        ],
        "verdict": "Ana vince al primo spareggio: a parità di PV (2), ma con più territori stabili (3).",
        "player": "Ana: 2 PV (territori 4, di cui stabili 3; oro 3, commercio 0, agricoltura 1; stabili: oro 3, commercio 0, agricoltura 0)",
        "house": "Maggior numero di territori: Ana e Ben sono a pari merito (4 ciascuno), nessuno ottiene il PV (regola della casa).",
        "third": "Ana vince al terzo spareggio: a parità di PV (0), di territori stabili e di territori auriferi, ma con più "
        "territori commerciali (2).",
        "warning": "7 giocatori, ma il gioco ha solo 5 carte Principe, una per giocatore",
    },
}
LANGUAGES = list(PRINCEPS_EXPECTED)


@pytest.mark.parametrize("language", LANGUAGES)
def test_princeps_breakdown_and_tie_break(language):
    tr = translator_for(language)
    report = PRINCEPS.score(TIE_BROKEN, tr)
    expected = PRINCEPS_EXPECTED[language]
    assert [s.text for s in report.steps] == expected["steps"]
    assert report.verdict == expected["verdict"]
    assert report.summary_lines(tr)[0] == expected["player"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_princeps_house_rule_and_third_tie_break(language):
    report = PRINCEPS.score(HOUSE_RULE, translator_for(language))
    assert report.steps[0].text == PRINCEPS_EXPECTED[language]["house"]
    assert report.verdict == PRINCEPS_EXPECTED[language]["third"]
    assert report.notes and report.notes != PRINCEPS.score(HOUSE_RULE).notes


@pytest.mark.parametrize("language", LANGUAGES)
def test_princeps_warning_and_errors(language):
    tr = translator_for(language)
    crowded = {"game": "princeps-machiavelli", "players": [{"name": n} for n in "ABCDEFG"]}
    (warning,) = PRINCEPS.score(crowded, tr).warnings
    assert warning.reason == PRINCEPS_EXPECTED[language]["warning"]
    bad = {"game": "princeps-machiavelli", "players": [{"name": "Ana", "territories": {"gold": {"stable": 25}}}, {"name": "ana"}]}
    translated, original = problems(bad, tr), problems(bad, translator_for("en"))
    assert len(translated) == len(original) == 2
    for mine, english in zip(translated, original):
        assert mine.field == english.field and mine.reason != english.reason


def problems(data, tr):
    with pytest.raises(InvalidInput) as invalid:
        PRINCEPS.score(data, tr)
    return invalid.value.problems


@pytest.mark.parametrize("language", LANGUAGES)
def test_princeps_labels_for_an_entry_screen(language):
    tr = translator_for(language)
    for label in [*CATEGORY_NAMES.values(), *KIND_NAMES.values(), *STATE_NAMES.values()]:
        assert tr.gettext(label) != label


# --- the command line ---------------------------------------------------------------------------
FRANKREICH = {
    "scoring": "intermediate",
    "players": [{"color": "green", "name": "Andreas"}, {"color": "red", "name": "Barbara"}, {"color": "blue", "name": "Doris"}],
    "monasteries": {"Frankreich": {"green": 4, "red": 2, "blue": 1}},
}


def test_cli_lang_it_prints_italian(tmp_path, capsys):
    path = tmp_path / "francia.json"
    path.write_text(json.dumps(FRANKREICH), encoding="utf-8")
    assert main(["score", str(path), "--lang", "it"]) == 0
    out = capsys.readouterr().out
    assert " 6. Frankreich (Francia): Andreas (verde) ha la maggioranza dei monasteri (4) e ottiene 7 punti" in out
    assert "Barbara (rosso) è al secondo posto con 2 e ottiene 4 punti, tanti quanti i monasteri di Andreas (verde)" in out
    assert "Andreas (verde): 7 punti (0 prima + 7 ora: monasteri 7, alleanze 0, catene 0); segnapunti sulla casella 7; 24 pezzi nella riserva" in out
    assert out.rstrip().endswith("Andreas (verde) è in testa con 7 punti dopo il conteggio intermedio.")


def test_cli_lang_it_errors_and_warnings(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**FRANKREICH, "monasteries": {"Atlantide": {"red": 1}}}), encoding="utf-8")
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({**FRANKREICH, "advisors": {"Aragon": {"red": 1}}}), encoding="utf-8")
    assert main(["score", str(bad), str(odd), str(tmp_path / "missing.json"), "--lang", "it"]) == 2
    captured = capsys.readouterr()
    errors = captured.err.splitlines()
    assert errors[0].startswith("errore: monasteries.Atlantide: paese sconosciuto; i paesi sono: England (Inghilterra),")
    assert errors[1].startswith(f"errore: {tmp_path / 'missing.json'}: non si può leggere (")
    assert (
        "avviso: advisors.Aragon: consiglieri in Aragon (Aragona), ma lì non c'è nessun monastero: "
        "non possono esservi stati piazzati" in captured.out
    )


def test_python_m_assistant_with_lang_it():
    done = subprocess.run(
        [sys.executable, "-m", "assistant", "score", "-", "--lang", "it"],
        input=json.dumps(FRANKREICH), capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Andreas (verde) è in testa con 7 punti dopo il conteggio intermedio." in done.stdout


@pytest.mark.parametrize("language", LANGUAGES)
def test_cli_scores_princeps_in_each_language(tmp_path, capsys, language):
    path = tmp_path / "princeps.json"
    path.write_text(json.dumps(TIE_BROKEN), encoding="utf-8")
    assert main(["score", str(path), "--lang", language]) == 0
    out = capsys.readouterr().out
    assert PRINCEPS_EXPECTED[language]["verdict"] in out
    assert "VP" not in out and "territories" not in out


CHOICES = {
    "de": "muss einer dieser Werte sein: 'shared' oder 'nobody'",
    "es": "debe ser uno de estos valores: 'shared' o 'nobody'",
    "da": "skal være en af: 'shared' eller 'nobody'",
    "it": "deve essere uno di questi valori: 'shared' o 'nobody'",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_or_in_a_list_of_choices(language):
    data = {**TIE_BROKEN, "rules": {"ties": "sometimes"}}
    (problem,) = problems(data, translator_for(language))
    assert (problem.field, problem.reason) == ("rules.ties", CHOICES[language])
