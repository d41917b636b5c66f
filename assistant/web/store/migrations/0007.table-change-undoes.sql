-- depends: 0006.game-table-pace
-- What an undo took back, looked up by the pad's Undo and the history (record.LATEST_UNDOABLE,
-- record.UNDONE) without a walk through the table's entries; SQLite's is in record.SCHEMA.
CREATE INDEX table_change_undoes ON table_change (table_id, undoes) WHERE undoes IS NOT NULL;
