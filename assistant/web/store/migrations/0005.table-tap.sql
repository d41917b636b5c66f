-- depends: 0004.table-change
-- The ids of the taps whose record entries trimming removed (record.py; SQLite's is in
-- record.SCHEMA): a tap sent again after any number of changes still counts once.
CREATE TABLE table_tap (
    table_id TEXT NOT NULL REFERENCES game_table (id) ON DELETE CASCADE,
    tap TEXT NOT NULL,
    phone TEXT NOT NULL DEFAULT '',
    asked TEXT NOT NULL DEFAULT '',
    version INTEGER NOT NULL,
    PRIMARY KEY (table_id, tap)
);
