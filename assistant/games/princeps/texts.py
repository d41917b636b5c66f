"""The sentences of the breakdown: one plain sentence per step, with the counts.

Every string goes through the translator, so each language's catalog decides the wording,
word order and plurals; here we only choose which sentence fits. Module-level strings are
marked with ``N_`` for the catalog and translated where they are shown.
"""
from __future__ import annotations

from collections.abc import Sequence

from assistant.games.names import everyone, isolated
from assistant.translator import N_, Translator

KIND_NAMES = {"gold": N_("gold"), "trade": N_("trade"), "farming": N_("farming")}
STATE_NAMES = {"stable": N_("stable"), "destabilised": N_("destabilised")}

# The four VP categories, by the player-result field they count.
CATEGORY_NAMES = {
    "territories": N_("Most territories"),
    "stable_gold": N_("Most stable gold territories"),
    "stable_trade": N_("Most stable trade territories"),
    "stable_farming": N_("Most stable farming territories"),
}
NOBODY_HAS = {
    "territories": N_("Nobody has a territory: no point."),
    "stable_gold": N_("Nobody has a stable gold territory: no point."),
    "stable_trade": N_("Nobody has a stable trade territory: no point."),
    "stable_farming": N_("Nobody has a stable farming territory: no point."),
}
# The three tie-breaks, by the player-result field they count.
TIE_BREAK_NAMES = {
    "stable": N_("most stable territories"),
    "gold": N_("most gold territories"),
    "trade": N_("most trade territories"),
}


class Words:
    """The sentences for one table, in the translator's language."""

    def __init__(self, tr: Translator):
        self.tr = tr

    def everyone(self, names: Sequence[str]) -> str:
        return everyone([isolated(name) for name in names], self.tr)

    # --- the four VP categories -------------------------------------------------------------
    def category_sentence(self, category: str, holders: Sequence[str], count: int, outcome: str) -> str:
        tr = self.tr
        if outcome == "none":
            return tr.gettext(NOBODY_HAS[category])
        values = dict(category=tr.gettext(CATEGORY_NAMES[category]), who=self.everyone(holders), count=count)
        if outcome == "single":
            return tr.gettext("{category}: {who} ({count}), +1 VP.").format(**values)
        if outcome == "shared":
            return tr.gettext("{category}: {who} share it ({count} each), +1 VP each.").format(**values)
        return tr.gettext("{category}: {who} are tied ({count} each): nobody gets the point (house rule).").format(
            **values
        )

    # --- the tie-breaks ---------------------------------------------------------------------
    def tie_break_sentence(
        self, level: int, measure: str, contenders: Sequence[str], vp: int, leaders: Sequence[str], count: int, last: bool
    ) -> str:
        tr = self.tr
        who = self.everyone(contenders)
        if level == 1:
            tied = tr.ngettext("{who} are tied on {vp} VP", "{who} are tied on {vp} VP", vp).format(who=who, vp=vp)
        else:
            tied = tr.gettext("{who} are still tied").format(who=who)
        if len(leaders) == 1:
            outcome = tr.gettext("{who} ({count}) wins").format(who=isolated(leaders[0]), count=count)
        elif count == 0 and last:
            outcome = tr.gettext("none of them has any: they share the win")
        elif count == 0:
            outcome = tr.gettext("none of them has any, still tied")
        elif last:
            outcome = tr.gettext("{who} ({count} each): they share the win").format(who=self.everyone(leaders), count=count)
        else:
            outcome = tr.gettext("{who} ({count} each), still tied").format(who=self.everyone(leaders), count=count)
        return tr.gettext("{tied}; {measure}: {outcome}.").format(
            tied=tied, measure=tr.gettext(TIE_BREAK_NAMES[measure]), outcome=outcome
        )

    # --- the verdict and the notes ----------------------------------------------------------
    def verdict(self, winners: Sequence[str], decided_by: str, vp: int, count: int) -> str:
        tr = self.tr
        values = dict(who=self.everyone(winners), vp=vp, count=count)
        if decided_by == "vp":
            return tr.ngettext("{who} wins with {vp} VP.", "{who} wins with {vp} VP.", vp).format(**values)
        if decided_by == "stable":
            return tr.gettext(
                "{who} wins on the first tie-break: tied on {vp} VP, but with the most stable territories ({count})."
            ).format(**values)
        if decided_by == "gold":
            return tr.gettext(
                "{who} wins on the second tie-break: tied on {vp} VP and on stable territories, but with the most gold territories ({count})."
            ).format(**values)
        if decided_by == "trade":
            return tr.gettext(
                "{who} wins on the third tie-break: tied on {vp} VP, stable territories and gold territories, but with the most trade territories ({count})."
            ).format(**values)
        return tr.gettext(
            "{who} share the win: tied on {vp} VP, on stable territories, on gold territories and on trade territories. The rulebook says nothing about a tie after the third tie-break; a shared win is the default reading."
        ).format(**values)

    def rule_note(self, ties: str) -> str:
        if ties == "nobody":
            return self.tr.gettext("House rule for ties: a category tied for the most gives nobody the point.")
        return self.tr.gettext(
            "Tied categories, default reading: every player tied for the most in a category gets the point (the rulebook is silent; a house rule can change it)."
        )

    def player_line(self, name: str, vp: int, counts: dict[str, int]) -> str:
        return self.tr.gettext(
            "{name}: {vp} VP (territories {territories}, stable {stable}; gold {gold}, trade {trade}, farming {farming}; stable gold {stable_gold}, stable trade {stable_trade}, stable farming {stable_farming})"
        ).format(name=isolated(name), vp=vp, **counts)
