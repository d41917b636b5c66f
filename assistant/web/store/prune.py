"""Tables do not pile up forever: ``python -m assistant prune --older-than 90d`` removes every
table nobody changed for that long, on either store (docs/deployment.md has the cron line).

A table's last change is its ``updated`` time: a finished table's is when its last count or
scoring was entered, an abandoned one's when it was left. Opening or watching a table changes
nothing, so a table only looked at still goes. Board variants stay: every table may use them.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass

from assistant.web.store import record
from assistant.web.store.db import get_db

FINAL = "final"  # the kept result of a finished table (TableState.results)


@dataclass(frozen=True)
class Removed:
    view_id: str  # the spectators' link, never the edit link (a secret, even in a log)
    game: str
    finished: bool
    updated: float

    def line(self) -> str:
        status = "finished" if self.finished else "unfinished"
        return f"removed table {self.view_id} ({self.game}, {status}, last changed {time.strftime('%Y-%m-%d', time.gmtime(self.updated))})"


def prune(older_than: float, now: float | None = None) -> list[Removed]:
    """Remove the tables last changed more than ``older_than`` seconds ago (inside an app context)."""
    cutoff = (now if now is not None else time.time()) - older_than
    db = get_db()
    removed = []
    for row in db.execute("SELECT id, view_id, game, state, updated FROM game_table WHERE updated < ?", (cutoff,)).fetchall():
        # Only if still unchanged: a phone may have changed it since it was read.
        if db.execute("DELETE FROM game_table WHERE id = ? AND updated < ?", (row["id"], cutoff)).rowcount:
            record.remove(db, row["id"])  # its record goes with it
            finished = FINAL in json.loads(row["state"]).get("results", {})
            removed.append(Removed(row["view_id"], row["game"], finished, row["updated"]))
    return removed

