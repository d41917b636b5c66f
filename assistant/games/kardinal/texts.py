"""The sentences of the breakdown: one plain sentence per step, with the counts.

Every string goes through the translator, so each language's catalog decides the wording,
word order and plurals; here we only choose which sentence fits.
"""
from __future__ import annotations

from collections.abc import Sequence

from assistant.games.kardinal.alliances import AllianceScore
from assistant.games.kardinal.board import Board
from assistant.games.kardinal.chains import ChainCover
from assistant.games.kardinal.monasteries import CountryScore
from assistant.games.names import everyone, isolated
from assistant.translator import N_, Translator, language_of

COLOR_NAMES = {
    "red": N_("red"),
    "green": N_("green"),
    "blue": N_("blue"),
    "yellow": N_("yellow"),
    "purple": N_("purple"),
    "white": N_("white"),
    "orange": N_("orange"),
    "black": N_("black"),
}


def color_name(color: str, tr: Translator) -> str:
    """A colour as a colour: 'Andreas (green)', a label on a form."""
    return tr.gettext(COLOR_NAMES[color]) if color in COLOR_NAMES else color


def color_as_player(color: str, tr: Translator) -> str:
    """A colour standing alone for its player ('Green wins'): a name, capitalised (German Grün
    always; Spanish 'Verde gana' but 'José (verde)')."""
    names = {
        "red": tr.pgettext("player", "Red"),
        "green": tr.pgettext("player", "Green"),
        "blue": tr.pgettext("player", "Blue"),
        "yellow": tr.pgettext("player", "Yellow"),
        "purple": tr.pgettext("player", "Purple"),
        "white": tr.pgettext("player", "White"),
        "orange": tr.pgettext("player", "Orange"),
        "black": tr.pgettext("player", "Black"),
    }
    return names.get(color, color)


class Words:
    """Names of players and countries in one language, for one table."""

    def __init__(self, names: dict[str, str], board: Board, tr: Translator):
        self.names = names
        self.board = board
        self.tr = tr
        self.language = language_of(tr)
        self._labels: dict[str, str] = {}

    def who(self, color: str) -> str:
        """A player as the table says it: 'Andreas (green)', or just 'green'."""
        if color not in self._labels:
            name = self.names.get(color, "")
            self._labels[color] = f"{isolated(name)} ({color_name(color, self.tr)})" if name else color_as_player(color, self.tr)
        return self._labels[color]

    def everyone(self, colors: Sequence[str]) -> str:
        return everyone([self.who(c) for c in colors], self.tr)

    def country(self, key: str) -> str:
        return self.board.display_name(key, self.language)

    def ordinal(self, place: int) -> str:
        if place == 2:
            return self.tr.pgettext("place", "second")
        if place == 3:
            return self.tr.pgettext("place", "third")
        if place == 4:
            return self.tr.pgettext("place", "fourth")
        if place == 5:
            return self.tr.pgettext("place", "fifth")
        return str(place)

    # --- monasteries ------------------------------------------------------------------------
    def country_sentence(self, key: str, result: CountryScore) -> str:
        tr = self.tr
        country = self.country(key)
        if not result.places:
            return tr.gettext("{country}: no monasteries, nobody scores.").format(country=country)
        clauses = []
        for place in result.places:
            many = len(place.colors) > 1
            if place.number == 1 and len(result.places) == 1 and not many:
                clauses.append(
                    tr.ngettext(
                        "{who} alone has a monastery here ({count}) and scores {points} point",
                        "{who} alone has monasteries here ({count}) and scores all {points}",
                        place.count,
                    ).format(who=self.who(place.colors[0]), count=place.count, points=place.points)
                )
            elif place.number == 1 and many:
                clauses.append(
                    tr.gettext(
                        "{who} share the most monasteries ({count} each) and each score all {points}"
                    ).format(who=self.everyone(place.colors), count=place.count, points=place.points)
                )
            elif place.number == 1:
                clauses.append(
                    tr.gettext("{who} has the most monasteries ({count}) and scores all {points}").format(
                        who=self.who(place.colors[0]), count=place.count, points=place.points
                    )
                )
            else:
                above = result.places[place.number - 2]
                values = dict(
                    who=self.everyone(place.colors),
                    place=self.ordinal(place.number),
                    count=place.count,
                    points=place.points,
                    above=self.everyone(above.colors),
                )
                # The points equal the monasteries of each player one place above: "as many as
                # Andreas has", or, when two or more are tied there, "as many as each of them has".
                tied_above = len(above.colors) > 1
                if many and tied_above:
                    text = tr.gettext(
                        "{who} share {place} place with {count} each and each score {points}, as many as the monasteries each of {above} has"
                    )
                elif many:
                    text = tr.gettext(
                        "{who} share {place} place with {count} each and each score {points}, as many as the monasteries {above} has"
                    )
                elif tied_above:
                    text = tr.gettext(
                        "{who} is {place} with {count} and scores {points}, as many as the monasteries each of {above} has"
                    )
                else:
                    text = tr.gettext("{who} is {place} with {count} and scores {points}, as many as the monasteries {above} has")
                clauses.append(text.format(**values))
        return tr.gettext("{country}: {clauses}.").format(country=country, clauses="; ".join(clauses))

    # --- alliances --------------------------------------------------------------------------
    def alliance_subject(self, number: int, first: str, second: str) -> str:
        return self.tr.gettext("Alliance {number}, {first}–{second}").format(
            number=number, first=self.country(first), second=self.country(second)
        )

    def alliance_sentence(self, number: int, countries: tuple[str, str], result: AllianceScore) -> str:
        tr = self.tr
        subject = self.alliance_subject(number, *countries)
        a, b = (self.country(c) for c in countries)
        if result.scorers:
            return tr.ngettext(
                "{subject}: {who} holds the advisor majority in both and scores all {points} advisors ({a} {a_count} + {b} {b_count}).",
                "{subject}: {who} hold the advisor majority in both and each score all {points} advisors ({a} {a_count} + {b} {b_count}).",
                len(result.scorers),
            ).format(
                subject=subject,
                who=self.everyone(result.scorers),
                points=result.points,
                a=a,
                b=b,
                a_count=result.advisors[0],
                b_count=result.advisors[1],
            )
        if not any(result.holders):
            return tr.gettext("{subject}: no advisors in either country, nobody scores.").format(subject=subject)
        reasons = []
        for name, holders in zip((a, b), result.holders):
            if holders:
                reasons.append(
                    tr.gettext("majority in {country}: {who}").format(country=name, who=self.everyone(holders))
                )
            else:
                reasons.append(tr.gettext("no advisors in {country}").format(country=name))
        return tr.gettext("{subject}: nobody holds the advisor majority in both ({reasons}).").format(
            subject=subject, reasons="; ".join(reasons)
        )

    # --- chains -----------------------------------------------------------------------------
    def chain_sentence(self, color: str, cover: ChainCover | None, lengths: Sequence[int], other: ChainCover | None, entered: bool = True) -> str:
        """``entered``: any chain was entered for anyone; when none was, the table may not have
        counted them yet, so the sentence does not claim there were none."""
        tr = self.tr
        who = self.who(color)
        parts = []
        if cover is not None:
            for line in cover.lines:
                parts.append(
                    tr.gettext("the line {line} scores {points}").format(line="–".join(line), points=len(line))
                )
        for length in lengths:
            parts.append(tr.gettext("a counted chain of {length} scores {length}").format(length=length))
        points = (cover.points if cover else 0) + sum(lengths)
        if not parts and not entered:
            sentence = tr.gettext("{who}: no chains entered, no points.").format(who=who)
        elif not parts:
            sentence = tr.gettext("{who}: no chain of 4 or more monasteries, no points.").format(who=who)
        else:
            sentence = tr.ngettext(
                "{who}: {parts}; {points} point in all.",
                "{who}: {parts}; {points} points in all.",
                points,
            ).format(who=who, parts="; ".join(parts), points=points)
        if cover is not None:
            left = [m for group in cover.groups for m in group.left_over if len(group.monasteries) >= 4]
            differs = other is not None and other.points != cover.points
            if left:
                sentence += " " + tr.ngettext(
                    "Monastery {names} is a branch or a leftover and does not count.",
                    "Monasteries {names} are branches or leftovers and do not count.",
                    len(left),
                ).format(names=", ".join(left))
            if left or differs:
                sentence += " " + self.rulebook_on_branches()
            if differs and other is not None:
                sentence += " " + self.other_rule_sentence(other.rule, other.points + sum(lengths))
        return sentence

    def rulebook_on_branches(self) -> str:
        # Translators: quote your language's rulebook word for word where it has this sentence
        # (Spanish, Danish); otherwise translate the English rulebook's sentence and say it is the
        # English rulebook's. It is read aloud next to the default reading, so it must be exact.
        return self.tr.gettext(
            "The rulebook says: “Branches are not taken into account (the chain can only have one beginning and one end).”"
        )

    def other_rule_sentence(self, rule: str, points: int) -> str:
        """What the other reading gives, from the reading the table plays."""
        if rule == "longest-per-group":
            return self.tr.ngettext(
                "Under the default reading a side branch of 4 or more is a chain of its own; with the house rule 'only the longest line of each group' it would be {points} point.",
                "Under the default reading a side branch of 4 or more is a chain of its own; with the house rule 'only the longest line of each group' it would be {points} points.",
                points,
            ).format(points=points)
        return self.tr.ngettext(
            "Under the default reading (a side branch of 4 or more is a chain of its own) it would be {points} point.",
            "Under the default reading (a side branch of 4 or more is a chain of its own) it would be {points} points.",
            points,
        ).format(points=points)

    def board_note(self, board: Board) -> str:
        changed = [str(a.number) for a in board.alliances if a.source == "table"]
        if not changed:
            return self.tr.gettext("Scored on the board variant “{name}”.").format(name=board.name)
        return self.tr.ngettext(
            "Scored on the board variant “{name}”; the table corrected alliance {numbers}.",
            "Scored on the board variant “{name}”; the table corrected alliances {numbers}.",
            len(changed),
        ).format(name=board.name, numbers=", ".join(changed))

    def rule_note(self, rule: str) -> str:
        if rule == "longest-per-group":
            return self.tr.gettext(
                "House rule for chains: only the longest line of each connected group of monasteries counts."
            )
        return self.tr.gettext(
            "Chains, default reading: lines of 4 or more that share no monastery all count, so a side branch of 4 or more is a chain of its own. This is our reading of the rulebook's “Branches are not taken into account (the chain can only have one beginning and one end)” and “Each monastery in any chain may only be scored once”; a house rule can change it."
        )
