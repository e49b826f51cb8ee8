-- The journal's head, signed by this terminal's key at every commit (src/store/signing.rs):
-- the serial and hash of the last row, the Ed25519 signature over them, and the public key.
-- One row, replaced in the same transaction as the rows it covers.
CREATE TABLE signed_head (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    serial     INTEGER NOT NULL,
    hash       TEXT NOT NULL,
    signature  TEXT NOT NULL,
    public_key TEXT NOT NULL,
    ts_utc     TEXT NOT NULL
);
