"""The new-table form: 3 to 5 players, each a name and a colour, and the chain house rule."""
from __future__ import annotations

from assistant.web.i18n import request_translations as get_translations
from werkzeug.datastructures import MultiDict

from assistant.games.kardinal.board import MAX_PLAYERS, MIN_PLAYERS, PALETTE, published_board
from assistant.games.kardinal.chains import CHAIN_RULES, DISJOINT
from assistant.games.kardinal.position import parse_position
from assistant.problems import InvalidInput, by_field
from assistant.web.games.base import SetupForm
from assistant.web.seats import change_seats
from assistant.web.games.kardinal.words import RULE_EXPLANATIONS, RULE_LABELS, color_label


def blank_form() -> SetupForm:
    return SetupForm(_with_choices({"players": [{"name": "", "color": c} for c in PALETTE[:MIN_PLAYERS]], "chains": DISJOINT}))


def _with_choices(values: dict) -> dict:
    """What the form offers besides what was entered: colours, rules, player limits."""
    return {
        **values,
        "palette": [(color, color_label(color)) for color in PALETTE],
        "rules": [(rule, RULE_LABELS[rule], RULE_EXPLANATIONS[rule]) for rule in CHAIN_RULES],
        "min": MIN_PLAYERS,
        "max": MAX_PLAYERS,
    }


def read_form(form: MultiDict) -> SetupForm:
    """What was entered (kept as typed), after an add/remove action or with the errors found."""
    players = []
    for index in range(MAX_PLAYERS):
        if f"players-{index}-color" not in form and f"players-{index}-name" not in form:
            continue
        players.append({"name": form.get(f"players-{index}-name", "")[:200], "color": form.get(f"players-{index}-color", "")[:20]})
    rule = form.get("chains", DISJOINT)
    values = _with_choices({"players": players, "chains": rule if rule in CHAIN_RULES else DISJOINT})
    if change_seats(form.get("action", "start"), players, MIN_PLAYERS, MAX_PLAYERS, lambda: {"name": "", "color": _unused_color(players)}):
        return SetupForm(values)
    return _validated(values, rule)


def _validated(values: dict, rule: str) -> SetupForm:
    data = {"scoring": "intermediate", "players": values["players"], "rules": {"chains": rule}}
    try:
        position, _warnings = parse_position(data, published_board(), get_translations())
    except InvalidInput as invalid:
        return SetupForm(values, by_field(invalid.problems))
    state = {
        "players": [{"color": p.color, "name": p.name} for p in position.players],
        "rules": {"chains": position.rules.chains},
        "monasteries": {},
        "advisors": {},
        "chains": {},
        "results": {},
    }
    return SetupForm(values, state=state)


def _unused_color(players: list[dict]) -> str:
    taken = {p["color"] for p in players}
    return next(c for c in PALETTE if c not in taken)
