-- Deckhand schema 1: the journal, people and terminal metadata.
-- Applied inside one transaction by src/store/migrate.rs; a failure leaves the old schema intact.

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- People who sign records (§ 637a.16(f)(4),(5): name and Board-issued credential number).
-- Never deleted: records keep pointing at them; `active` = 0 deactivates.
CREATE TABLE people (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    credential  TEXT NOT NULL UNIQUE,
    role        TEXT NOT NULL CHECK (role IN ('dealer', 'floorperson', 'supervisor', 'administrator')),
    pin_hash    TEXT,            -- Argon2id PHC string with its own salt
    active      INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_utc TEXT NOT NULL
);
CREATE TRIGGER people_no_delete BEFORE DELETE ON people
BEGIN
    SELECT RAISE(ABORT, 'people are deactivated, never deleted');
END;

-- The journal: one row per fact, gap-free serial numbers, SHA-256 hash chain.
CREATE TABLE journal (
    serial            INTEGER PRIMARY KEY,      -- 1, 2, 3 ... without gaps
    terminal_id       TEXT NOT NULL,
    ts_utc            TEXT NOT NULL,            -- RFC 3339, UTC, microseconds
    mono_ns           INTEGER NOT NULL,         -- monotonic clock since the store was opened
    session           INTEGER NOT NULL,         -- which opening of the store wrote the row
    stream            TEXT NOT NULL,            -- 'table' rows rebuild the table; 'system' rows do not
    table_no          INTEGER,
    dealer_credential TEXT,
    actor_credential  TEXT,                     -- the verifying floorperson or supervisor, if any
    kind              TEXT NOT NULL,
    payload           TEXT NOT NULL,            -- canonical JSON (keys sorted)
    prev_hash         TEXT NOT NULL,
    hash              TEXT NOT NULL UNIQUE
);
CREATE INDEX journal_kind ON journal (kind, serial);
CREATE INDEX journal_table ON journal (table_no, serial);

CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal
BEGIN
    SELECT RAISE(ABORT, 'the journal is append-only: record a correction instead');
END;
CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal
BEGIN
    SELECT RAISE(ABORT, 'the journal is append-only: rows are never deleted');
END;
