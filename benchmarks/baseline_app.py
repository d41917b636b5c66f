"""The yardstick for a poll (a benchmark helper, not part of the app): a bare Flask app that
answers an empty 200 (as the app's poll with nothing new does) after one indexed SQLite lookup,
written the way the Flask tutorial (flaskr) writes it: one connection per request in ``g``,
closed when the request ends. No CSRF, no headers, no sessions, no languages: what any Flask +
SQLite endpoint costs at the least.

benchmarks/web.py times its ``/poll/<token>`` beside the app's poll with nothing new.
"""
from __future__ import annotations

import sqlite3

from flask import Flask, g

SCHEMA = "CREATE TABLE IF NOT EXISTS item (id TEXT PRIMARY KEY, version INTEGER NOT NULL)"


def create_baseline_app(database: str) -> Flask:
    app = Flask(__name__)
    app.config["DATABASE"] = database

    def get_db() -> sqlite3.Connection:
        if "db" not in g:
            g.db = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
        return g.db

    @app.teardown_appcontext
    def close_db(_error=None) -> None:
        db = g.pop("db", None)
        if db is not None:
            db.close()

    @app.get("/poll/<token>")
    def poll(token: str):
        row = get_db().execute("SELECT version FROM item WHERE id = ?", (token,)).fetchone()
        return ("", 200) if row else ("", 404)

    return app


def fill(database: str, token: str) -> None:
    """The one row the poll finds. SQLite's default rollback journal, as the tutorial has it: with
    WAL, each request's connection, the last one open, would checkpoint and delete the WAL as it
    closes (the app keeps an anchor connection against that), which made this yardstick 3 times
    slower, and the ratio meaningless."""
    with sqlite3.connect(database, isolation_level=None) as db:
        db.execute(SCHEMA)
        db.execute("INSERT INTO item VALUES (?, 1)", (token,))
    db.close()
