"""The board check: compare the 15 alliances and the cloister fields with the printed board, fix
what differs, and save it as a named board variant that new tables can be scored on.

``/boards`` starts a new variant from a copy of the published board (``?from=<id>``: from a
saved variant) and lists the saved ones a page at a time (``?page=``); ``/boards/<id>`` shows a
saved one, which only its owner (``board_keys``: the phone that saved it, or anyone given its
edit link ``?key=``) can change; everyone else sees it read-only and can copy it. The published
board itself is never changed. Validation is the core's (``make_variant``): each problem appears
next to its field, in words, and the form keeps everything as typed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from flask import Blueprint, abort, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict

from assistant.games.kardinal.board import Alliance, Board, Country, published_board
from assistant.games.kardinal.variants import MAX_VARIANT_NAME, make_variant
from assistant.problems import InvalidInput, Problem
from assistant.web.games.base import NOTHING
from assistant.web.games.kardinal import board_keys
from assistant.web.games.kardinal.board_map import MapDrawing, MapFigure, board_map
from assistant.web.games.kardinal.boards import (
    StaleVariant,
    StoredVariant,
    count_pages,
    find_variant,
    list_variants,
    name_taken,
    readable,
    save_variant,
    variants_by_id,
)
from assistant.web.games.kardinal.words import country_names
from assistant.web.pages import go_to, render
from assistant.web.serving.i18n import gettext as _
from assistant.web.serving.i18n import request_translations
from assistant.web.serving.numbers import small_number

bp = Blueprint("boards", __name__, url_prefix="/boards")
_WHOLE = re.compile(r"\s*-?[0-9]{1,9}\s*")


@dataclass
class CheckForm:
    """The board-check form as typed: nothing is lost when something is wrong."""

    name: str
    pairs: list[tuple[str, str]]  # 15, in number order
    fields: dict[str, str]  # cloister fields per country, as typed ("" for unknown)
    version: int | None = None  # of the saved variant this form was loaded from
    errors: dict[str, list[str]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class AllianceRow:
    """An alliance on the form: its two countries as typed, beside the printed board's."""

    number: int
    a: str
    b: str
    published: str  # the printed board's pair, "England–Franken"
    source: str  # where the printed board's pair comes from ("rulebook", "inferred"...)
    sea: bool
    changed: bool  # not the printed board's pair
    errors: list[str]
    sides: list[AllianceSide]

    @property
    def classes(self) -> str:
        """Its row's classes: where the pair comes from, changed, bad."""
        return f"alliance-row {self.source}" + (" changed" if self.changed else "") + (" bad" if self.errors else "")

    @property
    def mark_classes(self) -> str:
        """Its mark: changed here, read off the map, or a pair the rules name."""
        return "mark changed" if self.changed else "mark inferred" if self.source == "inferred" else "mark rules"

    @property
    def invalid(self) -> dict[str, str]:
        """Its lists' ARIA attributes when it is wrong: invalid, described by its problems."""
        return {"aria-invalid": "true", "aria-describedby": f"alliance-{self.number}-problem"} if self.errors else {}


@dataclass(frozen=True, slots=True)
class CountryOption:
    """A country in an alliance's list, chosen or not; a value no country has (sent by hand) comes
    first, chosen, so it stays visible next to its error (``label`` "": nothing was chosen)."""

    value: str
    label: str
    selected: bool


@dataclass(frozen=True, slots=True)
class AllianceSide:
    """One of an alliance's two countries on the form: its field and its list."""

    name: str  # the form field, "alliance-3-a"
    first: bool  # the first country of the pair (its label says which)
    options: list[CountryOption]


@dataclass(frozen=True, slots=True)
class CloisterFieldsRow:
    """A country's cloister fields on the form, as typed, beside the printed board's."""

    key: str
    label: str  # its name, with the local one
    value: str
    published: int | None  # None: not known
    errors: list[str]

    @property
    def invalid(self) -> dict[str, str]:
        """Its field's ARIA attribute when it is wrong."""
        return {"aria-invalid": "true"} if self.errors else {}


@dataclass(frozen=True, slots=True)
class ListedVariant:
    """A saved variant in the list, with what it changes from the printed board."""

    variant: StoredVariant
    changed: list[Alliance]
    fields: list[Country]
    current: dict[str, str] = field(default_factory=dict)  # aria-current when it is the board shown

    @property
    def edit_url(self) -> str:
        """Its board check."""
        return url_for("boards.edit", ident=self.variant.id)

    @property
    def changed_pairs(self) -> str:
        """The alliances it changes, "3 England–Franken, 7 Aragon–Burgund" (numbers and the board's names)."""
        return ", ".join(f"{a.number} {'–'.join(a.countries)}" for a in self.changed)

    @property
    def fields_changed(self) -> str:
        """The cloister fields it changes, "England 3, Franken ?" (? for not known)."""
        return ", ".join(f"{c.key} {'?' if c.fields is None else c.fields}" for c in self.fields)

    @property
    def template(self) -> str:
        return "kardinal/_check_listed.html"


@dataclass(frozen=True, slots=True)
class PublishedEntry:
    """The published board, first in the list of saved boards (on its first page)."""

    @property
    def template(self) -> str:
        return "kardinal/_check_published.html"


@dataclass(frozen=True, slots=True)
class VariantsPage:
    """A page of the saved variants (``?page=``), and those this phone may change."""

    variants: list[ListedVariant]
    own: list[ListedVariant]  # without what they change (not said in that list)
    page: int
    newer: str  # the newer page's URL ("": none)
    older: str

    @property
    def own_list(self) -> str:
        """The template of this phone's own boards, NOTHING without any."""
        return "kardinal/_check_own.html" if self.own else NOTHING

    @property
    def pages_nav(self) -> str:
        """The template of the links to the newer and older pages, NOTHING when this page is the only one."""
        return "kardinal/_check_pages.html" if self.newer or self.older else NOTHING

    @property
    def entries(self) -> list[PublishedEntry | ListedVariant]:
        """The list of saved boards: the first page lists the published board before them."""
        return [*([PublishedEntry()] if self.page == 1 else []), *self.variants]


@dataclass(frozen=True, slots=True)
class BoardCheckPage:
    """What templates/kardinal/_board_check.html shows (``check``)."""

    form: CheckForm
    variant: StoredVariant | None  # the saved variant shown (None: a new one)
    source: StoredVariant | None  # the variant a new one is copied from
    saved: bool
    action: str  # where the form posts
    options: list[tuple[str, str]]  # the countries as the form's options (value, label)
    rows: list[AllianceRow]
    fields: list[CloisterFieldsRow]
    map: MapDrawing
    changed: list[int]  # the alliances not the printed board's, by number
    read_only: bool
    without_owner: bool
    edit_link: str
    lists: VariantsPage
    preview: bool = False  # the live map's answer while the pairs change: the map, and each row's facts swapped in by its id

    def figure(self, title: str) -> MapFigure:
        """The map of the pairs as entered, with its title in the page's words."""
        return MapFigure(self.map, title, id="check-map")

    @property
    def swapped_facts(self) -> list[AllianceRow]:
        """The rows whose facts the live map's answer sends beside it."""
        return self.rows if self.preview else []

    @property
    def facts_attributes(self) -> dict[str, str]:
        return {"hx-swap-oob": "true"} if self.preview else {}

    @property
    def saved_card(self) -> str:
        """The template of what the page says first once a board is saved, NOTHING before."""
        return "kardinal/_check_saved.html" if self.saved else NOTHING

    @property
    def intro(self) -> str:
        """The template of what the page says first: a board this phone may not change, its own, or a new one."""
        kind = "new" if self.variant is None else "read_only" if self.read_only else "own"
        return f"kardinal/_check_intro_{kind}.html"

    @property
    def hidden(self) -> list[tuple[str, int | str]]:
        """The form's hidden fields besides the CSRF token: the edit key the form sends back (the
        saved board's, when this phone may change it) and the version it was loaded from."""
        key = (self.variant.edit_token or "") if self.variant and not self.read_only else ""
        return ([("key", key)] if key else []) + ([("version", self.form.version)] if self.form.version is not None else [])

    @property
    def copied(self) -> bool:
        """The form starts from a saved board: the published one is offered to copy instead."""
        return self.variant is not None or self.source is not None

    @property
    def notices(self) -> list[str]:
        """What the form says above it: a board not one's own, or saved from another phone meanwhile."""
        return self.form.errors.get("notice", [])


@bp.get("")
def index() -> ResponseReturnValue:
    source = find_variant(request.args.get("from")) if "from" in request.args else None
    form = _form_of(source.data if source else None, name="")
    return _page(form, None, source=source)


@bp.post("")
def create() -> ResponseReturnValue:
    return _save(None)


@bp.get("/<ident>")
def edit(ident: str) -> ResponseReturnValue:
    variant = _variant_or_404(ident)
    if board_keys.may_change(variant, request.args.get("key")):
        board_keys.remember(variant)  # opened with the edit link: this phone may change it from now on
    form = _form_of(variant.data, name=variant.name, version=variant.version)
    return _page(form, variant, saved=request.args.get("saved") == "1")


@bp.post("/<ident>")
def update(ident: str) -> ResponseReturnValue:
    variant = _variant_or_404(ident)
    if not board_keys.may_change(variant, request.form.get("key")):
        # Someone else's board: what was typed is kept, offered as a new board of one's own.
        form = _read(request.form)
        form.version = None
        form.errors["notice"] = [
            _(
                "This board belongs to whoever saved it, so it was not changed. Your changes are still here: "
                "give them a name of your own and save them as a new board."
            )
        ]
        return _page(form, None, status=403, source=variant)
    return _save(variant)


@bp.post("/map")
def preview() -> ResponseReturnValue:
    """The map of the pairs as typed so far, while the table changes them (htmx)."""
    form = _read(request.form)
    return render("kardinal/_check_map.html", "kardinal/_check_map.html", check=_context(form, None, preview=True))


def _save(variant: StoredVariant | None) -> ResponseReturnValue:
    form = _read(request.form)
    board = _validated(form, variant)
    if board is None:
        return _page(form, variant, status=400)
    try:
        stored = save_variant(board, variant.id if variant else None, form.version)
        board_keys.remember(stored)
    except StaleVariant as stale:
        # Saved from another phone since this one loaded it: show what is there now, keep what
        # was typed, and let a second tap on Save replace it on purpose.
        form.version = stale.current.version
        form.errors["notice"] = [
            _(
                "Someone saved this board from another phone since you opened it. Your changes are still here; "
                "save again to replace theirs, or reload to see theirs."
            )
        ]
        return _page(form, variant, status=409)
    return go_to(url_for("boards.edit", ident=stored.id, saved=1))


def _variant_or_404(ident: str) -> StoredVariant:
    variant = find_variant(ident)
    if variant is None:
        abort(404)
    return variant


def _form_of(data: dict[str, Any] | None, name: str, version: int | None = None) -> CheckForm:
    """The form filled in from a variant's JSON as stored (the published board for None). Read
    as text, not through the core: a variant the core would refuse today still opens, with its
    problems shown when it is saved."""
    published = published_board()
    data = data if isinstance(data, dict) else {}
    stored = data.get("alliances")
    pairs = [a.countries for a in published.alliances]
    if isinstance(stored, list) and len(stored) == len(pairs):
        pairs = [(str(p[0]), str(p[1])) if isinstance(p, list) and len(p) == 2 else old for p, old in zip(stored, pairs)]
    stored_fields: dict[str, Any] = data["fields"] if isinstance(data.get("fields"), dict) else {}
    fields = {c.key: _typed(stored_fields[c.key] if c.key in stored_fields else c.fields) for c in published.countries}
    return CheckForm(name=name, pairs=pairs, fields=fields, version=version)


def _typed(count: object) -> str:
    return "" if count is None else str(count)


def _read(posted: MultiDict[str, str]) -> CheckForm:
    published = published_board()
    pairs = [
        (posted.get(f"alliance-{a.number}-a", "")[:40], posted.get(f"alliance-{a.number}-b", "")[:40])
        for a in published.alliances
    ]
    fields = {key: posted.get(f"fields-{key}", "")[:12] for key in published.country_keys}
    return CheckForm(name=posted.get("name", "")[:200], pairs=pairs, fields=fields, version=small_number(posted.get("version")))


def _validated(form: CheckForm, variant: StoredVariant | None) -> Board | None:
    """The board the form describes, or None with ``form.errors`` filled in by field."""
    name = " ".join(form.name.split())
    problems: list[Problem] = []
    if not name:
        problems.append(Problem(field="board.name", reason=_("give this board a name, so a new table can choose it")))
    elif len(name) > MAX_VARIANT_NAME:
        problems.append(Problem(field="board.name", reason=_("must be at most {limit} characters long").format(limit=MAX_VARIANT_NAME)))
    elif name_taken(name, variant.id if variant else None):
        problems.append(Problem(field="board.name", reason=_("there is a board called “{name}” already; choose another name").format(name=name)))
    fields = {key: _number(text) for key, text in form.fields.items()}
    for key, value in fields.items():
        if isinstance(value, str):  # not a number at all: said here, so the core checks the rest
            problems.append(Problem(field=f"board.fields.{key}", reason=_("must be a whole number")))
    data = {
        "name": name if not problems else "?",  # the name's problems are ours; the core checks the rest
        "alliances": [list(pair) for pair in form.pairs],
        "fields": {key: value for key, value in fields.items() if not isinstance(value, str)},
    }
    try:
        board = make_variant(data, published_board(), request_translations())
    except InvalidInput as invalid:
        problems += invalid.problems
        board = None
    if problems:
        form.errors = _by_field(problems)
        return None
    return board


def _number(text: str) -> int | str | None:
    """A typed cloister-field count: empty is unknown; anything else goes to the core as typed."""
    if not text.strip():
        return None
    return int(text) if _WHOLE.fullmatch(text) else text


def _by_field(problems: list[Problem]) -> dict[str, list[str]]:
    """The core's fields (``board.alliances.0``) as the form's (``alliance-1``)."""
    found: dict[str, list[str]] = {}
    for problem in problems:
        parts = problem.field.split(".")
        if parts[:2] == ["board", "name"]:
            where = "name"
        elif parts[:2] == ["board", "alliances"] and len(parts) > 2 and (index := small_number(parts[2])) is not None:
            where = f"alliance-{index + 1}"
        elif parts[:2] == ["board", "fields"] and len(parts) > 2:
            where = f"fields-{parts[2]}"
        else:
            where = "form"
        found.setdefault(where, []).append(problem.reason)
    return found


def _page(form: CheckForm, variant: StoredVariant | None, status: int = 200, source: StoredVariant | None = None,
          saved: bool = False) -> tuple[str, int, dict[str, str]]:
    context = _context(form, variant, source, saved)
    return render("kardinal/board_check.html", "kardinal/_board_check.html", status, check=context)


def _context(form: CheckForm, variant: StoredVariant | None, source: StoredVariant | None = None, saved: bool = False,
             preview: bool = False) -> BoardCheckPage:
    published = published_board()
    can_change = variant is None or board_keys.may_change(variant)
    options = [(key, key) for key in published.country_keys]  # the names printed on the board
    rows = [
        AllianceRow(
            number=alliance.number,
            a=a,
            b=b,
            published="–".join(alliance.countries),
            source=alliance.source,
            sea=alliance.sea,
            changed={a, b} != set(alliance.countries),
            errors=form.errors.get(f"alliance-{alliance.number}", []),
            sides=[_side(f"alliance-{alliance.number}-{side}", side == "a", chosen, options) for side, chosen in (("a", a), ("b", b))],
        )
        for alliance, (a, b) in zip(published.alliances, form.pairs)
    ]
    fields = [
        CloisterFieldsRow(
            key=key,
            label=_country_label(key),
            value=form.fields.get(key, ""),
            published=published.country(key).fields,
            errors=form.errors.get(f"fields-{key}", []),
        )
        for key in published.country_keys
    ]
    changed = frozenset(row.number for row in rows if row.changed)
    return BoardCheckPage(
        form=form,
        variant=variant,
        source=source,
        saved=saved,
        action=url_for("boards.update", ident=variant.id) if variant else url_for("boards.create"),
        options=options,
        rows=rows,
        fields=fields,
        map=board_map(_drawable(form), changed=changed, marked=True),
        changed=sorted(changed),
        read_only=not can_change,
        without_owner=variant is not None and not variant.edit_token,
        edit_link=board_keys.edit_link(variant) if variant is not None and can_change else "",
        lists=_lists(variant),
        preview=preview,
    )


def _side(name: str, first: bool, chosen: str, options: list[tuple[str, str]]) -> AllianceSide:
    known = [CountryOption(key, label, key == chosen) for key, label in options]
    unknown = [] if any(option.selected for option in known) else [CountryOption(chosen, chosen, True)]
    return AllianceSide(name=name, first=first, options=unknown + known)


def _lists(shown: StoredVariant | None) -> VariantsPage:
    """The page of saved boards asked for, and this phone's own; ``shown`` marked in both."""
    last = count_pages()
    page = min(max(small_number(request.args.get("page")) or 1, 1), last)
    current = {"aria-current": "true"}
    return VariantsPage(
        variants=[replace(_listed(v), current=current) if shown and v.id == shown.id else _listed(v) for v in list_variants(page)],
        own=[ListedVariant(v, [], [], current if shown and v.id == shown.id else {}) for v in variants_by_id(board_keys.remembered_ids())],
        page=page,
        newer=url_for("boards.index", page=page - 1) if page > 1 else "",
        older=url_for("boards.index", page=page + 1) if page < last else "",
    )


def _drawable(form: CheckForm) -> Board:
    """The board as typed, for the map: a pair that is not two different known countries is
    left out until it is fixed (a repeated pair is drawn twice, so it shows)."""
    published = published_board()
    alliances = []
    for alliance, (a, b) in zip(published.alliances, form.pairs):
        pair = (published.resolve_country(a), published.resolve_country(b))
        if None in pair or pair[0] == pair[1]:
            continue
        same = set(pair) == set(alliance.countries)
        alliances.append(alliance if same else alliance.model_copy(update={"countries": pair, "source": "table"}))
    return published.model_copy(update={"alliances": tuple(alliances)})


def _listed(variant: StoredVariant) -> ListedVariant:
    if not readable(variant):
        return ListedVariant(variant, [], [])
    board = variant.board
    published = published_board()
    return ListedVariant(
        variant=variant,
        changed=[a for a in board.alliances if a.source == "table"],
        fields=[c for c in board.countries if c.fields != published.country(c.key).fields],
    )


def _country_label(key: str) -> str:
    name, local = country_names(key)
    return f"{name} ({local})" if local else name
