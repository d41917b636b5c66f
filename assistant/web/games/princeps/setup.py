"""The new-table form: 2 to 5 players, each a name (unique ignoring case; one left empty is
"Player <n>"), and the house rule for tied categories."""
from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from assistant.games.princeps import MIN_PLAYERS, PRINCE_CARDS, TIE_RULES, input_from_counts
from assistant.games.princeps.position import parse_position
from assistant.problems import InvalidInput, by_field
from assistant.web.games.base import SetupForm
from assistant.web.games.princeps.state import PrincepsPlayer, PrincepsRules, PrincepsState
from assistant.web.games.princeps.words import TIE_RULE_CHOICES, default_name
from assistant.web.i18n import request_translations
from assistant.web.seats import change_seats

MAX_PLAYERS = PRINCE_CARDS  # one Prince card each
FIRST_PLAYERS = 3  # filled in, so that "Start the table" is enough


def blank_form() -> SetupForm:
    return SetupForm(_with_choices({"players": [{"name": ""} for _ in range(FIRST_PLAYERS)], "ties": TIE_RULES[0]}))


def _with_choices(values: dict[str, Any]) -> dict[str, Any]:
    return {
        **values,
        "rules": [(rule, TIE_RULE_CHOICES[rule].label, TIE_RULE_CHOICES[rule].explanation) for rule in TIE_RULES],
        "min": MIN_PLAYERS,
        "max": MAX_PLAYERS,
    }


def read_form(form: MultiDict[str, str]) -> SetupForm:
    """What was entered (kept as typed), after an add/remove action or with the errors found."""
    players = [{"name": form.get(f"players-{i}-name", "")[:200]} for i in range(MAX_PLAYERS) if f"players-{i}-name" in form]
    rule = form.get("ties", TIE_RULES[0])
    values = _with_choices({"players": players, "ties": rule if rule in TIE_RULES else TIE_RULES[0]})
    if change_seats(form.get("action", "start"), players, MIN_PLAYERS, MAX_PLAYERS, lambda: {"name": ""}):
        return SetupForm(values)
    # A name left empty is its placeholder, "Player 2": two taps start a table.
    names = [p["name"] if p["name"].strip() else default_name(i) for i, p in enumerate(players, start=1)]
    try:
        position, _warnings = parse_position(input_from_counts([(name, {}) for name in names], rule[:40]), request_translations())
    except InvalidInput as invalid:
        return SetupForm(values, by_field(invalid.problems))
    state = PrincepsState(players=[PrincepsPlayer(name=p.name) for p in position.players], rules=PrincepsRules(ties=position.rules.ties))
    return SetupForm(values, state=state)

