"""The store: the databases (SQLite, PostgreSQL), the tables and their record, the versions
phones poll, migrations, backup and prune. It knows no game: what it needs of one it is handed."""
