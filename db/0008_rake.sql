-- Deckhand schema 8: rake and jackpot contributions taken from each pot (§ 637a.17,
-- § 637a.15(c), § 637a.16(c)), and decks received at the table (§ 637a.4(a), § 637a.7(e)(5)).

CREATE VIEW rake_collected AS
SELECT serial, ts_utc, table_no, dealer_credential,
       json_extract(payload, '$.number') AS round,
       json_extract(payload, '$.pot') AS pot_cents,
       json_extract(payload, '$.take.rake') AS rake_cents,
       json_extract(payload, '$.take.uncalled') AS uncalled_cents
FROM journal WHERE kind = 'pot_awarded';

CREATE VIEW jackpot_contributions AS
SELECT serial, ts_utc, table_no, dealer_credential,
       json_extract(payload, '$.number') AS round,
       json_extract(payload, '$.take.bad_beat') AS bad_beat_cents,
       json_extract(payload, '$.take.high_hand') AS high_hand_cents
FROM journal WHERE kind = 'pot_awarded';

CREATE VIEW deck_receipts AS
SELECT serial, ts_utc, table_no, dealer_credential, kind,
       COALESCE(json_extract(payload, '$.colour'), json_extract(payload, '$.colours')) AS decks,
       json_extract(payload, '$.generation') AS generation
FROM journal WHERE kind IN ('decks_inspected', 'replacement_inspected');
