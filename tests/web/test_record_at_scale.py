"""The table's record at scale (issue 44), on both stores, CSRF on: no table can be made a weight
on the others (kept scorings and chains bounded, every page within a budget whatever was done to
the table), a tap counted once for the table's life, and trimming by count per table, so a
restore (every table's version past the highest of any) never takes a table's earlier record."""
from __future__ import annotations

import json
import re
import time

from assistant.web.store import backup, record
from assistant.web.store.db import get_db
from tests.web.helpers import change, new_table, score, version

ARAGON = "monasteries.Aragon.red"
# What a table's page may weigh and cost, whatever was done to it: the heaviest real one (a
# finished five-player table's final walk) is about 60 KB; the 2,000-scoring table's was 964 KB.
PAGE_BYTES = 150_000


def table_id(app, token) -> str:
    with app.app_context():
        return get_db().execute("SELECT id FROM game_table WHERE id = ?", (token,)).fetchone()["id"]


def kept_entries(app, token, kinds=("set", "scoring", "restore", "other", "row")) -> list[tuple[int, str]]:
    with app.app_context():
        rows = get_db().execute("SELECT version, kind FROM table_change WHERE table_id = ? ORDER BY version", (token,)).fetchall()
        return [(row["version"], row["kind"]) for row in rows if row["kind"] in kinds]


def old_scorings(app, token, count: int) -> None:
    """``count`` intermediate scorings kept in the record as the code before this bound left them
    (each a real kept result of this table, replaced by the next), and the table at their version."""
    with app.app_context():
        db = get_db()
        kept = db.execute(
            "SELECT cells, version FROM table_change WHERE table_id = ? AND kind = 'scoring' ORDER BY version DESC LIMIT 1", (token,)
        ).fetchone()
        result = json.loads(kept["cells"])["results.intermediate"][1]
        start = db.execute("SELECT version FROM game_table WHERE id = ?", (token,)).fetchone()["version"]
        rows = []
        for number in range(count):
            made = {**result, "at": result["at"] - count + number}
            rows.append((token, start + 1 + number, "scoring", "results.intermediate", json.dumps({"results.intermediate": [result, made]}),
                         "", None, "", None, time.time()))
        db.execute("BEGIN")
        for row in rows:
            db.execute(f"INSERT INTO table_change ({record.COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?)", row)
        db.execute("UPDATE game_table SET version = ? WHERE id = ?", (start + count, token))
        db.execute("COMMIT")


# --- no table a weight on the others ---

def test_a_table_scored_two_thousand_times_shows_each_page_within_budget(app, client):
    token = new_table(client)
    change(client, token, ARAGON, value="3")
    assert score(client, token, "intermediate").status_code == 303
    old_scorings(app, token, 2000)
    page = client.get(f"/t/{token}/scores/intermediate")
    assert page.status_code == 200 and len(page.data) < PAGE_BYTES, len(page.data)
    earlier = page.get_data(as_text=True).split("Earlier results")[1]
    assert earlier.count("Use this result again") <= record.KEPT_SCORINGS  # the latest 20 at most
    for path in ("board", "history", "scores", "share", "chains"):
        answer = client.get(f"/t/{token}/{path}", follow_redirects=True)
        assert answer.status_code == 200 and len(answer.data) < PAGE_BYTES, (path, len(answer.data))
    assert len(client.get(f"/api/tables/{token}/history").data) < PAGE_BYTES
    # Its next scoring leaves the latest 20 in the record.
    change(client, token, ARAGON, value="4")
    assert score(client, token, "intermediate").status_code == 303
    assert len(kept_entries(app, token, kinds=("scoring", "restore"))) == record.KEPT_SCORINGS


def test_scoring_again_and_again_keeps_the_latest_twenty_results(app, client):
    token = new_table(client)
    for number in range(record.KEPT_SCORINGS + 5):
        change(client, token, ARAGON, value=str(number % 4 + 1))
        assert score(client, token, "intermediate").status_code == 303
    scorings = kept_entries(app, token, kinds=("scoring", "restore"))
    assert len(scorings) == record.KEPT_SCORINGS
    assert scorings[-1][0] == version(client, token)  # the newest are the ones kept
    assert len(kept_entries(app, token, kinds=("set",))) == record.KEPT_SCORINGS + 5  # counts are not scorings


def test_chains_are_capped_by_the_monasteries_a_player_has(client):
    token = new_table(client)
    for _chain in range(5):  # 5 chains of 4: the player's 20 monasteries
        assert change(client, token, "chains.green", screen="chains", add="4").status_code == 200
    refused = change(client, token, "chains.green", screen="chains", add="4")
    assert refused.status_code == 400
    text = refused.get_data(as_text=True)
    assert "Chains of Andreas (green)" in text or "Andreas (green)" in text
    assert "20 monasteries" in text
    assert change(client, token, "chains.red", screen="chains", add="20").status_code == 200  # another player's own 20


# --- counted once for the table's life ---

def test_a_tap_resent_after_twenty_five_thousand_changes_counts_once(app, client):
    token = new_table(client)
    first = change(client, token, "chains.green", screen="chains", add="4", tap="first-chain-tap-0001")
    assert first.status_code == 200
    # 24,998 counts more, written as the app writes them (a test cannot tap that long), then one
    # real tap that makes version 25,000, a multiple of record.TRIM_EVERY: trimming runs.
    now = version(client, token)
    with app.app_context():
        db = get_db()
        db.execute("BEGIN")
        for number in range(now + 1, 25_000):
            entry = record.Entry(token, number, "set", ARAGON, {ARAGON: (number % 3, (number + 1) % 3)}, "", f"count-tap-{number:06}", "", None, time.time())
            db.execute(f"INSERT INTO table_change ({record.COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?)", entry.row())
        db.execute("UPDATE game_table SET version = ? WHERE id = ?", (24_999, token))
        db.execute("COMMIT")
    assert change(client, token, ARAGON, value="2", tap="the-25000th-tap-0001").status_code == 200
    assert version(client, token) == 25_000
    assert len(kept_entries(app, token)) == record.KEPT_ENTRIES  # trimmed: the first tap's entry is gone
    again = change(client, token, "chains.green", screen="chains", base=2, add="4", tap="first-chain-tap-0001")
    assert again.status_code == 200
    assert version(client, token) == 25_000
    board = client.get(f"/t/{token}/chains").get_data(as_text=True)
    assert len(re.findall(r'name="remove" value="4"', board.split('id="chains-green"')[1].split("</section>")[0])) <= 1
    other = app.test_client()  # the same id from another phone is still refused, not taken
    other.get(f"/t/{token}/board")
    assert change(other, token, "chains.green", screen="chains", base=2, add="4", tap="first-chain-tap-0001").status_code == 409


# --- trimming by count, whatever a restore did to the versions ---

def test_a_restore_keeps_every_tables_earlier_record(app, client, tmp_path):
    """The issue's case: one long-lived table at v20,400; after a restore every table is past it,
    and a table's next multiple of 500 used to take its whole record (10 entries, then 0)."""
    token = new_table(client)
    for number in range(10):
        change(client, token, ARAGON, value=str(number % 4))
    long_lived = new_table(client)
    with app.app_context():
        db = get_db()
        db.execute("UPDATE game_table SET version = 20400 WHERE id = ?", (long_lived,))
        if not app.config["DATABASE_URL"]:
            db.commit() if db.in_transaction else None
    backup.backup(app, tmp_path / "night.backup")
    _counts, restored = backup.restore(app, tmp_path / "night.backup")
    assert restored == 20_401
    value = 9 % 4  # what the cell holds: each change below sets another value (one that changes nothing is no version)
    while version(client, token) % record.TRIM_EVERY:
        value = (value + 1) % 4
        assert change(client, token, ARAGON, value=str(value)).status_code == 200
    assert len(kept_entries(app, token, kinds=("set",))) == 10 + 99  # the ten before the restore kept


# --- a host's night ---

def test_the_nightly_backup_makes_its_folder_for_its_owner_only(app, client, tmp_path):
    """docs/deployment.md's cron line names a folder no other step makes: the first night's
    backup makes it (0700: every file in it holds every edit link)."""
    import stat

    new_table(client)
    tmp_path.chmod(0o755)
    folder = tmp_path / "srv" / "backups"
    backup.backup(app, folder / "night.backup")
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / "night.backup").stat().st_mode) == 0o600
    backup.backup(app, folder / "next-night.backup")  # the folder there already: fine
    assert stat.S_IMODE(tmp_path.stat().st_mode) == 0o755  # a folder it did not make is left as it was


def test_the_json_history_is_never_kept_by_a_cache(client):
    """Either link reads it, and it names every phone's changes: no shared cache keeps a copy."""
    token = new_table(client)
    change(client, token, ARAGON, value="2")
    answer = client.get(f"/api/tables/{token}/history")
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
