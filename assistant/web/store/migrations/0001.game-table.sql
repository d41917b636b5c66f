-- The shared table of every game's tables (PostgreSQL; SQLite's is db.SCHEMA): see db.py.
CREATE TABLE game_table (
    id TEXT PRIMARY KEY,            -- the edit link's token
    view_id TEXT NOT NULL UNIQUE,   -- the spectators' link token
    game TEXT NOT NULL,             -- the game's slug
    version INTEGER NOT NULL,       -- counts every change, for polling and conflicts
    state TEXT NOT NULL,            -- JSON, shaped by the game
    changed TEXT NOT NULL,          -- JSON {cell: version that last changed it}
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL
);
CREATE INDEX game_table_updated ON game_table (updated);  -- prune finds the old ones
