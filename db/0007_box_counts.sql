-- Deckhand schema 7: jackpot box counts (§ 637a.15(d)(1), § 637a.16(d)(1)) and time charges
-- (§ 637a.17(b)(3)).

CREATE VIEW box_counts AS
SELECT serial, ts_utc, table_no,
       json_extract(payload, '$.count.box') AS box,
       json_extract(payload, '$.count.amount') AS amount_cents,
       json_extract(payload, '$.count.container_seal') AS container_seal,
       json_extract(payload, '$.dealer.name') AS dealer_name,
       json_extract(payload, '$.dealer.credential') AS dealer_credential,
       json_extract(payload, '$.count.floorperson.name') AS floor_name,
       actor_credential AS floor_credential
FROM journal WHERE kind = 'box_counted';

CREATE VIEW time_charges AS
SELECT serial, ts_utc, table_no,
       json_extract(payload, '$.charges.seats') AS seats,
       json_extract(payload, '$.charges.amount_each') AS amount_each_cents,
       json_extract(payload, '$.charges.interval_minutes') AS interval_minutes,
       json_extract(payload, '$.total') AS total_cents,
       json_extract(payload, '$.dealer.credential') AS dealer_credential,
       actor_credential AS floor_credential
FROM journal WHERE kind = 'time_charges_verified';
