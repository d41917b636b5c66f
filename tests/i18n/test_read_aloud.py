"""The read-aloud pass, kept: positions with ties at several places, a shared alliance, a branch
(under both readings), the supply tie-break, a shared win and a shared lead, and Princeps' tie-breaks
(tests/i18n/read_aloud/*.json), scored on the command line in all five languages. These are the
sentences as a native player reads them aloud at the table; the scores page says the same ones."""
import html
import json
from pathlib import Path

import pytest

from assistant.cli import main
from tests.web import helpers as kardinal_web
from tests.web import princeps as princeps_web

POSITIONS = Path(__file__).parent / "read_aloud"

# language -> position -> sentences the output must contain, each a whole line (steps without their number).
READ_ALOUD = {
    "en": {
        "kardinal-supply-tie": [
            "Lothringen: Andreas (green) and Barbara (red) share the most monasteries (3 each) and each score all"
            " 10; Doris (blue) and Chris (purple) share second place with 2 each and each score 3, as many as the monasteries "
            "each of Andreas (green) and Barbara (red) has.",
            "Alliance 14, Italien–Burgund: Andreas (green) and Barbara (red) hold the advisor majority in both "
            "and each score all 4 advisors (Italien 2 + Burgund 2).",
            "Chris (purple): the line a–b–c–d–e scores 5; the line f–g–h–i scores 4; 9 points in all. The "
            "rulebook says: “Branches are not taken into account (the chain can only have one beginning and one "
            "end).” Under the default reading a side branch of 4 or more is a chain of its own; with the house "
            "rule 'only the longest line of each group' it would be 7 points.",
            "Barbara (red) wins: tied on 47 points, but with the most pieces left in supply (20).",
        ],
        "kardinal-shared-win": [
            "Orange: the line a–b–c–f–g–h–i scores 7; 7 points in all. Monasteries d, e are branches or leftovers"
            " and do not count. The rulebook says: “Branches are not taken into account (the chain can only have "
            "one beginning and one end).” Under the default reading (a side branch of 4 or more is a chain of its"
            " own) it would be 9 points.",
            "Kim (yellow) and Lea (white) share the win: tied on 35 points and on pieces left in supply (26 "
            "each). The rulebooks say nothing about a tie the supply does not break; a shared win is the default "
            "reading.",
        ],
        "kardinal-shared-lead": [
            "Aragon: José (green) and María (red) share the most monasteries (2 each) and each score all 5; Blue "
            "is second with 1 and scores 2, as many as the monasteries each of José (green) and María (red) has.",
            "José (green) and María (red) share the lead with 5 points after the intermediate scoring.",
        ],
        "princeps-second-tie-break": [
            "Ana and Ben are still tied; most gold territories: Ben (3) wins.",
            "Ben wins on the second tie-break: tied on 3 VP and on stable territories, but with the most gold "
            "territories (3).",
        ],
        "princeps-third-tie-break": [
            "Ana and Ben are still tied; most trade territories: Ana (2) wins.",
            "Ana wins on the third tie-break: tied on 4 VP, stable territories and gold territories, but with the most trade territories (2).",
            "Ana: 4 VP (territories 4, stable 3; gold 1, trade 2, farming 1; stable gold 1, stable trade 1, stable farming 1)",
        ],
        "princeps-shared-win": [
            "Ana and Ben are still tied; most trade territories: Ana and Ben (1 each): they share the win.",
            "Ana and Ben share the win: tied on 0 VP, on stable territories, on gold territories and on trade "
            "territories. The rulebook says nothing about a tie after the third tie-break; a shared win is the "
            "default reading.",
        ],
    },
    "de": {
        "kardinal-supply-tie": [
            "Lothringen: Andreas (Grün) und Barbara (Rot) haben mit je 3 die meisten Klöster und erhalten je 10 "
            "Punkte für alle Klöster im Land; Doris (Blau) und Chris (Lila) teilen sich mit je 2 den zweiten "
            "Platz und erhalten je 3 Punkte, so viele, wie Andreas (Grün) und Barbara (Rot) dort jeweils Klöster "
            "haben.",
            "Bündnis 14, Italien–Burgund: Andreas (Grün) und Barbara (Rot) haben in beiden Ländern die "
            "Rätemehrheit und erhalten je 4 Punkte, einen für jeden Rat: 2 in Italien + 2 in Burgund.",
            "Chris (Lila): 5 Punkte für die Linie a–b–c–d–e; 4 Punkte für die Linie f–g–h–i; insgesamt 9 Punkte. "
            "Die englische Spielregel sagt: „Abzweigungen werden nicht berücksichtigt (die Kette kann nur einen "
            "Anfang und ein Ende haben).“ Nach der Standardlesart ist eine Abzweigung aus 4 oder mehr Klöstern "
            "eine eigene Kette; mit der Hausregel „nur die längste Linie jeder Gruppe“ wären es 7 Punkte.",
            "Barbara (Rot) gewinnt: gleichauf mit 47 Punkten, aber mit den meisten Steinen im Vorrat (20).",
        ],
        "kardinal-shared-win": [
            "Orange: 7 Punkte für die Linie a–b–c–f–g–h–i; insgesamt 7 Punkte. Die Klöster d, e sind Abzweigungen "
            "oder bleiben übrig und zählen nicht. Die englische Spielregel sagt: „Abzweigungen werden nicht "
            "berücksichtigt (die Kette kann nur einen Anfang und ein Ende haben).“ Nach der Standardlesart (eine "
            "Abzweigung aus 4 oder mehr Klöstern ist eine eigene Kette) wären es 9 Punkte.",
            "Kim (Gelb) und Lea (Weiß) teilen sich den Sieg: gleichauf mit 35 Punkten und mit gleich vielen "
            "Steinen im Vorrat (je 26). Die Spielregeln sagen nichts zu einem Gleichstand, den der Vorrat nicht "
            "entscheidet; der geteilte Sieg ist die Standardlesart.",
        ],
        "kardinal-shared-lead": [
            "Aragon: José (Grün) und María (Rot) haben mit je 2 die meisten Klöster und erhalten je 5 Punkte für "
            "alle Klöster im Land; Blau liegt mit 1 auf dem zweiten Platz und erhält 2 Punkte, so viele, wie José"
            " (Grün) und María (Rot) dort jeweils Klöster haben.",
            "José (Grün) und María (Rot) führen nach der Zwischenwertung gemeinsam mit 5 Punkten.",
        ],
        "princeps-second-tie-break": [
            "Ana und Ben liegen weiter gleichauf; die meisten Goldgebiete: Ben (3) gewinnt.",
            "Ben gewinnt nach dem zweiten Entscheidungskriterium: gleichauf mit 3 SP und bei den stabilen "
            "Gebieten, aber mit den meisten Goldgebieten (3).",
        ],
        "princeps-third-tie-break": [
            "Ana und Ben liegen weiter gleichauf; die meisten Handelsgebiete: Ana (2) gewinnt.",
            "Ana gewinnt nach dem dritten Entscheidungskriterium: gleichauf mit 4 SP, bei den stabilen Gebieten und den Goldgebieten, aber mit den meisten Handelsgebieten (2).",
        ],
        "princeps-shared-win": [
            "Ana und Ben liegen weiter gleichauf; die meisten Handelsgebiete: Ana und Ben (je 1): geteilter Sieg.",
            "Ana und Ben teilen sich den Sieg: gleichauf mit 0 SP, bei den stabilen Gebieten, den Goldgebieten "
            "und den Handelsgebieten. Die Spielregel sagt nichts zu einem Gleichstand nach dem dritten "
            "Entscheidungskriterium; der geteilte Sieg ist die Standardlesart.",
        ],
    },
    "es": {
        "kardinal-supply-tie": [
            "Lothringen (Lorena): Andreas (verde) y Barbara (rojo) comparten la mayoría de monasterios (3 cada "
            "uno) y cada uno recibe 10 puntos, uno por cada monasterio del país; Doris (azul) y Chris (púrpura) "
            "comparten el segundo lugar con 2 cada uno y cada uno recibe 3 puntos, tantos como monasterios tienen"
            " Andreas (verde) y Barbara (rojo) cada uno.",
            "Alianza 14, Italien (Italia) – Burgund (Borgoña): Andreas (verde) y Barbara (rojo) tienen la mayoría"
            " de consejeros en ambos países y cada uno recibe 4 puntos, uno por cada consejero: 2 en Italien "
            "(Italia) + 2 en Burgund (Borgoña).",
            "Chris (púrpura): la línea a–b–c–d–e da 5 puntos; la línea f–g–h–i da 4 puntos; 9 puntos en total. El"
            " reglamento dice: «Las ramificaciones no se cuentan (esto es, la línea solo puede tener un inicio y "
            "un final)». Según la lectura predeterminada, una ramificación de 4 o más es una cadena por sí misma;"
            " con la regla de la casa «solo la línea más larga de cada grupo» serían 7 puntos.",
            "Barbara (rojo) gana: empata con 47 puntos, pero le quedan más piezas en el suministro (20).",
        ],
        "kardinal-shared-win": [
            "Naranja: la línea a–b–c–f–g–h–i da 7 puntos; 7 puntos en total. Los monasterios d, e son "
            "ramificaciones o quedan sueltos y no cuentan. El reglamento dice: «Las ramificaciones no se cuentan "
            "(esto es, la línea solo puede tener un inicio y un final)». Según la lectura predeterminada (una "
            "ramificación de 4 o más es una cadena por sí misma) serían 9 puntos.",
            "Kim (amarillo) y Lea (blanco) comparten la victoria: empatan con 35 puntos y también en las piezas "
            "que les quedan en el suministro (26 cada uno). Los reglamentos no dicen qué pasa si el suministro no"
            " desempata; la victoria compartida es la lectura predeterminada.",
        ],
        "kardinal-shared-lead": [
            "Aragon: José (verde) y María (rojo) comparten la mayoría de monasterios (2 cada uno) y cada uno "
            "recibe 5 puntos, uno por cada monasterio del país; Azul queda en segundo lugar con 1 y recibe 2 "
            "puntos, tantos como monasterios tienen José (verde) y María (rojo) cada uno.",
            "José (verde) y María (rojo) comparten el primer lugar con 5 puntos tras el puntaje intermedio.",
        ],
        "princeps-second-tie-break": [
            "Ana y Ben siguen empatados; mayor número de territorios con oro: gana Ben (3).",
            "Ben gana por el segundo desempate: empata con 3 PV y en territorios estables, pero tiene el mayor "
            "número de territorios con oro (3).",
        ],
        "princeps-third-tie-break": [
            "Ana y Ben siguen empatados; mayor número de territorios con comercio: gana Ana (2).",
            "Ana gana por el tercer desempate: empata con 4 PV, en territorios estables y en territorios con oro, pero tiene el mayor número de territorios con comercio (2).",
        ],
        "princeps-shared-win": [
            "Ana y Ben siguen empatados; mayor número de territorios con comercio: Ana y Ben (1 cada uno): "
            "comparten la victoria.",
            "Ana y Ben comparten la victoria: empatan con 0 PV, en territorios estables, en territorios con oro y"
            " en territorios con comercio. El reglamento no dice qué pasa si siguen empatados después del tercer "
            "desempate; la victoria compartida es la lectura predeterminada.",
        ],
    },
    "da": {
        "kardinal-supply-tie": [
            "Lothringen: Andreas (grøn) og Barbara (rød) deler førstepladsen med 3 hver og får hver 10 point, ét "
            "for hvert kloster i landet; Doris (blå) og Chris (lilla) deler anden plads med 2 hver og får hver 3 "
            "point, lige så mange som Andreas (grøn) og Barbara (rød) hver har klostre.",
            "Sammenslutning 14, Italien – Burgund: Andreas (grøn) og Barbara (rød) har flertal af rådmænd i begge"
            " lande og får hver 4 point, ét for hver rådmand: 2 i Italien + 2 i Burgund.",
            "Chris (lilla): linjen a–b–c–d–e giver 5 point; linjen f–g–h–i giver 4 point; 9 point i alt. Reglerne"
            " siger: »Afstikkere tæller ikke med, og hvert kloster må kun tælles med en gang.« Efter "
            "standardfortolkningen er en afstikker på 4 eller flere en kæde for sig; med husreglen »kun den "
            "længste linje i hver gruppe« ville det give 7 point.",
            "Barbara (rød) vinder: står lige på 47 point, men har flest brikker tilbage i forrådet (20).",
        ],
        "kardinal-shared-win": [
            "Orange: linjen a–b–c–f–g–h–i giver 7 point; 7 point i alt. Klostrene d, e er afstikkere eller "
            "til overs og tæller ikke. Reglerne siger: »Afstikkere tæller ikke med, og hvert kloster må kun tælles"
            " med en gang.« Efter standardfortolkningen (en afstikker på 4 eller flere er en kæde for sig) ville "
            "det give 9 point.",
            "Kim (gul) og Lea (hvid) deler sejren: står lige på 35 point og har lige mange brikker i forrådet (26"
            " hver). Reglerne siger intet om pointlighed, som forrådet ikke afgør; delt sejr er "
            "standardfortolkningen.",
        ],
        "kardinal-shared-lead": [
            "Aragon: José (grøn) og María (rød) deler førstepladsen med 2 hver og får hver 5 point, "
            "ét for hvert kloster i landet; Blå ligger på anden plads med 1 og får 2 point, lige så mange som "
            "José (grøn) og María (rød) hver har klostre.",
            "José (grøn) og María (rød) deler føringen med 5 point efter den første pointtælling.",
        ],
        "princeps-second-tie-break": [
            "Ana og Ben står stadig lige; flest guldområder: Ben (3) vinder.",
            "Ben vinder på andet kriterium ved pointlighed: står lige på 3 sejrspoint og på stabile områder, men "
            "har flest guldområder (3).",
        ],
        "princeps-third-tie-break": [
            "Ana og Ben står stadig lige; flest handelsområder: Ana (2) vinder.",
            "Ana vinder på tredje kriterium ved pointlighed: står lige på 4 sejrspoint, på stabile områder og på guldområder, men har flest handelsområder (2).",
        ],
        "princeps-shared-win": [
            "Ana og Ben står stadig lige; flest handelsområder: Ana og Ben (1 hver): de deler sejren.",
            "Ana og Ben deler sejren: står lige på 0 sejrspoint og har lige mange stabile områder, guldområder og"
            " handelsområder. Reglerne siger intet om lighed efter tredje kriterium; delt sejr er "
            "standardfortolkningen.",
        ],
    },
    "it": {
        "kardinal-supply-tie": [
            "Lothringen (Lorena): Andreas (verde) e Barbara (rosso) hanno la maggioranza dei monasteri a pari "
            "merito (3 ciascuno) e ottengono 10 punti ciascuno, uno per ogni monastero del paese; Doris (blu) e "
            "Chris (viola) sono a pari merito al secondo posto con 2 ciascuno e ottengono 3 punti ciascuno, tanti"
            " quanti i monasteri che Andreas (verde) e Barbara (rosso) hanno ciascuno.",
            "Alleanza 14, Italien (Italia) – Burgund (Borgogna): Andreas (verde) e Barbara (rosso) hanno la "
            "maggioranza dei consiglieri in entrambi i paesi e ottengono 4 punti ciascuno, uno per ogni "
            "consigliere: 2 in Italien (Italia) + 2 in Burgund (Borgogna).",
            "Chris (viola): la linea a–b–c–d–e vale 5 punti; la linea f–g–h–i vale 4 punti; 9 punti in tutto. Il "
            "regolamento inglese dice: «Le diramazioni non vengono considerate (la catena può avere un solo "
            "inizio e una sola fine)». Secondo l'interpretazione predefinita una diramazione di 4 o più è una "
            "catena a sé; con la regola della casa «solo la linea più lunga di ogni gruppo» sarebbero 7 punti.",
            "Barbara (rosso) vince: a parità di punti (47), ma con più pezzi rimasti nella riserva (20).",
        ],
        "kardinal-shared-win": [
            "Arancione: la linea a–b–c–f–g–h–i vale 7 punti; 7 punti in tutto. I monasteri d, e sono diramazioni "
            "o restano fuori e non contano. Il regolamento inglese dice: «Le diramazioni non vengono considerate "
            "(la catena può avere un solo inizio e una sola fine)». Secondo l'interpretazione predefinita (una "
            "diramazione di 4 o più è una catena a sé) sarebbero 9 punti.",
            "Kim (giallo) e Lea (bianco) condividono la vittoria: a parità di punti (35) e di pezzi rimasti nella"
            " riserva (26 ciascuno). I regolamenti non dicono nulla di una parità che la riserva non risolve; la "
            "vittoria condivisa è l'interpretazione predefinita.",
        ],
        "kardinal-shared-lead": [
            "Aragon (Aragona): José (verde) e María (rosso) hanno la maggioranza dei monasteri a pari merito (2 "
            "ciascuno) e ottengono 5 punti ciascuno, uno per ogni monastero del paese; Blu è al secondo posto con"
            " 1 e ottiene 2 punti, tanti quanti i monasteri che José (verde) e María (rosso) hanno ciascuno.",
            "José (verde) e María (rosso) sono in testa a pari merito con 5 punti dopo il conteggio intermedio.",
        ],
        "princeps-second-tie-break": [
            "Ana e Ben sono ancora in parità; maggior numero di territori auriferi: vince Ben (3).",
            "Ben vince al secondo spareggio: a parità di PV (3) e di territori stabili, ma con più territori auriferi (3).",
        ],
        "princeps-third-tie-break": [
            "Ana e Ben sono ancora in parità; maggior numero di territori commerciali: vince Ana (2).",
            "Ana vince al terzo spareggio: a parità di PV (4), di territori stabili e di territori auriferi, ma con più territori commerciali (2).",
        ],
        "princeps-shared-win": [
            "Ana e Ben sono ancora in parità; maggior numero di territori commerciali: Ana e Ben (1 ciascuno): "
            "condividono la vittoria.",
            "Ana e Ben condividono la vittoria: a parità di PV (0), di territori stabili, di territori auriferi e"
            " di territori commerciali. Il regolamento non dice nulla di una parità dopo il terzo spareggio; la "
            "vittoria condivisa è l'interpretazione predefinita.",
        ],
    },
}


def printed(capsys, position: str, language: str) -> list[str]:
    assert main(["score", str(POSITIONS / f"{position}.json"), "--lang", language]) == 0
    lines = [line.strip() for line in capsys.readouterr().out.splitlines()]
    return [line.split(". ", 1)[1] if line[:1].isdigit() else line for line in lines]


@pytest.mark.parametrize("language", list(READ_ALOUD))
@pytest.mark.parametrize("position", sorted(READ_ALOUD["en"]))
def test_the_command_line_reads_aloud(capsys, language, position):
    lines = printed(capsys, position, language)
    missing = [sentence for sentence in READ_ALOUD[language][position] if sentence not in lines]
    assert not missing, "\n".join(missing)


def page_text(page: str) -> str:
    return html.unescape(page)


@pytest.mark.parametrize("language", list(READ_ALOUD))
def test_the_scores_page_says_the_same_princeps(client, language):
    """The second tie-break entered on the phone: the verdict and the tie-break step as printed."""
    position = json.loads((POSITIONS / "princeps-second-tie-break.json").read_text(encoding="utf-8"))
    token = princeps_web.new_table(client, names=[p["name"] for p in position["players"]])
    counts = {}
    for seat, player in enumerate(position["players"]):
        for kind, states in player["territories"].items():
            for state, count in states.items():
                counts[princeps_web.cell(seat, kind, state)] = count
    princeps_web.enter(client, token, counts)
    client.get(f"/?lang={language}")
    page = page_text(princeps_web.score(client, token))
    for sentence in READ_ALOUD[language]["princeps-second-tie-break"]:
        assert sentence in page, sentence


@pytest.mark.parametrize("language", list(READ_ALOUD))
def test_the_scores_page_says_the_same_kardinal(client, language):
    """The shared lead entered on the phone: Aragon's tied places and the intermediate verdict."""
    position = json.loads((POSITIONS / "kardinal-shared-lead.json").read_text(encoding="utf-8"))
    token = kardinal_web.new_table(client, players=[(p.get("name", ""), p["color"]) for p in position["players"]])
    kardinal_web.enter(client, token, {
        f"monasteries.{country}.{color}": count
        for country, counts in position["monasteries"].items() for color, count in counts.items()
    })
    client.get(f"/?lang={language}")
    response = client.post(f"/t/{token}/score/intermediate", data={"screen": "board"})
    assert response.status_code == 303
    page = page_text(client.get(f"/t/{token}/scores/intermediate").get_data(as_text=True))
    for sentence in READ_ALOUD[language]["kardinal-shared-lead"]:
        assert sentence in page, sentence
