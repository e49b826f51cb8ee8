-- Deckhand schema 4: wrong-PIN attempts per credential number, for the growing delay and the
-- lock-out. PINs themselves are never stored, only their Argon2id hashes (people.pin_hash).

CREATE TABLE pin_attempts (
    credential       TEXT PRIMARY KEY,
    failures         INTEGER NOT NULL DEFAULT 0,
    last_failure_utc TEXT,
    locked           INTEGER NOT NULL DEFAULT 0 CHECK (locked IN (0, 1))
);

-- Who manages people, and when: added, deactivated, PIN reset, lock-out cleared.
CREATE VIEW people_changes AS
SELECT serial, ts_utc, actor_credential, kind,
       json_extract(payload, '$.credential') AS credential,
       json_extract(payload, '$.name') AS name,
       json_extract(payload, '$.role') AS role
FROM journal
WHERE kind IN ('person_added', 'person_deactivated', 'pin_reset', 'lockout_cleared',
               'pin_locked_out', 'verification_failed', 'administrator_created');
