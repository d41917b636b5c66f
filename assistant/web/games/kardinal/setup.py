"""The new-table form: 3 to 5 players, each a name and a colour, the chain house rule and the board."""
from __future__ import annotations

from typing import Any

from flask import request
from werkzeug.datastructures import MultiDict

from assistant.games.kardinal.board import MAX_PLAYERS, MIN_PLAYERS, PALETTE, published_board
from assistant.games.kardinal.chains import CHAIN_RULES, DISJOINT
from assistant.games.kardinal.position import parse_position
from assistant.problems import InvalidInput, by_field
from assistant.web.games.base import SetupForm, offered_rule
from assistant.web.games.kardinal import board_keys
from assistant.web.games.kardinal.boards import PUBLISHED_LABEL, find_variant, list_variants, readable, table_choice, variants_by_id
from assistant.web.games.kardinal.state import KardinalPlayer, KardinalRules, KardinalState
from assistant.web.games.kardinal.words import CHAIN_RULE, color_label
from assistant.web.seats import change_seats
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.i18n import request_translations as get_translations


def blank_form() -> SetupForm:
    # ?board=<id>: "Start a new table on this board" from the board check.
    chosen = find_variant(request.args.get("board"))
    board = str(chosen.id) if chosen else ""
    return SetupForm(_with_choices({"players": [{"name": "", "color": c} for c in PALETTE[:MIN_PLAYERS]], "chains": DISJOINT, "board": board}))


def _with_choices(values: dict[str, Any]) -> dict[str, Any]:
    """What the form offers besides what was entered: colours, rules, player limits."""
    return {
        **values,
        "palette": [(color, color_label(color)) for color in PALETTE],
        "house_rules": [offered_rule("chains", CHAIN_RULE, values["chains"])],
        "min": MIN_PLAYERS,
        "max": MAX_PLAYERS,
        "boards": _offered_boards(values.get("board", "")),
    }


def _offered_boards(chosen: str) -> list[tuple[str, str]]:
    """The published board first (the default), then the one chosen (``?board=``, "New table on
    it"), this phone's own and the most recently saved: a short list however many there are."""
    picked = find_variant(chosen) if chosen else None
    variants = ([picked] if picked else []) + variants_by_id(board_keys.remembered_ids()) + list_variants()
    offered = {str(v.id): v.name for v in variants}
    return [("", str(PUBLISHED_LABEL)), *offered.items()]


def read_form(form: MultiDict[str, str]) -> SetupForm:
    """What was entered (kept as typed), after an add/remove action or with the errors found."""
    players = []
    for index in range(MAX_PLAYERS):
        if f"players-{index}-color" not in form and f"players-{index}-name" not in form:
            continue
        players.append({"name": form.get(f"players-{index}-name", "")[:200], "color": form.get(f"players-{index}-color", "")[:20]})
    rule = form.get("chains", DISJOINT)
    board = form.get("board", "")[:20]
    values = _with_choices({"players": players, "chains": rule if rule in CHAIN_RULES else DISJOINT, "board": board})
    if change_seats(form.get("action", "start"), players, MIN_PLAYERS, MAX_PLAYERS, lambda: {"name": "", "color": _unused_color(players)}):
        return SetupForm(values)
    return _validated(values, rule)


def _validated(values: dict[str, Any], rule: str) -> SetupForm:
    data = {"scoring": "intermediate", "players": values["players"], "rules": {"chains": rule}}
    errors: dict[str, list[str]] = {}
    variant = find_variant(values["board"]) if values["board"] else None
    if values["board"] and variant is None:
        errors["board"] = [_("This board is not saved here (any more); pick another one.")]
    elif variant is not None and not readable(variant):
        errors["board"] = [_("This board cannot be read any more; open it in the board check, fix what it shows and save it.")]
    try:
        position, _warnings = parse_position(data, published_board(), get_translations())
    except InvalidInput as invalid:
        errors = {**by_field(invalid.problems), **errors}
    if errors:
        return SetupForm(values, errors)
    state = KardinalState(
        players=[KardinalPlayer(color=p.color, name=p.name) for p in position.players],
        rules=KardinalRules(chains=position.rules.chains),
        board=table_choice(variant),  # the id, and a copy of the variant that this table scores on
    )
    return SetupForm(values, state=state)


def _unused_color(players: list[dict[str, str]]) -> str:
    taken = {p["color"] for p in players}
    return next(c for c in PALETTE if c not in taken)
