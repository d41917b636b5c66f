-- depends: 0003.game-table-versions
-- A table's record: every change it took, who made it and what it replaced (record.py; SQLite's
-- is record.SCHEMA). It goes with its table (ON DELETE CASCADE; prune also removes it itself).
CREATE TABLE table_change (
    table_id TEXT NOT NULL REFERENCES game_table (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    kind TEXT NOT NULL,
    cell TEXT NOT NULL,
    cells TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    tap TEXT,
    asked TEXT NOT NULL DEFAULT '',
    undoes INTEGER,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, version)
);
CREATE UNIQUE INDEX table_change_tap ON table_change (table_id, tap);
CREATE INDEX table_change_phone ON table_change (table_id, phone, version);
