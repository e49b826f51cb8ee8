-- Finds the journal's last record of a person (the "state" every people row carries) without
-- reading the whole journal: the terminal checks it at every sign-in and signature.
CREATE INDEX journal_person_state ON journal (json_extract(payload, '$.state.credential'))
    WHERE json_extract(payload, '$.state.credential') IS NOT NULL;
