"""Names shown on the page: colours (always with their name), countries, rules."""
from __future__ import annotations

from flask_babel import get_locale, get_translations
from flask_babel import lazy_gettext as _l

from assistant.games.kardinal.board import published_board
from assistant.games.kardinal.texts import color_name

RULE_LABELS = {
    "disjoint": _l("Every line of 4 or more counts (rulebook)"),
    "longest-per-group": _l("Only the longest line of each group counts"),
}
RULE_EXPLANATIONS = {
    "disjoint": _l(
        "The rulebook reading: lines of 4 or more monasteries that share no monastery all score, so a side branch of 4 or more is a chain of its own."
    ),
    "longest-per-group": _l(
        "A house rule some tables play: of each connected group of monasteries only its longest line scores; side branches never do."
    ),
}


def color_label(color: str) -> str:
    return color_name(color, get_translations())


def language() -> str:
    return str(get_locale() or "en")


def country_names(key: str) -> tuple[str, str | None]:
    """The board's (German) name and the local one when it differs."""
    local = published_board().country(key).local_name(language())
    return key, (None if local == key else local)
