-- Deckhand schema 6: the High Hand Tracking Slip (§ 637a.16(f)) and printed documents.

CREATE VIEW high_hand_slips AS
SELECT serial, ts_utc, table_no,
       json_extract(payload, '$.line') AS line,
       json_extract(payload, '$.slip.period') AS period,
       json_extract(payload, '$.slip.player_name') AS player_name,
       json_extract(payload, '$.slip.player_phone') AS player_phone,
       json_extract(payload, '$.slip.seat') AS seat,
       json_extract(payload, '$.hand') AS hand,
       json_extract(payload, '$.dealer.name') AS dealer_name,
       json_extract(payload, '$.dealer.credential') AS dealer_credential,
       json_extract(payload, '$.slip.floorperson.name') AS floor_name,
       actor_credential AS floor_credential
FROM journal WHERE kind = 'high_hand_recorded';

CREATE VIEW documents_printed AS
SELECT serial AS document_no, ts_utc, table_no, actor_credential,
       json_extract(payload, '$.document') AS document,
       json_extract(payload, '$.subject') AS subject,
       json_extract(payload, '$.reprint') AS reprint
FROM journal WHERE kind = 'document_printed';
