"""Every player's chains in one scoring, under the table's rule and the other one.

The covers come from the lines an earlier scoring of the same input found (``found``, kept with
its result), or are searched for; all searches of one scoring spend one work budget, so five
players' roads under two rules take no longer than one search may. ``found`` afterwards holds
the lines of every cover, for the caller to keep.
"""
from __future__ import annotations

from collections.abc import Sequence

from assistant.games.kardinal.chains import CHAIN_RULES, ChainCover, TooComplex, cover, cover_from_lines
from assistant.games.work import budget_in_effect
from assistant.problems import InvalidInput, Problem
from assistant.translator import Translator


class PlayersChains:
    def __init__(self, rule: str, kept: object, tr: Translator):
        self.rules = (rule, next(r for r in CHAIN_RULES if r != rule))  # the table's rule first
        self.kept = kept if isinstance(kept, dict) else {}
        self.tr = tr
        self.budget = budget_in_effect()
        self.spent: dict[str, int] = {}  # work units each player's searches took
        self.found: dict[str, dict[str, list[list[str]]]] = {}

    def covers(self, color: str, roads: Sequence[tuple[str, str]]) -> tuple[ChainCover | None, ChainCover | None]:
        """The cover under the table's rule, and under the other rule for comparison."""
        if not roads:
            return None, None
        kept = self.kept.get(color)
        chosen, other = (self._cover(color, roads, rule, kept.get(rule) if isinstance(kept, dict) else None) for rule in self.rules)
        self.found[color] = {c.rule: [list(line) for line in c.lines] for c in (chosen, other)}
        return chosen, other

    def _cover(self, color: str, roads: Sequence[tuple[str, str]], rule: str, kept_lines: object) -> ChainCover:
        found = cover_from_lines(roads, rule, kept_lines) if kept_lines is not None else None
        if found is not None:
            return found
        before = self.budget.spent
        try:
            found = cover(roads, rule, self.budget)
        except TooComplex:
            found = None
        self.spent[color] = self.spent.get(color, 0) + self.budget.spent - before
        if found is None:
            raise InvalidInput([self._too_complex(name) for name in self._heaviest(color)])
        return found

    def _heaviest(self, running_out: str) -> list[str]:
        """Whose roads took the budget: each player with a quarter of all the work or more."""
        total = sum(self.spent.values())
        return [color for color, spent in self.spent.items() if total and spent * 4 >= total] or [running_out]

    def _too_complex(self, color: str) -> Problem:
        return Problem(
            field=f"chains.{color}.roads",
            reason=self.tr.gettext(
                "too many roads between these monasteries to try every way of splitting them into chains; check the roads, or "
                "count the chains and enter their lengths"
            ),
        )
