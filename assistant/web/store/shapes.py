"""What the store is handed but does not make, as Protocols: the store imports no game and no
screen. A row comes from either database; a game's own tables come from each ``WebGame``
(``db.init_app(app, games)``), which has all three members."""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any, Protocol


class Row(Protocol):
    """A row by column name: sqlite3.Row, or PostgreSQL's dict row (postgres.py)."""

    def __getitem__(self, column: str, /) -> Any: ...


class GameTables(Protocol):
    """A game's own tables: ``schema`` (SQLite, run on first use), ``upgrade_database`` (a SQLite
    database made by an older version), ``migrations`` (PostgreSQL: a folder of yoyo migrations)."""

    @property
    def schema(self) -> str: ...

    @property
    def migrations(self) -> Path | None: ...

    def upgrade_database(self, db: sqlite3.Connection) -> None: ...
