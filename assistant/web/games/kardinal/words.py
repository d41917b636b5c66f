"""Names shown on the page: colours (always with their name), countries, rules."""
from __future__ import annotations

from assistant.games.kardinal.board import PALETTE, published_board
from assistant.games.kardinal.texts import color_as_player, color_name
from assistant.web.games.base import HouseRule, RuleChoice
from assistant.web.serving.i18n import lazy_gettext as _l
from assistant.web.serving.i18n import request_language
from assistant.web.serving.i18n import request_translations as get_translations

CHAIN_RULE_CHOICES = {  # the readings of CHAIN_RULE
    "disjoint": RuleChoice(
        _l("Every line of 4 or more counts (default reading)"),
        _l(
            "Our reading of the rulebook's “Branches are not taken into account (the chain can only have one beginning and one end)”: lines of 4 or more monasteries that share no monastery all score, so a side branch of 4 or more is a chain of its own."
        ),
    ),
    "longest-per-group": RuleChoice(
        _l("Only the longest line of each group counts"),
        _l(
            "The other reading, as a house rule: of each connected group of monasteries only its longest line scores; side branches never do."
        ),
    ),
}


CHAIN_RULE = HouseRule(
    CHAIN_RULE_CHOICES,
    name=_l("house rule for chains"),
    legend=_l("House rule for chains"),
    refusal=_l("is not one of the chain rules"),
)


def color_label(color: str) -> str:
    return color_name(color, get_translations())


def color_as_player_label(color: str) -> str:
    """A colour standing alone as a player's name: 'Green' (the core's sentences say so too)."""
    return color_as_player(color, get_translations())


def color_labels() -> dict[str, str]:
    tr = get_translations()  # looked up once: Flask-Babel's lookup is the slow part
    return {color: color_name(color, tr) for color in PALETTE}


def player_names() -> dict[str, str]:
    """Each colour as a player's name, for players without one."""
    tr = get_translations()
    return {color: color_as_player(color, tr) for color in PALETTE}


def language() -> str:
    return request_language()


def country_names(key: str) -> tuple[str, str | None]:
    """The board's (German) name and the local one when it differs."""
    local = published_board().country(key).local_name(language())
    return key, (None if local == key else local)
