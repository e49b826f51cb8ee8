-- Each terminal's signing key and the signed heads it sent (issue 21): the terminal signs the
-- serial and hash of its last row with its Ed25519 key at every commit; the sender registers
-- the public key once and sends the head after the rows it covers. The central verifier holds
-- every head to the registered key and to the central rows, so a row edited here with the
-- chain recomputed, or a tail deleted here, is reported. Rows are only ever added.
CREATE TABLE IF NOT EXISTS terminal_keys (
    terminal_id   TEXT PRIMARY KEY,
    public_key    TEXT NOT NULL,
    registered_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS signed_heads (
    terminal_id TEXT   NOT NULL,
    serial      BIGINT NOT NULL,
    hash        TEXT   NOT NULL,
    signature   TEXT   NOT NULL,
    public_key  TEXT   NOT NULL,
    ts_utc      TEXT   NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (terminal_id, serial)
);

DROP TRIGGER IF EXISTS terminal_keys_no_update ON terminal_keys;
CREATE TRIGGER terminal_keys_no_update BEFORE UPDATE OR DELETE OR TRUNCATE ON terminal_keys
    FOR EACH STATEMENT EXECUTE FUNCTION journal_append_only();
DROP TRIGGER IF EXISTS signed_heads_no_update ON signed_heads;
CREATE TRIGGER signed_heads_no_update BEFORE UPDATE OR DELETE OR TRUNCATE ON signed_heads
    FOR EACH STATEMENT EXECUTE FUNCTION journal_append_only();

GRANT SELECT, INSERT ON terminal_keys, signed_heads TO deckhand_terminal;
GRANT SELECT ON terminal_keys, signed_heads TO deckhand_review;
