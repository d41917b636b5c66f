"""Board variants as the web app keeps them: stored in SQLite, chosen for a new table, copied into it.

A variant is the core's JSON (``variant_json``: name, the 15 pairs, cloister fields per
country). A table records the variant it was started with by id *and* a copy of that JSON
(``state.board``), and always scores on the copy: editing a variant later never changes
the scoring of a table that already exists, and a kept result can always be explained again.
Tables without ``state.board`` (all tables before variants existed) use the published board.

Each variant has an edit link's key (``edit_token``, see ``board_keys``): everyone may view and
copy a variant, only whoever holds the key may change it. Variants saved before keys existed
have none and stay as they are. Lists come a page at a time, newest first.
"""
from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from assistant.games.kardinal.board import Board, published_board
from assistant.games.kardinal.position import GAME_SLUG
from assistant.games.kardinal.variants import make_variant, variant_json
from assistant.problems import InvalidInput
from assistant.translator import ENGLISH
from assistant.web.games.kardinal.state import BoardChoice, KardinalState
from assistant.web.serving.i18n import lazy_gettext as _l
from assistant.web.serving.numbers import small_number
from assistant.web.store.db import Row, get_db
from assistant.web.store.tables import new_token

PUBLISHED = "published"  # the core's name of the published board
PUBLISHED_LABEL = _l("Published board")
PAGE_SIZE = 20  # variants on a page of the list, and the newest a new table is offered

# Boards a table checked against its printed board: named, seen and copied by all tables on
# this server, changed only by whoever saved them. A table keeps a copy of the variant it was
# started with.
SCHEMA = """
CREATE TABLE IF NOT EXISTS board_variant (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,             -- the game's slug
    name TEXT NOT NULL,
    data TEXT NOT NULL,             -- JSON {"name", "alliances", "fields"}, as the core reads it
    version INTEGER NOT NULL,       -- counts saves, so two phones never overwrite each other silently
    created REAL NOT NULL,
    updated REAL NOT NULL,
    edit_token TEXT                 -- the edit link's key; NULL: saved before owners, read-only
);
"""
MIGRATIONS = Path(__file__).resolve().parent / "migrations"  # the same for PostgreSQL
# Made after ``edit_token`` is there (added to databases made before it existed).
INDEXES = (
    "CREATE UNIQUE INDEX IF NOT EXISTS board_variant_edit_token ON board_variant (edit_token)",
    "CREATE INDEX IF NOT EXISTS board_variant_newest ON board_variant (game, updated DESC, id DESC)",
)


def upgrade_database(db: sqlite3.Connection) -> None:
    """Columns added since a database was made, then the indexes (in the caller's transaction)."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(board_variant)")}
    if "edit_token" not in columns:
        db.execute("ALTER TABLE board_variant ADD COLUMN edit_token TEXT")
    for index in INDEXES:
        db.execute(index)


@dataclass(frozen=True)
class StoredVariant:
    id: int
    name: str
    data: dict[str, Any]  # the core's variant JSON
    version: int
    updated: float
    edit_token: str | None = field(default=None, repr=False)  # None: saved before owners, read-only

    @property
    def board(self) -> Board:
        return board_from(self.data)


class StaleVariant(Exception):
    """The variant was saved by someone else since this form was loaded."""

    def __init__(self, current: StoredVariant):
        super().__init__(current.name)
        self.current = current


def list_variants(page: int = 1) -> list[StoredVariant]:
    """One page of the variants, the most recently saved first."""
    rows = get_db().execute(
        "SELECT * FROM board_variant WHERE game = ? ORDER BY updated DESC, id DESC LIMIT ? OFFSET ?",
        (GAME_SLUG, PAGE_SIZE, (page - 1) * PAGE_SIZE),
    ).fetchall()
    return [_variant(row) for row in rows]


def count_pages() -> int:
    counted: Row | None = get_db().execute("SELECT COUNT(*) AS n FROM board_variant WHERE game = ?", (GAME_SLUG,)).fetchone()
    assert counted is not None  # COUNT(*) gives one row
    count: int = counted["n"]
    return max(1, -(-count // PAGE_SIZE))


def variants_by_id(idents: list[int]) -> list[StoredVariant]:
    """The variants with these ids that exist, in the order given."""
    if not idents:
        return []
    marks = ",".join("?" * len(idents))
    rows = get_db().execute(f"SELECT * FROM board_variant WHERE game = ? AND id IN ({marks})", (GAME_SLUG, *idents)).fetchall()
    found = {row["id"]: _variant(row) for row in rows}
    return [found[ident] for ident in idents if ident in found]


def find_variant(ident: object) -> StoredVariant | None:
    """The variant behind an id from a URL or a form (any text), or None."""
    number = ident if isinstance(ident, int) else small_number(ident)
    if number is None:
        return None
    row = get_db().execute("SELECT * FROM board_variant WHERE id = ? AND game = ?", (number, GAME_SLUG)).fetchone()
    return _variant(row) if row else None


def name_taken(name: str, except_id: int | None = None) -> bool:
    folded = name.casefold()
    if folded == PUBLISHED or folded == str(PUBLISHED_LABEL).casefold():
        return True
    rows = get_db().execute("SELECT id, name FROM board_variant WHERE game = ?", (GAME_SLUG,))
    return any(row["name"].casefold() == folded and row["id"] != except_id for row in rows)


def save_variant(board: Board, ident: int | None = None, version: int | None = None) -> StoredVariant:
    """Store a new variant with a new edit link's key (``ident`` None), or replace one that is
    still at ``version``."""
    data = json.dumps(variant_json(board), ensure_ascii=False)
    now = time.time()
    db = get_db()
    if ident is None:
        key = new_token()
        db.execute(
            "INSERT INTO board_variant (game, name, data, version, created, updated, edit_token) VALUES (?,?,?,?,?,?,?)",
            (GAME_SLUG, board.name, data, 1, now, now, key),
        )
        made: Row | None = db.execute("SELECT id FROM board_variant WHERE edit_token = ?", (key,)).fetchone()
        assert made is not None  # inserted just now
        ident = made["id"]
    else:
        # Compare-and-set on the version: of two saves from the same version, one finds it changed.
        saved = db.execute(
            "UPDATE board_variant SET name = ?, data = ?, version = version + 1, updated = ? WHERE id = ? AND game = ? AND version = ?",
            (board.name, data, now, ident, GAME_SLUG, version),
        ).rowcount
        if not saved:
            current = find_variant(ident)
            if current is None:
                raise LookupError(ident)
            raise StaleVariant(current)
    found = find_variant(ident)
    assert found is not None
    return found


@lru_cache(maxsize=64)
def _board_from_text(text: str) -> Board:
    return make_variant(json.loads(text), published_board(), ENGLISH)


def board_from(data: dict[str, Any] | None) -> Board:
    """The board a variant's JSON describes (the published one for None); cached, as every
    screen of a table asks for it."""
    if not data:
        return published_board()
    return _board_from_text(json.dumps(data, sort_keys=True, ensure_ascii=False))


def readable(variant: StoredVariant) -> bool:
    """Whether the core still accepts a stored variant (a table must never start on one it refuses)."""
    try:
        board_from(variant.data)
    except (InvalidInput, TypeError, ValueError):
        return False
    return True


def table_choice(variant: StoredVariant | None) -> BoardChoice | None:
    """What a new table's state records: the variant's id, name and a copy of its JSON."""
    if variant is None:
        return None
    return BoardChoice(id=variant.id, name=variant.name, variant=variant.data)


def table_variant(state: KardinalState) -> dict[str, Any] | None:
    """The copy of the variant a table scores on, or None for the published board."""
    return state.board.variant if state.board else None


def table_board(state: KardinalState) -> Board:
    """The board a table plays on; the published one if its copy cannot be read."""
    try:
        return board_from(table_variant(state))
    except (InvalidInput, TypeError, ValueError):
        return published_board()


def _variant(row: Row) -> StoredVariant:
    return StoredVariant(
        id=row["id"], name=row["name"], data=json.loads(row["data"]), version=row["version"], updated=row["updated"], edit_token=row["edit_token"]
    )
