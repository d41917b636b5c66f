"""A game whose players are names alone (no colours): what such a game gets shared.

A game's ``WebGame`` subclasses ``NamedGame`` instead and declares ``seating`` (how many players,
the longest name) and its ``house_rules`` (``base.HouseRule``, none is fine); it writes only its
own cells (``read_cell``, ``describe_own_cell``) and gets:

- ``setup``: the new-table form, ``templates/games/_named_setup_form.html``: a name per player (one
  left empty is "Player <n>"), the add and remove buttons, a choice per house rule. The core
  checks it by scoring the empty table (``score_input``): its problems land on the fields;
- ``parse_change``: the game's own cells, then the shared ones: ``players.<i>.name`` (renaming,
  names unique ignoring case) and ``rules.<key>`` (switching a house rule);
- ``describe_cell``: the game's own cells, then ``players.<i>.name``, ``players.<i>...`` (the
  player's name), ``players`` and each house rule's cell.

Its state (``state_model``) has ``players``, each with a ``name`` (its other fields with defaults:
the form sets only the names), and ``rules`` with an attribute per house rule (``None`` when it
has none).
"""
from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar

from werkzeug.datastructures import MultiDict

from assistant.games import get_game
from assistant.games.names import isolated
from assistant.problems import InvalidInput, by_field
from assistant.web.changes import name_cell_change, parse_cell_change, rule_cell_change, seat
from assistant.web.games.base import ReportT, Seating, SetupForm, StateT, WebGame, offered_rule
from assistant.web.seats import change_seats
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.i18n import request_translations
from assistant.web.store.tables import Change, Table


def default_name(number: int) -> str:
    """What a name left empty on the new-table form becomes (its placeholder)."""
    return _("Player {number}").format(number=number)


class NamedGame(WebGame[StateT, ReportT]):
    """A ``WebGame`` whose players are names: the new-table form, the name and house-rule cells."""

    seating: ClassVar[Seating]
    setup_template: ClassVar[str] = "games/_named_setup_form.html"

    def __init__(self) -> None:
        super().__init__()
        if not isinstance(getattr(self, "seating", None), Seating):
            raise TypeError(f"{type(self).__name__} must set seating, a Seating (assistant.web.games.base)")

    # --- what the game writes ---

    @abstractmethod
    def read_cell(self, state: StateT, cell: str, form: MultiDict[str, str]) -> Change | None:
        """The change a form asks of one of the game's own cells (its counts); None for any other
        cell. ``changes.checked_count``, ``posted_count`` and ``games.taps.store_count`` do the usual parts."""

    @abstractmethod
    def describe_own_cell(self, state: StateT, cell: str) -> str | None:
        """One of the game's own cells (or a core problem's field) in words; None for any other."""

    # --- what it gets ---

    def parse_change(self, table: Table[StateT], form: MultiDict[str, str]) -> Change:
        return parse_cell_change(table.state, form, (self.read_cell, self._name_cell, self._rule_cell))

    def _name_cell(self, state: StateT, cell: str, form: MultiDict[str, str]) -> Change | None:
        return name_cell_change(state, cell, form, lambda field: self.describe_cell(state, field), self.seating.max_name, self.seating.names_required)

    def _rule_cell(self, state: StateT, cell: str, form: MultiDict[str, str]) -> Change | None:
        return rule_cell_change(state, cell, form, self.house_rules)

    def describe_cell(self, state: StateT, cell: str) -> str:
        own = self.describe_own_cell(state, cell)
        if own is not None:
            return own
        parts = cell.split(".")
        player = seat(state, parts[1]) if parts[0] == "players" and len(parts) >= 2 else None
        if player is not None:
            if parts[2:] == ["name"]:
                return _("name of player {number}").format(number=player + 1)
            return isolated(state.players[player].name)
        if cell == "players":
            return _("players")
        if cell in self.house_rules:
            return str(self.house_rules[cell].name)
        return cell[:60]

    def setup(self, form: MultiDict[str, str] | None) -> SetupForm:
        """The new-table form: ``seating.first`` empty names and each rule's default, or what was
        entered (kept as typed) after an add or remove, with the errors the core found, or with the
        new table's state."""
        seating = self.seating
        if form is None:
            return SetupForm(self._form_values([{"name": ""} for _ in range(seating.first)], {}))
        players = [{"name": form.get(f"players-{i}-name", "")[:200]} for i in range(seating.high) if f"players-{i}-name" in form]
        posted = {cell.removeprefix("rules."): form.get(cell.removeprefix("rules."), rule.default)[:40] for cell, rule in self.house_rules.items()}
        values = self._form_values(players, posted)
        if change_seats(form.get("action", "start"), players, seating.low, seating.high, lambda: {"name": ""}):
            return SetupForm(values)
        # A name left empty is its placeholder, "Player 2": two taps start a table.
        names = [" ".join(p["name"].split()) or default_name(i) for i, p in enumerate(players, start=1)]
        state = self.state_model.model_validate({"players": [{"name": name} for name in names], "rules": posted if self.house_rules else None})
        try:  # the core checks the names, their number and the rules as it would a scoring
            get_game(self.slug).score(self.score_input(state, self.scorings[-1].name), request_translations())
        except InvalidInput as invalid:
            return SetupForm(values, by_field(invalid.problems))
        return SetupForm(values, state=state)

    def _form_values(self, players: list[dict[str, str]], posted: dict[str, str]) -> dict[str, Any]:
        """What templates/games/_named_setup_form.html shows: the names, the limits, each house
        rule with its readings and the one chosen (an unknown one shown as the default)."""
        keys = {cell: cell.removeprefix("rules.") for cell in self.house_rules}
        rules = [offered_rule(keys[cell], rule, posted.get(keys[cell], rule.default)) for cell, rule in self.house_rules.items()]
        return {"players": players, "min": self.seating.low, "max": self.seating.high, "house_rules": rules}
