-- Tables for people (docs/tables.md). The engine's Table is rebuilt from
-- the deals' seeds and the actions: nothing else of a table is kept.

CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    turn_seconds BIGINT NOT NULL,
    -- The AI's rung for 托管 and the host's default for empty chairs.
    ai TEXT NOT NULL,
    host_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- Who sits in each chair: a person (with the hash of their seat key) or
-- an AI (its rung). The key makes two claims of one chair one seat.
CREATE TABLE table_chairs (
    table_id TEXT NOT NULL REFERENCES tables (id),
    chair BIGINT NOT NULL,
    name TEXT NOT NULL,
    key_hash TEXT UNIQUE,
    ai TEXT,
    -- 托管: the AI plays for the person until they take over.
    auto BIGINT NOT NULL DEFAULT 0,
    -- When the person last took their chair back (Unix ms): their turn's
    -- timer starts again then.
    back_ms BIGINT NOT NULL DEFAULT 0,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (table_id, chair)
);

CREATE TABLE table_deals (
    table_id TEXT NOT NULL REFERENCES tables (id),
    number BIGINT NOT NULL,
    -- The deal's seed in decimal (u64), from the OS. Never sent.
    seed TEXT NOT NULL,
    started_ms BIGINT NOT NULL,
    PRIMARY KEY (table_id, number)
);

-- Every action of every deal. The key makes a repeated or concurrent
-- action for one ply apply once, whichever instance or AI sent it.
CREATE TABLE table_actions (
    table_id TEXT NOT NULL,
    number BIGINT NOT NULL,
    ply BIGINT NOT NULL,
    chair BIGINT NOT NULL,
    action TEXT NOT NULL,
    by_ai BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (table_id, number, ply),
    FOREIGN KEY (table_id, number) REFERENCES table_deals (table_id, number)
);

-- Who said they are ready for the deal after a finished one.
CREATE TABLE table_ready (
    table_id TEXT NOT NULL,
    number BIGINT NOT NULL,
    chair BIGINT NOT NULL,
    PRIMARY KEY (table_id, number, chair)
);
