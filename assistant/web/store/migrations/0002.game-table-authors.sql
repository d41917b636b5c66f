-- depends: 0001.game-table
-- Which phone set each cell and the values other phones replaced since (tables.py); SQLite's
-- is db.SCHEMA, and db._upgrade for databases made before it.
ALTER TABLE game_table ADD COLUMN authors TEXT NOT NULL DEFAULT '{}';
