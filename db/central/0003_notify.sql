-- The floor board learns of new rows as they arrive (issue 44): each insert statement notifies
-- `deckhand_journal` with the terminals whose rows it added and the highest serial of each
-- ("T-1a2b…:1204,T-…:87"), once, when the transaction commits. The board then reads those
-- terminals' rows after what it has, never re-reading a table to find out what changed.
CREATE OR REPLACE FUNCTION journal_notify() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('deckhand_journal', (
        SELECT string_agg(terminal_id || ':' || top, ',')
        FROM (SELECT terminal_id, MAX(serial) AS top FROM new_rows GROUP BY terminal_id) t
    ));
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS journal_notify ON journal;
CREATE TRIGGER journal_notify AFTER INSERT ON journal
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION journal_notify();
