"""Names shown on Princeps Machiavelli's screens: the six counts, the tie rules, the categories."""
from __future__ import annotations

from assistant.games.princeps import CATEGORY_NAMES, KIND_NAMES, STATE_NAMES
from assistant.games.princeps.texts import TIE_BREAK_NAMES
from assistant.web.games.base import HouseRule, RuleChoice
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.i18n import lazy_gettext as _l

# One whole phrase per count (not words glued together), so each language can order them.
COUNT_LABELS = {
    ("gold", "stable"): _l("stable gold territories"),
    ("gold", "destabilised"): _l("destabilised gold territories"),
    ("trade", "stable"): _l("stable trade territories"),
    ("trade", "destabilised"): _l("destabilised trade territories"),
    ("farming", "stable"): _l("stable farming territories"),
    ("farming", "destabilised"): _l("destabilised farming territories"),
}
TIE_RULE = HouseRule(
    choices={
        "shared": RuleChoice(
            _l("A tie for the most: every tied player gets the point (default reading)"),
            _l(
                "The rulebook does not say what happens when players tie for the most in a category; the default reading, as usual for majorities, gives each of them +1 VP."
            ),
        ),
        "nobody": RuleChoice(
            _l("A tie for the most: nobody gets the point"),
            _l("A house rule some tables play: a category tied for the most gives nobody the point."),
        ),
    },
    name=_l("house rule for ties"),
    legend=_l("House rule for tied categories"),
    refusal=_l("is not one of the rules for ties"),
)
# The bar chart's parts: which categories a player's VP came from.
CATEGORY_PARTS = {
    "territories": _l("territories"),
    "stable_gold": _l("stable gold"),
    "stable_trade": _l("stable trade"),
    "stable_farming": _l("stable farming"),
}


def kind_name(kind: str) -> str:
    return _(KIND_NAMES[kind])


def state_name(state: str) -> str:
    return _(STATE_NAMES[state])


def category_name(category: str) -> str:
    return _(CATEGORY_NAMES[category])


def tie_break_name(measure: str) -> str:
    return _(TIE_BREAK_NAMES[measure])
