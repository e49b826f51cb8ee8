-- The irregularity catalogue (assets/irregularities.toml): each report names its catalogue id,
-- the seat concerned and any note; the signer is the journal row's actor.
DROP VIEW irregularities;
CREATE VIEW irregularities AS
SELECT serial, ts_utc, table_no, dealer_credential,
       json_extract(payload, '$.irregularity') AS irregularity,
       json_extract(payload, '$.section') AS section,
       json_extract(payload, '$.action') AS action,
       json_extract(payload, '$.id') AS catalogue_id,
       json_extract(payload, '$.seat') AS seat,
       json_extract(payload, '$.note') AS note,
       actor_credential AS signed_by
FROM journal WHERE kind = 'irregularity';
