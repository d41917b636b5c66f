"""From a position to a report, in the order the rulebook lists it.

The four VP categories (most territories; most stable gold, trade and farming territories),
then, only when the most VP are tied, the tie-breaks in order: most stable territories, most
gold territories, most trade territories (all, stable and destabilised); still tied, a shared
win. Every step records who scored, the running VP and one sentence that explains it.
"""
from __future__ import annotations

from typing import cast

from assistant.games.princeps.position import Position
from assistant.games.princeps.report import DecidedBy, PlayerResult, PrincepsReport, ScoreStep
from assistant.games.princeps.texts import Words
from assistant.problems import Problem
from assistant.translator import Translator

Counts = dict[str, dict[str, int]]  # each player's counts by what the scoring looks at

CATEGORIES = ("territories", "stable_gold", "stable_trade", "stable_farming")
TIE_BREAKS = ("stable", "gold", "trade")


def score_position(position: Position, tr: Translator, warnings: list[Problem]) -> PrincepsReport:
    words = Words(tr)
    ties = position.rules.ties
    names = [p.name for p in position.players]
    counts = {p.name: p.territories.counts() for p in position.players}
    vp = dict.fromkeys(names, 0)
    won: dict[str, list[str]] = {name: [] for name in names}
    steps = _category_steps(names, counts, ties, vp, won, words)
    top = max(vp.values())
    contenders = [name for name in names if vp[name] == top]
    decided_by: DecidedBy = "vp"
    deciding_count = 0
    if len(contenders) > 1:
        tie_steps, contenders, decided_by, deciding_count = _break_the_tie(contenders, counts, vp, top, words)
        steps += tie_steps
    players = [PlayerResult(name=name, vp=vp[name], categories=won[name], **counts[name]) for name in names]
    return PrincepsReport(
        rules={"ties": ties},
        players=players,
        winners=contenders,
        decided_by=decided_by,
        verdict=words.verdict(contenders, decided_by, top, deciding_count),
        steps=steps,
        warnings=warnings,
        notes=[words.rule_note(ties)],
    )


def _category_steps(names: list[str], counts: Counts, ties: str, vp: dict[str, int], won: dict[str, list[str]], words: Words) -> list[ScoreStep]:
    """The four categories in the rulebook's order; adds each point to ``vp`` and ``won``."""
    steps = []
    for category in CATEGORIES:
        per_player = {name: counts[name][category] for name in names}
        holders, best = _most(per_player)
        outcome = _outcome(len(holders), ties)
        awards = {name: 1 for name in holders} if outcome in {"single", "shared"} else {}
        for name in awards:
            vp[name] += 1
            won[name].append(category)
        steps.append(
            ScoreStep(
                kind="category",
                subject=category,
                awards=awards,
                totals=dict(vp),
                text=words.category_sentence(category, holders, best, outcome),
                details={"counts": per_player, "most": best, "holders": holders, "outcome": outcome},
            )
        )
    return steps


def _break_the_tie(contenders: list[str], counts: Counts, vp: dict[str, int], top: int, words: Words) -> tuple[list[ScoreStep], list[str], DecidedBy, int]:
    """The tie-break levels needed, the players still in, what decided, and the deciding count."""
    steps = []
    for level, measure in enumerate(TIE_BREAKS, start=1):
        per_player = {name: counts[name][measure] for name in contenders}
        best = max(per_player.values())
        leaders = [name for name in contenders if per_player[name] == best]
        steps.append(
            ScoreStep(
                kind="tie-break",
                subject=measure,
                number=level,
                awards={},
                totals=dict(vp),
                text=words.tie_break_sentence(level, measure, contenders, top, leaders, best, last=level == len(TIE_BREAKS)),
                details={"contenders": contenders, "counts": per_player, "most": best, "leaders": leaders},
            )
        )
        contenders = leaders
        if len(leaders) == 1:
            return steps, contenders, cast(DecidedBy, measure), best
    return steps, contenders, "shared", 0


def _most(per_player: dict[str, int]) -> tuple[list[str], int]:
    """The players with the most, and that count; nobody when the most is zero."""
    best = max(per_player.values())  # the game has 2 players or more
    if best == 0:
        return [], 0
    return [name for name, count in per_player.items() if count == best], best


def _outcome(holders: int, ties: str) -> str:
    if holders == 0:
        return "none"
    if holders == 1:
        return "single"
    return "shared" if ties == "shared" else "nobody"
