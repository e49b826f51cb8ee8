-- "I'm coming" (issue 44): a floorperson or supervisor at the floor board acknowledges a call
-- a terminal journaled (`floor_called`). The board writes only here, as a member of
-- deckhand_floor, and never a terminal's journal; the terminal reads its acknowledgements back,
-- journals the one it shows ("Dana Brooks is coming") and its sender copies that row here like
-- any other. Rows are only ever added; an acknowledgement names a call the central journal holds.
CREATE TABLE IF NOT EXISTS floor_acks (
    id                BIGINT GENERATED ALWAYS AS IDENTITY,
    terminal_id       TEXT   NOT NULL,
    call_serial       BIGINT NOT NULL,
    person_name       TEXT   NOT NULL,
    person_credential TEXT   NOT NULL,
    person_role       TEXT   NOT NULL,
    ts_utc            TEXT   NOT NULL,
    received_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (terminal_id, call_serial, person_credential)
);

DROP TRIGGER IF EXISTS floor_acks_no_update ON floor_acks;
CREATE TRIGGER floor_acks_no_update BEFORE UPDATE OR DELETE OR TRUNCATE ON floor_acks
    FOR EACH STATEMENT EXECUTE FUNCTION journal_append_only();

-- The check names its table with its schema and runs with a fixed search_path: a role cannot
-- answer a call it made up by shadowing `journal` with a temporary table of its own.
CREATE OR REPLACE FUNCTION floor_ack_names_a_call() RETURNS trigger AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM public.journal WHERE terminal_id = NEW.terminal_id
                   AND serial = NEW.call_serial AND kind = 'floor_called') THEN
        RAISE EXCEPTION 'no call to the floor at % row %', NEW.terminal_id, NEW.call_serial;
    END IF;
    PERFORM pg_notify('deckhand_ack', NEW.terminal_id || ':' || NEW.call_serial);
    RETURN NEW;
END;
$$ LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp;

DROP TRIGGER IF EXISTS floor_ack_checked ON floor_acks;
CREATE TRIGGER floor_ack_checked BEFORE INSERT ON floor_acks
    FOR EACH ROW EXECUTE FUNCTION floor_ack_names_a_call();

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'deckhand_floor') THEN
        CREATE ROLE deckhand_floor;
    END IF;
END
$$;
-- No role but the owner makes temporary tables here (nothing of Deckhand's needs one).
DO $$
BEGIN
    EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
END
$$;
-- The board reads what the review reads and adds acknowledgements, nothing else.
GRANT SELECT ON journal, terminal_keys, signed_heads, floor_acks TO deckhand_floor;
GRANT INSERT ON floor_acks TO deckhand_floor;
GRANT SELECT ON floor_acks TO deckhand_terminal, deckhand_review;

-- The floor board's start reads each terminal's newest row of each kind it shows, and the last
-- hour's rounds, by index rather than by a scan of every row (issue 44, scale).
CREATE INDEX IF NOT EXISTS journal_terminal_kind ON journal (terminal_id, kind, serial);
CREATE INDEX IF NOT EXISTS journal_kind_time ON journal (kind, ts_utc);
