-- One schema for SQLite and PostgreSQL: only types and syntax both read
-- (TEXT, BIGINT, composite keys, no auto-increment, no booleans).
-- Times are Unix seconds (UTC).

CREATE TABLE events (
    id TEXT PRIMARY KEY,
    -- The sealed event's code: it holds the secret. Never sent before close.
    sealed_code TEXT NOT NULL,
    commitment TEXT NOT NULL,
    organiser_hash TEXT NOT NULL,
    opens BIGINT,
    closes BIGINT,
    closed_at BIGINT,
    standings_after BIGINT NOT NULL,
    max_entrants BIGINT NOT NULL,
    daily_date TEXT UNIQUE,
    created_at BIGINT NOT NULL
);

CREATE TABLE entries (
    id TEXT PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES events (id),
    name TEXT NOT NULL,
    -- NFKC + lower case: 'Ann', 'ANN' and 'Ａｎｎ' are one name.
    name_key TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    disqualified TEXT,
    created_at BIGINT NOT NULL,
    UNIQUE (event_id, name_key)
);

CREATE INDEX entries_event ON entries (event_id);

CREATE TABLE boards (
    entry_id TEXT NOT NULL REFERENCES entries (id),
    number BIGINT NOT NULL,
    -- The deal's seed in decimal (u64). Never sent before close.
    seed TEXT NOT NULL,
    seat TEXT NOT NULL,
    started BIGINT NOT NULL DEFAULT 0,
    score BIGINT,
    PRIMARY KEY (entry_id, number)
);

-- Every move of every board: the entrant's and the AI's. The key makes a
-- repeated request apply once and, of two concurrent requests for one ply,
-- one apply.
CREATE TABLE moves (
    entry_id TEXT NOT NULL,
    number BIGINT NOT NULL,
    ply BIGINT NOT NULL,
    mv TEXT NOT NULL,
    by_entrant BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (entry_id, number, ply),
    FOREIGN KEY (entry_id, number) REFERENCES boards (entry_id, number)
);

-- The AI field's scores on a board from the entrant's seat (engine Field, JSON).
CREATE TABLE fields (
    event_id TEXT NOT NULL REFERENCES events (id),
    seed TEXT NOT NULL,
    seat TEXT NOT NULL,
    field TEXT NOT NULL,
    PRIMARY KEY (event_id, seed, seat)
);

-- Hand records, made once after close (engine HandRecord list, JSON).
CREATE TABLE hand_records (
    event_id TEXT PRIMARY KEY REFERENCES events (id),
    records TEXT NOT NULL
);
