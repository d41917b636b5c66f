-- depends: 0005.table-tap
-- The moment the table has all its allowances of changes back (pace.py; SQLite's is added by
-- db._upgrade): written with each change, so all servers count a table's pace once.
ALTER TABLE game_table ADD COLUMN paced_until DOUBLE PRECISION NOT NULL DEFAULT 0;
