"""A phone's kept taps applied to the board it holds (issue 48): ``games.taps.apply_kept_taps``, the
functions the server's tap path applies, gives for the position beside a scoring's button and the
taps not sent yet exactly the position the server's page carries once the table took them, and
so the same report, a kept Undo too (set back to the value the phone showed before, as the table's
record does); a tap the phone cannot apply (a sketch's tap in the final) is named."""
import html
import json
import re
from urllib.parse import urlencode

import pytest

from assistant.games.taps import TapNotApplied, apply_kept_taps
from assistant.report_json import score_held_board, score_to_json
from tests.web import princeps
from tests.web.helpers import EXAMPLE, HTMX, enter, new_table, version


def held_position(client, token, scoring, screen):
    page = client.get(f"/t/{token}/{screen}").get_data(as_text=True)
    found = re.search(rf'action="/t/{token}/score/{scoring}"[^>]*data-position="([^"]+)"', page)
    return html.unescape(found.group(1))


def tapped(client, token, screen, taps):
    """Each tap as app.js sends it (its fields, the version it saw), taken by the server; the bodies
    the phone would have kept had there been no connection."""
    bodies = []
    for fields in taps:
        body = {**fields, "screen": screen}
        bodies.append(urlencode(body))
        page = client.get(f"/t/{token}/{screen}", headers=HTMX).get_data(as_text=True)
        base = re.search(r'data-version="(\d+)"', page).group(1)
        answer = client.post(f"/t/{token}/change", data={**body, "base": base}, headers=HTMX)
        assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    return bodies


KARDINAL_TAPS = [
    {"cell": "monasteries.England.green", "value": "3"},
    {"cell": "monasteries.England.green", "adjust": "2"},  # − on the pad
    {"cell": "monasteries.Frankreich.blue", "value": "0"},  # the country's last count of blue gone
    {"cell": "advisors.Frankreich.purple", "value": "1"},
    {"cell": "advisors.Aragon.red", "rest": "0"},  # the rest of the row: 0
    {"cell": "chains.green", "add": "5"},
    {"cell": "chains.green", "add": "4"},
    {"cell": "chains.green", "remove": "5"},
    {"cell": "chains.red", "add": "5"},
    {"cell": "chains.red", "remove": "5"},  # none left
    {"cell": "players.3.name", "value": "  Eva   Maria "},
    {"cell": "rules.chains", "value": "longest-per-group"},
]


@pytest.mark.parametrize("scoring, screen", [("intermediate", "board"), ("final", "chains")])
def test_kept_kardinal_taps_make_the_board_the_server_holds_once_it_took_them(client, scoring, screen):
    token = new_table(client)
    enter(client, token, EXAMPLE)
    client.set_cookie("assistant_scorer", "1")
    before = held_position(client, token, scoring, screen)
    start = version(client, token)
    bodies = tapped(client, token, screen, KARDINAL_TAPS)
    assert version(client, token) == start + len(KARDINAL_TAPS)  # each tap one version, the rest of a row too
    after = held_position(client, token, scoring, screen)
    assert apply_kept_taps(json.loads(before), bodies) == json.loads(after)
    for language in ("en", "de"):
        assert score_held_board(before, json.dumps(bodies), language) == score_to_json(after, language)


def test_kept_princeps_taps_make_the_board_the_server_holds_once_it_took_them(client):
    token = princeps.new_table(client)
    princeps.enter(client, token, {princeps.cell(0, "gold", "stable"): 3, princeps.cell(1, "trade", "stable"): 2})
    client.set_cookie("assistant_scorer", "1")
    before = held_position(client, token, "final", princeps.SCREEN)
    bodies = tapped(client, token, princeps.SCREEN, [
        {"cell": princeps.cell(0, "gold", "stable"), "value": "0"},
        {"cell": princeps.cell(2, "farming", "destabilised"), "value": "2"},
        {"cell": princeps.cell(1, "trade", "stable"), "adjust": "3"},
        {"cell": "players.1.name", "value": "Benno"},
        {"cell": "rules.ties", "value": "nobody"},
    ])
    after = held_position(client, token, "final", princeps.SCREEN)
    assert score_held_board(before, json.dumps(bodies), "en") == score_to_json(after, "en")
    assert json.loads(score_to_json(after, "en"))["players"][0]["name"] == "Ana"


# Each kept tap: what app.js sends the table, and what offline-scoring.js adds to the body it scores
# (an Undo's ``before`` from its kept tap; a row's Undo is marked by the row's ``rest``).
KARDINAL_TAPS_WITH_UNDO = [
    ({"cell": "monasteries.England.green", "value": "3", "tap": "count-england-1"}, {}),
    ({"cell": "monasteries.England.green", "undo": "count-england-1"}, {"before": "0"}),
    ({"cell": "monasteries.Burgund.blue", "value": "2", "tap": "count-burgund-1"}, {}),
    ({"cell": "monasteries.Burgund.blue", "value": "4", "tap": "count-burgund-2"}, {}),
    ({"cell": "monasteries.Burgund.blue", "undo": "count-burgund-2"}, {"before": "2"}),
    ({"cell": "advisors.Aragon.red", "rest": "0", "tap": "row-aragon-red1"}, {}),
    ({"cell": "advisors.Aragon.red", "undo": "row-aragon-red1"}, {"rest": "0"}),
    ({"cell": "advisors.Frankreich.purple", "value": "1", "tap": "count-france-01"}, {}),
]


@pytest.mark.parametrize("scoring, screen", [("intermediate", "board"), ("final", "chains")])
def test_a_kept_undo_sets_back_what_the_table_sets_back_once_it_took_it(client, scoring, screen):
    token = new_table(client)
    enter(client, token, {cell: value for cell, value in EXAMPLE.items() if not cell.startswith("monasteries.England.")})
    client.set_cookie("assistant_scorer", "1")
    before = held_position(client, token, scoring, screen)
    start = version(client, token)
    sent = tapped(client, token, screen, [fields for fields, _added in KARDINAL_TAPS_WITH_UNDO])
    assert version(client, token) == start + len(KARDINAL_TAPS_WITH_UNDO)  # each Undo taken, none refused
    bodies = [body + (f"&{urlencode(added)}" if added else "") for body, (_fields, added) in zip(sent, KARDINAL_TAPS_WITH_UNDO)]
    after = held_position(client, token, scoring, screen)
    assert json.loads(after)["monasteries"]["Burgund"]["blue"] == 2 and "England" not in json.loads(after)["monasteries"]
    assert apply_kept_taps(json.loads(before), bodies) == json.loads(after)
    for language in ("en", "de"):
        assert score_held_board(before, json.dumps(bodies), language) == score_to_json(after, language)


@pytest.mark.parametrize("tap, kind", [
    ("cell=monasteries.England.green&undo=abcdefgh12&value=", "undo"),  # kept by an older page: no before
    ("cell=sketch.green&spot=2.3", "sketch"),
    ("cell=monasteries.England.green&value=two", "unknown"),
    ("cell=players.9.name&value=Eve", "unknown"),
])
def test_a_kept_tap_the_phone_cannot_apply_is_named(tap, kind):
    position = {"game": "kardinal-und-koenig", "scoring": "final", "players": [{"color": "green", "name": ""}], "monasteries": {}, "advisors": {}}
    with pytest.raises(TapNotApplied) as refused:
        apply_kept_taps(position, [tap])
    assert refused.value.kind == kind and refused.value.cell == tap.split("&")[0].removeprefix("cell=")
    assert json.loads(score_held_board(json.dumps(position), json.dumps([tap]), "en")) == {"unapplied": {"kind": kind, "cell": refused.value.cell}}


def test_a_sketch_tap_changes_nothing_the_intermediate_scoring_reads():
    position = {"game": "kardinal-und-koenig", "scoring": "intermediate", "players": [{"color": "green", "name": ""}]}
    assert apply_kept_taps(dict(position), ["cell=sketch.green&spot=2.3"]) == position


@pytest.mark.parametrize("position, taps, answer", [
    ("{bad", "[]", {"errors": [{"field": "input", "reason": None}]}),
    ('{"game": "kardinal-und-koenig", "monasteries": []}', '["cell=monasteries.England.green&value=2"]', {"unapplied": {"kind": "unknown", "cell": "monasteries.England.green"}}),
    ('{"game": "kardinal-und-koenig"}', "not json", {"unapplied": {"kind": "unknown", "cell": ""}}),
    ('{"game": "kardinal-und-koenig"}', "[1]", {"unapplied": {"kind": "unknown", "cell": ""}}),
])
def test_a_board_or_taps_not_shaped_as_the_phone_makes_them_are_named_never_a_crash(position, taps, answer):
    got = json.loads(score_held_board(position, taps, "en"))
    if "errors" in answer:
        assert got == json.loads(score_to_json(position, "en")) and got["errors"][0]["field"]
    else:
        assert got == answer
