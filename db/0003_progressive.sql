-- Deckhand schema 3: progressive controller events and payouts (§ 647a.11(i), § 655a.11(i)(4),
-- § 657a.11(e)), as a view over the journal.

CREATE VIEW progressive_events AS
SELECT serial, ts_utc, table_no, dealer_credential, actor_credential, kind,
       json_extract(payload, '$.round') AS round,
       json_extract(payload, '$.spot') AS spot,
       json_extract(payload, '$.amount') AS amount_cents,
       json_extract(payload, '$.meter_after') AS meter_after_cents,
       payload
FROM journal
WHERE kind IN ('progressive_link', 'progressive_state', 'progressive_wagering_open',
               'progressive_locked', 'progressive_meters', 'progressive_hit',
               'progressive_envy_table', 'progressive_fault', 'progressive_line_error');
