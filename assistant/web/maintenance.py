"""The store's upkeep from the command line, on the store `serve` would use (the same settings):
``python -m assistant prune --older-than 90d``, ``migrate``, ``backup FILE`` and ``restore FILE``. A setting the
app cannot use ends them with status 2, a database out of reach with 1, said in words."""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from flask import Flask

from assistant.web.store.backup import backup, restore
from assistant.web.store.db import StoreError, migrate, open_store
from assistant.web.store.prune import prune


def prune_command(older_than: float, instance: str | None) -> int:
    """Prints each table removed, then how many."""

    def run(app: Flask) -> None:
        open_store(app)
        with app.app_context():
            removed = prune(older_than)
        for table in removed:
            print(table.line())
        print(f"{len(removed)} tables removed (unchanged for {describe_age(older_than)} or more)")

    return on_the_store(instance, run)


def migrate_command(instance: str | None) -> int:
    """Brings the schema up to date now (else the first request does): before new servers start."""

    def run(app: Flask) -> None:
        applied = migrate(app)
        for migration in applied:
            print(f"applied {migration}")
        print(f"{open_store(app)}: schema up to date ({len(applied)} migrations applied now)")

    return on_the_store(instance, run)


def backup_command(file: str, instance: str | None) -> int:
    def run(app: Flask) -> None:
        store = open_store(app)
        counts = backup(app, Path(file))
        print(f"backed up {store} to {file}: {described(counts)}")

    return on_the_store(instance, run)


def restore_command(file: str, instance: str | None) -> int:
    def run(app: Flask) -> None:
        store = open_store(app)
        counts, version = restore(app, Path(file))
        print(f"restored {file} into {store}: {described(counts)}; the tables' versions now {version}, past any a phone has seen")

    return on_the_store(instance, run)


def described(counts: dict[str, int]) -> str:
    return ", ".join(f"{table} {count} rows" for table, count in counts.items())


def describe_age(seconds: float) -> str:
    hours = int(seconds) // 3600
    return f"{hours // 24} days" if hours % 24 == 0 else f"{hours} hours"


def on_the_store(instance: str | None, run: Callable[[Flask], None]) -> int:
    """Run a command on the app made with the settings `serve` would use; a StoreError said in words."""
    from assistant.web import create_app

    try:
        run(create_app(instance_path=instance))
    except StoreError as error:
        print(error, file=sys.stderr)
        return error.exit_status
    return 0
