"""The game contract, kept honest: a minimal third game, written in a temporary folder and
registered by the test alone (no shared file touched), is played through the web app: a new
table (the shared form of a game of named players, with no house rule), a count, the scoring,
the scores page. docs/architecture.md's "Adding a game" walks
through the same files.

"Region Tokens": each player has tokens in three regions; each region gives 3 points to the
player with the most tokens there (tied players get 3 each); the most points win.
"""
from __future__ import annotations

import re
import sys
import textwrap

import pytest

import assistant.games
import assistant.web.games
from assistant.games import GAMES
from tests.client import browser_app

SLUG = "test-only-region-tokens"  # not the docs' example slug: a real game may take that one
PACKAGE = "testonlyregiontokens"
HTMX = {"HX-Request": "true"}

CORE = '''
"""Region Tokens: 3 points per region to the player with the most tokens there; ties share."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, ValidationError

from assistant.games.base import ScoringReport, Step
from assistant.games.names import name_problems
from assistant.problems import InvalidInput, pydantic_problems
from assistant.translator import ENGLISH, Translator

REGIONS = ("north", "south", "east")


class Player(BaseModel):
    name: str = Field(min_length=1)
    tokens: dict[str, int] = {}


class Position(BaseModel):
    game: str = "test-only-region-tokens"
    players: list[Player] = Field(min_length=2)


class Result(BaseModel):
    name: str
    points: int


class TokensReport(ScoringReport):
    players: list[Result]

    def summary_lines(self, tr: Translator) -> list[str]:
        return [f"{p.name}: {p.points}" for p in self.players] + [self.verdict]


class RegionTokens:
    slug = "test-only-region-tokens"
    title = "Region Tokens"

    def score(self, data: Any, tr: Translator = ENGLISH, found: dict | None = None) -> TokensReport:
        try:
            position = Position.model_validate(data)
        except ValidationError as error:
            raise InvalidInput(pydantic_problems(error, tr)) from None
        if problems := name_problems([p.name for p in position.players], tr):
            raise InvalidInput(problems)
        totals = {p.name: 0 for p in position.players}
        steps = []
        for region in REGIONS:
            counts = {p.name: p.tokens.get(region, 0) for p in position.players}
            most = max(counts.values())
            awards = {name: 3 for name, count in counts.items() if most and count == most}
            for name, points in awards.items():
                totals[name] += points
            text = f"{region}: {', '.join(awards) or 'nobody'} with the most tokens ({most})."
            steps.append(Step(kind="region", subject=region, awards=awards, totals=dict(totals), text=text))
        best = max(totals.values())
        winners = [name for name, total in totals.items() if total == best]
        return TokensReport(
            game=self.slug, rules={}, players=[Result(name=n, points=t) for n, t in totals.items()], winners=winners,
            decided_by="points" if len(winners) == 1 else "shared",
            verdict=f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'share the win'} with {best} points.",
            steps=steps, warnings=[], notes=[],
        )


GAME = RegionTokens()
'''

WEB = '''
"""Region Tokens' one screen: a grid of token counts, a scoring button."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from werkzeug.datastructures import MultiDict

from assistant.games.testonlyregiontokens import REGIONS, TokensReport
from assistant.games.taps import store_count
from assistant.web.changes import checked_count, posted_count
from assistant.web.games.base import PlayerView, Scoring, Screen, ScreenContext, Seat, Seating
from assistant.web.games.named import NamedGame
from assistant.web.pad import Pad
from assistant.web.store.state import Stored, TableState
from assistant.web.store.tables import Change, Table

CAP = 9


class TokensPlayer(Stored):
    name: str
    tokens: dict[str, int] = {}


class TokensState(TableState):
    players: list[TokensPlayer]
    rules: None = None


@dataclass(kw_only=True)
class GridScreen(ScreenContext):
    rows: list[dict[str, Any]]
    final: dict[str, Any] | None


class TokensWeb(NamedGame[TokensState, TokensReport]):
    slug = "test-only-region-tokens"
    title = "Region Tokens"
    templates = "testonlyregiontokens"
    template_folder = Path(__file__).parent / "templates"
    entry_screens = (Screen("grid", "Tokens"),)
    scorings = (Scoring("final", "Score"),)
    state_model = TokensState
    screen_args = ("cell",)
    seating = Seating(low=2, high=4, max_name=40, first=2)
    seat_screen = "grid"  # each player's own link: /t/<token>/grid?player=<n>

    def seats(self, state: TokensState) -> list[Seat]:
        return [Seat(str(i + 1), p.name, "", tuple(f"tokens.{i}.{r}" for r in REGIONS)) for i, p in enumerate(state.players)]

    def screen(self, name: str, table: Table[TokensState], args: MultiDict) -> GridScreen:
        selected = args.get("cell", "") if args.get("cell", "") in self.entry_order(table.state) else ""
        rows = [{"name": p.name, "cells": [(f"tokens.{i}.{r}", r, p.tokens.get(r, 0)) for r in REGIONS]} for i, p in enumerate(table.state.players)]
        value = self._read(table.state, selected) if selected else 0
        return GridScreen(rows=rows, pad=Pad(cell=selected, value=value, cap=CAP, problems=[]) if selected else None, final=self.kept_summary(table, "final"))

    def entry_order(self, state: TokensState) -> list[str]:
        return [f"tokens.{i}.{region}" for i in range(len(state.players)) for region in REGIONS]

    def read_cell(self, state: TokensState, cell: str, form: MultiDict) -> Change | None:
        if cell not in self.entry_order(state):
            return None  # a name: the shared cells
        index, region = int(cell.split(".")[1]), cell.split(".")[2]
        value = checked_count(posted_count(form), CAP, lambda: self.describe_cell(state, cell), lambda: "must be 0 to {cap}, not {value}")

        def apply(state: TokensState) -> None:
            store_count(state.players[index].tokens, region, value)

        return Change(cell, value, apply=apply, read=lambda state: self._read(state, cell))

    def _read(self, state: TokensState, cell: str) -> int:
        _tokens, index, region = cell.split(".")
        return state.players[int(index)].tokens.get(region, 0)

    def describe_own_cell(self, state: TokensState, cell: str) -> str | None:
        parts = cell.split(".")
        if len(parts) == 3 and parts[0] == "tokens":
            return f"{parts[2]}, tokens of {state.players[int(parts[1])].name}"
        return None

    def score_input(self, state: TokensState, scoring: str) -> dict[str, Any]:
        return {"game": self.slug, "players": [{"name": p.name, "tokens": p.tokens} for p in state.players]}

    def players_view(self, report: TokensReport) -> list[PlayerView]:
        return [PlayerView(key=p.name, name=p.name, label=p.name, total=p.points) for p in report.players]


WEB_GAME = TokensWeb()
'''

# The shared macros (score_form, number_pad) are globals: a game's templates use them without an import.
GRID = """
<table class="tokens">
{% for row in rows %}<tr><th>{{ row.name }}</th>{% for cell, region, value in row.cells %}<td data-cell="{{ cell }}">{{ region }}: {{ value }}</td>{% endfor %}</tr>{% endfor %}
</table>
{% if table.can_edit %}{{ score_form(table, "final", "grid", "Score", primary=true) }}{% endif %}
{% if pad and table.can_edit %}
{% call number_pad(table, "grid", pad, url_for("table.screen", token=table.token, screen="grid")) %}{{ pad.cell }}{% endcall %}
{% endif %}
"""


@pytest.fixture
def third_game(tmp_path, monkeypatch):
    """Region Tokens' packages in a temporary folder, found through the one registry."""
    core, web = tmp_path / "core" / PACKAGE, tmp_path / "web" / PACKAGE
    templates = web / "templates" / PACKAGE
    templates.mkdir(parents=True)
    core.mkdir(parents=True)
    (core / "__init__.py").write_text(textwrap.dedent(CORE), encoding="utf-8")
    (web / "__init__.py").write_text(textwrap.dedent(WEB), encoding="utf-8")
    (templates / "_grid.html").write_text(GRID, encoding="utf-8")
    # The games' packages also look in the temporary folders: what a game's own folders would be.
    monkeypatch.setattr(assistant.games, "__path__", [*assistant.games.__path__, str(core.parent)])
    monkeypatch.setattr(assistant.web.games, "__path__", [*assistant.web.games.__path__, str(web.parent)])
    assert SLUG not in GAMES, f"a real game is registered as {SLUG}: give this test's game another slug"
    monkeypatch.setitem(GAMES, SLUG, PACKAGE)
    yield tmp_path
    for name in [name for name in sys.modules if name.endswith(f".games.{PACKAGE}") or f".games.{PACKAGE}." in name]:
        del sys.modules[name]


@pytest.fixture
def third_game_client(third_game, tmp_path):
    app = browser_app({"TESTING": True, "DATABASE": str(tmp_path / "tables.sqlite3")})
    return app.test_client()


def version(client, token: str) -> int:
    page = client.get(f"/t/{token}/grid", headers=HTMX).get_data(as_text=True)
    return int(re.search(r'data-version="(\d+)"', page).group(1))


def count(client, token: str, cell: str, value: int | str):
    data = {"cell": cell, "value": value, "base": version(client, token), "screen": "grid", "since": version(client, token)}
    return client.post(f"/t/{token}/change", data=data, headers=HTMX)


def test_a_third_game_is_played_through_the_web_app(third_game_client):
    client = third_game_client
    assert "Region Tokens" in client.get("/").get_data(as_text=True)  # its button on the start page
    form_page = client.get(f"/new/{SLUG}").get_data(as_text=True)
    assert 'name="players-1-name"' in form_page and "House rule" not in form_page  # no rule: no empty box

    refused = client.post(f"/new/{SLUG}", data={"action": "start", "players-0-name": "Ana", "players-1-name": " ana"})
    assert refused.status_code == 400 and "ana is already the name of another player" in refused.get_data(as_text=True)

    made = client.post(f"/new/{SLUG}", data={"action": "start", "players-0-name": "Ana", "players-1-name": ""})
    assert made.status_code == 303 and made.headers["Location"].endswith("/grid")
    token = made.headers["Location"].split("/")[2]
    assert "Player 2" in client.get(f"/t/{token}/grid").get_data(as_text=True)  # a name left empty: its placeholder
    assert count(client, token, "players.1.name", "").status_code == 400  # the shared name cell: a name is needed
    assert count(client, token, "players.1.name", "Ben").status_code == 200

    opened = client.get(f"/t/{token}/grid?cell=tokens.0.north").get_data(as_text=True)
    assert "north: 0" in opened and '<input type="hidden" name="cell" value="tokens.0.north">' in opened  # the shared number pad
    moved = count(client, token, "tokens.0.north", 1).get_data(as_text=True)
    assert '<input type="hidden" name="cell" value="tokens.0.south">' in moved  # a number moves the pad on (entry_order)

    for cell, value in {"tokens.0.north": 4, "tokens.1.north": 2, "tokens.1.south": 1, "tokens.0.east": 3, "tokens.1.east": 3}.items():
        answer = count(client, token, cell, value)
        assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    grid = client.get(f"/t/{token}/grid").get_data(as_text=True)
    assert '<td data-cell="tokens.0.north">north: 4</td>' in grid and '<td data-cell="tokens.1.east">east: 3</td>' in grid
    bad = count(client, token, "tokens.1.south", 12)
    assert bad.status_code == 400 and "<strong>South, tokens of Ben</strong>: must be 0 to 9, not 12" in bad.get_data(as_text=True)

    scored = client.post(f"/t/{token}/score/final", data={"screen": "grid"})
    assert scored.status_code == 303, scored.get_data(as_text=True)[:500]
    page = client.get(scored.headers["Location"]).get_data(as_text=True)
    # north 3 to Ana, south 3 to Ben, east tied: 3 each -> Ana 6, Ben 6
    assert "Ana and Ben share the win with 6 points." in page
    assert "east: Ana, Ben with the most tokens (3)." in page  # the step's sentence, in the shared breakdown
    walk = client.get(scored.headers["Location"] + "?step=2").get_data(as_text=True)
    assert "south: Ben with the most tokens (1)." in walk


def pad_cell(page: str) -> str:
    return re.search(r'<input type="hidden" name="cell" value="([^"]*)">', page).group(1)


def test_a_third_game_that_declares_seats_gets_their_own_links_for_free(third_game_client):
    """Seats declared (``seat_screen``, ``seats``) and nothing more: the share page's link per
    seat opens the pad on the seat's first count, a number walks the seat's counts and keeps the
    link, "The rest of my counts: 0" ends the seat, and every phone sees who is done."""
    client = third_game_client
    made = client.post(f"/new/{SLUG}", data={"action": "start", "players-0-name": "Ana", "players-1-name": "Ben"})
    token = made.headers["Location"].split("/")[2]
    share = client.get(f"/t/{token}/share").get_data(as_text=True)
    links = re.findall(r'href="([^"]*/grid\?player=\d)"', share)
    assert [link.rsplit("=", 1)[1] for link in links] == ["1", "2"] and "Scan to count your own pieces" in share
    opened = client.get(links[1].split("localhost", 1)[-1]).get_data(as_text=True)
    assert pad_cell(opened) == "tokens.1.north" and "This phone enters the counts of Ben: 0 of 3" in opened
    assert '<button name="rest" value="0" class="rest">The rest of my counts: 0</button>' in opened
    data = {"cell": "tokens.1.north", "value": 2, "base": version(client, token), "screen": "grid", "here": "cell=tokens.1.north&player=2"}
    moved = client.post(f"/t/{token}/change", data=data, headers=HTMX).get_data(as_text=True)
    assert pad_cell(moved) == "tokens.1.south" and 'name="here" value="cell=tokens.1.south&amp;player=2"' in moved  # the seat's next, on its link
    data = {"cell": "tokens.1.south", "rest": 0, "base": version(client, token), "screen": "grid", "here": "cell=tokens.1.south&player=2"}
    rest = client.post(f"/t/{token}/change", data=data, headers=HTMX)
    assert rest.status_code == 200, rest.get_data(as_text=True)[:300]
    grid = client.get(f"/t/{token}/grid").get_data(as_text=True)
    assert '<td data-cell="tokens.1.north">north: 2</td>' in grid and "Ben: 3 of 3" in grid and "Ana: 0 of 3" in grid
    data = {"cell": "tokens.0.north", "rest": 0, "base": version(client, token), "screen": "grid", "here": "cell=tokens.0.north&player=2"}
    refused = client.post(f"/t/{token}/change", data=data, headers=HTMX)  # another seat's count: not this link's to end
    assert refused.status_code == 400 and "Ana: 0 of 3" in refused.get_data(as_text=True)


def test_a_game_missing_part_of_the_contract_is_refused_when_it_is_made():
    from assistant.web.games.base import REQUIRED, Scoring, Screen, WebGame
    from assistant.web.store.state import TableState

    members = {
        "slug": "x", "title": "X", "templates": "x", "state_model": TableState, "entry_screens": (Screen("a", "A"),), "scorings": (Scoring("final", "F"),),
        **{name: (lambda self, *args: None) for name in ("setup", "screen", "parse_change", "describe_cell", "score_input", "players_view")},
    }
    type("Complete", (WebGame,), members)()  # everything there: made
    for left_out in members:
        game = type(f"Without_{left_out}", (WebGame,), {k: v for k, v in members.items() if k != left_out})
        with pytest.raises(TypeError, match=left_out):
            game()
    assert set(REQUIRED) == {name for name, value in members.items() if not callable(value) or isinstance(value, type)}


def test_a_game_registered_without_screens_says_so(third_game, monkeypatch):
    monkeypatch.setitem(GAMES, "rules-only", "rulesonly")
    (third_game / "core" / "rulesonly").mkdir()
    (third_game / "core" / "rulesonly" / "__init__.py").write_text("GAME = None\n", encoding="utf-8")
    from assistant.web.games import GameWithoutScreens, web_game

    with pytest.raises(GameWithoutScreens, match="'rules-only' is registered but has no screens: add the package assistant.web.games.rulesonly"):
        web_game("rules-only")
    with pytest.raises(GameWithoutScreens):
        browser_app({"TESTING": True, "DATABASE": str(third_game / "x.sqlite3")})


def test_a_named_game_without_seating_and_old_screens_are_refused_saying_why():
    from assistant.web.games.base import Scoring, Screen
    from assistant.web.games.named import NamedGame
    from assistant.web.store.state import TableState

    members = {
        "slug": "x", "title": "X", "templates": "x", "state_model": TableState, "entry_screens": (Screen("a", "A"),), "scorings": (Scoring("final", "F"),),
        **{name: (lambda self, *args: None) for name in ("screen", "read_cell", "describe_own_cell", "score_input", "players_view")},
    }
    with pytest.raises(TypeError, match="must set seating"):
        type("Unseated", (NamedGame,), members)()
    # A game's module ``screens`` was hidden by a class attribute of that name: the tabs are entry_screens.
    old = {**{k: v for k, v in members.items() if k != "entry_screens"}, "screens": members["entry_screens"]}
    with pytest.raises(TypeError, match="the tabs are entry_screens, not screens"):
        type("OldTabs", (NamedGame,), old)()
