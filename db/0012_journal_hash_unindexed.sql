-- The journal without a UNIQUE index on `hash`. Every row's hash is a SHA-256 value, so each
-- insert landed at a random leaf of that index: with group commit it was half the cost of an
-- append, and on a journal of millions of rows a random page read. Nothing looks a row up by
-- its hash; what makes the journal trustworthy is the chain (each row's `prev_hash` is the row
-- before's `hash`, checked by `verify-log`) and the signed head, not an index a writer of the
-- file could drop. The rows are copied as they are (serial, hash and all); the indexes and
-- append-only triggers are made again as they were (db/0001, 0002, 0005, 0011).
PRAGMA legacy_alter_table = ON;
CREATE TABLE journal_new (
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
    hash              TEXT NOT NULL             -- SHA-256 of the row (src/store/chain.rs)
);
INSERT INTO journal_new SELECT * FROM journal ORDER BY serial;
DROP TABLE journal;
ALTER TABLE journal_new RENAME TO journal;
PRAGMA legacy_alter_table = OFF;

CREATE INDEX journal_kind ON journal (kind, serial);
CREATE INDEX journal_table ON journal (table_no, serial);
CREATE INDEX journal_corrects ON journal (json_extract(payload, '$.corrects'))
WHERE kind = 'correction';
CREATE INDEX journal_table_kind_time ON journal (table_no, kind, ts_utc);
CREATE INDEX journal_time ON journal (ts_utc);
CREATE INDEX journal_dealer ON journal (dealer_credential, serial);
CREATE INDEX journal_person_state ON journal (json_extract(payload, '$.state.credential'))
    WHERE json_extract(payload, '$.state.credential') IS NOT NULL;

CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal
BEGIN
    SELECT RAISE(ABORT, 'the journal is append-only: record a correction instead');
END;
CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal
BEGIN
    SELECT RAISE(ABORT, 'the journal is append-only: rows are never deleted');
END;
