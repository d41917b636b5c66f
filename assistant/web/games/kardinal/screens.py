"""What the entry screens show: the board grid with its number pad, and the chains."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import url_for
from werkzeug.datastructures import MultiDict

from assistant.games.kardinal.chains import MIN_CHAIN
from assistant.games.names import isolated
from assistant.problems import by_field
from assistant.web.games.base import NOTHING, NameForm, ScoringQuestion, ScreenContext, Seat, grid_attributes, scoring_button
from assistant.web.games.kardinal.boards import table_board
from assistant.web.games.kardinal.cards import (
    BoardCell,
    BoardPad,
    ChainRow,
    CountryCard,
    PiecesRow,
    SeatedPlayer,
    SketchEditor,
    SupplyRow,
    supply_sentence,
)
from assistant.web.games.kardinal.cells import (
    CELL_PATTERN,
    PIECE_CAP,
    PIECE_LABEL,
    PIECES,
    count,
    country_label,
    describe_cell,
    entry_order,
    parse_count_cell,
    placed,
    player_label,
    seats,
)
from assistant.web.games.kardinal.results import kept_summary, live_problems, scoring_question
from assistant.web.games.kardinal.state import KardinalState
from assistant.web.games.kardinal.words import CHAIN_RULE, color_labels, country_names, player_names
from assistant.web.kept import KeptSummary
from assistant.web.own_counts import seat_of
from assistant.web.pad import cell_id, following_cells, seat_pad
from assistant.web.serving.i18n import field_problem
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.numbers import small_number
from assistant.web.store.tables import Table

CHAIN_LENGTHS = range(MIN_CHAIN, 21)
# Every count a cell can hold, one tap each: the pad hides those above the cell's cap (advisors).
PAD_NUMBERS = range(max(PIECE_CAP.values()) + 1)


@dataclass(kw_only=True)
class BoardScreen(ScreenContext):
    """What templates/kardinal/_board.html shows (and _board_changes.html, of the countries built)."""

    players: list[SeatedPlayer]  # seating order
    here_url: str  # the board tab
    chains_url: str  # the chains tab, which the scoring card points at ("" in the answer to a tap)
    grid_attributes: dict[str, str]  # the board's htmx attributes (base.grid_attributes)
    head_template: str  # a player's column head: a link to their name's form, or the head alone (a phone watching only)
    countries: list[CountryCard]
    supply: list[SupplyRow]
    other_problems: list[str]  # what is wrong with no cell to show it on
    caps: dict[str, int]  # the pieces each player owns, by kind
    intermediate: KeptSummary | None  # the kept scorings' summaries (not in the answer to a tap)
    final: KeptSummary | None
    scoring_card_template: str  # the scoring card's template: the game scored, the intermediate done, or neither yet
    scoring_form: str  # its button scoring the intermediate (again); NOTHING once the game is scored or for a phone watching
    stale_note: str  # the game scored: that the table changed since (kardinal/_final_stale.html), or NOTHING
    intermediate_link: str  # the game scored: the way to the intermediate's breakdown, or NOTHING without one


@dataclass(kw_only=True)
class ChainsScreen(ScreenContext):
    """What templates/kardinal/_chains.html shows."""

    players: list[SeatedPlayer]
    rows: list[ChainRow]  # a player each: the chains counted, their points, what is wrong, the sketch's summary
    here_url: str  # the chains screen
    change_url: str  # where its forms post
    adding: str  # the colour whose chain pad is open ("" for none)
    adding_player: SeatedPlayer | None
    next_player: str | None  # whose pad "next" opens (the one after the player whose pad is open)
    next_seated: SeatedPlayer | None
    lengths: list[int]  # what the chain pad offers
    room: int  # the player's monasteries not yet in a counted chain (0 when more are counted than on the board)
    rule: str  # the house rule for chains, its label and what it means
    rule_label: str
    rule_explanation: str
    other_rule: str  # what the rule card's switch sets
    board_problems: int  # problems on the board tab, to point at
    intermediate: KeptSummary | None
    final: KeptSummary | None
    question: ScoringQuestion | None  # asked on the final scoring's card before scoring without chains
    scoring_button: str  # the final's card's button (base.scoring_button): NOTHING for a phone watching only, or while the question is asked
    length_template: str  # a counted chain's length: a button removing it, or the length alone (a phone watching only)
    problems_link: str  # the board's problems counted, pointing at them; NOTHING without any
    intro: str  # how to count chains, for a phone that may enter them; NOTHING for one watching only
    chain_pad: str  # the chain pad, open on ``adding`` (kardinal/_chain_pad.html), or NOTHING
    no_room: str  # on the chain pad: that too few monasteries are left for another chain (no length to offer); NOTHING with room
    from_zero: str  # on the final scoring's card, that it starts everyone from 0 without an intermediate; NOTHING with one
    ask_chains: str  # the question asked before scoring without chains (kardinal/_ask_chains.html), NOTHING when not asked
    first_player: str  # whose chains "Enter the chains" opens first (the first seated)
    sketch: SketchEditor | None = None  # the open sketch's lattice
    part: str = "kardinal/_chains_cards.html"  # what the screen shows: the cards, or the open sketch (kardinal/_sketch.html)




def players(state: KardinalState) -> list[SeatedPlayer]:
    shades, alone = color_labels(), player_names()
    return [
        SeatedPlayer(
            index=i,
            color=p.color,
            name=p.name,
            color_name=shades.get(p.color, p.color),
            # A player without a name is called by their colour, as a name: "Green".
            label=f"{isolated(p.name)} ({shades.get(p.color, p.color)})" if p.name else alone.get(p.color, p.color),
        )
        for i, p in enumerate(state.players)
    ]


def supply(state: KardinalState, seated: list[SeatedPlayer], problems: dict[str, list[str]]) -> list[SupplyRow]:
    return [
        SupplyRow(
            player=player,
            left={pieces: PIECE_CAP[pieces] - placed(state, pieces, player.color) for pieces in PIECES},
            problems=problems.get(f"monasteries.*.{player.color}", []) + problems.get(f"advisors.*.{player.color}", []),
        )
        for player in seated
    ]


def board_screen(table: Table[KardinalState], args: MultiDict[str, str], only: frozenset[str] | None = None) -> BoardScreen:
    """The board tab's context; ``only``: the countries to build (the answer to a tap sends
    no others; board_changes), all by default."""
    state = table.state
    problems = by_field(live_problems(state))
    selected = args.get("cell", "")
    if not parse_count_cell(state, selected):
        selected = ""
    seated = players(state)
    seat = _seat(state, args.get("player"))
    here = url_for("table.screen", token=table.token, screen="board")
    grid = _BoardGrid(state, problems, seated, selected, here, seat)
    grid.over_limit = _over_limit_cells(table, problems)
    board = table_board(state)  # the cloister fields of the table's board variant
    countries = [grid.country(key, board.country(key).fields) for key in board.country_keys if only is None or key in only]
    grid.shown.update(field for key in board.country_keys for field in grid.fields(key))  # every country's, built or not
    grid.shown.update(f"{pieces}.*.{p.color}" for pieces in PIECES for p in seated)
    intermediate, final = (kept_summary(table, "intermediate"), kept_summary(table, "final")) if only is None else (None, None)
    renaming = small_number(args.get("rename"))
    rename = NameForm(renaming, seated[renaming].name) if renaming is not None and renaming < len(seated) and table.can_edit else None
    return BoardScreen(
        players=seated,
        here_url=here,
        chains_url=url_for("table.screen", token=table.token, screen="chains") if only is None else "",
        name_form=rename,
        typing=rename is not None,
        grid_attributes=grid_attributes(table.can_edit),
        head_template="kardinal/_head_link.html" if table.can_edit else "kardinal/_head.html",
        countries=countries,
        supply=supply(state, seated, problems),
        other_problems=_other(state, problems, grid.shown),
        pad=_pad(state, selected, problems, table.token, here, seat) if selected else None,
        offline_pad=_pad(state, entry_order(state)[0], problems, table.token, here, seat) if not selected and table.can_edit and only is None else None,
        pad_template="kardinal/_pad.html",
        caps=PIECE_CAP,
        # The scoring card: not in the answer to a tap (a count does not change it).
        intermediate=intermediate,
        final=final,
        scoring_card_template=_scoring_card(intermediate, final),
        scoring_form=_scoring_form(intermediate, final, table.can_edit),
        stale_note="kardinal/_final_stale.html" if final and final.stale else NOTHING,
        intermediate_link="kardinal/_intermediate_link.html" if intermediate else NOTHING,
    )


def _scoring_card(intermediate: KeptSummary | None, final: KeptSummary | None) -> str:
    stage = "done" if final else "second_half" if intermediate else "first_half"
    return f"kardinal/_scoring_card_{stage}.html"


def _scoring_form(intermediate: KeptSummary | None, final: KeptSummary | None, can_edit: bool) -> str:
    if final or not can_edit:
        return NOTHING
    return "kardinal/_score_intermediate_again.html" if intermediate else "kardinal/_score_intermediate.html"


def board_changes(table: Table[KardinalState], cells: Mapping[str, Any], args: MultiDict[str, str], before: MultiDict[str, str]) -> frozenset[str] | None:
    """The countries changed counts change (templates/kardinal/_board_changes.html also sends the
    supply, the problems listed apart and the pad, if open): the counts' own, the one the pad
    left and the one it went to, and where a player's over-limit mark was, when they were over
    on the phone's screen (it moves to the player's count changed last: _over_limit_cells). A
    country's facts and problems are its own counts' alone; the whole board for anything else (a
    name, a scoring, a pad opening or closing, a rename form). ``cells``: each with the value the
    phone shows (tables.shown_values)."""
    counts = [cell.split(".") for cell in cells]
    if not counts or any(len(parts) != 3 or parts[0] not in PIECES for parts in counts):
        return None
    if bool(args.get("cell")) != bool(before.get("cell")) or "rename" in args or "rename" in before:
        return None  # the pad opened or closed: the screen's layout changes
    shown = [args.get("cell", ""), before.get("cell", "")]
    players_changed = {(pieces, color) for pieces, _key, color in counts}
    shown += [_last_changed(table, pieces, color, cells) for pieces, color in players_changed if _was_over(table, pieces, color, cells)]
    return frozenset(parts[1] for parts in counts) | frozenset(cell.split(".")[1] for cell in shown if cell.count(".") == 2)


def _was_over(table: Table[KardinalState], pieces: str, color: str, shown: Mapping[str, Any]) -> bool:
    """Whether the phone showed the player over the ``pieces`` they own (and so their mark),
    from the values it shows of the cells changed since; True when the table does not know them."""
    theirs = [cell for cell in shown if cell.startswith(f"{pieces}.") and cell.endswith(f".{color}")]
    if any(not isinstance(shown[cell], int) for cell in theirs):
        return True
    now = sum(count(table.state, pieces, cell.split(".")[1], color) for cell in theirs)
    shown_now: int = sum(shown[cell] for cell in theirs)  # all whole numbers, checked above
    return placed(table.state, pieces, color) - now + shown_now > PIECE_CAP[pieces]


def _last_changed(table: Table[KardinalState], pieces: str, color: str, changed: Mapping[str, Any]) -> str:
    """The player's count of ``pieces`` changed last before ``changed``: where their over-limit
    mark was (_over_limit_cells), if they were over."""
    theirs = [cell for cell in table.changed if cell not in changed and cell.startswith(f"{pieces}.") and cell.endswith(f".{color}")]
    return max(theirs, key=table.changed.__getitem__, default="")


def _over_limit_cells(table: Table[KardinalState], problems: dict[str, list[str]]) -> dict[str, list[str]]:
    """A player over the pieces they own, marked where it was entered: on the cell of theirs
    changed last (and so on its country card), besides the supply row."""
    over = {}
    for field, reasons in problems.items():
        pieces, star, color = (field.split(".") + ["", "", ""])[:3]
        if star == "*" and pieces in PIECES:
            over[pieces, color] = reasons
    if not over:
        return {}
    latest: dict[tuple[str, str], str] = {}
    for cell in table.changed:
        parsed = parse_count_cell(table.state, cell)
        if parsed is None or (parsed[0], parsed[2]) not in over or not count(table.state, *parsed):
            continue
        mark = latest.get((parsed[0], parsed[2]))
        if mark is None or table.changed[cell] > table.changed[mark]:
            latest[parsed[0], parsed[2]] = cell
    return {cell: over[player] for player, cell in latest.items()}


def _seat(state: KardinalState, key: str | None) -> Seat | None:
    """The seat whose own counts this phone enters (``?player=<colour>``), if any (the seats
    worked out only then: every tap's answer asks)."""
    return seat_of(seats(state), key) if key else None


class _BoardGrid:
    """The board tab's grid, a country at a time; ``shown`` collects the fields it shows, so the
    problems about any other field are listed below it. With a ``seat`` (its own link) the
    seat's cells move on in the seat's order and their row for "rest" is the seat's counts."""

    def __init__(self, state: KardinalState, problems: dict[str, list[str]], seated: list[SeatedPlayer], selected: str, here: str,
                 seat: Seat | None = None) -> None:
        self.state, self.problems, self.seated, self.selected, self.here = state, problems, seated, selected, here
        self.shown: set[str] = set()
        self.over_limit: dict[str, list[str]] = {}
        self.following = following_cells(entry_order(state))
        self.seat = seat
        if seat is not None:
            self.following.update(following_cells(list(seat.cells)))
        self.link_tail = f"&player={seat.key}" if seat else ""
        self.supply_left = {
            (pieces, p.color): supply_sentence(PIECE_CAP[pieces] - placed(state, pieces, p.color)) for pieces in PIECES for p in seated
        }
        # One translated pattern per kind of piece, filled in for each of the ~90 cells.
        self.cell_label = {pieces: str(CELL_PATTERN[pieces]) for pieces in PIECES}
        self.with_count = _("{cell}: {count}")

    def fields(self, key: str) -> list[str]:
        """The fields a country shows: its own, and one cell a player and kind of piece."""
        return [f"monasteries.{key}", f"advisors.{key}"] + [f"{pieces}.{key}.{player.color}" for pieces in PIECES for player in self.seated]

    def country(self, key: str, fields: int | None) -> CountryCard:
        shown_name = country_label(key)
        monasteries = self.state.monasteries.get(key, {})
        rows = [
            PiecesRow(
                pieces=pieces,
                label=PIECE_LABEL[pieces],
                cells=[self.cell(pieces, key, shown_name, player) for player in self.seated],
                # said once for its cells (static/app.js reads a cell's, then its row's): the row the
                # card's totals sum, what the pad shows, the limit, and the kind of piece by its key,
                # which the supply counts by
                data={"row": f"{pieces}.{key}", "kind": pieces, "country": shown_name, "pieces": PIECE_LABEL[pieces], "cap": PIECE_CAP[pieces]},
            )
            for pieces in PIECES
        ]
        name, local = country_names(key)
        return CountryCard(
            key=key,
            name=name,
            local=local,
            fields=fields,
            monasteries=sum(monasteries.values()),
            too_many=fields is not None and sum(monasteries.values()) > fields,
            advisors=sum(self.state.advisors.get(key, {}).values()),
            cap=max(monasteries.values(), default=0),
            rows=rows,
            problems=self.problems.get(f"monasteries.{key}", []) + self.problems.get(f"advisors.{key}", []),
            cell_problems=[field_problem(c.description, p) for row in rows for c in row.cells for p in c.problems]
            + [reason for row in rows for c in row.cells for reason in self.over_limit.get(c.cell, [])],
        )

    def cell(self, pieces: str, key: str, shown_name: str, player: SeatedPlayer) -> BoardCell:
        cell = f"{pieces}.{key}.{player.color}"
        value = count(self.state, pieces, key, player.color)
        found = self.problems.get(cell, [])
        description = self.cell_label[pieces].format(country=shown_name, player=player.label)
        return BoardCell(
            cell=cell,
            id=cell_id(cell),
            classes=_cell_classes(value, found or self.over_limit.get(cell, []), cell == self.selected),
            description=description,
            label=self.with_count.format(cell=description, count=value),
            url=f"{self.here}?cell={cell}{self.link_tail}",
            value=value,
            problems=found,
            selected=cell == self.selected,
            # what the pad shows when it moves here before the server answers (static/app.js)
            data={
                "next": self.following.get(cell, ""),
                # the pad's "Empty cells: 0" goes as far as its row; a seat's own goes through the
                # seat's counts ("The rest of my counts")
                **({"row": f"seat.{self.seat.key}"} if self.seat and player.color == self.seat.key else {}),
                "player": player.label,
                "color": player.color,
                "foot": self.supply_left[pieces, player.color],
            },
        )


def _cell_classes(value: int, problems: list[str], selected: bool) -> str:
    return "cell" + (" selected" if selected else "") + (" bad" if problems else "") + ("" if value else " zero")


def _pad(state: KardinalState, cell: str, problems: dict[str, list[str]], token: str, here: str, seat: Seat | None = None) -> BoardPad:
    """The pad open on ``cell``; its Done goes to ``here`` (the board), or on a seat's own link to the seat's."""
    counted = parse_count_cell(state, cell)
    assert counted is not None  # the pad opens on a count only (board_screen)
    pieces, country, color = counted
    # The pad covers the lower part of the screen: it repeats what is wrong where it is
    # entering, and any player over the pieces they own (the pad has moved on from their cell).
    colors = [q.color for q in state.players]
    nearby = [f"monasteries.{country}", f"advisors.{country}"] + [f"{p}.*.{c}" for p in PIECES for c in colors]
    nearby += [f"{p}.{country}.{c}" for p in PIECES for c in colors]
    cap = PIECE_CAP[pieces]
    reasons = [reason for field in nearby for reason in problems.get(field, [])]
    pad = BoardPad(
        cell=cell,
        value=count(state, pieces, country, color),
        cap=cap,
        problems=reasons,
        numbers=PAD_NUMBERS,
        rest=True,
        country=country_label(country),
        pieces=PIECE_LABEL[pieces],
        player=player_label(state, color),
        color=color,
        left=cap - placed(state, pieces, color),
        done_url=here,
    )
    return _seat_pad(pad, token, seat)


def _seat_pad(pad: BoardPad, token: str, seat: Seat | None) -> BoardPad:
    """The pad on a seat's own link: it stays on the link (``here``, Done) and, on the seat's
    cells, "Rest of row" is the rest of the seat's counts."""
    return seat_pad(pad, seat.key, seat.cells, url_for("table.screen", token=token, screen="board", player=seat.key)) if seat else pad


def _other(state: KardinalState, problems: dict[str, list[str]], shown: set[str]) -> list[str]:
    return [
        field_problem(describe_cell(state, field), reason)
        for field, reasons in problems.items()
        if field not in shown
        for reason in reasons
    ]


def chains_screen(table: Table[KardinalState], args: MultiDict[str, str]) -> ChainsScreen:
    state = table.state
    problems = by_field(live_problems(state))
    shown: set[str] = set()
    adding = args.get("add", "")
    rows: list[ChainRow] = []
    for player in players(state):
        color = player.color
        cell = f"chains.{color}"
        found = [reason for field, reasons in problems.items() if field == cell or field.startswith(cell + ".") for reason in reasons]
        shown.update(field for field in problems if field == cell or field.startswith(cell + "."))
        lengths = state.chains.get(color, [])
        rows.append(
            ChainRow(
                player=player,
                cell=cell,
                lengths=lengths,
                points=sum(lengths),
                on_board=placed(state, "monasteries", color),
                problems=found,
                adding=adding == color,
                add_button="kardinal/_chain_add.html" if table.can_edit and adding != color else NOTHING,
            )
        )
    colors = [p.color for p in state.players]
    next_player = colors[(colors.index(adding) + 1) % len(colors)] if adding in colors else None
    # The pad offers the lengths the player's monasteries not yet in a counted chain allow.
    adding_row = next((row for row in rows if row.player.color == adding), None)
    room = adding_row.on_board - adding_row.points if adding_row else 0
    rule = state.rules.chains
    seated = players(state)
    board_problems = len([f for f in problems if f not in shown])
    intermediate = kept_summary(table, "intermediate")
    question = scoring_question(table, "final") if table.can_edit else None
    final = kept_summary(table, "final")
    return ChainsScreen(
        players=seated,
        rows=rows,
        here_url=url_for("table.screen", token=table.token, screen="chains"),
        change_url=url_for("table.change", token=table.token),
        adding=adding if adding in colors else "",
        adding_player=next((p for p in seated if p.color == adding), None),
        next_player=next_player,
        next_seated=next((p for p in seated if p.color == next_player), None),
        lengths=[length for length in CHAIN_LENGTHS if length <= room],
        room=max(room, 0),
        rule=rule,
        rule_label=CHAIN_RULE.choices[rule].label,
        rule_explanation=CHAIN_RULE.choices[rule].explanation,
        other_rule=CHAIN_RULE.other(rule),
        board_problems=board_problems,
        intermediate=intermediate,
        final=final,
        question=question,
        scoring_button=scoring_button(table, final, asks=question is not None),
        length_template="kardinal/_length_button.html" if table.can_edit else "kardinal/_length.html",
        problems_link="kardinal/_chains_board_problems.html" if board_problems else NOTHING,
        intro="kardinal/_chains_intro.html" if table.can_edit else NOTHING,
        chain_pad="kardinal/_chain_pad.html" if adding in colors and table.can_edit else NOTHING,
        no_room="kardinal/_chain_pad_no_room.html" if room < MIN_CHAIN else NOTHING,
        from_zero=NOTHING if intermediate else "kardinal/_final_from_zero.html",
        ask_chains="kardinal/_ask_chains.html" if question else NOTHING,
        first_player=colors[0],
    )
