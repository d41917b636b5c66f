"""Princeps Machiavelli (Alesia Games, 2007): the end-of-game victory points.

What an entry screen needs is here too: the kinds of wealth and the states (``KINDS``,
``STATES``), the limits (``TERRITORY_CARDS``, ``MIN_PLAYERS``, ``MAX_NAME``), the tie rules
(``TIE_RULES``), their labels for the catalog (``KIND_NAMES``, ``STATE_NAMES``) and
``input_from_counts`` to build the JSON input from per-kind-and-state counts.
"""
from __future__ import annotations

from typing import Any

from assistant.games.princeps.position import (
    GAME_SLUG,
    KINDS,
    MAX_NAME,
    MIN_PLAYERS,
    PRINCE_CARDS,
    STATES,
    TERRITORY_CARDS,
    TIE_RULES,
    count_key,
    input_from_counts,
    parse_position,
)
from assistant.games.princeps.report import PrincepsReport
from assistant.games.princeps.scoring import CATEGORIES, TIE_BREAKS, score_position
from assistant.games.princeps.texts import CATEGORY_NAMES, KIND_NAMES, STATE_NAMES
from assistant.translator import ENGLISH, N_, Translator

__all__ = [
    "CATEGORIES",
    "CATEGORY_NAMES",
    "GAME",
    "KINDS",
    "KIND_NAMES",
    "MAX_NAME",
    "MIN_PLAYERS",
    "PRINCE_CARDS",
    "STATES",
    "STATE_NAMES",
    "TERRITORY_CARDS",
    "TIE_BREAKS",
    "TIE_RULES",
    "count_key",
    "input_from_counts",
]


class PrincepsMachiavelli:
    slug = GAME_SLUG
    title = N_("Princeps Machiavelli")

    def score(self, data: Any, tr: Translator = ENGLISH, found: dict[str, Any] | None = None) -> PrincepsReport:
        """Score ``data``; nothing is searched for, so ``found`` is not needed."""
        position, warnings = parse_position(data, tr)
        return score_position(position, tr, warnings)


GAME = PrincepsMachiavelli()
