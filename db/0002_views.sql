-- Deckhand schema 2: what supervisors and regulators ask for, as views over the journal.
-- The journal stays the single source of truth; a view can never disagree with it.

-- Deck and stub counts (§ 637a.7(e)(4)): expected, counted, result.
CREATE VIEW deck_counts AS
SELECT serial, ts_utc, table_no, dealer_credential,
       json_extract(payload, '$.deck') AS deck,
       json_extract(payload, '$.colour') AS colour,
       json_extract(payload, '$.expected') AS expected,
       json_extract(payload, '$.counted') AS counted,
       json_extract(payload, '$.correct') AS correct
FROM journal WHERE kind = 'deck_counted';

-- Deck changes (§ 637a.7(e)(5), § 637a.3): removal, replacement, verification, who and when.
CREATE VIEW deck_changes AS
SELECT serial, ts_utc, table_no, dealer_credential, actor_credential, kind,
       json_extract(payload, '$.deck') AS deck,
       json_extract(payload, '$.colour') AS colour,
       json_extract(payload, '$.reason.reason') AS reason,
       json_extract(payload, '$.generation') AS generation
FROM journal WHERE kind IN ('deck_removed', 'replacement_inspected', 'removal_verified');

-- Irregularities (§ 637a.18 and others): kind, section, action taken.
CREATE VIEW irregularities AS
SELECT serial, ts_utc, table_no, dealer_credential,
       json_extract(payload, '$.irregularity') AS irregularity,
       json_extract(payload, '$.section') AS section,
       json_extract(payload, '$.action') AS action
FROM journal WHERE kind = 'irregularity';

-- Every signature: who verified what, and when.
CREATE VIEW verifications AS
SELECT serial, ts_utc, table_no, dealer_credential, actor_credential AS verifier, kind
FROM journal WHERE actor_credential IS NOT NULL;

-- Shuffler events: link, shuffles, counts, faults, line errors.
CREATE VIEW shuffler_events AS
SELECT serial, ts_utc, table_no, kind, payload
FROM journal
WHERE kind IN ('shuffle_requested', 'shuffle_requested_again', 'shuffle_started', 'deck_counted',
               'shuffle_failed', 'shuffler_link', 'shuffler_status', 'shuffler_line_error',
               'device_report_refused');

-- Rounds and their pots (§ 637a.7(e)(6)).
CREATE VIEW rounds AS
SELECT serial, ts_utc, table_no, dealer_credential,
       json_extract(payload, '$.number') AS round,
       json_extract(payload, '$.pot') AS pot_cents,
       json_extract(payload, '$.awards') AS awards
FROM journal WHERE kind = 'pot_awarded';

-- Dealer downs: sign-ins and sign-outs.
CREATE VIEW dealer_shifts AS
SELECT serial, ts_utc, table_no, kind,
       json_extract(payload, '$.dealer.name') AS dealer_name,
       json_extract(payload, '$.dealer.credential') AS dealer_credential
FROM journal WHERE kind IN ('dealer_signed_in', 'dealer_signed_out');

-- Corrections: new rows that point at the row they correct, with a reason; the original stays.
CREATE VIEW corrections AS
SELECT serial, ts_utc, table_no, actor_credential,
       json_extract(payload, '$.corrects') AS corrects,
       json_extract(payload, '$.reason') AS reason,
       json_extract(payload, '$.correction') AS correction
FROM journal WHERE kind = 'correction';

CREATE INDEX journal_corrects ON journal (json_extract(payload, '$.corrects'))
WHERE kind = 'correction';

-- The supervisor's usual question: one table, a time range, one kind.
CREATE INDEX journal_table_kind_time ON journal (table_no, kind, ts_utc);
