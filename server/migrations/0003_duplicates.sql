-- Duplicate sessions (复式, docs/tables.md): T tables play the same B
-- boards. Each table is a table of 0002 that deals the session's boards
-- in turn and stops after the last.

CREATE TABLE duplicates (
    id TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    tables BIGINT NOT NULL,
    boards BIGINT NOT NULL,
    host_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- Each board's seed in decimal (u64), from the OS: the same cards to the
-- same chair at every table. Never sent.
CREATE TABLE duplicate_boards (
    duplicate_id TEXT NOT NULL REFERENCES duplicates (id),
    number BIGINT NOT NULL,
    seed TEXT NOT NULL,
    PRIMARY KEY (duplicate_id, number)
);

-- The session's tables, numbered from 1.
CREATE TABLE duplicate_tables (
    duplicate_id TEXT NOT NULL REFERENCES duplicates (id),
    number BIGINT NOT NULL,
    table_id TEXT NOT NULL UNIQUE REFERENCES tables (id),
    PRIMARY KEY (duplicate_id, number)
);
