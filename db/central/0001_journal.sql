-- The floor-wide copy of every terminal's journal (issue 12). Each terminal's rows keep their
-- serial numbers and hash chain exactly as the terminal wrote them; the central verifier walks
-- every chain. Rows are only ever added: UPDATE and DELETE are refused.
CREATE TABLE IF NOT EXISTS journal (
    terminal_id       TEXT   NOT NULL,
    serial            BIGINT NOT NULL,
    ts_utc            TEXT   NOT NULL,
    mono_ns           BIGINT NOT NULL,
    session           BIGINT NOT NULL,
    stream            TEXT   NOT NULL,
    table_no          BIGINT,
    dealer_credential TEXT,
    actor_credential  TEXT,
    kind              TEXT   NOT NULL,
    payload           TEXT   NOT NULL,
    prev_hash         TEXT   NOT NULL,
    hash              TEXT   NOT NULL,
    received_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (terminal_id, serial)
);
CREATE INDEX IF NOT EXISTS journal_kind ON journal (kind);
CREATE INDEX IF NOT EXISTS journal_table_kind_time ON journal (table_no, kind, ts_utc);
CREATE INDEX IF NOT EXISTS journal_time ON journal (ts_utc);
CREATE INDEX IF NOT EXISTS journal_dealer ON journal (dealer_credential);

CREATE OR REPLACE FUNCTION journal_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'the journal is append-only: % refused', TG_OP;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS journal_no_update ON journal;
CREATE TRIGGER journal_no_update BEFORE UPDATE OR DELETE OR TRUNCATE ON journal
    FOR EACH STATEMENT EXECUTE FUNCTION journal_append_only();

-- Roles: terminals insert and read what they sent; supervisors' review reads only.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'deckhand_terminal') THEN
        CREATE ROLE deckhand_terminal;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'deckhand_review') THEN
        CREATE ROLE deckhand_review;
    END IF;
END
$$;
GRANT SELECT, INSERT ON journal TO deckhand_terminal;
GRANT SELECT ON journal TO deckhand_review;
